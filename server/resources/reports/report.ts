// One shape for every report: a filter parsed from the simple-rest `filter` parameter, a page
// for the screen, and all rows for the CSV and the PDF, described by one list of columns.
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { type ReportKey, reportAccess, reportByKey } from '../../../src/domain/reports.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { ChurchTable, Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { reportPdf } from '../../pdf/report.js';

/** Rows a CSV may carry; a PDF stops earlier (a printed list of thousands of pages helps nobody). */
export const CSV_LIMIT = 250_000;
export const PDF_LIMIT = 5_000;

export interface ReportColumn<Row> {
  header: string;
  value(row: Row, today: string): string;
  /** Share of the PDF table's width; omitted: CSV only. */
  pdfWidth?: number;
  align?: 'left' | 'right' | 'center';
}

export interface ReportContext {
  db: Kysely<Database>;
  dialect: DialectHelpers;
  today: string;
}

export interface ReportDefinition<Filter, Row> {
  key: ReportKey;
  /** File name of the exports, without extension. */
  filename: string;
  parseFilter(raw: Record<string, unknown>, today: string): Filter;
  page(
    context: ReportContext,
    filter: Filter,
    range: { offset: number; limit: number },
  ): Promise<{ rows: Row[]; total: number }>;
  /** Every row, in page order, up to `limit`. */
  all(context: ReportContext, filter: Filter, limit: number): Promise<Row[]>;
  columns: ReportColumn<Row>[];
  title(filter: Filter): string;
  /** The filters in words, under the PDF's title. */
  subtitle(filter: Filter, today: string): string;
  empty: string;
  layout?: 'portrait' | 'landscape';
}

function csvCell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Semicolon separated, UTF-8 with BOM, CRLF: what Excel in Portuguese opens as is. */
export function toCsv<Row>(columns: ReportColumn<Row>[], rows: Row[], today: string): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(';')];
  for (const row of rows) {
    lines.push(columns.map((column) => csvCell(column.value(row, today) ?? '')).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every row up to `limit`, read a page at a time (a page's ids fit in one IN list). */
export async function inPages<Row>(
  page: (offset: number, limit: number) => Promise<Row[]>,
  limit: number,
  size = 2000,
): Promise<Row[]> {
  const rows: Row[] = [];
  while (rows.length < limit) {
    const next = await page(rows.length, Math.min(size, limit - rows.length));
    rows.push(...next);
    if (next.length < size) break;
  }
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

export function assertKnownFilters(raw: Record<string, unknown>, known: string[]) {
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
}

async function church(db: Kysely<Database>): Promise<Selectable<ChurchTable>> {
  return db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** GET /api/<report>, /api/<report>/csv and /api/<report>/pdf, with the report's access. */
export function reportRoutes<Filter, Row>(
  app: FastifyInstance,
  report: ReportDefinition<Filter, Row>,
  today: () => string,
) {
  const { db, dialect } = app.database;
  const url = `/api/${reportByKey(report.key).api}`;
  const access = reportAccess(report.key);
  const filterOf = (query: unknown) => {
    // Each report has one order (calendar, expiry, name, newest): a list's sort is ignored.
    const { sort: _sort, ...rest } = query as Record<string, unknown>;
    const params = parseListParams(rest, {
      sortable: [],
      defaultSort: { field: 'default', order: 'asc' },
    });
    const day = today();
    return { ...params, day, filter: report.parseFilter(params.filter, day) };
  };

  app.get(url, { config: { access } }, async (request, reply) => {
    const { range, filter, day } = filterOf(request.query);
    const { rows, total } = await report.page({ db, dialect, today: day }, filter, range);
    return sendList(reply, report.key, range.offset, rows, total);
  });

  app.get(`${url}/csv`, { config: { access } }, async (request, reply) => {
    const { filter, day } = filterOf(request.query);
    const rows = await report.all({ db, dialect, today: day }, filter, CSV_LIMIT);
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${report.filename}.csv"`);
    return toCsv(report.columns, rows, day);
  });

  app.get(`${url}/pdf`, { config: { access } }, async (request, reply) => {
    const { filter, day } = filterOf(request.query);
    const rows = await report.all({ db, dialect, today: day }, filter, PDF_LIMIT + 1);
    if (rows.length > PDF_LIMIT) {
      throw badRequest(
        `O relatório tem mais de ${PDF_LIMIT.toLocaleString('pt-BR')} linhas: refine os filtros ou use a planilha (CSV).`,
      );
    }
    const columns = report.columns.filter((column) => column.pdfWidth !== undefined);
    const pdf = await reportPdf({
      church: await church(db),
      title: report.title(filter),
      subtitle: report.subtitle(filter, day),
      columns: columns.map((column) => ({
        header: column.header,
        width: column.pdfWidth!,
        align: column.align,
        value: (row: Row) => column.value(row, day),
      })),
      rows,
      layout: report.layout,
      empty: report.empty,
    });
    reply.headers(pdfHeaders(`${report.filename}.pdf`));
    return pdf;
  });
}
