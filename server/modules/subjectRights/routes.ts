// The data subject's rights (LGPD art. 18, issue 13) on a member: GET /api/members/{id}/data_export
// (JSON, or ?format=pdf for a report to read; secretary access, within the user's congregations:
// 404 outside them, like the member's record; the donations and LGPD requests only for their own
// readers, export.ts) and POST /api/members/{id}/anonymize (admins; 403
// outside their congregations, like an edit). Both are audited. The same two for a visitor who
// never became a member (issue 26): GET /api/visitors/{id}/data_export and POST
// /api/visitors/{id}/anonymize (visitors.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../../domain/roles.js';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams, looseBody } from '../../http/schemas.js';
import { rightsOf } from '../../http/scope.js';
import { pdfHeaders } from '../../pdf/document.js';
import { subjectReportPdf, visitorReportPdf } from './report.js';
import { badRequest } from '../../plugins/errors.js';
import { actorOf, audit } from '../../audit/trail.js';
import { anonymizeMember } from './anonymize.js';
import { type SubjectReader, subjectData, subjectJson, subjectRows } from './export.js';
import { anonymizeVisitor, visitorData, visitorJson, visitorRows } from './visitors.js';

const FORMATS = ['json', 'pdf'] as const;

const exportQuery = z.object({
  format: z
    .string()
    .optional()
    .meta({ description: 'json (padrão: os dados para levar a outro sistema) ou pdf (para ler).' }),
});

const anonymizeBody = looseBody({
  confirmation: 'O nome do membro, digitado como está no cadastro, para confirmar.',
});

export async function subjectRightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const members = resourceByApi('members');

  /** GET /api/{resource}/:id/data_export: the data as JSON or a PDF, audited with its size. */
  function exportRoute<Data>(spec: {
    resource: 'members' | 'visitors';
    access: Access;
    file: string;
    gather(id: number, reader: SubjectReader): Promise<Data>;
    pdf(data: Data): Promise<Buffer>;
    json(data: Data): unknown;
    rows(data: Data): number;
  }) {
    app.get(
      `/api/${spec.resource}/:id/data_export`,
      {
        config: { access: spec.access },
        schema: { params: idParams, querystring: exportQuery },
      },
      async (request, reply) => {
        const format = request.query.format ?? 'json';
        if (!(FORMATS as readonly string[]).includes(format)) {
          throw badRequest('Formato inválido: use json ou pdf.');
        }
        const { id } = request.params;
        const data = await spec.gather(id, {
          roles: request.user?.roles,
          rights: rightsOf(request),
        });
        const file = `${spec.file}-${id}.${format}`;
        const body = format === 'pdf' ? await spec.pdf(data) : spec.json(data);
        await audit(db, actorOf(request), {
          action: 'export',
          resource: spec.resource,
          record_id: id,
          details: { file, rows: spec.rows(data) },
        });
        reply.headers(
          format === 'pdf'
            ? pdfHeaders(file)
            : {
                'Content-Disposition': `attachment; filename="${file}"`,
                'Cache-Control': 'no-store',
              },
        );
        return body;
      },
    );
  }

  exportRoute({
    resource: 'members',
    access: members.detail ?? members.write,
    file: 'dados-do-titular',
    gather: (id, reader) => subjectData(db, id, reader),
    pdf: subjectReportPdf,
    json: subjectJson,
    rows: subjectRows,
  });
  const visitors = resourceByApi('visitors');
  exportRoute({
    resource: 'visitors',
    access: visitors.read,
    file: 'dados-do-visitante',
    gather: (id, reader) => visitorData(db, id, reader),
    pdf: visitorReportPdf,
    json: visitorJson,
    rows: visitorRows,
  });

  app.post(
    '/api/visitors/:id/anonymize',
    {
      config: { access: visitors.anonymize ?? [] },
      schema: { params: idParams, body: anonymizeBody },
    },
    async (request) =>
      anonymizeVisitor(db, request.params.id, request.body, {
        actor: actorOf(request),
        dialect,
      }),
  );

  app.post(
    '/api/members/:id/anonymize',
    {
      config: { access: members.anonymize ?? [] },
      schema: { params: idParams, body: anonymizeBody },
    },
    async (request) =>
      anonymizeMember(db, request.params.id, request.body, {
        actor: actorOf(request),
        dialect,
      }),
  );
}
