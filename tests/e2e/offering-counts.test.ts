// The count of a culto's offering (issue 25) as a treasurer does it on a phone (390 px): from the
// menu, a new count with two counters (one picked from the members, one typed), cash, PIX and a
// named envelope; saved, closed with the counters' confirmation, its incomes written; the termo
// de contagem downloaded as a PDF. The list, the form, the closing dialog and the count's page
// pass axe and fit the phone's width; the form is filled by keyboard where a phone's keyboard is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  chooseOption,
  shot,
  PASSWORD,
  axeFindings,
  launchBrowser,
  menuItem,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';
import { flatPdfText } from '../support/pdf';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let treasurer: ApiSession;

const TREASURER = { name: 'Tesoureira Marta', email: 'marta@e2e.test', roles: ['financial'] };

const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const choose = (combobox: Locator, option: string) => chooseOption(page, combobox, option);

const shotOf = (name: string) => shot(page, name);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser(TREASURER);
  const member = await admin.request('POST', '/members', {
    name: 'Elias Souza',
    status: 'active',
  });
  expect(member.status).toBe(201);
  // A cell's report with its offering: a pending line for the treasurer (issue 26).
  const cell = await admin.request('POST', '/cells', {
    name: 'Célula Betel',
    weekday: 3,
    congregation_id: 1,
  });
  expect(cell.status).toBe(201);
  const report = await admin.request('POST', `/cells/${(cell.json as { id: number }).id}/reports`, {
    date: '2026-07-08',
    offering_cents: 234_567,
  });
  expect(report.status).toBe(201);
  treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
  for (const body of [
    {
      name: 'Caixa da tesouraria',
      kind: 'cash',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    },
    {
      name: 'Conta corrente',
      kind: 'checking',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    },
  ]) {
    expect((await treasurer.request('POST', '/bank_accounts', body)).status).toBe(201);
  }
  const donor = await treasurer.request('POST', '/donors', {
    name: 'Abigail Rocha',
    person_type: 'person',
  });
  expect(donor.status).toBe(201);
  ({ context, page } = await newPage(browser, server, { viewport: { width: 390, height: 844 } }));
  await signIn(page, TREASURER.email, PASSWORD);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('contagem do culto', () => {
  let countId = 0;

  it('a treasurer counts a culto on a phone with two counters and saves it', async () => {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menuItem(page, 'Contagens do culto').click();
    await page.waitForURL('**/financeiro/contagens');
    await page.getByText('Nenhuma contagem ainda.').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cadastrar' }).first().click();
    await page.waitForURL('**/financeiro/contagens/cadastrar');

    await page.locator('input[name=serviceName]').fill('Culto de domingo (noite)');
    await choose(
      page.getByRole('combobox', { name: /^Conta ou caixa que recebe/ }),
      'Caixa da tesouraria',
    );

    // The first counter picked from the members (the name follows), the second typed.
    const member = page.getByRole('combobox', { name: 'Membro (opcional)' }).first();
    await member.fill('Elias');
    await page.getByRole('option', { name: 'Elias Souza' }).click();
    await expect
      .poll(() => page.locator('input[name="counters.0.name"]').inputValue())
      .toBe('Elias Souza');
    await page.locator('input[name="counters.1.name"]').focus();
    await page.keyboard.type('Débora Lima');

    // Cash of tithes and PIX of offerings, then a named envelope.
    const categories = page.getByRole('combobox', { name: /^Categoria/ });
    await choose(categories.nth(0), 'Dízimos');
    await page.locator('input[name="lines.0.amountCents"]').pressSequentially('15000');
    await choose(categories.nth(1), 'Ofertas');
    await page.locator('input[name="lines.1.amountCents"]').pressSequentially('5001');
    await page.getByRole('button', { name: 'Adicionar' }).nth(1).click();
    await choose(categories.nth(2), 'Dízimos');
    await page.locator('input[name="lines.2.amountCents"]').pressSequentially('10000');
    const donor = page.getByRole('combobox', { name: 'Envelope de (contribuinte)' }).nth(2);
    await donor.fill('Abigail');
    await page.getByRole('option', { name: /Abigail Rocha/ }).click();
    await page.locator('input[name="lines.2.envelope"]').fill('12');
    await page.getByText('Total contado: R$ 300,01').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagem-form-390.png');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/financeiro\/contagens\/\d+$/);
    countId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'R$ 300,01' }).waitFor();
    await page.getByText('Aberta', { exact: true }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('closes it with the counters’ confirmation: its incomes are written', async () => {
    await page.getByRole('button', { name: 'Fechar contagem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fechar a contagem' });
    await dialog.getByText('Total de R$ 300,01 em 3 linhas.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirmar e fechar' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog
      .getByRole('checkbox', {
        name: 'Os contadores (Elias Souza, Débora Lima) conferiram e confirmam os valores.',
      })
      .check();
    expect(await axeFindings(page)).toEqual([]);
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Contagem fechada: as receitas foram lançadas.').waitFor();
    await page.getByText('Fechada', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Abrir contagem de ajuste' }).waitFor();
    expect(await page.getByRole('button', { name: 'Fechar contagem' }).count()).toBe(0);

    const stored = (await treasurer.request('GET', `/offering_counts/${countId}`)).json as {
      status: string;
      incomes: Array<{ income_id: number; amount_cents: number }>;
    };
    expect(stored.status).toBe('closed');
    expect(stored.incomes.map((income) => income.amount_cents).sort((a, b) => a - b)).toEqual([
      5_001, 10_000, 15_000,
    ]);
    await page.getByRole('link', { name: `Receita nº ${stored.incomes[0].income_id}` }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagem-fechada-390.png');
  });

  it('downloads the termo de contagem with the lines, totals and both counters', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Termo de contagem (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`termo-de-contagem-${countId}.pdf`);
    const bytes = readFileSync((await download.path())!);
    if (process.env.SHOTS_DIR) writeFileSync(join(process.env.SHOTS_DIR, 'termo.pdf'), bytes);
    const text = await flatPdfText(bytes);
    for (const words of [
      'TERMO DE CONTAGEM',
      'Culto de domingo (noite)',
      'Envelope 12 – Abigail Rocha',
      'Total R$ 300,01',
      'Elias Souza',
      'Débora Lima',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('records the deposit: the caixa’s cash goes to the bank account', async () => {
    await page.getByRole('button', { name: 'Registrar depósito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Depósito da contagem' });
    await dialog.getByText(/transferido do caixa/).waitFor();
    await choose(
      dialog.getByRole('combobox', { name: /^Conta bancária do depósito/ }),
      'Conta corrente',
    );
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagem-deposito-390.png');
    await dialog.getByRole('button', { name: 'Salvar depósito' }).click();
    await page.getByText('Depósito registrado.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('#main-content').getByText('Conta corrente', { exact: true }).waitFor();
    const balances = (await treasurer.request('GET', '/bank_accounts')).json as Array<{
      name: string;
      balance_cents: number;
    }>;
    // Cash 250,00 deposited; the PIX (50,01) stays where the count put it.
    expect(Object.fromEntries(balances.map((a) => [a.name, a.balance_cents]))).toEqual({
      'Caixa da tesouraria': 5_001,
      'Conta corrente': 25_000,
    });
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  it('an income of the count offers no edit and says why', async () => {
    const stored = (await treasurer.request('GET', `/offering_counts/${countId}`)).json as {
      incomes: Array<{ income_id: number }>;
    };
    await page.getByRole('link', { name: `Receita nº ${stored.incomes[0].income_id}` }).click();
    await page
      .getByText(
        /^Esta receita veio da contagem do culto de \d\d\/\d\d\/\d{4}; corrija com uma contagem de ajuste\.$/,
      )
      .waitFor();
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('receita-da-contagem-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('receita-da-contagem-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Abrir a contagem' }).click();
    await page.waitForURL(`**/financeiro/contagens/${countId}`);
  });

  it('lists the count on the phone, closed, and passes axe', async () => {
    await page.goto('/financeiro/contagens');
    await page.getByText('Culto de domingo (noite)').waitFor();
    await page.getByText(/R\$ 300,01 · Fechada/).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagens-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('table').getByText('Culto de domingo (noite)').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagens-1280.png');
    await page.goto('/financeiro/contagens/cadastrar');
    await page.getByRole('heading', { name: 'Valores contados' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('contagem-form-1280.png');
  });
});

describe('ofertas a receber', () => {
  it('a treasurer receives a cell’s offering on a phone: the line goes, the income exists', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/financeiro/visao-geral');
    await page.getByTestId('pending-offerings-count').getByText('1 oferta a receber').waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menuItem(page, 'Ofertas a receber').click();
    await page.waitForURL('**/financeiro/ofertas_a_receber');
    await page.getByText('Célula Betel', { exact: true }).waitFor();
    await page.getByText('R$ 2.345,67').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('ofertas-a-receber-390.png');

    await page
      .getByRole('button', { name: 'Receber a oferta de Célula Betel, R$ 2.345,67' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Receber oferta' });
    // The congregation's caixa and the "Ofertas" category come filled in, the date the report's.
    await dialog
      .getByRole('combobox', { name: /^Conta que recebeu/ })
      .getByText('Caixa da tesouraria')
      .waitFor();
    await dialog
      .getByRole('combobox', { name: /^Categoria/ })
      .getByText('Ofertas')
      .waitFor();
    expect(await dialog.locator('input[name=date]').inputValue()).toBe('08/07/2026');
    expect(await axeFindings(page)).toEqual([]);
    await shotOf('receber-oferta-390.png');
    await dialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.getByText('Oferta de R$ 2.345,67 recebida: a receita foi lançada.').waitFor();
    await page.getByText('Nenhuma oferta a receber.').waitFor();
    expect(await axeFindings(page)).toEqual([]);

    const incomes = (await treasurer.request('GET', '/incomes?filter=%7B%7D&range=%5B0%2C99%5D'))
      .json as Array<{
      amount_cents: number;
      date: string;
      description: string;
      donor_id: number | null;
    }>;
    expect(incomes.filter((income) => income.description.includes('Célula Betel'))).toEqual([
      expect.objectContaining({ amount_cents: 234_567, date: '2026-07-08', donor_id: null }),
    ]);
  });
});
