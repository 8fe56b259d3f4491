// One shape for every report: a filter parsed from the simple-rest `filter` parameter, a page
// for the screen, and every row in keyset batches for the CSV (streamed) and the PDF, described
// by one list of columns. Every report follows the view (issue 12): the congregations the user
// sees through the app bar's selection, narrowed by the report's own `congregation_id` filter.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { isIsoDate } from '../../../domain/dates.js';
import type { ReportKey } from '../../../domain/reports.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { keysetBatches, keysetSegment, seek } from '../../db/keyset.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import { type PdfColumn, reportPdf } from '../../pdf/report.js';
import { congregationsInView } from './congregations.js';
import { totalAfterPage } from '../../http/listFilters.js';

/** Rows a CSV may carry; a PDF stops earlier (a printed list of thousands of pages helps nobody). */
export const CSV_LIMIT = 250_000;
export const PDF_LIMIT = 5_000;

export interface ReportColumn<Row> {
  header: string;
  value(row: Row, today: string): string;
  /** Share of the PDF table's width; omitted: CSV only. */
  pdfWidth?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * The CSV's own cell, when it differs from the screen's and the PDF's: an amount as a number
   * the sheet sums ('Saldo (R$)': -1234,56) instead of 'R$ -1.234,56'.
   */
  csv?: { header: string; value(row: Row): string; numeric: true };
}

export interface ReportContext {
  db: Kysely<Database>;
  dialect: DialectHelpers;
  today: string;
  /**
   * The congregations the report covers: the request's view (viewOf) narrowed by the filter
   * `congregation_id`; null = the whole church. Every query of a report goes through it.
   */
  scope: Scope;
}

export interface ReportDefinition<Filter, Row> {
  key: ReportKey;
  /**
   * File name of the exports, without extension, after what they contain (the month, the
   * period, the day of a snapshot) — never the day they were made, unless that is the content.
   */
  filename(filter: Filter, today: string): string;
  parseFilter(raw: Record<string, unknown>, today: string): Filter;
  /** Filters also taken as plain query parameters (?from=…&to=…), besides `filter`. */
  plainFilters?: readonly string[];
  page(
    context: ReportContext,
    filter: Filter,
    range: { offset: number; limit: number },
  ): Promise<{ rows: Row[]; total: number }>;
  /** Every row, in page order, up to `limit`, a batch at a time (server/db/keyset.ts). */
  batches(context: ReportContext, filter: Filter, limit: number): AsyncIterable<Row[]>;
  /** The columns; a function when they depend on the filter (one per month of a period). */
  columns: ReportColumn<Row>[] | ((filter: Filter) => ReportColumn<Row>[]);
  title(filter: Filter): string;
  /** The filters in words, under the PDF's title. */
  subtitle(filter: Filter, today: string): string;
  /** What the filters name, read from the database (the account of a livro caixa), in words. */
  describe?(context: ReportContext, filter: Filter): Promise<string>;
  empty: string;
  layout?: 'portrait' | 'landscape';
  /** Rows the PDF prints in bold (a statement's headings and totals). */
  strong?(row: Row): boolean;
  /** false: the PDF does not count the rows (a statement's lines are no records). */
  counted?: boolean;
}

/** The columns of `report` for `filter`. */
export function columnsOf<Filter, Row>(
  report: ReportDefinition<Filter, Row>,
  filter: Filter,
): ReportColumn<Row>[] {
  return typeof report.columns === 'function' ? report.columns(filter) : report.columns;
}

/** Each batch of keys (ids and sort keys, read from an index) as the rows `load` reads for it. */
export async function* loaded<Key, Row>(
  keys: AsyncIterable<Key[]>,
  load: (batch: Key[]) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  for await (const batch of keys) yield await load(batch);
}

/**
 * `page` and `batches` of a report of members read in one index order (`order`, ascending): the
 * ids of a page or a batch from the index alone, then their rows by id (`rows`, in that order);
 * the page's total is the capped count of the same query, unless the page ended it.
 */
export function membersInIndexOrder<Filter, Key extends { id: number }, Row>(spec: {
  keys(context: ReportContext, filter: Filter): SelectQueryBuilder<Database, 'members', Key>;
  order: readonly string[];
  /** The values of `order`'s columns in a key. */
  sortKey(key: Key): readonly unknown[];
  rows(context: ReportContext, ids: number[]): Promise<Row[]>;
}): Pick<ReportDefinition<Filter, Row>, 'page' | 'batches'> {
  const ids = (keys: Key[]) => keys.map((key) => key.id);
  return {
    async page(context, filter, range) {
      const keys = spec.keys(context, filter);
      const page = ids(
        (await seek(keys, spec.order, 'asc', undefined, range.limit)
          .offset(range.offset)
          .execute()) as Key[],
      );
      const [rows, total] = await Promise.all([
        spec.rows(context, page),
        totalAfterPage(context.db, keys, range, page.length),
      ]);
      return { rows, total };
    },
    batches: (context, filter, limit) =>
      loaded(
        keysetBatches(
          [keysetSegment(spec.keys(context, filter), spec.order, 'asc', spec.sortKey)],
          limit,
        ),
        (batch) => spec.rows(context, ids(batch)),
      ),
  };
}

/** Every row of `batches`, in order. */
export async function collect<Row>(batches: AsyncIterable<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

export function integerFilter(
  raw: Record<string, unknown>,
  key: string,
  { min, max }: { min: number; max: number },
): number | undefined {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw badRequest(`Filtro ${key} inválido: use um número de ${min} a ${max}.`);
  }
  return number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month filter (YYYY-MM, the month 01 to 12), or `fallback` when absent. */
export function monthFilter(raw: Record<string, unknown>, key: string, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !MONTH.test(value))
    throw badRequest(`Filtro ${key} inválido: use AAAA-MM.`);
  return value;
}

function dateFilter(raw: Record<string, unknown>, key: string, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  if (!isIsoDate(value)) throw badRequest(`Filtro ${key} inválido: use AAAA-MM-DD.`);
  return value;
}

/** A period filter (date_gte, date_lte; by default the year so far), the only filters taken. */
export function periodFilter(raw: Record<string, unknown>, today: string) {
  assertKnownFilters(raw, ['date_gte', 'date_lte']);
  const from = dateFilter(raw, 'date_gte', `${today.slice(0, 4)}-01-01`);
  const to = dateFilter(raw, 'date_lte', today);
  if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
  return { from, to };
}

export function assertKnownFilters(raw: Record<string, unknown>, known: string[]) {
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
}

/** The columns the PDF prints (those with a width), as the printed table takes them. */
export function pdfColumns<Filter, Row>(
  report: ReportDefinition<Filter, Row>,
  filter: Filter,
  today: string,
): PdfColumn<Row>[] {
  return columnsOf(report, filter)
    .filter((column) => column.pdfWidth !== undefined)
    .map((column) => ({
      header: column.header,
      width: column.pdfWidth!,
      align: column.align,
      value: (row: Row) => column.value(row, today),
    }));
}

/** The report as a printed list (PDF); refused when longer than PDF_LIMIT rows. */
export async function reportDocument<Filter, Row>(
  report: ReportDefinition<Filter, Row>,
  context: ReportContext,
  filter: Filter,
) {
  const { db, today } = context;
  const rows = await collect(report.batches(context, filter, PDF_LIMIT + 1));
  if (rows.length > PDF_LIMIT) {
    throw badRequest(
      `O relatório tem mais de ${PDF_LIMIT.toLocaleString('pt-BR')} linhas: refine os filtros ou use a planilha (CSV).`,
    );
  }
  return reportPdf({
    church: await db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    title: report.title(filter),
    subtitle: [
      await report.describe?.(context, filter),
      report.subtitle(filter, today),
      await scopeText(context),
    ]
      .filter(Boolean)
      .join(' '),
    columns: pdfColumns(report, filter, today),
    rows,
    layout: report.layout,
    empty: report.empty,
    strong: report.strong,
    counted: report.counted,
  });
}

/** The congregations a report covers, in words, for the PDF ('' for the whole church). */
export async function scopeText({ db, scope }: ReportContext): Promise<string> {
  if (scope === null) return '';
  const names = (await congregationsInView(db, scope)).map((congregation) => congregation.name);
  if (names.length === 0) return 'Nenhuma congregação.';
  return `${names.length === 1 ? 'Congregação' : 'Congregações'}: ${names.join(', ')}.`;
}
