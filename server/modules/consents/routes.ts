// LGPD consent (issue 13): /api/consent_versions (the texts; every signed-in user reads, admins
// save a new version), /api/members/{id}/consents (each consent given or revoked; secretary
// access, in the member's congregation) and /api/privacy_requests (the register of the data
// subjects' requests; admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consentActionSchema, consentVersionSchema } from '../../../domain/consents.js';
import { privacyRequestSchema } from '../../../domain/privacyRequests.js';
import { recordIdOf } from '../../../domain/fields.js';
import { resourceByApi } from '../../../domain/resources.js';
import { badRequest } from '../../plugins/errors.js';
import {
  bodyAfterLookup,
  bodyOf,
  fieldsBody,
  idParams,
  listQuery,
  looseBody,
} from '../../http/schemas.js';
import { ensureChurchWide, rightsOf, viewOf } from '../../http/scope.js';
import { actorOf } from '../audit/trail.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { listMemberConsents, recordConsent } from './memberConsents.js';
import {
  REQUEST_SORTS,
  createPrivacyRequest,
  listPrivacyRequests,
  loadPrivacyRequest,
  updatePrivacyRequest,
} from './privacyRequests.js';
import { allVersions, createVersion, loadVersion } from './versions.js';

export async function consentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;

  const versions = resourceByApi('consent_versions');
  // Every version, newest first; the newest has current: true (a church keeps a handful: no
  // paging beyond the protocol's).
  app.get(
    '/api/consent_versions',
    { config: { access: versions.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: ['version'],
        defaultSort: { field: 'version', order: 'desc' },
      });
      const unknown = Object.keys(params.filter).filter((key) => key !== 'id');
      if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
      let rows = await allVersions(db);
      if (params.filter.id !== undefined) {
        const ids = [params.filter.id].flat().map(recordIdOf);
        rows = rows.filter((row) => ids.includes(row.id));
      }
      if (params.sort.order === 'asc') rows.reverse();
      const page = rows.slice(params.range.offset, params.range.offset + params.range.limit);
      return sendList(reply, 'consent_versions', params.range.offset, page, rows.length);
    },
  );

  app.get(
    '/api/consent_versions/:id',
    { config: { access: versions.read }, schema: { params: idParams } },
    async (request) => loadVersion(db, request.params.id),
  );

  // Saving the texts creates the next version: no version is ever changed or deleted.
  app.post(
    '/api/consent_versions',
    { config: { access: versions.write }, schema: { body: bodyOf(consentVersionSchema) } },
    async (request, reply) => {
      // Every congregation's form asks for it: the whole church's admins' (issue 22).
      ensureChurchWide(request, 'consent_versions', {}, request.body);
      const version = await createVersion(db, request.body, actorOf(request));
      reply.code(201);
      return version;
    },
  );

  // Consent data is the member's sensitive record: read and written with the members' write
  // access (secretary access), like their export.
  const consents = { read: resourceByApi('members').write, write: resourceByApi('members').write };
  app.get(
    '/api/members/:id/consents',
    { config: { access: consents.read }, schema: { params: idParams } },
    async (request) => listMemberConsents(db, request.params.id, rightsOf(request)),
  );

  app.post(
    '/api/members/:id/consents',
    {
      config: { access: consents.write },
      schema: { params: idParams, body: bodyAfterLookup(consentActionSchema) },
    },
    async (request, reply) => {
      const record = await recordConsent(db, request.params.id, request.body, {
        actor: actorOf(request),
        dialect,
      });
      reply.code(201);
      return record;
    },
  );

  const requests = resourceByApi('privacy_requests');
  app.get(
    '/api/privacy_requests',
    { config: { access: requests.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: [...REQUEST_SORTS],
        defaultSort: { field: 'received_on', order: 'desc' },
      });
      const { page, total } = await listPrivacyRequests(db, params, viewOf(request));
      return sendList(reply, 'privacy_requests', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/privacy_requests/:id',
    { config: { access: requests.read }, schema: { params: idParams } },
    async (request) => loadPrivacyRequest(db, request.params.id, rightsOf(request)),
  );

  app.post(
    '/api/privacy_requests',
    {
      config: { access: requests.write },
      schema: { body: fieldsBody(privacyRequestSchema.shape) },
    },
    async (request, reply) => {
      const record = await createPrivacyRequest(db, request.body, actorOf(request));
      reply.code(201);
      return record;
    },
  );

  app.put(
    '/api/privacy_requests/:id',
    {
      config: { access: requests.write },
      schema: { params: idParams, body: looseBody(privacyRequestSchema.shape) },
    },
    async (request) => updatePrivacyRequest(db, request.params.id, request.body, actorOf(request)),
  );
}
