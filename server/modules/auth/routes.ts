// /api/auth: the devise_token_auth endpoints (DESIGN §4).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeSchema } from '../../../domain/users.js';
import { fieldErrors } from '../../../domain/validation.js';
import { changeOwnPassword, findUser, findUserByEmail, toApiUser } from '../users/index.js';
import { anyBody, looseBody } from '../../http/schemas.js';
import { authenticate, UNAUTHORIZED } from '../../plugins/guard.js';
import { dummyPasswordDigest, verifyPassword } from '../../auth/passwords.js';
import { acceptFormBodies } from '../../plugins/formBody.js';
import { AUTH_HEADER_NAMES } from '../../plugins/tokens.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { clientAddress, limitRoute, tooManyRequests } from '../../plugins/rateLimit.js';
import { SIGN_IN_FLOOD_WINDOW_MS, SignInThrottle } from '../../auth/throttle.js';
import { actorOf, audit } from '../../audit/trail.js';
import type { CodeKind } from '../../../domain/twoFactor.js';
import type { User } from '../../db/schema.js';
import { ApiError } from '../../plugins/errors.js';
import { confirmEnrolment, signInFactorOf, spendCode, startEnrolment } from '../twoFactor/index.js';

const BAD_CREDENTIALS = 'E-mail ou senha inválidos.';
const CODE_REQUIRED =
  'Informe o código de verificação do seu aplicativo autenticador (ou um código de recuperação).';
const WRONG_CODE = 'Código de verificação inválido ou expirado.';
const CODE_REUSED = 'Este código já foi usado. Aguarde o próximo código no aplicativo.';
const SETUP_REQUIRED =
  'A igreja exige a verificação em duas etapas para o seu perfil e o prazo para configurá-la terminou. Configure-a agora para entrar.';
const NO_SETUP_NEEDED =
  'A verificação em duas etapas não precisa ser configurada agora: entre com o e-mail e a senha.';
/** An e-mail address is at most 254 characters: the trail keeps no more of what was typed. */
const MAX_EMAIL = 254;

// Both bodies are answered in devise_token_auth's shape (401, or 422 with a list of errors):
// described by the route, checked by the handler.
const signInBody = looseBody({
  email: 'O e-mail do usuário.',
  password: 'A senha.',
  otp_code:
    'Com a verificação em duas etapas: o código de 6 dígitos do aplicativo ou um código de recuperação.',
});
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

  /**
   * The user whose e-mail and password the body carries (active), or undefined once the refusal
   * is sent: the throttle, the failure's audit entry and devise_token_auth's 401.
   */
  const credentialsOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email: sent, password: secret } = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof sent === 'string' ? sent.trim().toLowerCase() : '';
    const password = typeof secret === 'string' ? secret : '';

    const refusal = await throttle.refusal(email, clientAddress(request));
    if (refusal) {
      tooManyRequests(reply, refusal.waitMs, refusal.message);
      return undefined;
    }

    const row = email && password ? await findUserByEmail(db, email) : undefined;
    const valid = row
      ? await verifyPassword(row.password_digest, password)
      : (await verifyPassword(await dummyPasswordDigest(), password)) && false;
    if (!row || !valid) {
      await throttle.failed(email, clientAddress(request));
      await refused(request, email, row?.id ?? null, row ? 'wrong_password' : 'unknown_email');
      reply.code(401).send({ success: false, errors: [BAD_CREDENTIALS] });
      return undefined;
    }
    if (!row.active) {
      await refused(request, email, row.id, 'inactive');
      reply.code(401).send({
        success: false,
        errors: ['Sua conta está desativada. Fale com o administrador.'],
      });
      return undefined;
    }
    // What the second factor asks of this user now (issue 22).
    return { row, email, factor: await signInFactorOf(db, row, Date.now()) };
  };

  // The sign-in and the setup past the grace period take the same credentials, the same way.
  const credentialsRoute = {
    config: { access: 'public' as const },
    bodyLimit: BODY_LIMITS.credentials,
    onRequest: perAddress,
    schema: { body: signInBody },
  };

  /** The trail keeps the e-mail typed (never the password), and whose it is when it is one. */
  const refused = (request: FastifyRequest, email: string, userId: number | null, reason: string) =>
    audit(db, actorOf(request), {
      action: 'sign_in_failed',
      resource: 'sessions',
      record_id: userId,
      details: { email: email.slice(0, MAX_EMAIL), reason },
    });

  /** The session's headers and the trail's entry, with how the second factor was met. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: { row: User; email: string },
    secondFactor: CodeKind | 'none',
  ) => {
    const { row, email } = signedIn;
    await throttle.succeeded(email, clientAddress(request));
    reply.headers(await app.tokens.create(row));
    await audit(
      db,
      { ...actorOf(request), user_id: row.id, user_name: row.name },
      {
        action: 'sign_in',
        resource: 'sessions',
        record_id: row.id,
        details: { second_factor: secondFactor },
      },
    );
  };

  /** The code a client that knows the second factor sends beside the credentials. */
  const codeOf = (body: unknown) => {
    const { otp_code: otp, recovery_code: recovery } = (body ?? {}) as Record<string, unknown>;
    const code = typeof otp === 'string' && otp.trim() ? otp : recovery;
    return typeof code === 'string' ? code.trim().slice(0, 64) : '';
  };

  const needsCode = (reply: FastifyReply, message: string) =>
    reply.code(401).send({ success: false, errors: [message], two_factor_required: true });

  app.post('/api/auth/sign_in', credentialsRoute, async (request, reply) => {
    const signedIn = await credentialsOf(request, reply);
    if (!signedIn) return reply;
    const { row, email, factor } = signedIn;
    if (factor.kind === 'setup') {
      await refused(request, email, row.id, 'two_factor_setup_required');
      return reply.code(401).send({
        success: false,
        errors: [SETUP_REQUIRED],
        two_factor_setup_required: true,
      });
    }
    let secondFactor: CodeKind | 'none' = 'none';
    if (factor.kind === 'code') {
      // A client that does not know the second factor sends none: it is told what is missing.
      const code = codeOf(request.body);
      if (!code) return needsCode(reply, CODE_REQUIRED);
      const check = await spendCode(db, row, code, Date.now());
      if (!check.ok) {
        // A wrong code is a failed sign-in, with the same delays as a wrong password.
        await throttle.failed(email, clientAddress(request));
        await refused(request, email, row.id, check.replayed ? 'code_reused' : 'wrong_code');
        return needsCode(reply, check.replayed ? CODE_REUSED : WRONG_CODE);
      }
      secondFactor = check.kind;
    }
    await startSession(request, reply, signedIn, secondFactor);
    const user = toApiUser(row);
    // Within the grace period: signed in, and told until when to enrol.
    return factor.kind === 'none' && factor.deadline
      ? { data: { ...user, two_factor_required: true, two_factor_deadline: factor.deadline } }
      : { data: user };
  });

  // Past the grace period a user without a second factor cannot sign in; the credentials
  // (sent again on each step) open only this: a new secret, then its confirmation with a code,
  // which turns the second factor on and signs in.
  app.post('/api/auth/two_factor/setup', credentialsRoute, async (request, reply) => {
    const signedIn = await credentialsOf(request, reply);
    if (!signedIn) return reply;
    const { row, email, factor } = signedIn;
    if (factor.kind !== 'setup') {
      return reply.code(409).send({ success: false, errors: [NO_SETUP_NEEDED] });
    }
    const code = codeOf(request.body);
    const actor = { ...actorOf(request), user_id: row.id, user_name: row.name };
    if (!code) return startEnrolment(db, row, actor);
    let recoveryCodes: string[];
    try {
      recoveryCodes = await confirmEnrolment(db, row, code, actor, Date.now());
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 422) {
        await throttle.failed(email, clientAddress(request));
        await refused(request, email, row.id, 'wrong_code');
      }
      throw error;
    }
    // Sessions opened within the grace period ended with it: none comes back now.
    await app.tokens.revokeAll(row.id);
    const enrolled = (await findUser(db, row.id))!;
    await startSession(request, reply, { row: enrolled, email }, 'totp');
    return { data: toApiUser(enrolled), recovery_codes: recoveryCodes };
  });

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
      await changeOwnPassword(db, actorOf(request), user.id, parsed.data.password);
      // Other devices must sign in again with the new password; this one stays signed in.
      await app.tokens.revokeAll(user.id, request.authClient);
      return { success: true, data: toApiUser(user), message: 'Senha alterada com sucesso.' };
    },
  );
}
