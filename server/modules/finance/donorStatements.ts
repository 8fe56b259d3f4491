// /api/donors/{id}/statement and /api/donors/statements: the annual statement of gifts
// (informe anual de contribuições) of one donor, as PDF or JSON, and of every donor of a year in
// one PDF, a page each, streamed; the rules in donorStatementService.ts. Audited as PDFs and
// exports are.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams } from '../../http/schemas.js';
import { viewOf } from '../../http/scope.js';
import { actorOf, audit } from '../../audit/trail.js';
import { pdfHeaders } from '../../pdf/document.js';
import { donorStatementPdf, donorStatementsStream } from '../../pdf/donorStatement.js';
import { donorStatementService } from './donorStatementService.js';

const year = z
  .string()
  .regex(/^(19|20)\d{2}$/)
  .transform(Number)
  .meta({ description: 'O ano (AAAA).' });

const statementQuery = z.object({
  year,
  format: z.enum(['pdf', 'json']).optional().meta({ description: 'pdf (padrão) ou json.' }),
});

export async function donorStatementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('donors');
  const { db } = app.database;
  const statements = donorStatementService(db);
  const church = () =>
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  app.get(
    '/api/donors/:id/statement',
    { config: { access: access.read }, schema: { params: idParams, querystring: statementQuery } },
    async (request, reply) => {
      const { year: wanted, format = 'pdf' } = request.query;
      const statement = await statements.one(request.params.id, wanted, viewOf(request));
      const file = `informe-${wanted}-${statement.donor.id}.${format}`;
      await audit(db, actorOf(request), {
        action: format === 'pdf' ? 'pdf' : 'export',
        resource: 'donors',
        record_id: statement.donor.id,
        details: { file, year: wanted, rows: statement.incomes.length },
      });
      if (format === 'json') return statement;
      reply.headers(pdfHeaders(file));
      return donorStatementPdf(await church(), statement);
    },
  );

  app.get(
    '/api/donors/statements',
    { config: { access: access.read }, schema: { querystring: z.object({ year }) } },
    async (request, reply) => {
      const view = viewOf(request);
      const wanted = request.query.year;
      await statements.ensureAny(wanted, view);
      const file = `informes-${wanted}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'donors',
        record_id: null,
        details: { file, year: wanted },
      });
      reply.headers(pdfHeaders(file));
      return donorStatementsStream(await church(), wanted, statements.all(wanted, view));
    },
  );
}
