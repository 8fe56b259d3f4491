// /api/milestones and /api/members/:id/milestones (the member's timeline), /api/certificates
// with their PDFs and a baptism service's batch. Secretary access, inside the user's
// congregations; every write audited on the member's history.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateBatchSchema,
  certificateSchema,
  milestoneSchema,
} from '../../../domain/milestones.js';
import { resourceByApi } from '../../../domain/resources.js';
import { recordIdOf } from '../../../domain/fields.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { actorOf, audit } from '../../audit/trail.js';
import { badRequest } from '../../plugins/errors.js';
import {
  CERTIFICATE_SORTS,
  MAX_PRINT,
  certificatesDocument,
  issueBaptismBatch,
  issueCertificate,
  listCertificates,
  loadCertificate,
} from './certificates.js';
import {
  MILESTONE_SORTS,
  createMilestone,
  deleteMilestone,
  listMilestones,
  loadMilestone,
  memberTimeline,
  updateMilestone,
} from './service.js';

const pdfQuery = z.object({
  ids: z
    .string()
    .optional()
    .meta({ description: `Ids dos certificados, separados por vírgula (até ${MAX_PRINT}).` }),
});

function idsOf(text: string | undefined): number[] {
  const ids = (text ?? '').split(',').map(recordIdOf);
  if (ids.length > MAX_PRINT || !ids.every((id) => id !== null)) {
    throw badRequest(`Informe de 1 a ${MAX_PRINT} certificados.`);
  }
  return [...new Set(ids as number[])];
}

export async function milestonesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const milestones = resourceByApi('milestones');
  const certificates = resourceByApi('certificates');

  app.get(
    '/api/members/:id/milestones',
    { config: { access: milestones.read }, schema: { params: idParams } },
    async (request) => memberTimeline(db, request.params.id, rightsOf(request)),
  );

  app.get(
    '/api/milestones',
    { config: { access: milestones.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(MILESTONE_SORTS),
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { rows, total } = await listMilestones(db, params, viewOf(request));
      return sendList(reply, 'milestones', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/milestones/:id',
    { config: { access: milestones.read }, schema: { params: idParams } },
    async (request) => loadMilestone(db, request.params.id, rightsOf(request)),
  );

  app.post(
    '/api/milestones',
    { config: { access: milestones.write }, schema: { body: bodyOf(milestoneSchema) } },
    async (request, reply) => {
      const milestone = await createMilestone(db, request.body, actorOf(request));
      reply.code(201);
      return milestone;
    },
  );

  app.put(
    '/api/milestones/:id',
    {
      config: { access: milestones.write },
      schema: { params: idParams, body: changesOf(milestoneSchema) },
    },
    async (request) => updateMilestone(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/milestones/:id',
    { config: { access: milestones.write }, schema: { params: idParams } },
    async (request) => deleteMilestone(db, request.params.id, actorOf(request)),
  );

  app.get(
    '/api/certificates',
    { config: { access: certificates.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(CERTIFICATE_SORTS),
        defaultSort: { field: 'issued_on', order: 'desc' },
      });
      const { rows, total } = await listCertificates(db, params, viewOf(request));
      return sendList(reply, 'certificates', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/certificates/pdf',
    { config: { access: certificates.read }, schema: { querystring: pdfQuery } },
    async (request, reply) => {
      const ids = idsOf(request.query.ids);
      const pdf = await certificatesDocument(db, ids, rightsOf(request));
      const file = 'certificados.pdf';
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'certificates',
        record_id: ids.length === 1 ? ids[0] : null,
        details: { file, ids, rows: ids.length },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  app.get(
    '/api/certificates/:id',
    { config: { access: certificates.read }, schema: { params: idParams } },
    async (request) => loadCertificate(db, request.params.id, rightsOf(request)),
  );

  app.get(
    '/api/certificates/:id/pdf',
    { config: { access: certificates.read }, schema: { params: idParams } },
    async (request, reply) => {
      const certificate = await loadCertificate(db, request.params.id, rightsOf(request));
      const pdf = await certificatesDocument(db, [certificate.id], rightsOf(request));
      const file = `certificado-${certificate.kind}-${certificate.number}-${certificate.year}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'certificates',
        record_id: certificate.id,
        member_id: certificate.member_id,
        details: { file, rows: 1 },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  app.post(
    '/api/certificates',
    { config: { access: certificates.write }, schema: { body: bodyOf(certificateSchema) } },
    async (request, reply) => {
      const { certificate, issued } = await issueCertificate(db, request.body, actorOf(request));
      reply.code(issued ? 201 : 200);
      return certificate;
    },
  );

  // A baptism service: the day's certificates issued (the missing ones) and printed in one PDF.
  app.post(
    '/api/certificates/batch',
    { config: { access: certificates.write }, schema: { body: bodyOf(certificateBatchSchema) } },
    async (request, reply) => {
      const { pdf } = await issueBaptismBatch(db, request.body, actorOf(request));
      reply.headers(pdfHeaders(`batismos-${request.body.date}.pdf`));
      return pdf;
    },
  );
}
