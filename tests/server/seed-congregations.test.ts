// `seed --congregations N` (issue 12): a campo with a big sede, sub-sedes with congregações
// under them and a long tail; members, departments and finance spread over them — on SQLite
// and PostgreSQL. A second seed with other numbers replaces the campo (--reset).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadFinance } from '../../server/seed/finance/congregations.js';
import { seedFinance } from '../../server/seed/finance/index.js';
import { seedDatabase } from '../../server/seed/index.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const MEMBERS = 3000;
const CONGREGATIONS = 30;

describe('seed of a campo', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ blankChurch: true });
    // A first campo, replaced by the second: nothing of the first may stay.
    await seedDatabase(t.database, { members: 200, congregations: 12, seed: 3 });
    const result = await seedDatabase(t.database, {
      members: MEMBERS,
      congregations: CONGREGATIONS,
      seed: 7,
      reset: true,
    });
    expect(result.congregations).toBe(CONGREGATIONS);
    await seedFinance(t.database, { transactions: 4000, years: 2, seed: 7, reset: true });
    await spreadFinance(t.database, result.plan!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one sede, a few sub-sedes under it, congregações under either; unique slugs', async () => {
    const rows = await t.database.db.selectFrom('congregations').selectAll().execute();
    expect(rows).toHaveLength(CONGREGATIONS);
    const sedes = rows.filter((c) => c.kind === 'sede');
    const subsedes = rows.filter((c) => c.kind === 'subsede');
    expect(sedes.map((c) => c.id)).toEqual([1]);
    expect(subsedes.length).toBeGreaterThanOrEqual(2);
    expect(subsedes.every((c) => c.parent_id === 1)).toBe(true);
    const parents = new Set([1, ...subsedes.map((c) => c.id)]);
    for (const c of rows.filter((row) => row.kind === 'congregacao')) {
      expect(parents.has(c.parent_id!)).toBe(true);
      expect(c.name).toMatch(/^Congregação /);
    }
    expect(new Set(rows.map((c) => c.slug)).size).toBe(CONGREGATIONS);
    expect(rows.every((c) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.slug))).toBe(true);
  });

  it('spreads the members with a big sede and a long tail', async () => {
    const counts = (
      await t.database.db
        .selectFrom('members')
        .select(['congregation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('congregation_id')
        .execute()
    )
      .map((row) => ({ id: row.congregation_id, n: Number(row.n) }))
      .sort((a, b) => b.n - a.n);
    expect(counts.reduce((sum, c) => sum + c.n, 0)).toBe(MEMBERS);
    expect(counts[0].id).toBe(1);
    expect(counts[0].n).toBeGreaterThan(MEMBERS * 0.1);
    expect(counts.length).toBeGreaterThanOrEqual(CONGREGATIONS - 2);
    // The tail: the smallest congregações have a small fraction of the sede.
    expect(counts[counts.length - 1].n).toBeLessThan(counts[0].n / 8);
  });

  it('runs some departments per congregation, with members of that congregation only', async () => {
    const { db } = t.database;
    const local = await db
      .selectFrom('departments')
      .select(['id', 'congregation_id'])
      .where('congregation_id', 'is not', null)
      .execute();
    expect(local.length).toBeGreaterThan(0);
    expect(
      await db
        .selectFrom('departments')
        .select('id')
        .where('congregation_id', 'is', null)
        .execute(),
    ).not.toHaveLength(0);
    const outsiders = await db
      .selectFrom('member_departments as md')
      .innerJoin('departments as d', 'd.id', 'md.department_id')
      .innerJoin('members as m', 'm.id', 'md.member_id')
      .select('m.id')
      .where('d.congregation_id', 'is not', null)
      .whereRef('d.congregation_id', '<>', 'm.congregation_id')
      .execute();
    expect(outsiders).toHaveLength(0);
    const joined = await db
      .selectFrom('member_departments')
      .select('member_id')
      .where(
        'department_id',
        'in',
        local.map((d) => d.id),
      )
      .execute();
    expect(joined.length).toBeGreaterThan(0);
  });

  it('gives finance records congregations, accounts to the bigger ones, consistent balances', async () => {
    const { db } = t.database;
    const spread = await db
      .selectFrom('incomes')
      .select((eb) => eb.fn.count<number>('congregation_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(spread.n)).toBeGreaterThan(CONGREGATIONS / 2);
    for (const table of ['expenses', 'accounts_payable'] as const) {
      const other = await db
        .selectFrom(table)
        .select('id')
        .where('congregation_id', '<>', 1)
        .limit(1)
        .execute();
      expect(other, table).toHaveLength(1);
    }
    const owners = await db
      .selectFrom('bank_accounts')
      .select('congregation_id')
      .where('congregation_id', '<>', 1)
      .groupBy('congregation_id')
      .execute();
    expect(owners.length).toBeGreaterThanOrEqual(2);
    // An income lands in its own congregation's account, or the sede's.
    const elsewhere = await db
      .selectFrom('incomes as i')
      .innerJoin('bank_accounts as a', 'a.id', 'i.bank_account_id')
      .select('i.id')
      .whereRef('a.congregation_id', '<>', 'i.congregation_id')
      .where('a.congregation_id', '<>', 1)
      .execute();
    expect(elsewhere).toHaveLength(0);
    // Every movement of an income is in the income's account.
    const { rows: moved } = await sql<{
      n: number | string;
    }>`select count(*) as n from transactions t join incomes i on i.id = t.income_id where t.bank_account_id <> i.bank_account_id`.execute(
      db,
    );
    expect(Number(moved[0].n)).toBe(0);
    const { rows: wrong } = await sql<{ id: number }>`select a.id from bank_accounts a
      where a.balance_cents <> a.opening_balance_cents + coalesce((select sum(t.amount_cents) from transactions t where t.bank_account_id = a.id), 0)`.execute(
      db,
    );
    expect(wrong).toHaveLength(0);
  });

  it('is a believable church: its data filled, no account in the red, suppliers that are companies, people of its city', async () => {
    const { db } = t.database;
    const church = await db
      .selectFrom('church')
      .select(['name', 'pastor_name', 'city'])
      .executeTakeFirstOrThrow();
    expect(church).toEqual({
      name: 'Igreja Evangélica Esperança',
      pastor_name: 'Jonas Almeida Ribeiro',
      city: 'São Paulo',
    });
    const red = await db
      .selectFrom('bank_accounts')
      .select(['name', 'balance_cents'])
      .where('balance_cents', '<', 0)
      .execute();
    expect(red).toEqual([]);
    const vendors = await db.selectFrom('vendors').select(['name', 'person_type']).execute();
    // Only the pastor (his prebenda) is a person.
    expect(vendors.filter((vendor) => vendor.person_type === 'person')).toEqual([
      { name: 'Jonas Almeida Ribeiro', person_type: 'person' },
    ]);
    expect(vendors.map((vendor) => vendor.name)).toContain('Enel Distribuição São Paulo');
    const cities = await db.selectFrom('donors').select('state').distinct().execute();
    expect(cities.map((row) => row.state)).toEqual(['SP']);
  });
});
