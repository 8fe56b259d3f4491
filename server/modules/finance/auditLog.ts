// /api/audit_log (admin): who changed what in the finance area, newest first
// (auditLogService.ts reads it; audit.ts writes it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams, listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { auditLogService } from './auditLogService.js';

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
      const { rows, total } = await auditLog.list(params);
      return sendList(reply, 'audit_log', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => auditLog.find(request.params.id),
  );
}
