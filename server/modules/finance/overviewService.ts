// The financial dashboard's figures, from the balances and monthly totals the ledger keeps (see
// ledger.ts) and one month of movements by category.
import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { addDays, addMonths, monthRange } from '../../../domain/finance/installments.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { toApiPayable } from './payableService.js';
import { asBool } from '../../http/listFilters.js';
import { accountIn, payableIn, scoped, withCongregationNames } from './scope.js';

type Db = Kysely<Database>;

interface Flow {
  income_cents: number;
  expense_cents: number;
  result_cents: number;
}

const flowOf = (income: number, expense: number): Flow => ({
  income_cents: income,
  expense_cents: expense,
  result_cents: income - expense,
});

/**
 * Money in and out in a month (incomes and expense payments; transfers are neither) through the
 * accounts of each congregation of the view, from the ledger's monthly totals.
 */
async function flowsByCongregation(db: Db, month: string, view: Scope) {
  const rows = await inScope(
    db
      .selectFrom('finance_month_totals')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'finance_month_totals.bank_account_id')
      .select([
        'bank_accounts.congregation_id',
        'finance_month_totals.kind',
        (eb) => eb.fn.sum<number>('finance_month_totals.total_cents').as('total'),
      ])
      .where('finance_month_totals.month', '=', month)
      .where('finance_month_totals.kind', 'in', ['income', 'expense'])
      .groupBy(['bank_accounts.congregation_id', 'finance_month_totals.kind']),
    'bank_accounts.congregation_id',
    view,
  ).execute();
  const byCongregation = new Map<number, { income: number; expense: number }>();
  for (const row of rows) {
    const entry = byCongregation.get(row.congregation_id) ?? { income: 0, expense: 0 };
    if (row.kind === 'income') entry.income += Number(row.total);
    else entry.expense -= Number(row.total);
    byCongregation.set(row.congregation_id, entry);
  }
  return byCongregation;
}

/** The active accounts of the view with their balances. */
async function balances(db: Db, view: Scope) {
  const accounts = await inScope(
    db
      .selectFrom('bank_accounts')
      .select(['id', 'name', 'kind', 'balance_cents', 'active', 'congregation_id'])
      .orderBy('name'),
    'congregation_id',
    view,
  ).execute();
  const active = accounts.filter((account) => asBool(account.active));
  return {
    accounts: active.map(({ active: _active, ...account }) => account),
    total_balance_cents: active.reduce((sum, account) => sum + account.balance_cents, 0),
  };
}

/** The congregations of the view, the sede first. */
const congregationsOf = (db: Db, view: Scope) =>
  inScope(db.selectFrom('congregations').select(['id', 'name', 'kind', 'active']), 'id', view)
    .orderBy(sql`case when kind = 'sede' then 0 else 1 end`)
    .orderBy('name')
    .orderBy('id')
    .execute();

/**
 * One row per congregation of the view (every congregation for the whole church, sede first):
 * the month's incomes, expenses and result, and its active accounts' balance. The view's own
 * figures are these rows added up.
 */
function breakdown(
  congregations: Array<{ id: number; name: string; active: unknown }>,
  flows: Map<number, { income: number; expense: number }>,
  accounts: Array<{ congregation_id: number; balance_cents: number }>,
) {
  const balance = new Map<number, number>();
  for (const account of accounts) {
    balance.set(
      account.congregation_id,
      (balance.get(account.congregation_id) ?? 0) + account.balance_cents,
    );
  }
  return congregations
    .filter(
      (congregation) =>
        asBool(congregation.active) || flows.has(congregation.id) || balance.has(congregation.id),
    )
    .map((congregation) => {
      const flow = flows.get(congregation.id) ?? { income: 0, expense: 0 };
      return {
        congregation_id: congregation.id,
        congregation_name: congregation.name,
        ...flowOf(flow.income, flow.expense),
        balance_cents: balance.get(congregation.id) ?? 0,
      };
    });
}

function totalFlow(flows: Map<number, { income: number; expense: number }>): Flow {
  let income = 0;
  let expense = 0;
  for (const flow of flows.values()) {
    income += flow.income;
    expense += flow.expense;
  }
  return flowOf(income, expense);
}

async function payables(db: Db, today: string, view: Scope) {
  const in30 = addDays(today, 30);
  const row = await scoped(db.selectFrom('accounts_payable'), view, payableIn)
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

/** The figures of the main dashboard's finance card (of `view`; the whole church when absent). */
export async function financeSummary(db: Db, view: Scope = null) {
  const today = todayIso();
  const [month, { total_balance_cents }, due] = await Promise.all([
    flowsByCongregation(db, today.slice(0, 7), view),
    balances(db, view),
    payables(db, today, view),
  ]);
  return { ...totalFlow(month), total_balance_cents, overdue: due.overdue };
}

/**
 * The overview of `month` (AAAA-MM; the current one when absent) for `view`: one congregation,
 * several, or the whole church consolidated, with a row per congregation (`congregations`).
 */
export async function financeOverview(db: Db, month: string | undefined, view: Scope) {
  const today = todayIso();
  const { start, end } = monthRange(month ? `${month}-01` : today);
  const chartStart = monthRange(addMonths(start, -11)).start;

  const [flows, accounts, due, upcoming, byCategory, totals, congregations] = await Promise.all([
    flowsByCongregation(db, start.slice(0, 7), view),
    balances(db, view),
    payables(db, today, view),
    scoped(db.selectFrom('accounts_payable'), view, payableIn)
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('due_date')
      .orderBy('id')
      .limit(8)
      .execute(),
    scoped(db.selectFrom('transactions'), view, (ids) =>
      accountIn('transactions.bank_account_id', ids),
    )
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
    scoped(db.selectFrom('finance_month_totals'), view, (ids) =>
      accountIn('finance_month_totals.bank_account_id', ids),
    )
      .select(['month', 'kind', (eb) => eb.fn.sum<number>('total_cents').as('total')])
      .where('month', '>=', chartStart.slice(0, 7))
      .where('month', '<=', start.slice(0, 7))
      .where('kind', 'in', ['income', 'expense'])
      .groupBy(['month', 'kind'])
      .execute(),
    congregationsOf(db, view),
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
    ...totalFlow(flows),
    ...accounts,
    congregations: breakdown(congregations, flows, accounts.accounts),
    ...due,
    upcoming: await withCongregationNames(
      db,
      upcoming.map((row) => toApiPayable(row, today)),
    ),
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
