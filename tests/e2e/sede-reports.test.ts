// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// The sede's reports (issue 12), opened from the menu: members by congregation and status, new
// members per month and the finance result, each with its totals row, CSV and PDF — and on a
// phone, each congregation as a list item. Records are made through the API; their congregation
// is written in the server's database until the members and finance sides take congregation_id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const today = todayIso();
const year = today.slice(0, 4);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const created = async (path: string, body: object) => {
    const response = await admin.request('POST', path, body);
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.json)}`);
    return (response.json as { id: number }).id;
  };
  const sedeMembers = [
    await created('/members', {
      name: 'Sara da Sede',
      status: 'active',
      admission_date: `${year}-01-10`,
    }),
    await created('/members', { name: 'Simão da Sede', status: 'inactive' }),
  ];
  const alfaMembers = [
    await created('/members', {
      name: 'Alda de Alfa',
      status: 'active',
      admission_date: `${year}-01-20`,
    }),
    await created('/members', {
      name: 'Amaro de Alfa',
      status: 'active',
      admission_date: `${year}-01-25`,
    }),
    await created('/members', { name: 'Aurélio de Alfa', status: 'pending' }),
  ];
  const categories = (await admin.request('GET', '/finance_categories?range=[0,99]'))
    .json as Array<{
    id: number;
    name: string;
  }>;
  const category = (name: string) => categories.find((row) => row.name === name)!.id;
  const account = await created('/bank_accounts', {
    name: 'Caixa',
    kind: 'cash',
    opening_balance_cents: 0,
    opening_date: `${year}-01-01`,
  });
  const sedeIncome = await created('/incomes', {
    category_id: category('Ofertas'),
    amount_cents: 250_000,
    date: `${year}-01-05`,
    bank_account_id: account,
    payment_method: 'cash',
  });
  const alfaIncome = await created('/incomes', {
    category_id: category('Ofertas'),
    amount_cents: 30_000,
    date: `${year}-01-06`,
    bank_account_id: account,
    payment_method: 'cash',
  });
  const alfaExpense = await created('/expenses', {
    description: 'Aluguel do salão de Alfa',
    category_id: category('Aluguel'),
    amount_cents: 45_050,
    date: `${year}-01-07`,
    due_date: `${year}-01-07`,
    bank_account_id: account,
  });

  // A second congregation, and Alfa's records filed there (the sede, id 1, keeps the rest).
  const db = new Database(join(server.dataDir, 'adam.sqlite'));
  try {
    const now = new Date().toISOString();
    const alfa = Number(
      db
        .prepare(
          `insert into congregations (name, kind, parent_id, slug, search, active, created_at, updated_at)
           values ('Congregação Alfa', 'congregacao', 1, 'alfa', 'congregacao alfa', 1, ?, ?)`,
        )
        .run(now, now).lastInsertRowid,
    );
    const move = db.prepare('update members set congregation_id = ? where id = ?');
    for (const id of alfaMembers) move.run(alfa, id);
    db.prepare('update incomes set congregation_id = ? where id = ?').run(alfa, alfaIncome);
    db.prepare('update expenses set congregation_id = ? where id = ?').run(alfa, alfaExpense);
    expect(sedeMembers).toHaveLength(2);
    expect(sedeIncome).toBeGreaterThan(0);
  } finally {
    db.close();
  }
  ({ context, page } = await newPage(browser, server));
  await signIn(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function downloadOf(click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

async function openFromMenu(label: string, path: string) {
  await menuItem(page, label).click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
  expect(pathOf(page)).toBe(path);
}

/** The cells of the table's row that starts with `name`. */
async function cellsOf(name: string) {
  const row = page.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
  await row.first().waitFor();
  return (await row.first().locator('td').allInnerTexts()).map((text) => text.trim());
}

describe('relatórios da sede', () => {
  it('membros por congregação: cada situação e os totais; CSV e PDF', async () => {
    await openFromMenu('Membros por congregação', '/relatorios/membros_por_congregacao');
    // Congregação, Pendentes, Ativos, Inativos, Disciplinados, Em transferência, Transferidos,
    // Falecidos, Total
    expect(await cellsOf('Congregação Alfa')).toEqual([
      'Congregação Alfa',
      '1',
      '2',
      '0',
      '0',
      '0',
      '0',
      '0',
      '3',
    ]);
    expect(await cellsOf('Total')).toEqual(['Total', '1', '3', '1', '0', '0', '0', '0', '5']);
    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(csv.name).toBe(`membros-por-congregacao-em-${today}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain(
      'Congregação;Pendentes;Ativos;Inativos;Disciplinados;Em transferência;Transferidos;Falecidos;Total',
    );
    expect(text).toContain('Congregação Alfa;1;2;0;0;0;0;0;3');
    const pdf = await downloadOf(() =>
      page.getByRole('button', { name: 'Imprimir (PDF)' }).click(),
    );
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('novos membros por mês: as admissões de cada mês do período', async () => {
    await openFromMenu('Novos membros por mês', '/relatorios/novos_membros');
    await page.getByRole('columnheader', { name: `jan/${year}` }).waitFor();
    const alfa = await cellsOf('Congregação Alfa');
    // January's column: Alda and Amaro.
    expect(alfa[1]).toBe('2');
    expect(alfa.at(-1)).toBe('2');
    expect((await cellsOf('Total')).at(-1)).toBe('3');
    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(csv.name).toBe(`novos-membros-${year}-01-a-${today.slice(0, 7)}.csv`);
    expect(csv.bytes.toString('utf8')).toContain(`Congregação;jan/${year}`);
  });

  it('resultado financeiro: receitas, despesas e saldo em R$ por congregação', async () => {
    await openFromMenu('Resultado financeiro', '/relatorios/resultado_financeiro');
    expect(await cellsOf('Congregação Alfa')).toEqual([
      'Congregação Alfa',
      'R$ 300,00',
      'R$ 450,50',
      '-R$ 150,50',
    ]);
    expect(await cellsOf('Total')).toEqual(['Total', 'R$ 2.800,00', 'R$ 450,50', 'R$ 2.349,50']);
    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(csv.name).toBe(`resultado-financeiro-${year}-01-01-a-${today}.csv`);
    expect(csv.bytes.toString('utf8')).toContain('Congregação Alfa;300,00;450,50;-150,50');
  });

  it('num celular, cada congregação é um item com os seus números', async () => {
    const phone = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone.page, ADMIN.email, ADMIN.password, '/relatorios/resultado_financeiro');
      const item = phone.page.getByRole('listitem').filter({ hasText: 'Congregação Alfa' });
      await item.waitFor();
      expect(await item.innerText()).toContain('Saldo: -R$ 150,50');
      // Nothing wider than the screen.
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await phone.context.close();
    }
  });
});
