// What the treasurer's statements (issue 27: DRP, DFC, livro caixa) share: the period filter, the
// basis each one states, a statement's lines (headings, accounts, subtotals, totals) and their
// money columns, and the ledger account a category reports under.
import { addMonths, isIsoDate } from '../../../domain/dates.js';
import { formatDate, formatMoney } from '../../../domain/formats.js';
import { type ReportKey, lastDayOf, sameDaysLastYear } from '../../../domain/reports.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { compareCodes } from '../../../domain/finance/chart.js';
import { csvAmount } from '../../http/csv.js';
import { badRequest } from '../../plugins/errors.js';
import { wholeTable } from './congregationTable.js';
import {
  type ReportColumn,
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
} from './report.js';

/** The filters a statement also takes as plain parameters (?from=…&to=…&congregation_id=…). */
export const STATEMENT_PARAMETERS = ['from', 'to', 'congregation_id', 'include_subtree'] as const;

export interface PeriodFilter {
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** The longest period of a statement: a year (twelve months, the exercício). */
export const MAX_STATEMENT_MONTHS = 12;

function dateOf(raw: Record<string, unknown>, key: string, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (!isIsoDate(value)) throw badRequest(`Filtro ${key} inválido: use AAAA-MM-DD.`);
  return value;
}

/** `from` and `to` (YYYY-MM-DD): by default the current month; at most twelve months. */
export function periodFilter(raw: Record<string, unknown>, today: string): PeriodFilter {
  const from = dateOf(raw, 'from', `${today.slice(0, 7)}-01`);
  const to = dateOf(raw, 'to', lastDayOf(from.slice(0, 7)));
  if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
  if (to >= addMonths(from, MAX_STATEMENT_MONTHS)) {
    throw badRequest(`Escolha um período de no máximo ${MAX_STATEMENT_MONTHS} meses.`);
  }
  return { from, to };
}

/** "de 01/10/2026 a 31/10/2026". */
export const periodText = ({ from, to }: PeriodFilter) =>
  `de ${formatDate(from)} a ${formatDate(to)}`;

/** The same period one year earlier. */
export const lastYear = (period: PeriodFilter): PeriodFilter => sameDaysLastYear(period);

/** How each statement counts, said on screen, in the PDF and in the CSV's file. */
export const BASIS = {
  cash: 'Regime de caixa: cada valor conta na data em que o dinheiro entrou ou saiu da conta.',
  accrual:
    'Regime de competência: receitas pela data da receita, despesas pela data em que foram feitas (pagas ou não).',
} as const;

/** The CSV's column that names the basis on every line (a sheet keeps no subtitle). */
export function basisColumn<Row>(basis: keyof typeof BASIS): ReportColumn<Row> {
  const word = basis === 'cash' ? 'Caixa' : 'Competência';
  return { header: 'Regime', value: () => word };
}

/** One line of a statement. */
export interface StatementLine {
  id: number;
  /** heading: a section's name; line: an account; subtotal: a group's; total: the statement's. */
  style: 'heading' | 'line' | 'subtotal' | 'total';
  label: string;
}

/** Headings, subtotals and totals print in bold. */
export const isStrong = (line: StatementLine) => line.style !== 'line';

/** An amount column (empty where `amount` is null): R$ on screen and in the PDF, a number in the CSV. */
export function moneyColumn<Row>(
  header: string,
  amount: (row: Row) => number | null,
  pdfWidth = 1.6,
): ReportColumn<Row> {
  return {
    header,
    value: (row) => {
      const cents = amount(row);
      return cents === null ? '' : formatMoney(cents);
    },
    pdfWidth,
    align: 'right',
    csv: {
      header: `${header} (R$)`,
      value: (row) => {
        const cents = amount(row);
        return cents === null ? '' : csvAmount(cents);
      },
      numeric: true,
    },
  };
}

/** A statement line's amount; none on a heading. */
export const lineAmount =
  <Row extends StatementLine>(amount: (row: Row) => number) =>
  (row: Row) =>
    row.style === 'heading' ? null : amount(row);

/** The label column of a statement. */
export function labelColumn<Row extends StatementLine>(header: string): ReportColumn<Row> {
  return { header, value: (row) => row.label, pdfWidth: 4 };
}

/**
 * The account a category reports under (since the plano de contas grew out of the categories, a
 * category is its leaf: migration 0043) with its code, its kind (the side of a statement), and
 * its group: the account right above it (3.1 Dízimos e ofertas).
 */
export interface LedgerAccount {
  key: string;
  code: string | null;
  name: string;
  /** The category's kind: which side of a statement it belongs to. */
  kind: 'income' | 'expense';
  group: { key: string; code: string | null; name: string };
}

export async function ledgerAccounts(
  db: Kysely<Database>,
  categoryIds: number[],
): Promise<Map<number, LedgerAccount>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('finance_categories as account')
    .leftJoin('finance_categories as parent', 'parent.id', 'account.parent_id')
    .select([
      'account.id',
      'account.code',
      'account.name',
      'account.kind',
      'parent.id as parent_id',
      'parent.code as parent_code',
      'parent.name as parent_name',
    ])
    .where('account.id', 'in', categoryIds)
    .execute();
  return new Map(
    rows.map((row) => {
      const kind = row.kind === 'income' ? ('income' as const) : ('expense' as const);
      return [
        row.id,
        {
          key: `account:${row.id}`,
          code: row.code,
          name: row.name,
          kind,
          group:
            row.parent_id === null
              ? { key: kind, code: null, name: kind === 'income' ? 'Receitas' : 'Despesas' }
              : { key: `account:${row.parent_id}`, code: row.parent_code, name: row.parent_name! },
        },
      ];
    }),
  );
}

/** Chart order: by code, segment by segment (3.2 before 3.10), then by name. */
export const byCode = (
  a: { code: string | null; name: string },
  b: { code: string | null; name: string },
) => (a.code && b.code ? compareCodes(a.code, b.code) : 0) || a.name.localeCompare(b.name, 'pt-BR');

/** An account as a statement names it: "3.1.01 Dízimos", or its name alone. */
export const accountLabel = (account: { code: string | null; name: string }) =>
  account.code ? `${account.code} ${account.name}` : account.name;

/** Lines numbered in order (the screen's rows need ids). */
export function numbered<Line extends Omit<StatementLine, 'id'>>(lines: Line[]) {
  return lines.map((line, index) => ({ ...line, id: index + 1 }));
}

/**
 * A statement of a period (the DRP, the DFC): the period filter (also as plain parameters), all
 * its lines at once, the label column first and the basis's column last in the CSV, headings and
 * totals in bold.
 */
export function periodStatement<Line extends StatementLine>(spec: {
  key: ReportKey;
  /** The file's name before the period (`fluxo-de-caixa`). */
  file: string;
  basis: keyof typeof BASIS;
  lines(context: ReportContext, filter: PeriodFilter): Promise<Line[]>;
  label: string;
  amounts(filter: PeriodFilter): ReportColumn<Line>[];
  title: string;
  subtitle(filter: PeriodFilter): string;
  empty: string;
}): ReportDefinition<PeriodFilter, Line> {
  return {
    key: spec.key,
    filename: (filter) => `${spec.file}-${filter.from}-a-${filter.to}`,
    plainFilters: STATEMENT_PARAMETERS,
    parseFilter(raw, today) {
      assertKnownFilters(raw, ['from', 'to']);
      return periodFilter(raw, today);
    },
    ...wholeTable(spec.lines),
    columns: (filter) => [
      labelColumn(spec.label),
      ...spec.amounts(filter),
      basisColumn(spec.basis),
    ],
    title: () => spec.title,
    subtitle: (filter) => spec.subtitle(filter),
    empty: spec.empty,
    strong: isStrong,
    counted: false,
  };
}
