// /api/auth: the devise_token_auth endpoints (DESIGN §4).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeSchema } from '../../../domain/users.js';
import { fieldErrors } from '../../../domain/validation.js';
import { findUser, findUserByEmail, setUserPassword, toApiUser } from '../users/repository.js';
import { anyBody, looseBody } from '../../http/schemas.js';
import { authenticate, UNAUTHORIZED } from '../../plugins/guard.js';
import { dummyPasswordDigest, verifyPassword } from './passwords.js';
import { RateLimiter } from '../../plugins/rateLimit.js';
import { acceptFormBodies } from '../../plugins/formBody.js';
import { AUTH_HEADER_NAMES } from '../../plugins/tokens.js';

const BAD_CREDENTIALS = 'E-mail ou senha inválidos.';

function tooMany(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Muitas tentativas de entrada. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

// Both bodies are answered in devise_token_auth's shape (401, or 422 with a list of errors):
// described by the route, checked by the handler.
const signInBody = looseBody({ email: 'O e-mail do usuário.', password: 'A senha.' });
const passwordBody = anyBody(passwordChangeSchema.shape);

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settings = app.config.auth;
  const perIp = new RateLimiter(settings.signInPerIp, settings.signInWindowMs);
  const perEmail = new RateLimiter(settings.signInFailuresPerEmail, settings.signInWindowMs);
  acceptFormBodies(app);

  // sessions_controller.rb `new` → `render_new_error`: 405 with the errors list.
  app.get('/api/auth/sign_in', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .code(405)
      .header('Allow', 'POST')
      .send({
        success: false,
        errors: ['Use POST /api/auth/sign_in para entrar. GET não é suportado.'],
      }),
  );

  app.post(
    '/api/auth/sign_in',
    { config: { access: 'public' }, schema: { body: signInBody } },
    async (request, reply) => {
      const { email: sent, password: secret } = request.body;
      const email = typeof sent === 'string' ? sent.trim().toLowerCase() : '';
      const password = typeof secret === 'string' ? secret : '';

      const wait = Math.max(perIp.blockedFor(request.ip), email ? perEmail.blockedFor(email) : 0);
      if (wait > 0) {
        reply.header('Retry-After', Math.ceil(wait / 1000));
        return reply.code(429).send({ success: false, errors: [tooMany(wait)] });
      }
      perIp.hit(request.ip);

      const row = email && password ? await findUserByEmail(db, email) : undefined;
      const valid = row
        ? await verifyPassword(row.password_digest, password)
        : (await verifyPassword(await dummyPasswordDigest(), password)) && false;
      if (!row || !valid) {
        if (email) perEmail.hit(email);
        return reply.code(401).send({ success: false, errors: [BAD_CREDENTIALS] });
      }
      if (!row.active) {
        return reply.code(401).send({
          success: false,
          errors: ['Sua conta está desativada. Fale com o administrador.'],
        });
      }
      perEmail.reset(email);
      reply.headers(await app.tokens.create(row));
      return { data: toApiUser(row) };
    },
  );

  app.delete('/api/auth/sign_out', { config: { access: 'public' } }, async (request, reply) => {
    if (!(await authenticate(app, request, reply)) || !request.user || !request.authClient) {
      return reply
        .code(404)
        .send({ success: false, errors: ['Usuário não encontrado ou sem sessão ativa.'] });
    }
    await app.tokens.revoke(request.user.id, request.authClient);
    // The session is gone: no rotated headers on this answer.
    for (const name of [...AUTH_HEADER_NAMES, 'authorization']) {
      reply.removeHeader(name);
    }
    return { success: true };
  });

  app.get('/api/auth/validate_token', { config: { access: 'public' } }, async (request, reply) => {
    if (!(await authenticate(app, request, reply))) {
      return reply.code(401).send({ success: false, errors: [UNAUTHORIZED] });
    }
    return { success: true, data: request.user };
  });

  app.put(
    '/api/auth/password',
    { config: { access: null, credentialsInBody: true }, schema: { body: passwordBody } },
    async (request, reply) => {
      const parsed = passwordChangeSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return reply
          .code(422)
          .send({ success: false, errors: Object.values(errors), fieldErrors: errors });
      }
      const user = await findUser(db, request.user!.id);
      if (!user || !(await verifyPassword(user.password_digest, parsed.data.current_password))) {
        const errors = { current_password: 'A senha atual não confere.' };
        return reply
          .code(422)
          .send({ success: false, errors: Object.values(errors), fieldErrors: errors });
      }
      await setUserPassword(db, user.id, parsed.data.password);
      // Other devices must sign in again with the new password; this one stays signed in.
      await app.tokens.revokeAll(user.id, request.authClient);
      return { success: true, data: toApiUser(user), message: 'Senha alterada com sucesso.' };
    },
  );
}
