// /api/audit_log: the trail, newest first (service.ts reads it; trail.ts writes it). Read only:
// no route changes or deletes an entry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, hasAccess } from '../../../domain/access.js';
import { readableAuditResources } from '../../../domain/auditAccess.js';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams, listQuery } from '../../http/schemas.js';
import { rightsOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { type AuditReader, auditLogService } from './service.js';

const readerOf = (request: FastifyRequest): AuditReader => ({
  admin: hasAccess(request.user?.roles, ADMIN_ONLY),
  rights: rightsOf(request),
  resources: readableAuditResources(request.user?.roles),
});

export async function auditLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('audit_log');
  const url = '/api/audit_log';
  const auditLog = auditLogService(app.database.db);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: ['created_at', 'id'],
        defaultSort: { field: 'created_at', order: 'desc' },
      });
      const { rows, total } = await auditLog.list(params, readerOf(request));
      return sendList(reply, 'audit_log', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => auditLog.find(request.params.id, readerOf(request)),
  );
}
