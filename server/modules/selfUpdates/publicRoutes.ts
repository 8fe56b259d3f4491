// /api/public/self_updates/{token}: the member's self-update page (issue 28, no login). Both
// calls are limited per address (rate_limits, shared by every process) before the token is
// looked up, so guessing tokens costs the guesser, not the database.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../audit/trail.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { objectBody } from '../../http/schemas.js';
import { limitRoute } from '../../plugins/rateLimit.js';
import { selfUpdatePage, submitSelfUpdate } from './publicForm.js';

/** Page reads and submissions per address per hour: a family at home, not a token guesser. */
export const SELF_UPDATE_CALLS_PER_IP = 60;
const WINDOW_MS = 60 * 60 * 1000;

const tokenParams = z.object({
  token: z.string({ error: 'Link de atualização inválido.' }).max(200),
});

export async function publicSelfUpdateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const perAddress = limitRoute(app, {
    name: 'self_update',
    max: SELF_UPDATE_CALLS_PER_IP,
    windowMs: WINDOW_MS,
    message: (wait) => `Muitas tentativas a partir desta conexão. Tente novamente em ${wait}.`,
  });

  app.get(
    '/api/public/self_updates/:token',
    { config: { access: 'public' }, onRequest: perAddress, schema: { params: tokenParams } },
    async (request) => selfUpdatePage(db, request.params.token),
  );

  app.post(
    '/api/public/self_updates/:token',
    {
      config: { access: 'public' },
      bodyLimit: BODY_LIMITS.publicForm,
      onRequest: perAddress,
      schema: { params: tokenParams, body: objectBody },
    },
    async (request, reply) => {
      const answer = await submitSelfUpdate(
        db,
        request.params.token,
        request.body,
        actorOf(request),
      );
      reply.code(201);
      return answer;
    },
  );
}
