// Helpers of the finance server tests: a financial user's API calls and the ledger invariant.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, SessionHeaders } from './testApp.js';

/** A row of an API answer, as the tests read it. */
export type Row = ReturnType<typeof JSON.parse>;

export type Api = (
  method: string,
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export function apiAs(t: TestApp, session: SessionHeaders): Api {
  return (method, url, payload) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: session,
      payload: payload as object,
    });
}

export const query = (params: {
  filter?: object;
  sort?: [string, string];
  range?: [number, number];
}) =>
  new URLSearchParams(
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)])),
  ).toString();

/** POST that must answer 201; returns the record. */
export async function created(api: Api, url: string, payload: unknown) {
  const response = await api('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Sums kept by key: only the keys with a movement, and every emptied key at zero. */
function expectKept(
  stored: Array<{ key: string; total: number; count: number }>,
  expected: Map<string, [number, number]>,
  what: string,
) {
  const kept = new Map(
    stored.filter((row) => row.count !== 0).map((row) => [row.key, [row.total, row.count]]),
  );
  expect(kept, what).toEqual(expected);
  expect(stored.filter((row) => row.count === 0).every((row) => row.total === 0)).toBe(true);
}

function sumInto(map: Map<string, [number, number]>, key: string, amount: number) {
  const [total, count] = map.get(key) ?? [0, 0];
  map.set(key, [total + amount, count + 1]);
}

/**
 * Every account's balance equals its opening balance plus its transactions; its monthly totals
 * (finance_month_totals) equal its transactions summed by month, kind, an income's category,
 * whether a payment is a card invoice's, the amount's sign and a transfer's other leg's account
 * (0054; by year without the last two); and each congregation's monthly results
 * (finance_month_results) equal its incomes and expenses summed by month, category, fund and card
 * (migration 0047), and both by year — recomputed here row by row, not by the SQL that fills them.
 */
export async function expectBalancesConsistent(t: Pick<TestApp, 'database'>) {
  const { db } = t.database;
  const accounts = await db
    .selectFrom('bank_accounts')
    .select(['id', 'opening_balance_cents', 'balance_cents'])
    .execute();
  for (const account of accounts) {
    const { total } = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(account.balance_cents, `conta ${account.id}`).toBe(
      account.opening_balance_cents + Number(total),
    );
  }
  const invoices = new Set(
    (
      await db.selectFrom('accounts_payable').select('id').where('kind', '=', 'invoice').execute()
    ).map((row) => row.id),
  );
  const movements = await db
    .selectFrom('transactions')
    .select([
      'id',
      'bank_account_id',
      'date',
      'kind',
      'amount_cents',
      'category_id',
      'payable_id',
      'linked_id',
    ])
    .execute();
  const accountOf = new Map(movements.map((row) => [row.id, row.bank_account_id]));
  // By month also by side and by the other leg's account (0054); by year without them.
  const expected = new Map<string, [number, number]>();
  const expectedYears = new Map<string, [number, number]>();
  for (const movement of movements) {
    const category = movement.kind === 'income' ? (movement.category_id ?? 0) : 0;
    const invoice =
      movement.kind === 'expense' &&
      movement.payable_id !== null &&
      invoices.has(movement.payable_id)
        ? 1
        : 0;
    const positive = Number(movement.amount_cents) > 0 ? 1 : 0;
    const linked = (movement.linked_id !== null && accountOf.get(movement.linked_id)) || 0;
    const month = String(movement.date).slice(0, 7);
    const key = `${movement.bank_account_id} ${month} ${movement.kind} ${category} ${invoice}`;
    sumInto(expected, `${key} ${positive} ${linked}`, Number(movement.amount_cents));
    sumInto(
      expectedYears,
      `${movement.bank_account_id} ${month.slice(0, 4)} ${movement.kind} ${category} ${invoice}`,
      Number(movement.amount_cents),
    );
  }
  const stored = await db.selectFrom('finance_month_totals').selectAll().execute();
  expectKept(
    stored.map((row) => ({
      key: `${row.bank_account_id} ${row.month} ${row.kind} ${row.category_id} ${row.invoice} ${row.positive} ${row.linked_account_id}`,
      total: Number(row.total_cents),
      count: Number(row.count),
    })),
    expected,
    'finance_month_totals',
  );

  const results = new Map<string, [number, number]>();
  for (const source of ['incomes', 'expenses'] as const) {
    const rows =
      source === 'incomes'
        ? await db
            .selectFrom('incomes')
            .select(['congregation_id', 'date', 'category_id', 'fund_id', 'amount_cents'])
            .execute()
        : await db
            .selectFrom('expenses')
            .select([
              'congregation_id',
              'date',
              'category_id',
              'fund_id',
              'amount_cents',
              'credit_card_id',
            ])
            .execute();
    for (const row of rows) {
      const card = 'credit_card_id' in row && row.credit_card_id !== null ? 1 : 0;
      const key = `${row.congregation_id} ${String(row.date).slice(0, 7)} ${source.slice(0, -1)} ${row.category_id} ${row.fund_id ?? 0} ${card}`;
      sumInto(results, key, Number(row.amount_cents));
    }
  }
  const storedResults = await db.selectFrom('finance_month_results').selectAll().execute();
  expectKept(
    storedResults.map((row) => ({
      key: `${row.congregation_id} ${row.month} ${row.source} ${row.category_id} ${row.fund_id} ${row.on_card}`,
      total: Number(row.total_cents),
      count: Number(row.count),
    })),
    results,
    'finance_month_results',
  );

  // The same by year (the key's second word: the month's year).
  const byYear = (months: Map<string, [number, number]>) => {
    const years = new Map<string, [number, number]>();
    for (const [key, [total, count]] of months) {
      const words = key.split(' ');
      words[1] = words[1].slice(0, 4);
      const name = words.join(' ');
      const [t0, c0] = years.get(name) ?? [0, 0];
      years.set(name, [t0 + total, c0 + count]);
    }
    return years;
  };
  const yearTotals = await db.selectFrom('finance_year_totals').selectAll().execute();
  expectKept(
    yearTotals.map((row) => ({
      key: `${row.bank_account_id} ${row.year} ${row.kind} ${row.category_id} ${row.invoice}`,
      total: Number(row.total_cents),
      count: Number(row.count),
    })),
    expectedYears,
    'finance_year_totals',
  );
  const yearResults = await db.selectFrom('finance_year_results').selectAll().execute();
  expectKept(
    yearResults.map((row) => ({
      key: `${row.congregation_id} ${row.year} ${row.source} ${row.category_id} ${row.fund_id} ${row.on_card}`,
      total: Number(row.total_cents),
      count: Number(row.count),
    })),
    byYear(results),
    'finance_year_results',
  );
}

export async function categoryId(api: Api, name: string): Promise<number> {
  const response = await api(
    'GET',
    `/api/finance_categories?${query({ filter: { q: name }, range: [0, 99] })}`,
  );
  const category = (response.json() as Array<{ id: number; name: string }>).find(
    (row) => row.name === name,
  );
  if (!category) throw new Error(`categoria ${name} não encontrada`);
  return category.id;
}

/** A congregação under the sede, written straight to the database; returns its id. */
export async function insertCongregation(t: TestApp, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.database.db
    .insertInto('congregations')
    .values({
      name,
      kind: 'congregacao',
      parent_id: 1,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      search: name.toLowerCase(),
      active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A small deterministic generator (`next(max)`: 0 to max − 1), so a failure can be replayed. */
export function seededRandom(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

/**
 * A campo of a few congregations under the sede with a year of finance spread over them (the
 * seed's random incomes, expenses and transfers), for the invariant tests of the finance reports.
 */
export async function seedCampo(t: TestApp, seed: number) {
  // Loaded here: the other finance tests that import this file need no seed.
  const { seedDatabase } = await import('../../server/seed/index.js');
  const { seedFinance } = await import('../../server/seed/finance/index.js');
  const { spreadFinance } = await import('../../server/seed/finance/congregations.js');
  const seeded = await seedDatabase(t.database, { members: 300, congregations: 5, seed });
  await seedFinance(t.database, { transactions: 1_500, years: 1, seed, reset: true });
  await spreadFinance(t.database, seeded.plan!);
}
