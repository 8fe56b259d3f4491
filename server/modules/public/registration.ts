// /api/public/registrations: the self-registration of /meu_cadastro (no login). A registration
// becomes a member with status "pending" for the secretary to review; the LGPD consent's time and
// text version are stored with it. Spam: a honeypot field, a per-IP limit, small bodies.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registrationSchema } from '../../../domain/registration.js';
import { anyBody } from '../../http/schemas.js';
import { RateLimiter } from '../../plugins/rateLimit.js';
import { publicCustomFields, submitRegistration } from './registrationService.js';

/** Registrations per IP address per hour: a family or a church Wi-Fi, not a script. */
export const REGISTRATIONS_PER_IP = 20;
const WINDOW_MS = 60 * 60 * 1000;
/** The form's whole text fits in a few kilobytes; no photo is sent. */
const BODY_LIMIT = 32 * 1024;

const RECEIVED = {
  success: true,
  message: 'Cadastro recebido! A secretaria da igreja vai conferir seus dados e entrar em contato.',
};

function tooMany(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Muitos cadastros enviados a partir desta conexão. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

// The rate limit and the honeypot answer before any field is checked: described, not refused.
const registrationBody = anyBody(registrationSchema.shape);

export async function publicRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const perIp = new RateLimiter(REGISTRATIONS_PER_IP, WINDOW_MS);

  app.get('/api/public/custom_fields', { config: { access: 'public' } }, async () =>
    publicCustomFields(db),
  );

  app.post(
    '/api/public/registrations',
    { config: { access: 'public' }, bodyLimit: BODY_LIMIT, schema: { body: registrationBody } },
    async (request, reply) => {
      const wait = perIp.blockedFor(request.ip);
      if (wait > 0) {
        const message = tooMany(wait);
        reply.header('Retry-After', Math.ceil(wait / 1000));
        return reply.code(429).send({ success: false, message, errors: [message] });
      }
      perIp.hit(request.ip);
      await submitRegistration(db, request.body);
      reply.code(201);
      return RECEIVED;
    },
  );
}
