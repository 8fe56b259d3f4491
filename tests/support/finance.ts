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

/**
 * Every account's balance equals its opening balance plus its transactions, and its monthly
 * totals (finance_month_totals) equal its transactions summed by month and kind.
 */
export async function expectBalancesConsistent(t: TestApp) {
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
  const expected = new Map<string, [number, number]>();
  const movements = await db
    .selectFrom('transactions')
    .select(['bank_account_id', 'date', 'kind', 'amount_cents'])
    .execute();
  for (const movement of movements) {
    const key = `${movement.bank_account_id} ${movement.date.slice(0, 7)} ${movement.kind}`;
    const [total, count] = expected.get(key) ?? [0, 0];
    expected.set(key, [total + movement.amount_cents, count + 1]);
  }
  const stored = await db.selectFrom('finance_month_totals').selectAll().execute();
  const kept = new Map(
    stored
      .filter((row) => row.count !== 0)
      .map((row) => [
        `${row.bank_account_id} ${row.month} ${row.kind}`,
        [row.total_cents, row.count],
      ]),
  );
  expect(kept).toEqual(expected);
  expect(stored.filter((row) => row.count === 0).every((row) => row.total_cents === 0)).toBe(true);
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
