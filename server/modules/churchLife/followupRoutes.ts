// Consolidação (issue 26): /api/followup_stages (the church's pipeline), /api/followups (the
// steps: "Minhas tarefas", the overdue list, a step handed over or closed) and the start of a
// visitor's pipeline. Secretary access, inside the user's congregations (the visitor's).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../domain/fields.js';
import { followupChangeSchema, followupCloseSchema } from '../../../domain/followups.js';
import { resourceByApi } from '../../../domain/resources.js';
import { actorOf } from '../../audit/trail.js';
import { bodyAfterLookup, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { smallTableRoutes } from '../../http/smallTable.js';
import { followupStagesTable } from './followupStages.js';
import {
  FOLLOWUP_SORTS,
  changeFollowup,
  closeFollowup,
  followupOwners,
  listFollowups,
  loadFollowup,
  startVisitorFollowups,
} from './followups.js';
import { loadVisitor } from './visitors.js';

// Within the id columns' range, like every record id (PostgreSQL refuses 2^32 as an integer).
const ownersQuery = z.object({
  visitor_id: z.coerce
    .number({ error: 'Visitante inválido.' })
    .pipe(recordId('Visitante inválido.')),
});

export function followupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  smallTableRoutes(app, followupStagesTable);

  const followups = resourceByApi('followups');
  app.get(
    '/api/followups',
    { config: { access: followups.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: FOLLOWUP_SORTS,
        defaultSort: { field: 'due_on', order: 'asc' },
      });
      const { page, total } = await listFollowups(
        db,
        params,
        viewOf(request),
        request.user?.id ?? null,
      );
      return sendList(reply, 'followups', params.range.offset, page, total);
    },
  );

  // Who may own a visitor's steps: active users with secretary access in its congregation.
  app.get(
    '/api/followups/owners',
    { config: { access: followups.write }, schema: { querystring: ownersQuery } },
    async (request) => {
      const visitor = await loadVisitor(db, request.query.visitor_id, rightsOf(request));
      return followupOwners(db, visitor.congregation_id);
    },
  );

  app.get(
    '/api/followups/:id',
    { config: { access: followups.read }, schema: { params: idParams } },
    async (request) => loadFollowup(db, request.params.id, rightsOf(request)),
  );

  app.put(
    '/api/followups/:id',
    {
      config: { access: followups.write },
      schema: { params: idParams, body: changesOf(followupChangeSchema) },
    },
    async (request) => changeFollowup(db, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/followups/:id/close',
    {
      config: { access: followups.write },
      schema: { params: idParams, body: bodyAfterLookup(followupCloseSchema) },
    },
    async (request) => closeFollowup(db, request.params.id, request.body, actorOf(request)),
  );

  // For a visitor who consented before the pipeline existed, or after new stages were added.
  app.post(
    '/api/visitors/:id/followups',
    { config: { access: followups.write }, schema: { params: idParams } },
    async (request, reply) => {
      const started = await startVisitorFollowups(db, request.params.id, actorOf(request));
      reply.code(started.created > 0 ? 201 : 200);
      return started;
    },
  );
}
