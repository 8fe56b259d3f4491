// Repasses à sede (issue 27): for a month, each congregation of the report's scope that has a
// sede above it (its parent: the sede or a sub-sede) with
// - the base: its incomes of the month in the plano de contas' group "Dízimos e ofertas" (the
//   account with role `tithes` and every account under it) — where the church puts a category in
//   the chart says whether it is shared;
// - the rate of that month (congregation_transfer_rates: the latest from_month not after it);
// - the repasse due: base × rate, rounded to the centavo half up (domain/finance/repasses.ts);
// - what was transferred: transfers from its bank accounts to its sede's accounts dated in the
//   month (transactions of kind transfer, the outgoing side and its linked side); a transfer the
//   other way is not deducted;
// - the month's balance (due − transferred) and the balance due so far: the same summed over
//   every month from the congregation's first rate up to this one (competência of the incomes,
//   the date of the transfers). Then the totals row.
import { lastDayOf } from '../../../domain/reports.js';
import { bpToPercent, rateOn, rateText, transferDue } from '../../../domain/finance/repasses.js';
import { monthName } from '../../../domain/calendar.js';
import { formatMoney } from '../../../domain/formats.js';
import { csvAmount } from '../../http/csv.js';
import { inScope } from '../../http/scope.js';
import { TOTAL_LABEL, type CongregationRow, wholeTable } from './congregationTable.js';
import { congregationsInView } from './congregations.js';
import {
  type ReportColumn,
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  monthFilter,
} from './report.js';

export interface RepassesFilter {
  /** YYYY-MM. */
  month: string;
}

export interface RepasseFigures {
  sede_name: string;
  /** The month's rate in percent, null without one. */
  percent: number | null;
  base_cents: number;
  due_cents: number;
  transferred_cents: number;
  /** due − transferred, this month. */
  balance_cents: number;
  /** due − transferred, every month from the first rate up to this one. */
  balance_due_cents: number;
}

export type RepasseRow = CongregationRow & RepasseFigures;

const monthOf = (date: unknown) => String(date).slice(0, 7);

/** The accounts of the group "Dízimos e ofertas" (role tithes) and every account under it. */
async function tithesAndOfferings({ db }: ReportContext): Promise<number[]> {
  const chart = await db
    .selectFrom('finance_categories')
    .select(['id', 'parent_id', 'role'])
    .execute();
  const roots = chart.filter((account) => account.role === 'tithes').map((account) => account.id);
  const ids = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const account of chart) {
      if (account.parent_id !== null && ids.has(account.parent_id) && !ids.has(account.id)) {
        ids.add(account.id);
        grew = true;
      }
    }
  }
  return [...ids];
}

/** congregation -> month -> centavos. */
type ByMonth = Map<number, Map<string, number>>;

function add(map: ByMonth, congregation: number, month: string, cents: number) {
  const months = map.get(congregation) ?? map.set(congregation, new Map()).get(congregation)!;
  months.set(month, (months.get(month) ?? 0) + cents);
}

async function rowsOf(context: ReportContext, filter: RepassesFilter): Promise<RepasseRow[]> {
  const { db, scope } = context;
  const all = await db.selectFrom('congregations').select(['id', 'name', 'parent_id']).execute();
  const byId = new Map(all.map((row) => [row.id, row]));
  const sending = (await congregationsInView(db, scope)).filter(
    (congregation) => byId.get(congregation.id)?.parent_id != null,
  );
  const ids = sending.map((congregation) => congregation.id);
  const rates = ids.length
    ? await db
        .selectFrom('congregation_transfer_rates')
        .select(['congregation_id', 'from_month', 'rate_bp'])
        .where('congregation_id', 'in', ids)
        .where('from_month', '<=', filter.month)
        .orderBy('from_month')
        .execute()
    : [];
  const first = rates.reduce(
    (min, rate) => (rate.from_month < min ? rate.from_month : min),
    filter.month,
  );
  const end = lastDayOf(filter.month);
  const accounts = await tithesAndOfferings(context);
  const [incomes, transfers] = await Promise.all([
    // The base of every month from the first rate: the ledger's monthly sums (migration 0047).
    inScope(
      db
        .selectFrom('finance_month_results')
        .select([
          'congregation_id',
          'month as date',
          (eb) => eb.fn.sum<number>('total_cents').as('total'),
        ])
        .where('source', '=', 'income')
        .where('category_id', 'in', accounts.length > 0 ? accounts : [0])
        .where('month', '>=', first)
        .where('month', '<=', filter.month)
        .groupBy(['congregation_id', 'month']),
      'finance_month_results.congregation_id',
      ids,
    ).execute(),
    inScope(
      db
        .selectFrom('transactions as t')
        .innerJoin('bank_accounts as a', 'a.id', 't.bank_account_id')
        .innerJoin('congregations as c', 'c.id', 'a.congregation_id')
        .innerJoin('transactions as l', 'l.id', 't.linked_id')
        .innerJoin('bank_accounts as b', 'b.id', 'l.bank_account_id')
        .select([
          'a.congregation_id as congregation_id',
          't.date as date',
          (eb) => eb.fn.sum<number>('t.amount_cents').as('total'),
        ])
        .where('t.kind', '=', 'transfer')
        .where('t.amount_cents', '<', 0)
        .whereRef('b.congregation_id', '=', 'c.parent_id')
        .where('t.date', '>=', `${first}-01`)
        .where('t.date', '<=', end)
        .groupBy(['a.congregation_id', 't.date']),
      'a.congregation_id',
      ids,
    ).execute(),
  ]);
  const base: ByMonth = new Map();
  const sent: ByMonth = new Map();
  for (const row of incomes)
    add(base, Number(row.congregation_id), monthOf(row.date), Number(row.total));
  for (const row of transfers)
    add(sent, Number(row.congregation_id), monthOf(row.date), -Number(row.total));

  const rows: RepasseRow[] = sending.map((congregation) => {
    const own = rates.filter((rate) => rate.congregation_id === congregation.id);
    const months = new Set([
      ...(base.get(congregation.id)?.keys() ?? []),
      ...(sent.get(congregation.id)?.keys() ?? []),
    ]);
    const start = own[0]?.from_month;
    let balanceDue = 0;
    for (const month of months) {
      if (start === undefined || month < start) continue;
      balanceDue +=
        transferDue(base.get(congregation.id)?.get(month) ?? 0, rateOn(own, month)) -
        (sent.get(congregation.id)?.get(month) ?? 0);
    }
    const rate = own.length > 0 ? rateOn(own, filter.month) : null;
    const monthBase = base.get(congregation.id)?.get(filter.month) ?? 0;
    const due = rate === null ? 0 : transferDue(monthBase, rate);
    const transferred = sent.get(congregation.id)?.get(filter.month) ?? 0;
    return {
      id: congregation.id,
      congregation_id: congregation.id,
      congregation_name: congregation.name,
      is_total: false,
      sede_name: byId.get(byId.get(congregation.id)!.parent_id!)?.name ?? '',
      percent: rate === null ? null : bpToPercent(rate),
      base_cents: monthBase,
      due_cents: due,
      transferred_cents: transferred,
      balance_cents: due - transferred,
      balance_due_cents: balanceDue,
    };
  });
  const sum = (field: keyof RepasseFigures) =>
    rows.reduce((total, row) => total + (row[field] as number), 0);
  return [
    ...rows,
    {
      id: 0,
      congregation_id: null,
      congregation_name: TOTAL_LABEL,
      is_total: true,
      sede_name: '',
      percent: null,
      base_cents: sum('base_cents'),
      due_cents: sum('due_cents'),
      transferred_cents: sum('transferred_cents'),
      balance_cents: sum('balance_cents'),
      balance_due_cents: sum('balance_due_cents'),
    },
  ];
}

type Money =
  'base_cents' | 'due_cents' | 'transferred_cents' | 'balance_cents' | 'balance_due_cents';

function money(header: string, field: Money): ReportColumn<RepasseRow> {
  return {
    header,
    value: (row) => formatMoney(row[field]),
    pdfWidth: 1.8,
    align: 'right',
    csv: { header: `${header} (R$)`, value: (row) => csvAmount(row[field]), numeric: true },
  };
}

export const repassesReport: ReportDefinition<RepassesFilter, RepasseRow> = {
  key: 'repasses',
  filename: (filter) => `repasses-${filter.month}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['month']);
    return { month: monthFilter(raw, 'month', today.slice(0, 7)) };
  },
  // `?month=2026-10&congregation_id=1&include_subtree=true` (a sede and every congregation
  // under it), as well as `filter`.
  plainFilters: ['month', 'congregation_id', 'include_subtree'],
  ...wholeTable(rowsOf),
  strong: (row) => row.is_total,
  columns: [
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 3 },
    { header: 'Sede', value: (row) => row.sede_name, pdfWidth: 2.4 },
    {
      header: 'Percentual',
      value: (row) => (row.is_total ? '' : rateText(row.percent)),
      pdfWidth: 1.2,
      align: 'right',
    },
    money('Dízimos e ofertas', 'base_cents'),
    money('Repasse devido', 'due_cents'),
    money('Repassado', 'transferred_cents'),
    money('Saldo do mês', 'balance_cents'),
    money('Saldo devedor', 'balance_due_cents'),
    { header: 'Regime', value: () => 'Competência (receitas) e caixa (transferências)' },
  ],
  title: (filter) => `Repasses à sede — ${monthName(filter.month)}`,
  subtitle: () =>
    'Base: receitas do grupo Dízimos e ofertas do plano de contas, pela data de cada lançamento (competência). ' +
    'Repasse devido = base × percentual, arredondado ao centavo (meio centavo para cima). ' +
    'Repassado: transferências das contas da congregação para as contas da sua sede no mês. ' +
    'Saldo devedor: devido menos repassado, somado desde o primeiro mês com percentual.',
  empty: 'Nenhuma congregação vinculada a uma sede.',
  layout: 'landscape',
};
