// A user's second factor (issue 22): /api/auth/two_factor — the signed-in user's own status,
// enrolment, confirmation and turning it off (beside /api/auth/password); an admin's reset of
// another user's at /api/users/:id/two_factor/reset; the church's requirement at
// /api/church/two_factor (admins). The sign-in's part is in modules/auth/routes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, ANY_USER } from '../../../domain/access.js';
import {
  type TwoFactorDisable,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorPolicySchema,
} from '../../../domain/twoFactor.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { bodyOf, idParams } from '../../http/schemas.js';
import type { User } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
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
  renewRecoveryCodes,
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

  /**
   * One's own second factor is changed (turned off, new recovery codes) with the password and a
   * current code (or a recovery code), under the current password's throttle: the 429 sent, or
   * nothing once both are right.
   */
  const proven = async (body: TwoFactorDisable, reply: FastifyReply, user: User) => {
    const refusal = await throttle.passwordRefusal(user.id);
    if (refusal) return tooManyRequests(reply, refusal.waitMs, refusal.message);
    if (!(await verifyPassword(user.password_digest, body.password))) {
      await throttle.passwordFailed(user.id);
      throw invalid({ password: 'A senha não confere.' });
    }
    const check = await spendCode(db, user, body.otp_code, Date.now());
    if (!check.ok) {
      await throttle.passwordFailed(user.id);
      throw invalid({ otp_code: 'Código inválido, expirado ou já usado.' });
    }
    await throttle.passwordSucceeded(user.id);
    return undefined;
  };
  const withPasswordAndCode = {
    ...own,
    bodyLimit: BODY_LIMITS.credentials,
    schema: { body: bodyOf(twoFactorDisableSchema) },
  };

  app.post('/api/auth/two_factor/disable', withPasswordAndCode, async (request, reply) => {
    const user = await me(request);
    if (!isEnabled(user)) return statusOf(db, user);
    const refusal = await proven(request.body, reply, user);
    if (refusal) return refusal;
    await disableOwn(db, user, actorOf(request));
    return statusOf(db, await me(request));
  });

  // Ten new recovery codes in place of the old ones (used up, or seen by someone else).
  app.post('/api/auth/two_factor/recovery_codes', withPasswordAndCode, async (request, reply) => {
    const user = await me(request);
    if (!isEnabled(user)) {
      throw conflict('Ative a verificação em duas etapas antes de gerar códigos de recuperação.');
    }
    const refusal = await proven(request.body, reply, user);
    if (refusal) return refusal;
    const codes = await renewRecoveryCodes(db, user, actorOf(request));
    return { recovery_codes: codes, status: await statusOf(db, user) };
  });

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
