// A user's second factor (issue 22): /api/auth/two_factor — the signed-in user's own status,
// enrolment, confirmation and turning it off (beside /api/auth/password); an admin's reset of
// another user's at /api/users/:id/two_factor/reset; the church's requirement at
// /api/church/two_factor (admins). The sign-in's part is in modules/auth/routes.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, ANY_USER } from '../../../domain/access.js';
import {
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorPolicySchema,
} from '../../../domain/twoFactor.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { bodyOf, idParams } from '../../http/schemas.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { tooManyRequests } from '../../plugins/rateLimit.js';
import { actorOf } from '../audit/trail.js';
import { verifyPassword } from '../auth/passwords.js';
import { SignInThrottle } from '../auth/throttle.js';
import { findUser } from '../users/repository.js';
import {
  confirmEnrolment,
  disableOwn,
  isEnabled,
  readPolicy,
  resetOther,
  spendCode,
  startEnrolment,
  statusOf,
  writePolicy,
} from './service.js';

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const throttle = new SignInThrottle(app.rateLimits, app.config.auth);

  /** The signed-in user's row, as it is now. */
  const me = async (request: FastifyRequest) => {
    const user = await findUser(db, request.user!.id);
    if (!user) throw notFound('Usuário não encontrado.');
    return user;
  };
  const own = { config: { access: ANY_USER } };

  app.get('/api/auth/two_factor', own, async (request) => statusOf(db, await me(request)));

  // A new secret, shown this once: the QR code (otpauth:// address) and the text to type.
  app.post('/api/auth/two_factor', { ...own, bodyLimit: BODY_LIMITS.none }, async (request) =>
    startEnrolment(db, await me(request), actorOf(request)),
  );

  app.post(
    '/api/auth/two_factor/confirm',
    {
      ...own,
      bodyLimit: BODY_LIMITS.credentials,
      schema: { body: bodyOf(twoFactorConfirmSchema) },
    },
    async (request) => {
      const user = await me(request);
      const codes = await confirmEnrolment(
        db,
        user,
        request.body.otp_code,
        actorOf(request),
        Date.now(),
      );
      return { recovery_codes: codes, status: await statusOf(db, await me(request)) };
    },
  );

  // Turning one's own off: the password and a current code (or a recovery code), with the
  // current password's throttle.
  app.post(
    '/api/auth/two_factor/disable',
    {
      ...own,
      bodyLimit: BODY_LIMITS.credentials,
      schema: { body: bodyOf(twoFactorDisableSchema) },
    },
    async (request, reply) => {
      const user = await me(request);
      if (!isEnabled(user)) return statusOf(db, user);
      const refusal = await throttle.passwordRefusal(user.id);
      if (refusal) return tooManyRequests(reply, refusal.waitMs, refusal.message);
      if (!(await verifyPassword(user.password_digest, request.body.password))) {
        await throttle.passwordFailed(user.id);
        throw invalid({ password: 'A senha não confere.' });
      }
      const check = await spendCode(db, user, request.body.otp_code, Date.now());
      if (!check.ok) {
        await throttle.passwordFailed(user.id);
        throw invalid({ otp_code: 'Código inválido, expirado ou já usado.' });
      }
      await throttle.passwordSucceeded(user.id);
      await disableOwn(db, user, actorOf(request));
      return statusOf(db, await me(request));
    },
  );

  // An admin's reset of another user's second factor (a lost phone).
  app.post(
    '/api/users/:id/two_factor/reset',
    { config: { access: ADMIN_ONLY }, bodyLimit: BODY_LIMITS.none, schema: { params: idParams } },
    async (request) => {
      await resetOther(db, request.params.id, actorOf(request), Date.now());
      return statusOf(db, (await findUser(db, request.params.id))!);
    },
  );

  app.get('/api/church/two_factor', { config: { access: ADMIN_ONLY } }, async () => readPolicy(db));

  app.put(
    '/api/church/two_factor',
    {
      config: { access: ADMIN_ONLY },
      bodyLimit: BODY_LIMITS.credentials,
      schema: { body: bodyOf(twoFactorPolicySchema) },
    },
    async (request) => writePolicy(db, request.body, actorOf(request), Date.now()),
  );
}
