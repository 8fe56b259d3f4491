// /api/reports/*: the reports of /relatorios, each as a page, CSV and PDF, with the access of its
// screen (domain/reports.ts), covering the request's view narrowed by `congregation_id`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIso } from '../../../domain/dates.js';
import { reportAccess, reportByKey } from '../../../domain/reports.js';
import { sendCsv } from '../../http/csv.js';
import { viewOf } from '../../http/scope.js';
import { listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { actorOf, audit } from '../../audit/trail.js';
import { birthdaysReport } from './birthdays.js';
import { childrenReport } from './children.js';
import { expiringCredentialsReport } from './expiringCredentials.js';
import { issuedLettersReport } from './issuedLetters.js';
import { membersWithoutCredentialsReport } from './membersWithoutCredentials.js';
import { financeByCongregationReport } from './financeByCongregation.js';
import { membersByCongregationReport } from './membersByCongregation.js';
import { newMembersByMonthReport } from './newMembersByMonth.js';
import { tithersReport } from './tithers.js';
import { trialBalanceReport } from './trialBalance.js';
import { fundsReport } from './funds.js';
import { churchLifeReport } from './churchLife.js';
import { ebdSummaryReport } from './ebdSummary.js';
import { budgetReport } from './budget.js';
import { repassesReport } from './repasses.js';
import { reportScope } from '../../http/congregationScope.js';
import { cashBookReport } from './cashBook.js';
import { cashFlowReport } from './cashFlow.js';
import { statementOfActivitiesReport } from './statementOfActivities.js';
import { monthlyPack, monthlyPackDocument, monthlyPackJson, packRequest } from './monthlyPack.js';
import { resourceByApi } from '../../../domain/resources.js';
import {
  CSV_LIMIT,
  type ReportContext,
  type ReportDefinition,
  columnsOf,
  reportDocument,
} from './report.js';

// Each report has one order (calendar, expiry, name, newest): a list's sort is ignored. A report
// that lists `plainFilters` also takes those as plain parameters (?account_id=3&from=2026-10-01),
// joined to `filter` (whose own keys win); any other parameter is ignored, as before.
const reportQuery = listQuery.omit({ sort: true }).catchall(z.string());

/** The simple-rest parameters, with the plain filters `known` merged into `filter`. */
function withPlainFilters(query: z.output<typeof reportQuery>, known: readonly string[]) {
  const { filter, range } = query;
  const plain = Object.fromEntries(Object.entries(query).filter(([key]) => known.includes(key)));
  if (Object.keys(plain).length === 0) return { filter, range };
  let given: unknown = {};
  try {
    given = filter === undefined ? {} : JSON.parse(filter);
  } catch {
    return { range, filter }; // parseListParams answers the 400
  }
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return { range, filter };
  return { range, filter: JSON.stringify({ ...plain, ...given }) };
}

/** GET /api/<report>, /api/<report>/csv and /api/<report>/pdf, with the report's access. */
function reportRoutes<Filter, Row>(
  fastify: FastifyInstance,
  report: ReportDefinition<Filter, Row>,
  today: () => string,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const url = `/api/${reportByKey(report.key).api}`;
  const access = reportAccess(report.key);
  const filterOf = async (request: FastifyRequest, query: z.output<typeof reportQuery>) => {
    const params = parseListParams(withPlainFilters(query, report.plainFilters ?? []), {
      sortable: [],
      defaultSort: { field: 'default', order: 'asc' },
    });
    const day = today();
    const { congregation_id, include_subtree, ...raw } = params.filter;
    const context: ReportContext = {
      db,
      dialect,
      today: day,
      scope: await reportScope(db, viewOf(request), { congregation_id, include_subtree }),
    };
    return { ...params, day, context, filter: report.parseFilter(raw, day) };
  };
  const schema = { querystring: reportQuery };

  app.get(url, { config: { access }, schema }, async (request, reply) => {
    const { range, filter, context } = await filterOf(request, request.query);
    const { rows, total } = await report.page(context, filter, range);
    return sendList(reply, report.key, range.offset, rows, total);
  });

  /** Who took which report, with which filter (and how many rows, for a CSV). */
  const taken = (
    request: FastifyRequest,
    action: 'export' | 'pdf',
    file: string,
    details: Record<string, unknown>,
  ) =>
    audit(db, actorOf(request), {
      action,
      resource: 'reports',
      record_id: null,
      details: { report: report.key, file, ...details },
    });

  app.get(`${url}/csv`, { config: { access }, schema }, async (request, reply) => {
    const { filter, day, context } = await filterOf(request, request.query);
    const file = `${report.filename(filter, day)}.csv`;
    return sendCsv(
      reply,
      file,
      columnsOf(report, filter).map((column) =>
        column.csv
          ? column.csv
          : { header: column.header, value: (row: Row) => column.value(row, day) },
      ),
      report.batches(context, filter, CSV_LIMIT),
      (rows) => taken(request, 'export', file, { filter, rows }),
    );
  });

  app.get(`${url}/pdf`, { config: { access }, schema }, async (request, reply) => {
    const { filter, day, context } = await filterOf(request, request.query);
    const pdf = await reportDocument(report, context, filter);
    const file = `${report.filename(filter, day)}.pdf`;
    await taken(request, 'pdf', file, { filter });
    reply.headers(pdfHeaders(file));
    return pdf;
  });
}

const packQuery = z
  .object({
    month: z.string().optional().meta({ description: 'Mês: AAAA-MM.' }),
    format: z.string().optional().meta({ description: 'pdf (padrão) ou json.' }),
    congregation_id: z.string().optional(),
    include_subtree: z.string().optional(),
  })
  .catchall(z.string());

/**
 * GET /api/reports/finance/monthly_pack?month=AAAA-MM&format=pdf|json (issue 27): the prestação
 * de contas of a month for the view narrowed by `congregation_id` (with `include_subtree`), read
 * by whoever reads the months closed (the screen /financeiro/prestacao-de-contas), audited.
 */
function monthlyPackRoute(fastify: FastifyInstance, today: () => string) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('finance/periods').read;
  app.get(
    '/api/reports/finance/monthly_pack',
    { config: { access }, schema: { querystring: packQuery } },
    async (request, reply) => {
      const view = viewOf(request);
      const { format, ...pack } = await packRequest(db, view, request.query);
      const scope = await reportScope(db, view, {
        congregation_id: request.query.congregation_id,
        include_subtree: request.query.include_subtree,
      });
      const assembled = await monthlyPack({ db, dialect, today: today(), scope }, pack);
      const file = `prestacao-de-contas-${pack.month}.${format}`;
      const details = {
        report: 'monthly_pack',
        file,
        filter: {
          month: pack.month,
          congregation_id: pack.requested,
          include_subtree: pack.subtree,
        },
      };
      const body =
        format === 'json' ? await monthlyPackJson(assembled) : await monthlyPackDocument(assembled);
      await audit(db, actorOf(request), {
        action: format === 'json' ? 'export' : 'pdf',
        resource: 'reports',
        record_id: null,
        details,
      });
      if (format === 'pdf') reply.headers(pdfHeaders(file));
      return body;
    },
  );
}

export async function reportsRoutes(app: FastifyInstance) {
  monthlyPackRoute(app, todayIso);
  reportRoutes(app, birthdaysReport, todayIso);
  reportRoutes(app, expiringCredentialsReport, todayIso);
  reportRoutes(app, membersWithoutCredentialsReport, todayIso);
  reportRoutes(app, issuedLettersReport, todayIso);
  reportRoutes(app, membersByCongregationReport, todayIso);
  reportRoutes(app, newMembersByMonthReport, todayIso);
  reportRoutes(app, financeByCongregationReport, todayIso);
  reportRoutes(app, tithersReport, todayIso);
  reportRoutes(app, trialBalanceReport, todayIso);
  reportRoutes(app, fundsReport, todayIso);
  reportRoutes(app, churchLifeReport, todayIso);
  reportRoutes(app, ebdSummaryReport, todayIso);
  reportRoutes(app, budgetReport, todayIso);
  reportRoutes(app, repassesReport, todayIso);
  reportRoutes(app, cashBookReport, todayIso);
  reportRoutes(app, cashFlowReport, todayIso);
  reportRoutes(app, statementOfActivitiesReport, todayIso);
  reportRoutes(app, childrenReport, todayIso);
}
