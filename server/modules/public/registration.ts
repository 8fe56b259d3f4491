// /api/public/registrations: the self-registration of /meu_cadastro (no login). A registration
// becomes a member with status "pending" for the secretary to review; the LGPD consent's time and
// text version are stored with it. Spam: a honeypot field, a per-address limit (shared by every process), small bodies.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registrationSchema } from '../../../domain/registration.js';
import { anyBody } from '../../http/schemas.js';
import { actorOf } from '../../audit/trail.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { limitPublicReads, limitRoute } from '../../plugins/rateLimit.js';
import { publicCustomFields, submitRegistration } from './registrationService.js';

/** Registrations per IP address per hour: a family or a church Wi-Fi, not a script. */
export const REGISTRATIONS_PER_IP = 20;
const WINDOW_MS = 60 * 60 * 1000;

const RECEIVED = {
  success: true,
  message: 'Cadastro recebido! A secretaria da igreja vai conferir seus dados e entrar em contato.',
};

// The rate limit and the honeypot answer before any field is checked: described, not refused.
const registrationBody = anyBody({
  ...registrationSchema.shape,
  congregation_id:
    'A congregação (id de GET /api/public/church): obrigatória quando há mais de uma ativa.',
});

export async function publicRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const perAddress = limitRoute(app, {
    name: 'registration',
    max: REGISTRATIONS_PER_IP,
    windowMs: WINDOW_MS,
    message: (wait) =>
      `Muitos cadastros enviados a partir desta conexão. Tente novamente em ${wait}.`,
  });

  app.get(
    '/api/public/custom_fields',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => publicCustomFields(db),
  );

  app.post(
    '/api/public/registrations',
    {
      config: { access: 'public' },
      bodyLimit: BODY_LIMITS.publicForm,
      onRequest: perAddress,
      schema: { body: registrationBody },
    },
    async (request, reply) => {
      await submitRegistration(db, request.body, actorOf(request));
      reply.code(201);
      return RECEIVED;
    },
  );
}
