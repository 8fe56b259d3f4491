// Orçado × realizado (issue 27): for a year (or one month of it), each income and expense
// account of the plano de contas (a category is its account) with its budget (the `budgets` of the congregations covered), what was realized by
// competência (incomes and expenses by their date, expenses for their whole amount) and the
// difference (realizado – orçado) with the share carried out; then the totals of incomes and
// expenses and the result. Consolidated is the sum of the congregations covered: every figure is
// summed over the report's scope. The CSV also carries each month's budget and realization.
import { MONTH_ABBREVIATIONS } from '../../../domain/calendar.js';
import {
  BUDGET_MONTHS,
  executionPercent,
  executionText,
  MAX_BUDGET_YEAR,
  MIN_BUDGET_YEAR,
  monthTotals,
} from '../../../domain/finance/budget.js';
import { compareCodes } from '../../../domain/finance/chart.js';
import { formatMoney } from '../../../domain/formats.js';
import { lastDayOf } from '../../../domain/reports.js';
import { csvAmount } from '../../http/csv.js';
import { inScope } from '../../http/scope.js';
import { resultSums } from '../finance/index.js';
import { badRequest } from '../../plugins/errors.js';
import { wholeTable } from './congregationTable.js';
import {
  type ReportColumn,
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  integerFilter,
  monthFilter,
} from './report.js';

export interface BudgetFilter {
  year: number;
  /** One month (1-12), or the whole year. */
  month?: number;
  /** With `month`: January up to that month (the monthly pack's year to date). */
  year_to_date?: boolean;
}

type Kind = 'income' | 'expense';

export interface BudgetReportRow {
  /** The category's id; negative on the totals rows. */
  id: number;
  category_id: number | null;
  /** The account's code in the plano de contas ('' on the totals rows). */
  code: string;
  name: string;
  kind: Kind | 'result';
  /** A totals row (incomes, expenses, result). */
  is_total: boolean;
  budget_cents: number;
  actual_cents: number;
  /** realizado – orçado. */
  difference_cents: number;
  /** realizado / orçado in percent (one decimal), null without a budget. */
  percent: number | null;
  /** Each month of the year: orçado and realizado. */
  months: { budget_cents: number; actual_cents: number }[];
}

/** Competência: what the figures are dated by, said on screen, in the PDF and in the CSV. */
export const BUDGET_BASIS = 'Regime de competência';

/** The accounts of the plano de contas the figures fall in (a category is its account). */
async function accountsOf(context: ReportContext, ids: number[]) {
  if (ids.length === 0) return [];
  return context.db
    .selectFrom('finance_categories')
    .select(['id', 'code', 'name', 'kind'])
    .where('id', 'in', ids)
    .execute();
}

/** category id -> twelve months of centavos. */
type ByMonth = Map<number, number[]>;

function add(map: ByMonth, category: number, month: number, cents: number) {
  const months =
    map.get(category) ?? map.set(category, Array<number>(BUDGET_MONTHS).fill(0)).get(category)!;
  months[month - 1] += cents;
}

async function budgetsOf({ db, scope }: ReportContext, year: number): Promise<ByMonth> {
  const rows = await inScope(
    db
      .selectFrom('budgets')
      .select(['category_id', 'month', (eb) => eb.fn.sum<number>('amount_cents').as('total')])
      .where('year', '=', year)
      .groupBy(['category_id', 'month']),
    'budgets.congregation_id',
    scope,
  ).execute();
  const map: ByMonth = new Map();
  for (const row of rows) add(map, row.category_id, row.month, Number(row.total));
  return map;
}

/** The year's incomes or expenses by category and month: the ledger's monthly sums (0047). */
async function actualsOf(
  { db, scope }: ReportContext,
  table: 'incomes' | 'expenses',
  year: number,
  map: ByMonth,
) {
  const sums = await resultSums(
    db,
    scope,
    table === 'incomes' ? 'income' : 'expense',
    'category_id',
    { from: `${year}-01-01`, to: lastDayOf(`${year}-12`) },
  );
  for (const sum of sums) add(map, sum.key!, Number(sum.month.slice(5, 7)), sum.total_cents);
}

function figures(
  budget: number[],
  actual: number[],
  filter: BudgetFilter,
): Pick<
  BudgetReportRow,
  'budget_cents' | 'actual_cents' | 'difference_cents' | 'percent' | 'months'
> {
  const { month } = filter;
  const first = month === undefined || filter.year_to_date ? 0 : month - 1;
  const pick = (values: number[]) =>
    values.slice(first, month ?? BUDGET_MONTHS).reduce((a, b) => a + b, 0);
  const budget_cents = pick(budget);
  const actual_cents = pick(actual);
  return {
    budget_cents,
    actual_cents,
    difference_cents: actual_cents - budget_cents,
    percent: executionPercent(budget_cents, actual_cents),
    months: budget.map((cents, index) => ({ budget_cents: cents, actual_cents: actual[index] })),
  };
}

const zeros = () => Array<number>(BUDGET_MONTHS).fill(0);

export async function budgetRows(
  context: ReportContext,
  filter: BudgetFilter,
): Promise<BudgetReportRow[]> {
  const actual: ByMonth = new Map();
  const [budget] = await Promise.all([
    budgetsOf(context, filter.year),
    actualsOf(context, 'incomes', filter.year, actual),
    actualsOf(context, 'expenses', filter.year, actual),
  ]);
  const accounts = await accountsOf(context, [...new Set([...budget.keys(), ...actual.keys()])]);
  const rows = accounts
    .filter((account): account is typeof account & { kind: Kind } =>
      ['income', 'expense'].includes(account.kind),
    )
    .map((account) => ({
      id: account.id,
      category_id: account.id,
      code: account.code,
      name: account.name,
      kind: account.kind,
      is_total: false,
      ...figures(budget.get(account.id) ?? zeros(), actual.get(account.id) ?? zeros(), filter),
    }))
    .filter((row) => row.months.some((cell) => cell.budget_cents !== 0 || cell.actual_cents !== 0))
    .sort(
      (a, b) =>
        Number(a.kind === 'expense') - Number(b.kind === 'expense') ||
        compareCodes(a.code, b.code) ||
        a.id - b.id,
    );
  const total = (
    id: number,
    name: string,
    kind: Kind | 'result',
    sign: (row: BudgetReportRow) => number,
  ) => {
    const of = (field: 'budget_cents' | 'actual_cents') =>
      monthTotals(
        rows.map((row) => ({ months: row.months.map((cell) => sign(row) * cell[field]) })),
      );
    return {
      id,
      category_id: null,
      code: '',
      name,
      kind,
      is_total: true,
      ...figures(of('budget_cents'), of('actual_cents'), filter),
    };
  };
  const only = (kind: Kind) => (row: BudgetReportRow) => (row.kind === kind ? 1 : 0);
  return [
    ...rows,
    total(-1, 'Total de receitas', 'income', only('income')),
    total(-2, 'Total de despesas', 'expense', only('expense')),
    total(-3, 'Resultado (receitas – despesas)', 'result', (row) =>
      row.kind === 'income' ? 1 : -1,
    ),
  ];
}

const KIND_LABELS: Record<BudgetReportRow['kind'], string> = {
  income: 'Receita',
  expense: 'Despesa',
  result: 'Resultado',
};

type Field = 'budget_cents' | 'actual_cents' | 'difference_cents';

function money(header: string, field: Field): ReportColumn<BudgetReportRow> {
  return {
    header,
    value: (row) => formatMoney(row[field]),
    pdfWidth: 2,
    align: 'right',
    csv: { header: `${header} (R$)`, value: (row) => csvAmount(row[field]), numeric: true },
  };
}

/** The CSV's cells of each month: orçado and realizado. */
const monthColumns = (): ReportColumn<BudgetReportRow>[] =>
  MONTH_ABBREVIATIONS.flatMap((abbreviation, index) =>
    (['budget_cents', 'actual_cents'] as const).map((field) => {
      const header = `${field === 'budget_cents' ? 'Orçado' : 'Realizado'} ${abbreviation}`;
      return {
        header,
        value: (row: BudgetReportRow) => formatMoney(row.months[index][field]),
        csv: {
          header: `${header} (R$)`,
          value: (row: BudgetReportRow) => csvAmount(row.months[index][field]),
          numeric: true as const,
        },
      };
    }),
  );

const periodText = (filter: BudgetFilter) => {
  if (filter.month === undefined) return `ano de ${filter.year}`;
  const month = `${MONTH_ABBREVIATIONS[filter.month - 1]}/${filter.year}`;
  return filter.year_to_date && filter.month > 1 ? `${MONTH_ABBREVIATIONS[0]} a ${month}` : month;
};

export const budgetReport: ReportDefinition<BudgetFilter, BudgetReportRow> = {
  key: 'budget',
  filename: (filter) =>
    filter.month === undefined
      ? `orcado-realizado-${filter.year}`
      : `orcado-realizado-${filter.year}-${String(filter.month).padStart(2, '0')}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['year', 'month']);
    const given = integerFilter(raw, 'year', { min: MIN_BUDGET_YEAR, max: MAX_BUDGET_YEAR });
    // The month as its number (with the year), or as AAAA-MM, as the other finance reports take it.
    if (typeof raw.month === 'string' && /^\d{4}-/.test(raw.month)) {
      const month = monthFilter(raw, 'month', '');
      const year = Number(month.slice(0, 4));
      if (given !== undefined && given !== year) {
        throw badRequest('O mês (AAAA-MM) é de outro ano que o filtro year.');
      }
      return { year, month: Number(month.slice(5, 7)) };
    }
    return {
      year: given ?? Number(today.slice(0, 4)),
      month: integerFilter(raw, 'month', { min: 1, max: 12 }),
    };
  },
  // `?year=2026&month=3&congregation_id=2&include_subtree=true`, as well as `filter`.
  plainFilters: ['year', 'month', 'congregation_id', 'include_subtree'],
  ...wholeTable(budgetRows),
  strong: (row) => row.is_total,
  columns: () => [
    { header: 'Código', value: (row) => row.code, pdfWidth: 1.2 },
    { header: 'Conta', value: (row) => row.name, pdfWidth: 4 },
    { header: 'Tipo', value: (row) => (row.is_total ? '' : KIND_LABELS[row.kind]), pdfWidth: 1.4 },
    money('Orçado', 'budget_cents'),
    money('Realizado', 'actual_cents'),
    money('Diferença', 'difference_cents'),
    {
      header: '% realizado',
      value: (row) => executionText(row.percent),
      pdfWidth: 1.4,
      align: 'right',
    },
    ...monthColumns(),
    { header: 'Regime', value: () => 'Competência' },
  ],
  title: (filter) => `Orçado × realizado — ${periodText(filter)}`,
  subtitle: (filter) =>
    `${BUDGET_BASIS}: receitas e despesas pela data de cada lançamento (despesas pelo valor total, pagas ou não), ${periodText(filter)}. Diferença = realizado – orçado.`,
  empty: 'Nenhum orçamento nem lançamento no período.',
  layout: 'landscape',
};
