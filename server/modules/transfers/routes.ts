// /api/transfers: transfers between churches (issue 28), outgoing and incoming together; each step
// of an outgoing one (sent, confirmed, cancelled); the letter with its confirmation code is printed
// by the letters module (POST /api/letters/:id/pdf). /api/public/transfers/*: the receiving church's confirmation page (no login, per address).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import {
  incomingTransferSchema,
  transferConfirmationSchema,
} from '../../../domain/transferSchema.js';
import { fieldsBody, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { validated } from '../../plugins/errors.js';
import { limitRoute } from '../../plugins/rateLimit.js';
import { publicConfirm, publicTransfer } from './public.js';
import {
  TRANSFER_SORTS,
  cancelTransfer,
  confirmTransfer,
  listTransfers,
  loadTransfer,
  markSent,
  recordIncoming,
} from './service.js';

/**
 * Public lookups and confirmations per address per 15 minutes: a church office confirming a few
 * letters, not a script trying codes (each code has 80 random bits besides).
 */
export const TRANSFER_CHECKS_PER_WINDOW = 20;
const WINDOW_MS = 15 * 60 * 1000;

const confirmationBody = fieldsBody({
  receiving_church: 'A igreja que recebe o membro.',
  confirmed_by: 'Quem confirma, na igreja que recebe.',
});
const codeBody = fieldsBody({ code: 'O código de confirmação impresso na carta.' });

export async function transfersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('transfers');

  app.get(
    '/api/transfers',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(TRANSFER_SORTS),
        defaultSort: { field: 'created_at', order: 'desc' },
      });
      const { rows, total } = await listTransfers(db, params, viewOf(request));
      return sendList(reply, 'transfers', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/transfers/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => loadTransfer(db, request.params.id, rightsOf(request)),
  );

  // A letter received from another church: the member admitted with the origin church.
  app.post(
    '/api/transfers',
    {
      config: { access: access.write },
      schema: { body: fieldsBody(incomingTransferSchema.shape) },
    },
    async (request, reply) => {
      const transfer = await recordIncoming(db, dialect, request.body, actorOf(request));
      reply.code(201);
      return transfer;
    },
  );

  app.post(
    '/api/transfers/:id/sent',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => markSent(db, dialect, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/transfers/:id/confirm',
    { config: { access: access.write }, schema: { params: idParams, body: confirmationBody } },
    async (request) => {
      const input = validated(transferConfirmationSchema.omit({ code: true }), request.body);
      return confirmTransfer(
        db,
        dialect,
        request.params.id,
        { receiving_church: input.receiving_church, confirmed_by_name: input.confirmed_by },
        actorOf(request),
      );
    },
  );

  app.post(
    '/api/transfers/:id/cancel',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => cancelTransfer(db, dialect, request.params.id, actorOf(request)),
  );

  const perAddress = limitRoute(app, {
    name: 'transfer_confirmation',
    max: TRANSFER_CHECKS_PER_WINDOW,
    windowMs: WINDOW_MS,
    message: (wait) => `Muitas tentativas a partir desta conexão. Tente novamente em ${wait}.`,
  });

  app.post(
    '/api/public/transfers/lookup',
    { config: { access: 'public' }, onRequest: perAddress, schema: { body: codeBody } },
    async (request) => publicTransfer(db, request.body.code),
  );

  app.post(
    '/api/public/transfers/confirm',
    {
      config: { access: 'public' },
      onRequest: perAddress,
      schema: { body: fieldsBody(transferConfirmationSchema.shape) },
    },
    async (request) => publicConfirm(db, dialect, request.body, actorOf(request)),
  );
}
