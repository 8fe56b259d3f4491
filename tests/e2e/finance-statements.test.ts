// Prestação de contas (issue 27) as a treasurer reads it: the Demonstração do resultado (by
// competência, last year beside it), the Fluxo de caixa (by cash: a congregation's transfer to the
// sede is its outflow and nets out in the consolidated) and the Livro caixa of the sede's account
// with its running balance — opened from the menu, the period typed by keyboard, CSV and PDF,
// axe clean, and on a phone at 390 px.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  chooseOption,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  shot,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The sede's name (the church's, as the app names it). */
let sedeName = '';
/** Each account's name as the statements show it, with its code. */
const labels: Record<string, string> = {};

const TREASURER = { name: 'Tesoureira Lídia', email: 'lidia@e2e.test', roles: ['financial'] };
const MARCH = { from: '2025-03-01', to: '2025-03-31' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser(TREASURER);
  const created = async (path: string, body: object) => {
    const response = await admin.request('POST', path, body);
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.json)}`);
    return (response.json as { id: number }).id;
  };
  const alfa = await created('/congregations', {
    name: 'Congregação Alfa',
    kind: 'congregacao',
    parent_id: 1,
  });
  const categories = (await admin.request('GET', '/finance_categories?range=[0,199]'))
    .json as Array<{ id: number; name: string; code: string }>;
  const category = (name: string) => categories.find((row) => row.name === name)!.id;
  // The statements name each account by its code in the plano de contas (3.1.01 Dízimos).
  for (const row of categories) labels[row.name] = `${row.code} ${row.name}`;
  const sedeAccount = await created('/bank_accounts', {
    congregation_id: 1,
    name: 'Conta da sede',
    kind: 'checking',
    opening_balance_cents: 10_000_000,
    opening_date: '2024-01-01',
  });
  const alfaCash = await created('/bank_accounts', {
    congregation_id: alfa,
    name: 'Caixa da Alfa',
    kind: 'cash',
    opening_balance_cents: 0,
    opening_date: '2025-01-01',
  });
  const income = (
    congregation: number,
    account: number,
    name: string,
    cents: number,
    date: string,
  ) =>
    created('/incomes', {
      congregation_id: congregation,
      category_id: category(name),
      amount_cents: cents,
      date,
      bank_account_id: account,
      payment_method: 'pix',
    });
  await income(1, sedeAccount, 'Dízimos', 150_000, '2024-03-05');
  await income(1, sedeAccount, 'Dízimos', 200_000, '2025-03-02');
  await income(alfa, alfaCash, 'Ofertas', 50_000, '2025-03-09');
  await created('/expenses', {
    congregation_id: 1,
    description: 'Aluguel do templo',
    category_id: category('Aluguel'),
    amount_cents: 80_000,
    date: '2025-03-10',
    due_date: '2025-03-10',
    bank_account_id: sedeAccount,
    paid_on: '2025-03-10',
  });
  // Incurred in March, paid in April: in the DRP of March, not in its cash.
  await created('/expenses', {
    congregation_id: alfa,
    description: 'Conta de luz da Alfa',
    category_id: category('Energia'),
    amount_cents: 12_000,
    date: '2025-03-20',
    due_date: '2025-04-10',
    bank_account_id: alfaCash,
  });
  await created('/transactions', {
    kind: 'transfer',
    from_account_id: alfaCash,
    to_account_id: sedeAccount,
    amount_cents: 30_000,
    date: '2025-03-25',
    description: 'Repasse da Alfa à sede',
  });
  const congregations = (await admin.request('GET', '/congregations')).json as Array<{
    id: number;
    name: string;
  }>;
  sedeName = congregations.find((row) => row.id === 1)!.name;
  ({ context, page } = await newPage(browser, server));
  await signIn(page, TREASURER.email, PASSWORD);
  expect(ADMIN.email).not.toBe(TREASURER.email);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function openFromMenu(label: string, path: string, on: Page = page) {
  await menuItem(on, label).click();
  await on.waitForURL(`**${path}`);
  await on.getByRole('heading', { name: label, level: 1 }).waitFor();
  expect(pathOf(on)).toBe(path);
}

/** Types March 2025 in the period's fields, as a user would (select all, then the digits). */
async function typeMarch(on: Page = page) {
  for (const [name, iso] of Object.entries(MARCH)) {
    const field = on.locator(`input[name=${name}]`);
    await field.click();
    await field.press('ControlOrMeta+A');
    await field.pressSequentially(formatDate(iso).replace(/\D/g, ''));
    expect(await field.inputValue()).toBe(formatDate(iso));
  }
}

/** The cells of the table's row whose first cell is `name`, once they read `expected`. */
async function expectRow(name: string, expected: string[]) {
  const row = page.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
  await expect
    .poll(async () => (await row.first().locator('td').allInnerTexts()).map((t) => t.trim()), {
      timeout: 10_000,
    })
    .toEqual(expected);
}

async function downloadOf(button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

describe('prestação de contas', () => {
  it('demonstração do resultado: competência, o ano anterior ao lado, superávit; PDF', async () => {
    await openFromMenu('Demonstração do resultado', '/financeiro/demonstracao-do-resultado');
    await page.getByText('Regime de competência', { exact: false }).first().waitFor();
    await typeMarch();
    await page.getByRole('columnheader', { name: '01/03/2025 a 31/03/2025' }).waitFor();
    await expectRow('Total das receitas', ['Total das receitas', 'R$ 2.500,00', 'R$ 1.500,00']);
    // The light bill of March counts in March, though paid in April.
    await expectRow(labels.Energia, [labels.Energia, 'R$ 120,00', 'R$ 0,00']);
    await expectRow('Total das despesas', ['Total das despesas', 'R$ 920,00', 'R$ 0,00']);
    await expectRow('Superávit (déficit) do período', [
      'Superávit (déficit) do período',
      'R$ 1.580,00',
      'R$ 1.500,00',
    ]);
    expect(await axeFindings(page)).toEqual([]);
    const pdf = await downloadOf('Imprimir (PDF)');
    expect(pdf.name).toBe('demonstracao-do-resultado-2025-03-01-a-2025-03-31.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'drp-1280.png');
  });

  it('fluxo de caixa: o repasse da Alfa é saída dela e some no consolidado', async () => {
    await openFromMenu('Fluxo de caixa', '/financeiro/fluxo-de-caixa');
    await typeMarch();
    await chooseOption(
      page,
      page.getByRole('combobox', { name: /^Congregação/ }),
      'Congregação Alfa',
    );
    await expectRow('Saldo inicial de caixa em 01/03/2025', [
      'Saldo inicial de caixa em 01/03/2025',
      'R$ 0,00',
    ]);
    await expectRow('Transferências enviadas a outras congregações', [
      'Transferências enviadas a outras congregações',
      'R$ 300,00',
    ]);
    await expectRow('Saldo final de caixa em 31/03/2025', [
      'Saldo final de caixa em 31/03/2025',
      'R$ 200,00',
    ]);
    // The sede with the congregations below it: the transfer stays inside, the cash adds up.
    await chooseOption(page, page.getByRole('combobox', { name: /^Congregação/ }), sedeName);
    await page.getByRole('checkbox', { name: 'Com as congregações abaixo dela' }).check();
    await expectRow('Saldo final de caixa em 31/03/2025', [
      'Saldo final de caixa em 31/03/2025',
      'R$ 103.200,00',
    ]);
    await expect
      .poll(() => page.getByText('Transferências enviadas a outras congregações').count())
      .toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'dfc-1280.png');
  });

  it('livro caixa: saldo anterior, cada movimento com o saldo depois dele, saldo final; CSV', async () => {
    await openFromMenu('Livro caixa', '/financeiro/livro-caixa');
    await chooseOption(
      page,
      page.getByRole('combobox', { name: /^Conta bancária ou caixa/ }),
      `Conta da sede (${sedeName})`,
    );
    await typeMarch();
    await expectRow('Saldo anterior', [
      '01/03/2025',
      'Saldo anterior',
      '',
      '',
      '',
      'R$ 101.500,00',
    ]);
    await expectRow('Saldo final', ['31/03/2025', 'Saldo final', '', '', '', 'R$ 103.000,00']);
    const csv = await downloadOf('Planilha (CSV)');
    expect(csv.name).toMatch(/^livro-caixa-conta-\d+-2025-03-01-a-2025-03-31\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain(
      'Data;Histórico;Documento;Conta;Entrada (R$);Saída (R$);Saldo (R$);Regime',
    );
    expect(text).toContain('Saldo final');
    expect(text).toContain('103000,00');
    expect(await axeFindings(page)).toEqual([]);
  });

  it('num celular: o livro caixa em blocos, nada mais largo que a tela', async () => {
    const phone = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone.page, TREASURER.email, PASSWORD, '/financeiro/livro-caixa');
      await phone.page.getByRole('heading', { name: 'Livro caixa', level: 1 }).waitFor();
      await typeMarch(phone.page);
      const closing = phone.page.getByRole('listitem').filter({ hasText: 'Saldo final' });
      await closing.waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(await axeFindings(phone.page)).toEqual([]);
      await shot(phone.page, 'livro-caixa-390.png');
    } finally {
      await phone.context.close();
    }
  });
});
