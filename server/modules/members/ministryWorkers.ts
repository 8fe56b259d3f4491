// /api/ministry_workers: members whose position is ministerial (read-only view).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { listQuery } from '../../http/schemas.js';
import { viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { memberReader, projectMinistryWorker, readerListParams } from './projection.js';
import { MEMBER_ANSWERS, answerMembersAs } from './responses.js';
import { MINISTRY_WORKER_SORTS, listMinistryWorkers } from './repository.js';

export async function ministryWorkersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('ministry_workers');

  app.get(
    '/api/ministry_workers',
    {
      config: { access: access.read },
      schema: {
        querystring: listQuery,
        response: { 200: MEMBER_ANSWERS.ministryWorkers.declared },
      },
    },
    async (request, reply) => {
      const reader = await memberReader(request, db);
      const params = readerListParams(
        reader,
        parseListParams(request.query, {
          sortable: Object.keys(MINISTRY_WORKER_SORTS),
          defaultSort: { field: 'name', order: 'asc' },
        }),
      );
      const { rows, total } = await listMinistryWorkers(db, dialect, params, viewOf(request));
      const shown = rows.map((row) => projectMinistryWorker(reader, row));
      answerMembersAs(reply, reader, MEMBER_ANSWERS.ministryWorkers);
      return sendList(reply, 'ministry_workers', params.range.offset, shown, total);
    },
  );
}
