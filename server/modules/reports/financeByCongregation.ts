// Resultado financeiro por congregação: the incomes and expenses of each congregation (its cost
// centre: incomes.congregation_id, expenses.congregation_id) in a period and the balance, with
// the totals. Incomes count on their date; expenses on theirs, for their whole amount (every
// instalment and card charge belongs to the expense's date), paid or not.
import { formatDate, formatMoney } from '../../../domain/formats.js';
import { csvAmount } from '../../http/csv.js';
import { inScope } from '../../http/scope.js';
import { type CongregationRow, congregationRows, wholeTable } from './congregationTable.js';
import { type ReportDefinition, periodFilter } from './report.js';

export interface FinanceByCongregationFilter {
  from: string;
  to: string;
}

export interface FinanceFigures {
  income_cents: number;
  expense_cents: number;
  balance_cents: number;
}

export type FinanceByCongregationRow = CongregationRow & FinanceFigures;

/** An amount column: R$ on screen and in the PDF, a number the sheet sums in the CSV. */
function money(header: string, field: keyof FinanceFigures) {
  return {
    header,
    value: (row: FinanceByCongregationRow) => formatMoney(row[field]),
    pdfWidth: 1.8,
    align: 'right' as const,
    csv: {
      header: `${header} (R$)`,
      value: (row: FinanceByCongregationRow) => csvAmount(row[field]),
      numeric: true as const,
    },
  };
}

const zero = (): FinanceFigures => ({ income_cents: 0, expense_cents: 0, balance_cents: 0 });

export const financeByCongregationReport: ReportDefinition<
  FinanceByCongregationFilter,
  FinanceByCongregationRow
> = {
  key: 'finance_by_congregation',
  filename: (filter) => `resultado-financeiro-${filter.from}-a-${filter.to}`,
  parseFilter: periodFilter,
  ...wholeTable(async ({ db, scope }, filter) => {
    const [incomes, expenses] = await Promise.all([
      inScope(
        db
          .selectFrom('incomes')
          .select([
            'incomes.congregation_id',
            (eb) => eb.fn.sum<number>('incomes.amount_cents').as('total'),
          ])
          .where('incomes.date', '>=', filter.from)
          .where('incomes.date', '<=', filter.to)
          .groupBy('incomes.congregation_id'),
        'incomes.congregation_id',
        scope,
      ).execute(),
      inScope(
        db
          .selectFrom('expenses')
          .select([
            'expenses.congregation_id',
            (eb) => eb.fn.sum<number>('expenses.amount_cents').as('total'),
          ])
          .where('expenses.date', '>=', filter.from)
          .where('expenses.date', '<=', filter.to)
          .groupBy('expenses.congregation_id'),
        'expenses.congregation_id',
        scope,
      ).execute(),
    ]);
    const figures = new Map<number, FinanceFigures>();
    const entry = (id: number) => figures.get(id) ?? figures.set(id, zero()).get(id)!;
    for (const row of incomes) entry(Number(row.congregation_id)).income_cents += Number(row.total);
    for (const row of expenses)
      entry(Number(row.congregation_id)).expense_cents += Number(row.total);
    for (const figure of figures.values())
      figure.balance_cents = figure.income_cents - figure.expense_cents;
    return congregationRows(db, scope, figures, {
      zero,
      isZero: (figure) => figure.income_cents === 0 && figure.expense_cents === 0,
      sum: (rows) => {
        const totals = zero();
        for (const row of rows) {
          totals.income_cents += row.income_cents;
          totals.expense_cents += row.expense_cents;
        }
        totals.balance_cents = totals.income_cents - totals.expense_cents;
        return totals;
      },
    });
  }),
  columns: [
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 4 },
    money('Receitas', 'income_cents'),
    money('Despesas', 'expense_cents'),
    money('Saldo', 'balance_cents'),
  ],
  title: () => 'Resultado financeiro por congregação',
  subtitle: (filter) =>
    `Receitas e despesas de ${formatDate(filter.from)} a ${formatDate(filter.to)}, pela data de cada lançamento (despesas pelo valor total, pagas ou não).`,
  empty: 'Nenhuma congregação.',
};
