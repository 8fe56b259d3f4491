// Messages (issue 28) in the browser: at 1280 px the church's e-mail settings with a test e-mail,
// then an e-mail composed for a filtered audience (one congregation), previewed and sent —
// delivered by the server's queue to a real SMTP server on 127.0.0.1 with the text rendered for
// each person — and its per-person log; at 390 px the list, a WhatsApp message's links with the
// text filled in (marked as sent when opened) and the public unsubscribe page. Axe on each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  chooseOption,
  launchBrowser,
  menuItem,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';
import { SMTP_ACCOUNT, type TestSmtp, startTestSmtp } from '../support/smtp';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: E2eServer;
let smtp: TestSmtp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
const ids: Record<string, number> = {};

const json = <T>(method: string, path: string, body?: unknown) => admin.json<T>(method, path, body);
const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer();
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await json('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    city: 'Campinas',
    state: 'SP',
  });
  const [sede] = await json<Array<{ id: number }>>('GET', '/congregations');
  ids.norte = (
    await json<{ id: number }>('POST', '/congregations', {
      name: 'Congregação Norte',
      kind: 'congregacao',
    })
  ).id;
  const member = async (name: string, congregation_id: number, fields: object) =>
    (
      await json<{ id: number }>('POST', '/members', {
        name,
        congregation_id,
        status: 'active',
        ...fields,
      })
    ).id;
  ids.ana = await member('Ana Beatriz Souza', ids.norte, {
    email: 'ana@exemplo.org',
    phone_mobile: '11987654321',
  });
  ids.bruno = await member('Bruno Lima', ids.norte, { email: 'bruno@exemplo.org' });
  ids.carla = await member('Carla da Sede', sede.id, { email: 'carla@exemplo.org' });
  await json('PUT', '/message_settings', {
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_security: 'none',
    smtp_user: SMTP_ACCOUNT.user,
    smtp_password: SMTP_ACCOUNT.password,
    from_name: 'Igreja Evangélica Esperança',
    from_email: 'secretaria@esperanca.org',
    rate_per_minute: 600,
  });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server, { viewport: DESKTOP }));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('e-mail a um público filtrado (1280 px)', () => {
  it('as configurações de e-mail: senha nunca mostrada, e-mail de teste entregue', async () => {
    await signIn(page, ADMIN.email, ADMIN.password, '/configuracoes/igreja');
    const card = page.getByRole('region', { name: 'E-mail da igreja' });
    await card.getByText('Senha guardada (deixe em branco para manter)').waitFor();
    expect(await card.getByLabel('Senha', { exact: true }).inputValue()).toBe('');
    expect(await card.getByLabel('Servidor SMTP').inputValue()).toBe('127.0.0.1');
    await card.getByLabel('Enviar um teste para').fill('teste@exemplo.org');
    await card.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
    await card.getByText('E-mail de teste enviado para teste@exemplo.org.').waitFor();
    expect(smtp.received.map((mail) => mail.to)).toEqual(['teste@exemplo.org']);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('compõe, pré-visualiza e envia: cada pessoa da congregação recebe o texto com o seu nome', async () => {
    await menuItem(page, 'Mensagens').click();
    await page.waitForURL('**/mensagens');
    await page.getByText('Nenhuma mensagem enviada.').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cadastrar' }).first().click();
    await page.waitForURL('**/mensagens/cadastrar');
    await page.getByLabel('Assunto').fill('Convite para {primeiro_nome}');
    await page
      .getByLabel('Mensagem')
      .fill('Querido(a) {nome}, venha ao culto de Santa Ceia na {congregacao}.');
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Congregação' }),
      'Congregação Norte',
    );
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByTestId('preview-total').getByText('2 pessoas no público').waitFor();
    expect(await page.getByTestId('preview-sample').innerText()).toContain(
      'Querido(a) Ana Beatriz Souza, venha ao culto de Santa Ceia na Congregação Norte.',
    );
    await page.getByTestId('preview-sample').getByText('Convite para Ana').waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL(/\/mensagens\/\d+$/);
    ids.email = Number(page.url().split('/').pop());
    // The server's queue delivers both, at its pace, to the SMTP server.
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to !== 'teste@exemplo.org').length, {
        timeout: 30_000,
      })
      .toBe(2);
    const ana = smtp.received.find((mail) => mail.to === 'ana@exemplo.org')!;
    expect(ana.subject).toBe('Convite para Ana');
    expect(ana.text).toContain(
      'Querido(a) Ana Beatriz Souza, venha ao culto de Santa Ceia na Congregação Norte.',
    );
    const bruno = smtp.received.find((mail) => mail.to === 'bruno@exemplo.org')!;
    expect(bruno.text).toContain('Querido(a) Bruno Lima,');
    expect(smtp.received.some((mail) => mail.to === 'carla@exemplo.org')).toBe(false);
    await page.getByTestId('message-counts').getByText('Enviada: 2').waitFor({ timeout: 20_000 });
    const log = page.getByRole('region', { name: 'Envio por pessoa' });
    await log.getByText('Ana Beatriz Souza').waitFor();
    expect(await log.getByTestId('delivery').count()).toBe(2);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('no celular (390 px)', () => {
  it('WhatsApp: um link por pessoa com o texto preenchido, marcado como enviado ao abrir', async () => {
    await context.close();
    ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
    const message = await json<{ id: number }>('POST', '/messages', {
      channel: 'whatsapp',
      body: 'Olá, {primeiro_nome}! Esperamos você no domingo.',
      audience: { congregation_id: ids.norte },
    });
    await signIn(page, ADMIN.email, ADMIN.password, '/mensagens');
    await page.getByText('Olá, {primeiro_nome}! Esperamos você no domingo.').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(`/mensagens/${message.id}`);
    const link = page.getByRole('link', { name: 'Abrir no WhatsApp: Ana Beatriz Souza' });
    const href = new URL((await link.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/5511987654321');
    expect(href.searchParams.get('text')).toBe('Olá, Ana! Esperamos você no domingo.');
    // Bruno has no mobile phone: counted apart, no link.
    await page.getByTestId('message-counts').getByText('Sem contato: 1').waitFor();
    expect(await page.getByRole('link', { name: /Abrir no WhatsApp/ }).count()).toBe(1);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    const opened = context.waitForEvent('page');
    await link.click();
    await (await opened).close();
    await page.getByTestId('message-counts').getByText('Enviada: 1').waitFor();
    const shown = await json<{ counts: Record<string, number> }>('GET', `/messages/${message.id}`);
    expect(shown.counts).toEqual({ sent: 1, no_address: 1 });
  });

  it('o formulário de mensagem cabe no celular', async () => {
    await page.goto('/mensagens/cadastrar');
    await page.getByRole('radio', { name: 'WhatsApp' }).check();
    await page.getByLabel('Mensagem').fill('Aviso');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByTestId('preview-total').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('o link de descadastro: a pessoa confirma e não recebe mais mensagens', async () => {
    const bruno = smtp.received.find((mail) => mail.to === 'bruno@exemplo.org')!;
    const url = new URL(/Descadastre-se: (\S+)/.exec(bruno.text)![1]);
    await page.goto(url.pathname);
    await page
      .getByText(
        'Bruno, quer deixar de receber as mensagens da Igreja Evangélica Esperança por e-mail e WhatsApp?',
      )
      .waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Não quero mais receber mensagens' }).click();
    await page
      .getByText('Pronto: você não receberá mais mensagens da Igreja Evangélica Esperança.')
      .waitFor();
    const preview = await json<{ counts: Record<string, number> }>('POST', '/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: { congregation_id: ids.norte },
    });
    expect(preview.counts).toEqual({ queued: 1, unsubscribed: 1 });
  });
});
