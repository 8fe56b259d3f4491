// /api/registrations: the secretary's review of self-registrations (members with status
// "pending"). Approve makes the member active, with its position and admission date; reject deletes the registration, since a person
// who did not become a member should not leave sensitive data behind (LGPD art. 16).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { registrationApprovalSchema } from '../../../domain/registration.js';
import { bodyAfterLookup, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { actorOf } from '../../audit/trail.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import {
  REGISTRATION_SORTS,
  approveRegistration,
  listPendingRegistrations,
  rejectRegistration,
} from './registrationReview.js';
import { registrationsAnswer } from './responses.js';

export async function registrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('registrations');

  app.get(
    '/api/registrations',
    {
      config: { access: access.read },
      schema: { querystring: listQuery, response: { 200: registrationsAnswer } },
    },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(REGISTRATION_SORTS),
        defaultSort: { field: 'created_at', order: 'desc' },
      });
      const { rows, total } = await listPendingRegistrations(
        db,
        params,
        viewOf(request),
        rightsOf(request),
      );
      return sendList(reply, 'registrations', params.range.offset, rows, total);
    },
  );

  app.post(
    '/api/registrations/:id/approve',
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyAfterLookup(registrationApprovalSchema) },
    },
    async (request) => approveRegistration(db, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/registrations/:id/reject',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => rejectRegistration(db, request.params.id, actorOf(request)),
  );
}
