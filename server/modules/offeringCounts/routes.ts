// /api/offering_counts: the count of a culto's offering (issue 25), its closing into incomes,
// adjusting counts, the deposit and the termo de contagem PDF. The rules in countService.ts and
// closing.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closeCountSchema,
  countDepositSchema,
  offeringCountSchema,
} from '../../../domain/finance/offeringCounts.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { actorOf } from '../../audit/trail.js';
import { closingService } from './closing.js';
import { COUNT_SORTS, countService } from './countService.js';

export async function offeringCountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('offering_counts');
  const url = '/api/offering_counts';
  const counts = countService(db, dialect);
  const closing = closingService(db, dialect);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: COUNT_SORTS,
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { rows, total } = await counts.list(params, viewOf(request));
      return sendList(reply, 'offering_counts', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => counts.find(request.params.id, rightsOf(request)),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(offeringCountSchema) } },
    async (request, reply) => {
      const record = await counts.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(offeringCountSchema) },
    },
    async (request) => counts.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => counts.remove(actorOf(request), request.params.id),
  );

  // The counters confirmed: the count becomes its incomes, in one transaction, for good.
  app.post(
    `${url}/:id/close`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(closeCountSchema) },
    },
    async (request) => closing.close(actorOf(request), request.params.id),
  );

  // A correction of a closed count: a new count whose lines are the difference.
  app.post(
    `${url}/:id/adjust`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request, reply) => {
      const record = await closing.adjust(actorOf(request), request.params.id);
      reply.code(201);
      return record;
    },
  );

  app.post(
    `${url}/:id/deposit`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(countDepositSchema) },
    },
    async (request) => closing.deposit(actorOf(request), request.params.id, request.body),
  );

  app.get(
    `${url}/:id/pdf`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request, reply) => {
      const { file, pdf } = await counts.termo(
        actorOf(request),
        request.params.id,
        rightsOf(request),
      );
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );
}
