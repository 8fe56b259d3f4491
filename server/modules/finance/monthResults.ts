// The incomes or the expenses of a period (competência) summed by category or fund and month, for
// the statements, the funds, the budget and the repasses (issue 27): the whole months from the
// ledger's monthly sums (finance_month_results, migration 0047), the days of a month cut by the
// period from the rows themselves — a year of a campo is a few thousand sums, not 200,000 rows.
import { lastDayOf } from '../../../domain/reports.js';
import { addMonths } from '../../../domain/finance/installments.js';
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
  const [whole, ...cut] = await Promise.all([
    months === null
      ? Promise.resolve([])
      : inScope(
          db
            .selectFrom('finance_month_results')
            .select([`${by} as key`, 'month', (eb) => eb.fn.sum<number>('total_cents').as('total')])
            .where('source', '=', source)
            .$if(months.first !== null, (query) => query.where('month', '>=', months.first!))
            .where('month', '<=', months.last)
            .groupBy([by, 'month']),
          'finance_month_results.congregation_id',
          scope,
        ).execute(),
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
    // The monthly sums keep "no fund" as 0.
    const id = key === null || Number(key) === 0 ? null : Number(key);
    const name = `${id} ${month}`;
    const sum = sums.get(name) ?? sums.set(name, { key: id, month, total_cents: 0 }).get(name)!;
    sum.total_cents += Number(total);
  };
  const monthOf = (month: unknown) => (perMonth ? String(month).slice(0, 7) : '');
  for (const row of whole) add(row.key, monthOf((row as { month?: string }).month), row.total);
  for (const row of cut.flat()) add(row.key, monthOf(row.date), row.total);
  return [...sums.values()];
}

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
