// /api/messages (e-mail and WhatsApp messages, their preview and per-person log), the e-mail
// settings with their test, and the public unsubscribe page's two calls.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SETTINGS_WHOLE_CHURCH,
  messageSchema,
  messageSettingsSchema,
  testEmailSchema,
} from '../../../domain/messages.js';
import { resourceByApi } from '../../../domain/resources.js';
import { actorOf, audit } from '../../audit/trail.js';
import { originOf } from '../../http/origin.js';
import { bodyOf, changesOf, idParam, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { ApiError, forbidden } from '../../plugins/errors.js';
import { limitRoute } from '../../plugins/rateLimit.js';
import { failureText, sendMail } from './mailer.js';
import {
  MESSAGE_SORTS,
  createMessage,
  listDeliveries,
  listMessages,
  loadMessage,
  markWhatsappSent,
  previewMessage,
  unsubscribe,
  unsubscribeInfo,
} from './service.js';
import { answerOf, canSend, loadSettings, updateSettings } from './settings.js';

const tokenParams = z.object({ token: z.string().max(64) });
const deliveryParams = z.object({ id: idParam, delivery: idParam });
const UNSUBSCRIBES_PER_MINUTE = 30;

export async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('messages');
  const userOf = (request: { user?: { id: number } }) => request.user?.id ?? null;

  // The church's e-mail reaches every congregation: its settings are for the whole church's users.
  const ensureWholeChurch = (request: Parameters<typeof rightsOf>[0]) => {
    if (rightsOf(request) !== null) throw forbidden(SETTINGS_WHOLE_CHURCH);
  };

  app.get('/api/message_settings', { config: { access: access.write } }, async () =>
    answerOf(await loadSettings(db)),
  );

  app.put(
    '/api/message_settings',
    { config: { access: access.write }, schema: { body: changesOf(messageSettingsSchema) } },
    async (request) => {
      ensureWholeChurch(request);
      return updateSettings(db, actorOf(request), request.body as Record<string, unknown>);
    },
  );

  // Sends one e-mail with the stored settings: the answer says what the SMTP server said.
  app.post(
    '/api/message_settings/test',
    { config: { access: access.write }, schema: { body: bodyOf(testEmailSchema) } },
    async (request) => {
      ensureWholeChurch(request);
      const settings = await loadSettings(db);
      if (!canSend(settings)) {
        throw new ApiError(422, 'Informe o servidor SMTP e o e-mail do remetente antes do teste.');
      }
      try {
        await sendMail(settings, {
          to: request.body.to,
          subject: 'Teste de e-mail do Adam',
          text: 'Este é um e-mail de teste: as configurações de envio da igreja funcionam.',
          id: `adam.test.${Date.now()}`,
          unsubscribeUrl: null,
        });
      } catch (error) {
        throw new ApiError(422, failureText(error));
      }
      await audit(db, actorOf(request), {
        action: 'send_test',
        resource: 'message_settings',
        record_id: 1,
        details: { to: request.body.to },
      });
      return { sent: true };
    },
  );

  app.get(
    '/api/messages',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: [...MESSAGE_SORTS],
        defaultSort: { field: 'id', order: 'desc' },
      });
      const { rows, total } = await listMessages(db, params, rightsOf(request), userOf(request));
      return sendList(reply, 'messages', params.range.offset, rows, total);
    },
  );

  app.post(
    '/api/messages/preview',
    { config: { access: access.write }, schema: { body: bodyOf(messageSchema) } },
    async (request) => previewMessage(db, dialect, request.body, viewOf(request), actorOf(request)),
  );

  app.post(
    '/api/messages',
    { config: { access: access.write }, schema: { body: bodyOf(messageSchema) } },
    async (request, reply) => {
      const message = await createMessage(
        db,
        dialect,
        request.body,
        viewOf(request),
        actorOf(request),
        originOf(request),
      );
      reply.code(201);
      return message;
    },
  );

  app.get(
    '/api/messages/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => loadMessage(db, request.params.id, rightsOf(request), userOf(request)),
  );

  app.get(
    '/api/messages/:id/deliveries',
    { config: { access: access.read }, schema: { params: idParams, querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: ['name'],
        defaultSort: { field: 'id', order: 'asc' },
      });
      const { rows, total } = await listDeliveries(
        db,
        request.params.id,
        params,
        rightsOf(request),
        userOf(request),
      );
      return sendList(reply, 'message_deliveries', params.range.offset, rows, total);
    },
  );

  app.post(
    '/api/messages/:id/deliveries/:delivery/sent',
    { config: { access: access.write }, schema: { params: deliveryParams } },
    async (request) =>
      markWhatsappSent(
        db,
        request.params.id,
        request.params.delivery,
        actorOf(request),
        userOf(request),
      ),
  );

  const unsubscribeLimit = limitRoute(app, {
    name: 'unsubscribe',
    max: UNSUBSCRIBES_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) => `Muitas tentativas a partir desta conexão. Tente novamente em ${wait}.`,
  });
  app.get(
    '/api/public/unsubscribe/:token',
    { config: { access: 'public' }, onRequest: unsubscribeLimit, schema: { params: tokenParams } },
    async (request) => unsubscribeInfo(db, request.params.token),
  );
  app.post(
    '/api/public/unsubscribe/:token',
    { config: { access: 'public' }, onRequest: unsubscribeLimit, schema: { params: tokenParams } },
    async (request) => unsubscribe(db, request.params.token, { ...actorOf(request), rights: null }),
  );
}
