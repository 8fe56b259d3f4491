// Células on a phone (390 px, issue 26): a líder signs in and lands on his cells — only his, no
// dashboard, no members' screens —, opens his cell, marks who came, adds a visitor with the
// quick-add (which saves the report first) and saves the report; the report is one, with its
// member and its visitor; saved without a connection, it waits on the phone and goes when the
// connection returns. The office, on the same phone, sees the tree, names a líder's member and
// multiplies the cell. Axe on each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  launchBrowser,
  newPage,
  pathOf,
  settled,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };
const LEADER_EMAIL = 'ana.lider@e2e.org';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
const ids: Record<string, number> = {};

const json = <T>(method: string, path: string, body?: unknown) => admin.json<T>(method, path, body);

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const member = async (name: string, extra: object = {}) =>
    (await json<{ id: number }>('POST', '/members', { name, status: 'active', ...extra })).id;
  ids.ana = await member('Ana Líder');
  ids.carla = await member('Carla Presente', {
    phone_mobile: '11987654321',
    birth_date: '1990-07-14',
    cpf: '529.982.247-25',
  });
  ids.davi = await member('Davi Ausente');
  ids.otavio = await member('Otávio de Outra Célula');
  // Today's weekday: the report the form opens is today's.
  const weekday = new Date(`${todayIso()}T12:00:00Z`).getUTCDay();
  ids.cell = (
    await json<{ id: number }>('POST', '/cells', {
      name: 'Célula Betel',
      congregation_id: 1,
      leader_id: ids.ana,
      host_address: 'Rua das Oliveiras, 45',
      weekday,
      time: '20:00',
    })
  ).id;
  ids.other = (
    await json<{ id: number }>('POST', '/cells', { name: 'Célula Siloé', congregation_id: 1 })
  ).id;
  await json('PUT', `/cells/${ids.cell}/members`, { member_ids: [ids.carla, ids.davi] });
  await json('PUT', `/cells/${ids.other}/members`, { member_ids: [ids.otavio] });
  await json('POST', '/users', {
    name: 'Ana Líder',
    email: LEADER_EMAIL,
    password: PASSWORD,
    roles: ['leader'],
    member_id: ids.ana,
  });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a líder on a phone', () => {
  it('lands on his cells, only his, and the office’s screens send him back', async () => {
    await page.goto('/login');
    await page.locator('input[name=email]').fill(LEADER_EMAIL);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/igreja/celulas');
    await page.getByText('Célula Betel').waitFor();
    expect(await page.getByText('Célula Siloé').count()).toBe(0);
    await settled(page);
    expect(await axeFindings(page)).toEqual([]);
    for (const path of ['/membros', '/visao_geral', '/igreja/visitantes']) {
      await page.goto(path);
      await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/igreja/celulas');
    }
    await page.goto(`/igreja/celulas/${ids.other}`);
    await page.getByText('Célula não encontrada.').first().waitFor();
  });

  it('fills the report with a visitor added on the spot, counted once', async () => {
    await page.goto('/igreja/celulas');
    await page.getByText('Célula Betel').click();
    await page.getByRole('heading', { name: 'Célula Betel', level: 1 }).waitFor();
    // Of his people: name, phone and birthday — never the CPF.
    await page.getByText('(11) 98765-4321 · Aniversário: 14/07').waitFor();
    expect(await page.getByText('529.982.247-25').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Carla Presente' }).check();
    await settled(page);
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adicionar visitante' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome').waitFor();
    await dialog.getByLabel('Nome').fill('Gabriel Visitante');
    await dialog.getByLabel('Quem convidou (membro)').fill('Carla');
    await page.getByRole('option', { name: 'Carla Presente' }).click();
    await settled(page);
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cadastrar visitante' }).click();
    await page
      .getByText('Gabriel Visitante cadastrado como visitante e marcado presente.')
      .waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Gabriel Visitante' }).waitFor();

    await page.getByLabel('Observações').fill('Estudo de Atos 2.');
    await page.getByRole('button', { name: 'Salvar relatório' }).click();
    await page
      .getByText(/^Relatório de .* salvo\.$/)
      .last()
      .waitFor();
    await page.getByText('1 membro · 1 visitante · 0 crianças').first().waitFor();

    const reports = await json<Array<Record<string, unknown>>>('GET', `/cells/${ids.cell}/reports`);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      date: todayIso(),
      notes: 'Estudo de Atos 2.',
      member_ids: [ids.carla],
      visitors: [{ name: 'Gabriel Visitante' }],
    });
    const [visitor] = await json<Array<Record<string, unknown>>>('GET', '/visitors');
    expect(visitor).toMatchObject({ name: 'Gabriel Visitante', invited_by_id: ids.carla });
  });

  it('without a connection the report waits on the phone, and goes once when it returns', async () => {
    const queued = () => page.evaluate(() => localStorage.getItem('adamCellReportQueue'));
    await context.setOffline(true);
    await page.getByLabel('Observações').fill('Estudo de Atos 2, sem sinal.');
    await page.getByRole('checkbox', { name: 'Davi Ausente' }).check();
    await page.getByRole('button', { name: 'Salvar relatório' }).click();
    await page
      .getByText(/^Sem conexão: o relatório fica guardado/)
      .first()
      .waitFor();
    expect(JSON.parse((await queued())!)).toHaveLength(1);
    await context.setOffline(false);
    await page.getByText('Relatório guardado enviado.').waitFor();
    await expect.poll(queued, { timeout: 10_000 }).toBeNull();
    const reports = await json<Array<Record<string, unknown>>>('GET', `/cells/${ids.cell}/reports`);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      notes: 'Estudo de Atos 2, sem sinal.',
      visitors: [{ name: 'Gabriel Visitante' }],
    });
    expect((reports[0].member_ids as number[]).sort()).toEqual([ids.carla, ids.davi].sort());
  });
});

describe('the office on a phone', () => {
  let office: Page;
  let officeContext: BrowserContext;
  afterAll(() => officeContext?.close());

  it('keeps the tree, names a líder’s member and multiplies a cell; axe on each screen', async () => {
    ({ context: officeContext, page: office } = await newPage(browser, server, {
      viewport: PHONE,
    }));
    await signIn(office, ADMIN.email, ADMIN.password, '/igreja/celulas');
    await office.getByText('Célula Siloé').waitFor();
    await settled(office);
    expect(await axeFindings(office)).toEqual([]);

    await office.goto('/configuracoes/usuarios/cadastrar');
    await office.getByRole('checkbox', { name: 'Líder' }).check();
    await office.getByLabel('Membro').waitFor();
    await settled(office);
    expect(await axeFindings(office)).toEqual([]);

    await office.goto(`/igreja/celulas/${ids.cell}`);
    await office.getByRole('button', { name: 'Multiplicar célula' }).click();
    const dialog = office.getByRole('dialog');
    await dialog.getByLabel('Nome da nova célula').fill('Célula Betânia');
    await dialog.getByRole('checkbox', { name: 'Davi Ausente' }).check();
    await settled(office);
    expect(await axeFindings(office)).toEqual([]);
    await dialog.getByRole('button', { name: 'Multiplicar célula' }).click();
    await office.getByRole('heading', { name: 'Célula Betânia', level: 1 }).waitFor();
    await office.getByText(/^Nasceu de Célula Betel em /).waitFor();
    const mother = await json<Array<{ id: number }>>('GET', `/cells/${ids.cell}/members`);
    expect(mother.map((person) => person.id)).toEqual([ids.carla]);
    // The mother's report stays hers.
    expect(await json<unknown[]>('GET', `/cells/${ids.cell}/reports`)).toHaveLength(1);
  });
});
