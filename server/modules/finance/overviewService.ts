// The financial dashboard's figures, from the balances and monthly totals the ledger keeps (see
// ledger.ts) and one month of movements by category.
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { addDays, addMonths, monthRange } from '../../../domain/finance/installments.js';
import type { Database } from '../../db/schema.js';
import { toApiPayable } from './payableService.js';
import { asBool } from './query.js';

type Db = Kysely<Database>;

/** Money in and out in a month (incomes and expense payments; transfers are neither). */
async function flows(db: Db, month: string) {
  const rows = await db
    .selectFrom('finance_month_totals')
    .select(['kind', (eb) => eb.fn.sum<number>('total_cents').as('total')])
    .where('month', '=', month)
    .where('kind', 'in', ['income', 'expense'])
    .groupBy('kind')
    .execute();
  const income = Number(rows.find((row) => row.kind === 'income')?.total ?? 0);
  const expense = -Number(rows.find((row) => row.kind === 'expense')?.total ?? 0);
  return { income_cents: income, expense_cents: expense, result_cents: income - expense };
}

async function balances(db: Db) {
  const accounts = await db
    .selectFrom('bank_accounts')
    .select(['id', 'name', 'kind', 'balance_cents', 'active'])
    .orderBy('name')
    .execute();
  const active = accounts.filter((account) => asBool(account.active));
  return {
    accounts: active.map(({ active: _active, ...account }) => account),
    total_balance_cents: active.reduce((sum, account) => sum + account.balance_cents, 0),
  };
}

async function payables(db: Db, today: string) {
  const in30 = addDays(today, 30);
  const row = await db
    .selectFrom('accounts_payable')
    .select((eb) => {
      const sumIf = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.coalesce(
          eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('amount_cents')).else(0).end()),
          eb.lit(0),
        );
      const countIf = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.coalesce(
          eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end()),
          eb.lit(0),
        );
      const overdue = eb.and([eb('due_date', '<', today)]);
      const soon = eb.and([eb('due_date', '>=', today), eb('due_date', '<=', in30)]);
      return [
        countIf(overdue).as('overdue_count'),
        sumIf(overdue).as('overdue_cents'),
        countIf(soon).as('soon_count'),
        sumIf(soon).as('soon_cents'),
      ];
    })
    .where('status', '=', 'pending')
    .where('due_date', '<=', in30)
    .executeTakeFirstOrThrow();
  return {
    overdue: { count: Number(row.overdue_count), total_cents: Number(row.overdue_cents) },
    next_30_days: { count: Number(row.soon_count), total_cents: Number(row.soon_cents) },
  };
}

/** The figures of the main dashboard's finance card. */
export async function financeSummary(db: Db) {
  const today = todayIso();
  const [month, { total_balance_cents }, due] = await Promise.all([
    flows(db, today.slice(0, 7)),
    balances(db),
    payables(db, today),
  ]);
  return { ...month, total_balance_cents, overdue: due.overdue };
}

/** The overview of `month` (AAAA-MM; the current one when absent). */
export async function financeOverview(db: Db, month?: string) {
  const today = todayIso();
  const { start, end } = monthRange(month ? `${month}-01` : today);
  const chartStart = monthRange(addMonths(start, -11)).start;

  const [flow, accounts, due, upcoming, byCategory, totals] = await Promise.all([
    flows(db, start.slice(0, 7)),
    balances(db),
    payables(db, today),
    db
      .selectFrom('accounts_payable')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('due_date')
      .orderBy('id')
      .limit(8)
      .execute(),
    db
      .selectFrom('transactions')
      .innerJoin('finance_categories', 'finance_categories.id', 'transactions.category_id')
      .select((eb) => [
        'finance_categories.id as category_id',
        'finance_categories.name',
        eb.fn.sum<number>('transactions.amount_cents').as('total'),
      ])
      .where('transactions.kind', '=', 'income')
      .where('transactions.date', '>=', start)
      .where('transactions.date', '<=', end)
      .groupBy(['finance_categories.id', 'finance_categories.name'])
      .execute(),
    db
      .selectFrom('finance_month_totals')
      .select(['month', 'kind', (eb) => eb.fn.sum<number>('total_cents').as('total')])
      .where('month', '>=', chartStart.slice(0, 7))
      .where('month', '<=', start.slice(0, 7))
      .where('kind', 'in', ['income', 'expense'])
      .groupBy(['month', 'kind'])
      .execute(),
  ]);

  const months = Array.from({ length: 12 }, (_, i) => ({
    month: addMonths(chartStart, i).slice(0, 7),
    income_cents: 0,
    expense_cents: 0,
  }));
  const byMonth = new Map(months.map((entry) => [entry.month, entry]));
  for (const row of totals) {
    const entry = byMonth.get(row.month);
    if (!entry) continue;
    if (row.kind === 'income') entry.income_cents += Number(row.total);
    else entry.expense_cents -= Number(row.total);
  }

  return {
    month: start.slice(0, 7),
    today,
    ...flow,
    ...accounts,
    ...due,
    upcoming: upcoming.map((row) => toApiPayable(row, today)),
    incomes_by_category: byCategory
      .map((row) => ({
        category_id: row.category_id,
        name: row.name,
        total_cents: Number(row.total),
      }))
      .sort((a, b) => b.total_cents - a.total_cents),
    months,
  };
}
