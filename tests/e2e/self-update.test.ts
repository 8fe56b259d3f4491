// The member's self-update in the browser (issue 28): the secretary makes a personal link on the
// member's page (shown to copy and as a WhatsApp link); the member opens it on a phone with no
// login, corrects the address and sends it with the consent; the record is unchanged until the
// secretary approves the diff on the member's page; the used link then says so. axe finds nothing
// critical or serious on the public page, the panel with the review, or the pending list.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  launchBrowser,
  newPage,
  PASSWORD,
  shot,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let memberId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
  memberId = (
    await admin.json<{ id: number }>('POST', '/members', {
      name: 'Lucas Mudança',
      sex: 'M',
      status: 'active',
      birth_date: '1990-08-20',
      phone_mobile: '81998765432',
      zip_code: '50010000',
      street: 'Rua da Aurora',
      number: '10',
      district: 'Boa Vista',
      city: 'Recife',
      state: 'PE',
    })
  ).id;
  await admin.createUser({ name: 'Sara Secretária', email: 'sara@e2e.test', roles: ['secretary'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a self-update from the link to the secretary’s approval', () => {
  let context: BrowserContext;
  let page: Page;
  let url = '';
  const panel = () =>
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Atualização pelo próprio membro' }) });

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, 'sara@e2e.test', PASSWORD);
  });
  afterAll(() => context?.close());

  it('makes the link on the member’s page, to copy or send by WhatsApp or e-mail', async () => {
    await page.goto(`/membros/${memberId}`);
    await panel().getByRole('button', { name: 'Gerar link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link de atualização para Lucas Mudança' });
    const field = dialog.getByRole('textbox', { name: 'Link pessoal' });
    await field.waitFor();
    url = await field.inputValue();
    expect(url).toMatch(/\/atualizar_cadastro\/[A-Za-z0-9_-]{43}$/);
    const whatsapp = await dialog
      .getByRole('link', { name: 'Enviar pelo WhatsApp' })
      .getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/5581998765432\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1])).toContain(url);
    expect(await axeFindings(page)).toEqual([]);
    // By e-mail: this church has no SMTP server yet, and the secretary is told so in Portuguese
    // (the delivery itself: tests/server/messages.test.ts and tests/e2e/messages.test.ts).
    await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await page.getByText('O envio de e-mails não está configurado').waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect
      .poll(() => panel().getByRole('row').nth(1).textContent())
      .toContain('Aguardando o membro');
  });

  it('lets the member correct the address on a phone, without login', async () => {
    const member = await newPage(browser, server, { viewport: PHONE });
    try {
      const phone = member.page;
      await phone.goto(url);
      await phone.getByRole('heading', { name: 'Olá, Lucas!' }).waitFor();
      // Only the allowed fields: no name, CPF, status or congregation to change.
      expect(await phone.getByRole('textbox', { name: 'Nome', exact: true }).count()).toBe(0);
      expect(await phone.getByRole('textbox', { name: /CPF/ }).count()).toBe(0);
      const street = phone.getByRole('textbox', { name: 'Logradouro' });
      expect(await street.inputValue()).toBe('Rua da Aurora');
      await street.fill('Avenida Boa Viagem');
      await phone.getByRole('textbox', { name: 'Número' }).fill('500');
      const mobile = phone.getByRole('textbox', { name: 'Celular' });
      // A masked input: its text erased and typed again, as a person does.
      const retype = async (digits: string) => {
        await mobile.focus();
        await mobile.press('End');
        for (let i = 0; i < 16; i++) await mobile.press('Backspace');
        await mobile.pressSequentially(digits);
      };
      await phone.getByRole('textbox', { name: 'E-mail' }).fill('lucas@');
      await phone.getByRole('button', { name: 'Enviar atualização' }).click();
      // A bad e-mail and no consent: said in Portuguese, nothing sent.
      await phone.getByText('Informe um e-mail válido.').waitFor();
      await phone.getByText('Para enviar, marque a autorização de uso dos dados.').waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await axeFindings(phone)).toEqual([]);
      await shot(phone, 'self-update-390.png');
      await retype('81912345678');
      expect(await mobile.inputValue()).toBe('(81) 91234-5678');
      await phone.getByRole('textbox', { name: 'E-mail' }).fill('');
      await phone.getByRole('checkbox').check();
      await phone.getByRole('button', { name: 'Enviar atualização' }).click();
      await phone.getByRole('heading', { name: 'Dados enviados!' }).waitFor();
      expect(await axeFindings(phone)).toEqual([]);
      // The link died with its use.
      await phone.reload();
      await phone.getByText(/Este link já foi usado/).waitFor();
    } finally {
      await member.context.close();
    }
    const stored = await admin.json<{ street: string }>('GET', `/members/${memberId}`);
    expect(stored.street).toBe('Rua da Aurora');
  });

  it('shows the pending update and its diff, and applies it when approved', async () => {
    await page.goto('/membros/atualizacoes');
    const pending = page.getByRole('link', { name: 'Lucas Mudança' });
    await pending.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await pending.click();
    await page.waitForURL(`**/membros/${memberId}`);
    const review = panel().getByRole('table', { name: 'Dados alterados' });
    await review.waitFor();
    const rows = await review.locator('tbody tr').allTextContents();
    expect(rows).toEqual([
      'Logradouro' + 'Rua da Aurora' + 'Avenida Boa Viagem',
      'Número' + '10' + '500',
      'Celular' + '(81) 99876-5432' + '(81) 91234-5678',
    ]);
    expect(await axeFindings(page)).toEqual([]);
    // On a phone: the review fits the screen (its table scrolls inside the card).
    await page.setViewportSize(PHONE);
    await page.reload();
    await review.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'self-update-review-390.png');
    await panel().getByRole('button', { name: 'Aprovar alterações' }).click();
    await page.getByText('Alterações aplicadas ao cadastro de Lucas Mudança.').waitFor();
    await expect
      .poll(
        async () => (await admin.json<{ street: string }>('GET', `/members/${memberId}`)).street,
      )
      .toBe('Avenida Boa Viagem');
    await expect.poll(() => panel().getByRole('row').nth(1).textContent()).toContain('Aprovado');
    await page.getByText('Avenida Boa Viagem').first().waitFor();
  });
});

describe('an admin sets what a member may update', () => {
  it('saves the link’s days and the allowed groups on the church’s page', async () => {
    const { context, page } = await newPage(browser, server);
    try {
      await signIn(page, ADMIN.email, ADMIN.password, '/configuracoes/igreja');
      const card = page.getByRole('region', { name: 'Atualização de cadastro pelo membro' });
      const days = card.getByRole('spinbutton', { name: 'Validade do link (dias)' });
      await days.waitFor();
      expect(await days.inputValue()).toBe('7');
      await days.fill('5');
      await card.getByRole('checkbox', { name: 'Profissão' }).uncheck();
      await card.getByRole('button', { name: 'Salvar atualização de cadastro' }).click();
      await page.getByText('Configuração da atualização de cadastro salva.').waitFor();
      expect(await admin.json('GET', '/church/self_update')).toEqual({
        self_update_days: 5,
        self_update_groups: ['address', 'phones', 'email', 'marital_status'],
      });
      // A refusal is said in Portuguese, beside the form.
      await days.fill('0');
      await card.getByRole('button', { name: 'Salvar atualização de cadastro' }).click();
      await card.getByText('A validade do link deve ser de 1 a 60 dias.').waitFor();
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
