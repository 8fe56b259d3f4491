// /api/auth: the devise_token_auth endpoints (DESIGN §4).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeSchema } from '../../../domain/users.js';
import { fieldErrors } from '../../../domain/validation.js';
import { findUser, findUserByEmail, setUserPassword, toApiUser } from '../users/repository.js';
import { anyBody, looseBody } from '../../http/schemas.js';
import { authenticate, UNAUTHORIZED } from '../../plugins/guard.js';
import { dummyPasswordDigest, verifyPassword } from './passwords.js';
import { acceptFormBodies } from '../../plugins/formBody.js';
import { AUTH_HEADER_NAMES } from '../../plugins/tokens.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { clientAddress, limitRoute, tooManyRequests } from '../../plugins/rateLimit.js';
import { SIGN_IN_FLOOD_WINDOW_MS, SignInThrottle } from './throttle.js';
import { actorOf, audit } from '../audit/trail.js';

const BAD_CREDENTIALS = 'E-mail ou senha inválidos.';
/** An e-mail address is at most 254 characters: the trail keeps no more of what was typed. */
const MAX_EMAIL = 254;

// Both bodies are answered in devise_token_auth's shape (401, or 422 with a list of errors):
// described by the route, checked by the handler.
const signInBody = looseBody({ email: 'O e-mail do usuário.', password: 'A senha.' });
const passwordBody = anyBody(passwordChangeSchema.shape);

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settings = app.config.auth;
  const throttle = new SignInThrottle(app.rateLimits, settings);
  // The flood limit of an address, before the body is read; its failures are the throttle's.
  const perAddress = limitRoute(app, {
    name: 'sign_in_flood',
    max: settings.signInFloodPerIp,
    windowMs: SIGN_IN_FLOOD_WINDOW_MS,
    message: (wait) =>
      `Muitas requisições de entrada a partir desta conexão. Tente novamente em ${wait}.`,
  });
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
    {
      config: { access: 'public' },
      bodyLimit: BODY_LIMITS.credentials,
      onRequest: perAddress,
      schema: { body: signInBody },
    },
    async (request, reply) => {
      const { email: sent, password: secret } = request.body;
      const email = typeof sent === 'string' ? sent.trim().toLowerCase() : '';
      const password = typeof secret === 'string' ? secret : '';

      const refusal = await throttle.refusal(email, clientAddress(request));
      if (refusal) return tooManyRequests(reply, refusal.waitMs, refusal.message);

      const row = email && password ? await findUserByEmail(db, email) : undefined;
      const valid = row
        ? await verifyPassword(row.password_digest, password)
        : (await verifyPassword(await dummyPasswordDigest(), password)) && false;
      // The trail keeps the e-mail typed (never the password), and whose it is when it is one.
      const attempt = (reason: string) =>
        audit(db, actorOf(request), {
          action: 'sign_in_failed',
          resource: 'sessions',
          record_id: row?.id ?? null,
          details: { email: email.slice(0, MAX_EMAIL), reason },
        });
      if (!row || !valid) {
        await throttle.failed(email, clientAddress(request));
        await attempt(row ? 'wrong_password' : 'unknown_email');
        return reply.code(401).send({ success: false, errors: [BAD_CREDENTIALS] });
      }
      if (!row.active) {
        await attempt('inactive');
        return reply.code(401).send({
          success: false,
          errors: ['Sua conta está desativada. Fale com o administrador.'],
        });
      }
      await throttle.succeeded(email, clientAddress(request));
      reply.headers(await app.tokens.create(row));
      await audit(
        db,
        { ...actorOf(request), user_id: row.id, user_name: row.name },
        { action: 'sign_in', resource: 'sessions', record_id: row.id },
      );
      return { data: toApiUser(row) };
    },
  );

  const noBody = { config: { access: 'public' as const }, bodyLimit: BODY_LIMITS.none };
  app.delete('/api/auth/sign_out', noBody, async (request, reply) => {
    if (!(await authenticate(app, request, reply)) || !request.user || !request.authClient) {
      return reply
        .code(404)
        .send({ success: false, errors: ['Usuário não encontrado ou sem sessão ativa.'] });
    }
    await app.tokens.revoke(request.user.id, request.authClient);
    await audit(db, actorOf(request), {
      action: 'sign_out',
      resource: 'sessions',
      record_id: request.user.id,
    });
    // The session is gone: no rotated headers on this answer.
    for (const name of [...AUTH_HEADER_NAMES, 'authorization']) {
      reply.removeHeader(name);
    }
    return { success: true };
  });

  app.get('/api/auth/validate_token', noBody, async (request, reply) => {
    if (!(await authenticate(app, request, reply))) {
      return reply.code(401).send({ success: false, errors: [UNAUTHORIZED] });
    }
    return { success: true, data: request.user };
  });

  app.put(
    '/api/auth/password',
    {
      config: { access: null, credentialsInBody: true },
      bodyLimit: BODY_LIMITS.credentials,
      schema: { body: passwordBody },
    },
    async (request, reply) => {
      const parsed = passwordChangeSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return reply
          .code(422)
          .send({ success: false, errors: Object.values(errors), fieldErrors: errors });
      }
      const userId = request.user!.id;
      const refusal = await throttle.passwordRefusal(userId);
      if (refusal) return tooManyRequests(reply, refusal.waitMs, refusal.message);
      const user = await findUser(db, userId);
      if (!user || !(await verifyPassword(user.password_digest, parsed.data.current_password))) {
        await throttle.passwordFailed(userId);
        const errors = { current_password: 'A senha atual não confere.' };
        return reply
          .code(422)
          .send({ success: false, errors: Object.values(errors), fieldErrors: errors });
      }
      await throttle.passwordSucceeded(userId);
      await db.transaction().execute(async (trx) => {
        await setUserPassword(trx, user.id, parsed.data.password);
        await audit(trx, actorOf(request), {
          action: 'password_change',
          resource: 'users',
          record_id: user.id,
        });
      });
      // Other devices must sign in again with the new password; this one stays signed in.
      await app.tokens.revokeAll(user.id, request.authClient);
      return { success: true, data: toApiUser(user), message: 'Senha alterada com sucesso.' };
    },
  );
}
