// /api/credentials (member cards): history, issue (also renew), revoke, bulk issue, printable
// PDFs; /api/public/credentials/:code for the QR code's check page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCredentialNumber } from '../../../domain/credentials.js';
import { resourceByApi } from '../../../domain/resources.js';
import { paperCredentialSchema } from '../../../domain/paperHistory.js';
import { fieldsBody, idParams, listQuery, looseBody } from '../../http/schemas.js';
import { originOf } from '../../http/origin.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { actorOf, audit } from '../../audit/trail.js';
import { notFound } from '../../plugins/errors.js';
import { limitRoute } from '../../plugins/rateLimit.js';
import { cardsPdf } from './cards.js';
import {
  CREDENTIAL_SORTS,
  MAX_BATCH,
  issueMany,
  issueOne,
  listCredentials,
  loadCredentials,
  NOT_FOUND,
  positiveIds,
  publicCredential,
  recordPaperOne,
  revokeOne,
} from './repository.js';

// A repeated ids parameter was read as its values joined by commas: it still is.
const pdfQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description: `Ids das credenciais, separados por vírgula (até ${MAX_BATCH}).` }),
});
// The bodies' fields are checked by the repository with its own messages (422 or 400).
const issueBody = looseBody({ member_id: 'O membro.' });
const bulkBody = looseBody({
  member_ids: `Os membros: de 1 a ${MAX_BATCH} ids.`,
  renew: 'true: renova também as credenciais ainda válidas.',
});
const codeParams = z.object({ code: z.string() });

/** Public checks per address per minute: a person scanning cards, not a script trying codes. */
export const CHECKS_PER_MINUTE = 60;

export async function credentialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('credentials');

  app.get(
    '/api/credentials',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(CREDENTIAL_SORTS),
        defaultSort: { field: 'number', order: 'desc' },
      });
      const { rows, total } = await listCredentials(db, params, viewOf(request));
      return sendList(reply, 'credentials', params.range.offset, rows, total);
    },
  );

  // Registered before /:id (find-my-way prefers static segments anyway).
  app.get(
    '/api/credentials/pdf',
    { config: { access: access.read }, schema: { querystring: pdfQuery } },
    async (request, reply) => {
      const text = String(request.query.ids ?? '');
      const ids = positiveIds(
        text.split(',').filter(Boolean).map(Number),
        MAX_BATCH,
        `Escolha de 1 a ${MAX_BATCH} credenciais para imprimir.`,
      );
      const pdf = await cardsPdf(db, ids, originOf(request), rightsOf(request));
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'credentials',
        record_id: null,
        details: { file: 'credenciais.pdf', ids, rows: ids.length },
      });
      reply.headers(pdfHeaders('credenciais.pdf'));
      return pdf;
    },
  );

  app.get(
    '/api/credentials/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => {
      const [credential] = await loadCredentials(db, [request.params.id], rightsOf(request));
      if (!credential) throw notFound(NOT_FOUND);
      return credential;
    },
  );

  app.get(
    '/api/credentials/:id/pdf',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await cardsPdf(db, [id], originOf(request), rightsOf(request));
      const [credential] = await loadCredentials(db, [id], rightsOf(request));
      const file = `credencial-${formatCredentialNumber(credential.number)}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'credentials',
        record_id: id,
        member_id: credential.member_id,
        details: { file, rows: 1 },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  app.post(
    '/api/credentials',
    { config: { access: access.write }, schema: { body: issueBody } },
    async (request, reply) => {
      const issuer = { actor: actorOf(request), dialect, rights: rightsOf(request) };
      const credential = await issueOne(db, request.body.member_id, issuer);
      reply.code(201);
      return credential;
    },
  );

  // A card issued on paper before Adam: its own number, issue date and validity are kept.
  app.post(
    '/api/credentials/paper',
    {
      config: { access: access.write },
      schema: { body: fieldsBody(paperCredentialSchema.shape) },
    },
    async (request, reply) => {
      const issuer = { actor: actorOf(request), dialect, rights: rightsOf(request) };
      const credential = await recordPaperOne(db, request.body, issuer);
      reply.code(201);
      return credential;
    },
  );

  app.post(
    '/api/credentials/bulk',
    { config: { access: access.write }, schema: { body: bulkBody } },
    async (request) =>
      issueMany(db, request.body, {
        actor: actorOf(request),
        dialect,
        rights: rightsOf(request),
      }),
  );

  app.post(
    '/api/credentials/:id/revoke',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => revokeOne(db, request.params.id, dialect, actorOf(request)),
  );

  // The QR code's page; a malformed code is a missing card (its own 404 message).
  app.get(
    '/api/public/credentials/:code',
    {
      config: { access: 'public' },
      onRequest: limitRoute(app, {
        name: 'credential_check',
        max: CHECKS_PER_MINUTE,
        windowMs: 60_000,
        message: (wait) => `Muitas consultas a partir desta conexão. Tente novamente em ${wait}.`,
      }),
      schema: { params: codeParams },
    },
    async (request) => publicCredential(db, request.params.code),
  );
}
