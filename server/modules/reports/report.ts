// One shape for every report: a filter parsed from the simple-rest `filter` parameter, a page
// for the screen, and every row in keyset batches for the CSV (streamed) and the PDF, described
// by one list of columns.
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { type ReportKey, reportAccess, reportByKey } from '../../../domain/reports.js';
import { cappedCount } from '../../db/count.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { keysetBatches, keysetSegment, seek } from '../../db/keyset.js';
import type { ChurchTable, Database } from '../../db/schema.js';
import { sendCsv } from '../../http/csv.js';
import { badRequest } from '../../plugins/errors.js';
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
  /** Every row, in page order, up to `limit`, a batch at a time (server/db/keyset.ts). */
  batches(context: ReportContext, filter: Filter, limit: number): AsyncIterable<Row[]>;
  columns: ReportColumn<Row>[];
  title(filter: Filter): string;
  /** The filters in words, under the PDF's title. */
  subtitle(filter: Filter, today: string): string;
  empty: string;
  layout?: 'portrait' | 'landscape';
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
 * the page's total is the capped count of the same query.
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
      const [rows, total] = await Promise.all([
        seek(keys, spec.order, 'asc', undefined, range.limit)
          .offset(range.offset)
          .execute()
          .then((page) => spec.rows(context, ids(page as Key[]))),
        cappedCount(context.db, keys),
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
async function collect<Row>(batches: AsyncIterable<Row[]>): Promise<Row[]> {
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
    return sendCsv(
      reply,
      `${report.filename}.csv`,
      report.columns.map((column) => ({
        header: column.header,
        value: (row: Row) => column.value(row, day),
      })),
      report.batches({ db, dialect, today: day }, filter, CSV_LIMIT),
    );
  });

  app.get(`${url}/pdf`, { config: { access } }, async (request, reply) => {
    const { filter, day } = filterOf(request.query);
    const rows = await collect(report.batches({ db, dialect, today: day }, filter, PDF_LIMIT + 1));
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
