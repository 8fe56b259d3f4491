// /api/self_updates and /api/members/{id}/self_updates: the secretary's side of the member's
// self-update (issue 28) — links made, listed and revoked from the member's page, the pending
// submissions reviewed — and the church's settings (/api/church/self_update, admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../../domain/access.js';
import { resourceByApi } from '../../../domain/resources.js';
import { selfUpdateEmailSchema, selfUpdateSettingsSchema } from '../../../domain/selfUpdate.js';
import { actorOf } from '../../audit/trail.js';
import { originOf } from '../../http/origin.js';
import { bodyOf, idParams, listQuery } from '../../http/schemas.js';
import { viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import {
  createSelfUpdateLink,
  emailSelfUpdateLink,
  memberSelfUpdateLinks,
  revokeSelfUpdateLink,
} from './links.js';
import {
  SELF_UPDATE_SORTS,
  approveSelfUpdate,
  listPendingSelfUpdates,
  rejectSelfUpdate,
} from './review.js';
import { readSelfUpdateSettings, saveSelfUpdateSettings } from './settings.js';

export async function selfUpdatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('self_updates');

  app.get(
    '/api/self_updates',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(SELF_UPDATE_SORTS),
        defaultSort: { field: 'submitted_at', order: 'asc' },
      });
      const { rows, total } = await listPendingSelfUpdates(db, params, viewOf(request));
      return sendList(reply, 'self_updates', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/members/:id/self_updates',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => memberSelfUpdateLinks(db, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/members/:id/self_updates',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request, reply) => {
      const link = await createSelfUpdateLink(db, request.params.id, {
        actor: actorOf(request),
        origin: originOf(request),
      });
      reply.code(201);
      return link;
    },
  );

  app.post(
    '/api/self_updates/:id/email',
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(selfUpdateEmailSchema) },
    },
    async (request) =>
      emailSelfUpdateLink(db, dialect, request.params.id, request.body.token, {
        actor: actorOf(request),
        origin: originOf(request),
      }),
  );

  app.post(
    '/api/self_updates/:id/revoke',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => revokeSelfUpdateLink(db, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/self_updates/:id/approve',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => approveSelfUpdate(db, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/self_updates/:id/reject',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => rejectSelfUpdate(db, request.params.id, actorOf(request)),
  );

  // The church's settings: the whole church's, kept by its admins (like the two-factor policy).
  app.get('/api/church/self_update', { config: { access: ADMIN_ONLY } }, async () =>
    readSelfUpdateSettings(db),
  );

  app.put(
    '/api/church/self_update',
    { config: { access: ADMIN_ONLY }, schema: { body: bodyOf(selfUpdateSettingsSchema) } },
    async (request) => saveSelfUpdateSettings(db, request.body, actorOf(request)),
  );
}
