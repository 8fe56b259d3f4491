// /api/reports/*: the reports of /relatorios, each as a page, CSV and PDF, with the access of its
// screen (domain/reports.ts), covering the request's view narrowed by `congregation_id`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { todayIso } from '../../../domain/dates.js';
import { reportAccess, reportByKey } from '../../../domain/reports.js';
import { sendCsv } from '../../http/csv.js';
import { viewOf } from '../../http/scope.js';
import { listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { birthdaysReport } from './birthdays.js';
import { expiringCredentialsReport } from './expiringCredentials.js';
import { issuedLettersReport } from './issuedLetters.js';
import { membersWithoutCredentialsReport } from './membersWithoutCredentials.js';
import { financeByCongregationReport } from './financeByCongregation.js';
import { membersByCongregationReport } from './membersByCongregation.js';
import { newMembersByMonthReport } from './newMembersByMonth.js';
import {
  CSV_LIMIT,
  type ReportContext,
  type ReportDefinition,
  columnsOf,
  congregationFilter,
  narrowScope,
  reportDocument,
} from './report.js';

// Each report has one order (calendar, expiry, name, newest): a list's sort is ignored.
const reportQuery = listQuery.omit({ sort: true });

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
  const filterOf = (request: FastifyRequest, query: z.output<typeof reportQuery>) => {
    const params = parseListParams(query, {
      sortable: [],
      defaultSort: { field: 'default', order: 'asc' },
    });
    const day = today();
    const { congregation_id, ...raw } = params.filter;
    const context: ReportContext = {
      db,
      dialect,
      today: day,
      scope: narrowScope(viewOf(request), congregationFilter(congregation_id)),
    };
    return { ...params, day, context, filter: report.parseFilter(raw, day) };
  };
  const schema = { querystring: reportQuery };

  app.get(url, { config: { access }, schema }, async (request, reply) => {
    const { range, filter, context } = filterOf(request, request.query);
    const { rows, total } = await report.page(context, filter, range);
    return sendList(reply, report.key, range.offset, rows, total);
  });

  app.get(`${url}/csv`, { config: { access }, schema }, async (request, reply) => {
    const { filter, day, context } = filterOf(request, request.query);
    return sendCsv(
      reply,
      `${report.filename(filter, day)}.csv`,
      columnsOf(report, filter).map((column) =>
        column.csv
          ? column.csv
          : { header: column.header, value: (row: Row) => column.value(row, day) },
      ),
      report.batches(context, filter, CSV_LIMIT),
    );
  });

  app.get(`${url}/pdf`, { config: { access }, schema }, async (request, reply) => {
    const { filter, day, context } = filterOf(request, request.query);
    const pdf = await reportDocument(report, context, filter);
    reply.headers(pdfHeaders(`${report.filename(filter, day)}.pdf`));
    return pdf;
  });
}

export async function reportsRoutes(app: FastifyInstance) {
  reportRoutes(app, birthdaysReport, todayIso);
  reportRoutes(app, expiringCredentialsReport, todayIso);
  reportRoutes(app, membersWithoutCredentialsReport, todayIso);
  reportRoutes(app, issuedLettersReport, todayIso);
  reportRoutes(app, membersByCongregationReport, todayIso);
  reportRoutes(app, newMembersByMonthReport, todayIso);
  reportRoutes(app, financeByCongregationReport, todayIso);
}
