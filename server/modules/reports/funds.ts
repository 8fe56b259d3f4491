// Saldos dos fundos (issue 27, funds): for a period, each fund's opening balance, its incomes
// and expenses and its closing balance — the restricted funds first, kept apart from the free
// resources (recursos livres: incomes and expenses of no fund, and of the funds that are not
// restricted). Regime de competência: incomes on their date, expenses on the day incurred.
import { formatDate, formatMoney } from '../../../domain/formats.js';
import { csvAmount } from '../../http/csv.js';
import { priorTo, resultTotals } from '../finance/index.js';
import { asBool } from '../../http/listFilters.js';
import { TOTAL_LABEL, wholeTable } from './congregationTable.js';
import { type ReportColumn, type ReportDefinition, periodFilter } from './report.js';

export interface FundsFilter {
  from: string;
  to: string;
}

interface Figures {
  opening_cents: number;
  income_cents: number;
  expense_cents: number;
  closing_cents: number;
}

export interface FundRow extends Figures {
  /** The fund's id; 0 for the free resources, -1 for the totals. */
  id: number;
  name: string;
  restricted: boolean;
  is_total: boolean;
}

/** The free resources' row name. */
export const FREE_FUNDS = 'Recursos livres';

function money(header: string, field: keyof Figures): ReportColumn<FundRow> {
  return {
    header,
    value: (row) => formatMoney(row[field]),
    pdfWidth: 1.6,
    align: 'right',
    csv: { header: `${header} (R$)`, value: (row) => csvAmount(row[field]), numeric: true },
  };
}

const zero = (): Figures => ({
  opening_cents: 0,
  income_cents: 0,
  expense_cents: 0,
  closing_cents: 0,
});

export const fundsReport: ReportDefinition<FundsFilter, FundRow> = {
  key: 'funds',
  filename: (filter) => `saldos-dos-fundos-${filter.from}-a-${filter.to}`,
  parseFilter: periodFilter,
  // `?date_gte=…&date_lte=…&congregation_id=1&include_subtree=true`, as well as `filter`.
  plainFilters: ['date_gte', 'date_lte', 'congregation_id', 'include_subtree'],
  ...wholeTable(async ({ db, scope }, filter) => {
    const funds = await db
      .selectFrom('finance_funds')
      .select(['id', 'name', 'restricted', 'active'])
      .execute();
    const restricted = new Set(funds.filter((fund) => asBool(fund.restricted)).map((f) => f.id));
    // Before the period and within it, by fund: the ledger's monthly sums (migration 0047).
    const sums = async (source: 'income' | 'expense') => {
      const [before, within] = await Promise.all([
        resultTotals(db, scope, source, 'fund_id', priorTo(filter.from)),
        resultTotals(db, scope, source, 'fund_id', filter),
      ]);
      return [...new Set([...before.keys(), ...within.keys()])].map((fund_id) => ({
        fund_id,
        before: before.get(fund_id) ?? 0,
        within: within.get(fund_id) ?? 0,
      }));
    };
    const [incomes, expenses] = await Promise.all([sums('income'), sums('expense')]);
    const figures = new Map<number, Figures>();
    /** A restricted fund's own row; everything else is the free resources' (0). */
    const of = (fund: number | null) => {
      const key = fund !== null && restricted.has(fund) ? fund : 0;
      return figures.get(key) ?? figures.set(key, zero()).get(key)!;
    };
    for (const row of incomes) {
      of(row.fund_id).opening_cents += Number(row.before);
      of(row.fund_id).income_cents += Number(row.within);
    }
    for (const row of expenses) {
      of(row.fund_id).opening_cents -= Number(row.before);
      of(row.fund_id).expense_cents += Number(row.within);
    }
    const rows: FundRow[] = funds
      .filter((fund) => restricted.has(fund.id) && (asBool(fund.active) || figures.has(fund.id)))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
      .map((fund) => ({
        id: fund.id,
        name: fund.name,
        restricted: true,
        is_total: false,
        ...(figures.get(fund.id) ?? zero()),
      }));
    rows.push({
      id: 0,
      name: FREE_FUNDS,
      restricted: false,
      is_total: false,
      ...(figures.get(0) ?? zero()),
    });
    const totals = zero();
    for (const row of rows) {
      row.closing_cents = row.opening_cents + row.income_cents - row.expense_cents;
      totals.opening_cents += row.opening_cents;
      totals.income_cents += row.income_cents;
      totals.expense_cents += row.expense_cents;
      totals.closing_cents += row.closing_cents;
    }
    return [...rows, { id: -1, name: TOTAL_LABEL, restricted: false, is_total: true, ...totals }];
  }),
  columns: [
    { header: 'Fundo', value: (row) => row.name, pdfWidth: 3 },
    {
      header: 'Tipo',
      value: (row) => (row.is_total ? '' : row.restricted ? 'Restrito' : 'Livre'),
      pdfWidth: 1,
    },
    money('Saldo anterior', 'opening_cents'),
    money('Entradas', 'income_cents'),
    money('Saídas', 'expense_cents'),
    money('Saldo', 'closing_cents'),
  ],
  title: () => 'Saldos dos fundos',
  subtitle: (filter) =>
    `De ${formatDate(filter.from)} a ${formatDate(filter.to)}. Regime de competência: receitas ` +
    'na data do recebimento, despesas na data em que foram feitas. Os fundos restritos ficam à ' +
    'parte dos recursos livres.',
  empty: 'Nenhum fundo.',
};
