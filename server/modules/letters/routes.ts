// /api/letters: recommendation and transfer letters, numbered per year (12/2026), with their
// printable PDF. A transfer letter opens the member's outgoing transfer in the same transaction;
// POST .../pdf prints it with the confirmation code (never in a URL) and its QR code.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { letterSchema } from '../../../domain/letters.js';
import { resourceByApi } from '../../../domain/resources.js';
import { paperLetterFields } from '../../../domain/paperHistory.js';
import { bodyOf, fieldsBody, idParams, listQuery, looseBody } from '../../http/schemas.js';
import { originOf } from '../../http/origin.js';
import { normalizeTransferCode } from '../../../domain/transfers.js';
import { invalid } from '../../plugins/errors.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { actorOf, audit } from '../../audit/trail.js';
import {
  LETTER_SORTS,
  issueLetter,
  letterDocument,
  listLetters,
  loadLetter,
  recordPaperOne,
  transferLetterDocument,
} from './service.js';

const transferPdfBody = looseBody({
  code: 'O código da carta já impressa; sem ele, um novo código (o anterior deixa de valer).',
});

export async function lettersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('letters');

  app.get(
    '/api/letters',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(LETTER_SORTS),
        defaultSort: { field: 'issued_on', order: 'desc' },
      });
      const { rows, total } = await listLetters(db, params, viewOf(request));
      return sendList(reply, 'letters', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/letters/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => loadLetter(db, request.params.id, rightsOf(request)),
  );

  app.get(
    '/api/letters/:id/pdf',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request, reply) => {
      const { letter, pdf } = await letterDocument(db, request.params.id, rightsOf(request));
      const file = `carta-${letter.number}-${letter.year}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'letters',
        record_id: letter.id,
        member_id: letter.member_id,
        details: { file, rows: 1 },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  app.post(
    '/api/letters/:id/pdf',
    { config: { access: access.write }, schema: { params: idParams, body: transferPdfBody } },
    async (request, reply) => {
      const sent = request.body.code;
      const code = sent === undefined || sent === null ? null : normalizeTransferCode(sent);
      if (code === null && sent !== undefined && sent !== null) {
        throw invalid({ code: 'Código de confirmação inválido.' });
      }
      const actor = actorOf(request);
      const { letter, pdf } = await transferLetterDocument(db, dialect, request.params.id, code, {
        actor,
        origin: originOf(request),
      });
      const file = `carta-${letter.number}-${letter.year}.pdf`;
      await audit(db, actor, {
        action: 'pdf',
        resource: 'letters',
        record_id: letter.id,
        member_id: letter.member_id,
        details: { file, rows: 1, confirmation: code === null ? 'novo código' : 'mesmo código' },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  app.post(
    '/api/letters',
    { config: { access: access.write }, schema: { body: bodyOf(letterSchema) } },
    async (request, reply) => {
      const letter = await issueLetter(db, dialect, request.body, actorOf(request));
      reply.code(201);
      return letter;
    },
  );

  // A letter issued on paper before Adam: its own number (12 or 12/2019) and issue date are kept.
  app.post(
    '/api/letters/paper',
    { config: { access: access.write }, schema: { body: fieldsBody(paperLetterFields.shape) } },
    async (request, reply) => {
      const letter = await recordPaperOne(db, dialect, request.body, actorOf(request));
      reply.code(201);
      return letter;
    },
  );
}
