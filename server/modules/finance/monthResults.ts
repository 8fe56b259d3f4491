// The incomes or the expenses of a period (competência) summed by category or fund and month, for
// the statements, the funds, the budget and the repasses (issue 27): the whole years and months
// from the ledger's sums (finance_year_results, finance_month_results: migration 0047), the days
// of a month cut by the period from the rows themselves — a year of a campo is a few thousand
// sums, not 200,000 rows.
import { lastDayOf } from '../../../domain/reports.js';
import { addMonths } from '../../../domain/finance/installments.js';
import { sql } from 'kysely';
import { type Scope, inScope } from '../../http/scope.js';
import type { Db } from './types.js';

export interface ResultSum {
  /** The category's or the fund's id (null: no fund, the free resources). */
  key: number | null;
  /** YYYY-MM. */
  month: string;
  total_cents: number;
}

export interface ResultPeriod {
  /** First day, YYYY-MM-DD; null: from the first income or expense. */
  from: string | null;
  /** Last day, YYYY-MM-DD. */
  to: string;
}

/** The day before `day`. */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The whole months of a period and the stretches of days cut from a month at either end. */
function split({ from, to }: ResultPeriod) {
  const cutStart = from !== null && !from.endsWith('-01');
  const cutEnd = to !== lastDayOf(to.slice(0, 7));
  const first = from === null ? null : cutStart ? addMonths(from, 1).slice(0, 7) : from.slice(0, 7);
  const last = cutEnd ? addMonths(`${to.slice(0, 7)}-01`, -1).slice(0, 7) : to.slice(0, 7);
  if (first !== null && first > last) return { months: null, days: [{ from: from!, to }] };
  const days: Array<{ from: string; to: string }> = [];
  if (cutStart) days.push({ from: from!, to: lastDayOf(from!.slice(0, 7)) });
  if (cutEnd) days.push({ from: `${to.slice(0, 7)}-01`, to });
  return { months: { first, last }, days };
}

/**
 * The incomes or expenses of `period` in `scope` summed by `by` (category_id or fund_id) and
 * month (`perMonth`; otherwise every sum's month is ''); each key and month once.
 */
export async function resultSums(
  db: Db,
  scope: Scope,
  source: 'income' | 'expense',
  by: 'category_id' | 'fund_id',
  period: ResultPeriod,
  perMonth = true,
): Promise<ResultSum[]> {
  const { months, days } = split(period);
  const table = source === 'income' ? 'incomes' : 'expenses';
  // Folded over the months, the whole years among them come from the sums by year.
  const { years, stretches } =
    months === null
      ? { years: null, stretches: [] }
      : perMonth
        ? { years: null, stretches: [months] }
        : yearsOf(months);
  const summed = (span: 'year' | 'month', first: string | null, last: string) =>
    inScope(
      db
        .selectFrom(`finance_${span}_results as r` as 'finance_month_results as r')
        .select([`r.${by} as key`, (eb) => eb.fn.sum<number>('r.total_cents').as('total')])
        .$if(perMonth, (query) => query.select('r.month').groupBy('r.month'))
        .where('r.source', '=', source)
        .$if(first !== null, (query) => query.where(sql.ref(`r.${span}`), '>=', first!))
        .where(sql.ref(`r.${span}`), '<=', last)
        .groupBy(`r.${by}`),
      'r.congregation_id',
      scope,
    ).execute();
  const [whole, ...cut] = await Promise.all([
    Promise.all([
      ...(years === null ? [] : [summed('year', years.first, years.last)]),
      ...stretches.map((stretch) => summed('month', stretch.first, stretch.last)),
    ]),
    ...days.map((stretch) =>
      inScope(
        db
          .selectFrom(table)
          .select([`${by} as key`, 'date', (eb) => eb.fn.sum<number>('amount_cents').as('total')])
          .where('date', '>=', stretch.from)
          .where('date', '<=', stretch.to)
          .groupBy([by, 'date']),
        `${table}.congregation_id`,
        scope,
      ).execute(),
    ),
  ]);
  const sums = new Map<string, ResultSum>();
  const add = (key: unknown, month: string, total: unknown) => {
    // The sums keep "no fund" as 0.
    const id = key === null || Number(key) === 0 ? null : Number(key);
    const name = `${id} ${month}`;
    const sum = sums.get(name) ?? sums.set(name, { key: id, month, total_cents: 0 }).get(name)!;
    sum.total_cents += Number(total);
  };
  const monthOf = (month: unknown) => (perMonth ? String(month).slice(0, 7) : '');
  for (const row of whole.flat()) {
    add(row.key, monthOf((row as { month?: string }).month), row.total);
  }
  for (const row of cut.flat()) add(row.key, monthOf(row.date), row.total);
  return [...sums.values()];
}

/** Whole months (first null: from the start) as whole years and the months at either end. */
function yearsOf(months: { first: string | null; last: string }) {
  const { first, last } = months;
  const lastYear = last.slice(0, 4);
  const from =
    first === null ? null : first.endsWith('-01') ? first.slice(0, 4) : next(first.slice(0, 4));
  const to = last.endsWith('-12') ? lastYear : String(Number(lastYear) - 1);
  if (from !== null && from > to) return { years: null, stretches: [months] };
  const stretches: Array<{ first: string | null; last: string }> = [];
  if (first !== null && !first.endsWith('-01')) {
    stretches.push({ first, last: `${first.slice(0, 4)}-12` });
  }
  if (!last.endsWith('-12')) stretches.push({ first: `${lastYear}-01`, last });
  return { years: { first: from, last: to }, stretches };
}

const next = (year: string) => String(Number(year) + 1);

/** `resultSums` over the months folded: key -> centavos. */
export async function resultTotals(
  db: Db,
  scope: Scope,
  source: 'income' | 'expense',
  by: 'category_id' | 'fund_id',
  period: ResultPeriod,
): Promise<Map<number | null, number>> {
  const totals = new Map<number | null, number>();
  for (const sum of await resultSums(db, scope, source, by, period, false)) {
    totals.set(sum.key, (totals.get(sum.key) ?? 0) + sum.total_cents);
  }
  return totals;
}

/** The period before `day`: from the first income or expense to the day before. */
export const priorTo = (day: string): ResultPeriod => ({ from: null, to: dayBefore(day) });
