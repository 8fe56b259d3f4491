// `seed --congregations N` (issue 12): a campo with a big sede, sub-sedes with congregações
// under them and a long tail; members, departments and finance spread over them — on SQLite
// and PostgreSQL. A second seed with other numbers replaces the campo (--reset).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadFinance } from '../../server/seed/finance/congregations.js';
import { seedFinance } from '../../server/seed/finance/index.js';
import { todayIso } from '../../domain/dates.js';
import { addMonths } from '../../domain/finance/installments.js';
import { seedDatabase } from '../../server/seed/index.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const MEMBERS = 3000;
const CONGREGATIONS = 30;
const YEARS = 2;

interface OverviewRow {
  congregation_id: number;
  congregation_name: string;
  income_cents: number;
  expense_cents: number;
  result_cents: number;
  balance_cents: number;
}
interface Overview {
  income_cents: number;
  expense_cents: number;
  total_balance_cents: number;
  congregations: OverviewRow[];
}

describe('seed of a campo', () => {
  let t: TestApp;
  let treasurer: SessionHeaders;

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
    await seedFinance(t.database, { transactions: 4000, years: YEARS, seed: 7, reset: true });
    await spreadFinance(t.database, result.plan!);
    treasurer = await t.userWithRoles(['financial']);
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

  it('gives finance records congregations, accounts to every congregation, consistent balances', async () => {
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
    expect(owners).toHaveLength(CONGREGATIONS - 1);
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
    // A congregation's cash box goes to its checking account every month: nothing piles up.
    const piled = await db
      .selectFrom('bank_accounts')
      .select(['name', 'opening_balance_cents', 'balance_cents'])
      .where('kind', '=', 'cash')
      .where('congregation_id', '<>', 1)
      .whereRef('balance_cents', '>', 'opening_balance_cents')
      .execute();
    expect(piled).toEqual([]);
    // The temple's rent and the pastor's prebenda are the sede's, paid from its account with
    // the congregations' monthly share.
    const elsewhere = await db
      .selectFrom('expenses')
      .select(['description', 'congregation_id'])
      .where('description', 'in', ['Aluguel do templo', 'Prebenda pastoral'])
      .where('congregation_id', '<>', 1)
      .execute();
    expect(elsewhere).toEqual([]);
    const shares = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('description', '=', 'Repasse à sede')
      .executeTakeFirstOrThrow();
    expect(Number(shares.n)).toBeGreaterThan((CONGREGATIONS - 1) * YEARS * 12 * 0.9);
    const vendors = await db.selectFrom('vendors').select(['name', 'person_type']).execute();
    // Only the pastor (his prebenda) is a person.
    expect(vendors.filter((vendor) => vendor.person_type === 'person')).toEqual([
      { name: 'Jonas Almeida Ribeiro', person_type: 'person' },
    ]);
    expect(vendors.map((vendor) => vendor.name)).toContain('Enel Distribuição São Paulo');
    const cities = await db.selectFrom('donors').select('state').distinct().execute();
    expect(cities.map((row) => row.state)).toEqual(['SP']);
    // Four donors in five are members, by their own name: the Dizimistas have dizimistas.
    const donors = await db
      .selectFrom('donors')
      .leftJoin('members', 'members.id', 'donors.member_id')
      .select(['donors.name', 'donors.member_id', 'members.name as member_name'])
      .execute();
    const linked = donors.filter((donor) => donor.member_id !== null);
    expect(linked.length).toBe(donors.length - Math.floor(donors.length / 5));
    expect(linked.every((donor) => donor.name === donor.member_name)).toBe(true);
    // Members live in the church's metropolitan area (born anywhere).
    const homes = await db
      .selectFrom('members')
      .select('state')
      .where('state', 'is not', null)
      .distinct()
      .execute();
    expect(homes.map((row) => row.state)).toEqual(['SP']);
    const births = await db.selectFrom('members').select('birthplace').distinct().execute();
    const birthStates = new Set(births.map((row) => row.birthplace?.split('/')[1]));
    expect(birthStates.size).toBeGreaterThan(5);
  });

  /** The overview of a month as the treasurer reads it. */
  const overviewOf = async (month: string) => {
    const response = await t.app.inject({
      url: `/api/finance/overview?month=${month}`,
      headers: treasurer,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Overview;
  };
  /** The seeded months: YEARS back to the current one. */
  const seededMonths = () => {
    const current = `${todayIso().slice(0, 7)}-01`;
    return Array.from({ length: YEARS * 12 }, (_, i) =>
      addMonths(current, i - (YEARS * 12 - 1)).slice(0, 7),
    );
  };
  const withoutExpenses = (overview: Overview) =>
    overview.congregations
      .filter((row) => row.expense_cents <= 0)
      .map((row) => row.congregation_name);

  // Issue 24: every congregation showed R$ 0,00 of expenses but the sede.
  it('shows expenses in every congregation every past month of the seeded range', async () => {
    for (const month of seededMonths().slice(0, -1)) {
      const overview = await overviewOf(month);
      expect(overview.congregations, month).toHaveLength(CONGREGATIONS);
      expect(withoutExpenses(overview), month).toEqual([]);
    }
  });

  it(
    'shows expenses in every congregation in the current month, up to today',
    { tags: ['dates'] },
    async () => {
      const overview = await overviewOf(seededMonths().at(-1)!);
      expect(overview.congregations).toHaveLength(CONGREGATIONS);
      expect(withoutExpenses(overview)).toEqual([]);
      const { db } = t.database;
      const future = await db
        .selectFrom('transactions')
        .select('id')
        .where('date', '>', todayIso())
        .limit(1)
        .execute();
      expect(future).toEqual([]);
    },
  );

  it('adds up on the overview to the movements, per congregation and in all', async () => {
    const { db } = t.database;
    // Computed here from the movements and the accounts, not from the ledger's month totals.
    const movements = await db
      .selectFrom('transactions')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
      .select([
        'bank_accounts.congregation_id',
        'transactions.date',
        'transactions.kind',
        'transactions.amount_cents',
      ])
      .execute();
    const accounts = await db
      .selectFrom('bank_accounts')
      .select(['id', 'congregation_id', 'opening_balance_cents', 'active'])
      .execute();
    const balanceOf = new Map<number, number>();
    const sums = (month: string) => {
      const byCongregation = new Map<number, { income: number; expense: number }>();
      for (const m of movements) {
        if (String(m.date).slice(0, 7) !== month) continue;
        const entry = byCongregation.get(m.congregation_id) ?? { income: 0, expense: 0 };
        if (m.kind === 'income') entry.income += Number(m.amount_cents);
        if (m.kind === 'expense') entry.expense -= Number(m.amount_cents);
        byCongregation.set(m.congregation_id, entry);
      }
      return byCongregation;
    };
    const byAccount = new Map<number, number>();
    const accountMovements = await db
      .selectFrom('transactions')
      .select(['bank_account_id', 'amount_cents'])
      .execute();
    for (const m of accountMovements) {
      byAccount.set(
        m.bank_account_id,
        (byAccount.get(m.bank_account_id) ?? 0) + Number(m.amount_cents),
      );
    }
    for (const account of accounts) {
      if (!account.active) continue;
      const balance = Number(account.opening_balance_cents) + (byAccount.get(account.id) ?? 0);
      expect(balance, `conta ${account.id}`).toBeGreaterThanOrEqual(0);
      balanceOf.set(
        account.congregation_id,
        (balanceOf.get(account.congregation_id) ?? 0) + balance,
      );
    }
    const months = seededMonths();
    for (const month of [months[0], months[Math.floor(months.length / 2)], months.at(-2)!]) {
      const overview = await overviewOf(month);
      const expected = sums(month);
      let income = 0;
      let expense = 0;
      for (const row of overview.congregations) {
        const flow = expected.get(row.congregation_id) ?? { income: 0, expense: 0 };
        expect(
          [row.income_cents, row.expense_cents, row.result_cents, row.balance_cents],
          `${month} ${row.congregation_name}`,
        ).toEqual([
          flow.income,
          flow.expense,
          flow.income - flow.expense,
          balanceOf.get(row.congregation_id) ?? 0,
        ]);
        income += flow.income;
        expense += flow.expense;
      }
      expect([overview.income_cents, overview.expense_cents], month).toEqual([income, expense]);
      expect(overview.total_balance_cents).toBe(
        [...balanceOf.values()].reduce((sum, balance) => sum + balance, 0),
      );
    }
  });
});
