// What devise_token_auth accepts, Adam accepts, with the gem's precedence. Each test names the
// gem's rule it follows (files of github.com/lynndylanhurley/devise_token_auth):
// - set_user_by_token.rb: where a request's credentials are read, batch requests, unbatch;
// - user.rb: the answer's headers (build_auth_headers, build_bearer_token), expiry;
// - sessions_controller.rb, token_validations_controller.rb, application_controller.rb
//   (render_error): routes and the shape of their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearerOf } from '../../server/plugins/tokens.js';
import { redactUrl } from '../../server/plugins/logging.js';
import { ADMIN, PASSWORD, type TestApp, createTestApp, sessionOf } from '../support/testApp.js';
import { type ManualClock, manualClock } from '../support/manualClock.js';

const WINDOW_MS = 5_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const queryOf = (fields: Record<string, string>) => `?${new URLSearchParams(fields).toString()}`;

type Credentials = { 'access-token': string; client: string; uid: string };

/** The JSON inside an answer's `Authorization: Bearer …`. */
function bearerJson(response: LightMyRequestResponse): Record<string, string> {
  const header = String(response.headers.authorization);
  expect(header).toMatch(/^Bearer [A-Za-z0-9+/]+=*$/);
  return JSON.parse(Buffer.from(header.slice('Bearer '.length), 'base64').toString('utf8'));
}

/** The gem's failure shape (application_controller.rb `render_error`). */
function expectGemFailure(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const message of body.errors) expect(typeof message).toBe('string');
  expect(body).not.toHaveProperty('message');
  return body.errors as string[];
}

describe('devise_token_auth compatibility', () => {
  let t: TestApp;
  let clock: ManualClock;
  const logLines: string[] = [];

  beforeAll(async () => {
    clock = manualClock();
    t = await createTestApp({
      clock,
      auth: { batchWindowMs: WINDOW_MS },
      log: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
  });
  afterAll(() => t.close());

  const signIn = () => t.signIn(ADMIN.email, ADMIN.password);
  /** A new session whose batch window has passed, so its next request rotates. */
  const freshSession = async () => {
    const session = await signIn();
    clock.advance(WINDOW_MS + 1);
    return session;
  };
  const validate = (url = '/api/auth/validate_token', headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers });

  describe('form bodies (Rails fills `params` from them; sessions_controller_test posts params)', () => {
    it('signs in with application/x-www-form-urlencoded', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        headers: FORM,
        payload: form({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.email).toBe(ADMIN.email);
      expect(String(response.headers['access-token'])).toMatch(/^[\w-]{20,}$/);
    });

    it('a wrong password in a form is the 401 of sessions_controller.rb `render_create_error_bad_credentials`', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        headers: FORM,
        payload: form({ email: ADMIN.email, password: 'errada-123' }),
      });
      expect(expectGemFailure(response, 401)).toEqual(['E-mail ou senha inválidos.']);
    });

    it('a form bigger than 8 KB is a 413 in the gem shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        headers: FORM,
        payload: form({ email: ADMIN.email, password: 'x'.repeat(9 * 1024) }),
      });
      expect(expectGemFailure(response, 413)).toEqual(['O conteúdo enviado é grande demais.']);
    });

    it('another content type on an auth route is a Portuguese 415 in the gem shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        headers: { 'content-type': 'application/xml' },
        payload: `<email>${ADMIN.email}</email>`,
      });
      expect(expectGemFailure(response, 415)[0]).toMatch(/^Tipo de conteúdo não suportado/);
    });

    it('every other route still takes JSON only: a form is a 415 in its own { message } shape', async () => {
      const session = await signIn();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/departments',
        headers: { ...session, ...FORM },
        payload: form({ name: 'Louvor' }),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        message: 'Tipo de conteúdo não suportado: envie JSON.',
      });
    });
  });

  describe('credentials as parameters (set_user_by_token.rb: `request.headers[name] || params[name]`)', () => {
    it('validate_token reads access-token, client and uid from the query string', async () => {
      const session = await signIn();
      const response = await validate(`/api/auth/validate_token${queryOf(session)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: { email: ADMIN.email } });
    });

    it('any protected route reads them from the query string', async () => {
      const session = await freshSession();
      const response = await t.app.inject({ url: `/api/dashboard${queryOf(session)}` });
      expect(response.statusCode).toBe(200);
      // A rotated token in the answer's headers, as with header credentials.
      expect(String(response.headers['access-token']).trim()).not.toBe('');
      expect(response.headers['access-token']).not.toBe(session['access-token']);
    });

    it('sign_out reads them from a JSON body and from a form body (sessions_controller.rb `destroy`)', async () => {
      const viaJson = await signIn();
      const out = await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/sign_out',
        payload: viaJson,
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect((await validate('/api/auth/validate_token', viaJson)).statusCode).toBe(401);

      const viaForm = await signIn();
      const formOut = await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/sign_out',
        headers: FORM,
        payload: form(viaForm),
      });
      expect(formOut.statusCode, formOut.body).toBe(200);
      expect(formOut.headers.authorization).toBeUndefined();
      expect(formOut.headers['access-token']).toBeUndefined();
    });

    it('the password change reads them from its body; without any it is a 401 before any field is checked', async () => {
      const user = await t.userWithRoles(['secretary']);
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload: { current_password: PASSWORD },
      });
      expect(expectGemFailure(none, 401)).toEqual(['Você precisa entrar para continuar.']);

      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: FORM,
        payload: form({
          'access-token': user['access-token'],
          client: user.client,
          uid: user.uid,
          current_password: PASSWORD,
          password: 'nova-senha-9',
          password_confirmation: 'nova-senha-9',
        }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().success).toBe(true);
    });

    it('a header wins over a query parameter, value by value', async () => {
      const session = await signIn();
      const wrong = { ...session, 'access-token': 'nao-e-o-token' };
      // Right header, wrong parameter: the header is read.
      const headerRight = await validate(`/api/auth/validate_token${queryOf(wrong)}`, session);
      expect(headerRight.statusCode).toBe(200);
      // Wrong header, right parameter: still the header.
      const headerWrong = await validate(`/api/auth/validate_token${queryOf(session)}`, wrong);
      expect(headerWrong.statusCode).toBe(401);
      // Each value from its own place: uid by header, the token and client by parameter.
      const mixed = await validate(
        `/api/auth/validate_token${queryOf({ 'access-token': session['access-token'], client: session.client })}`,
        { uid: session.uid },
      );
      expect(mixed.statusCode).toBe(200);
    });

    it('the query string wins over the body (Rails merges query parameters over body parameters)', async () => {
      const session = await signIn();
      const wrong = { ...session, 'access-token': 'nao-e-o-token' };
      const queryRight = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sign_out${queryOf(session)}`,
        payload: wrong,
      });
      expect(queryRight.statusCode).toBe(200);

      const other = await signIn();
      const queryWrong = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sign_out${queryOf({ ...other, 'access-token': 'nao-e-o-token' })}`,
        payload: other,
      });
      expect(expectGemFailure(queryWrong, 404)).toEqual([
        'Usuário não encontrado ou sem sessão ativa.',
      ]);
    });
  });

  describe('Authorization: Bearer (user.rb `build_bearer_token`, set_user_by_token.rb `decode_bearer_token`)', () => {
    it('sign_in sends it beside the five headers: strict base64 of their JSON, in the gem’s key order', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: ADMIN,
      });
      const header = String(response.headers.authorization);
      const json = bearerJson(response);
      expect(Object.keys(json)).toEqual(['access-token', 'token-type', 'client', 'expiry', 'uid']);
      expect(json).toEqual({
        'access-token': response.headers['access-token'],
        'token-type': 'Bearer',
        client: response.headers.client,
        expiry: response.headers.expiry,
        uid: ADMIN.email,
      });
      expect(header).toBe(
        bearerOf({
          'access-token': String(response.headers['access-token']),
          client: String(response.headers.client),
          uid: ADMIN.email,
          expiry: String(response.headers.expiry),
          'token-type': 'Bearer',
        }),
      );
      expect(String(response.headers['access-control-expose-headers'])).toContain('Authorization');
    });

    it('alone, it authenticates (token_validations_controller_test "using only Authorization header")', async () => {
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: ADMIN,
      });
      clock.advance(WINDOW_MS + 1);
      const response = await validate('/api/auth/validate_token', {
        authorization: String(signedIn.headers.authorization),
      });
      expect(response.statusCode, response.body).toBe(200);
      // Rotated: the new token in both the header and the new Authorization.
      const rotated = bearerJson(response);
      expect(rotated['access-token']).toBe(response.headers['access-token']);
      expect(rotated['access-token']).not.toBe(signedIn.headers['access-token']);
    });

    it('a header or a parameter wins over its value inside Authorization', async () => {
      const session = await signIn();
      const wrongBearer = bearerOf({
        ...session,
        'access-token': 'nao-e-o-token',
        expiry: '1',
        'token-type': 'Bearer',
      });
      const withHeaders = await validate('/api/auth/validate_token', {
        ...session,
        authorization: wrongBearer,
      });
      expect(withHeaders.statusCode).toBe(200);
      const withQuery = await validate(`/api/auth/validate_token${queryOf(session)}`, {
        authorization: wrongBearer,
      });
      expect(withQuery.statusCode).toBe(200);
    });

    it.each([
      ['invalid base64', 'Bearer invalidtoken=='],
      ['valid base64 of other JSON', `Bearer ${Buffer.from('{"a":1}').toString('base64')}`],
      ['valid base64 of no JSON', `Bearer ${Buffer.from('nada').toString('base64')}`],
      ['no bearer at all', ''],
    ])('%s is a 401 in the gem shape (token_validations_controller_test)', async (_case, value) => {
      const response = await validate('/api/auth/validate_token', { authorization: value });
      expect(expectGemFailure(response, 401)).toEqual(['Você precisa entrar para continuar.']);
    });

    it('a batch answer blanks access-token and expiry; its Authorization keeps the presented token and the expiry (set_user_by_token.rb `auth_header_from_batch_request`)', async () => {
      const session = await signIn();
      const stored = await t.database.db
        .selectFrom('user_tokens')
        .select('expiry')
        .where('client', '=', session.client)
        .executeTakeFirstOrThrow();
      const response = await t.app.inject({ url: '/api/dashboard', headers: session });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-token']).toBe(' ');
      expect(response.headers.expiry).toBe(' ');
      expect(bearerJson(response)).toEqual({
        'access-token': session['access-token'],
        'token-type': 'Bearer',
        client: session.client,
        expiry: String(stored.expiry),
        uid: ADMIN.email,
      });
    });
  });

  describe('unbatch (set_user_by_token.rb `is_batch_request?`: `!params[:unbatch]`)', () => {
    it('?unbatch=true rotates inside the batch window, where the same request without it is blank', async () => {
      const session = await signIn();
      const batch = await t.app.inject({ url: '/api/dashboard', headers: session });
      expect(batch.headers['access-token']).toBe(' ');
      const unbatched = await t.app.inject({
        url: '/api/dashboard?unbatch=true',
        headers: session,
      });
      expect(unbatched.statusCode).toBe(200);
      const fresh = String(unbatched.headers['access-token']);
      expect(fresh.trim()).not.toBe('');
      expect(fresh).not.toBe(session['access-token']);
      expect(unbatched.headers.expiry).toBe(String(clock.seconds() + 14 * 24 * 3600));
      // The new token works, and so does the one it replaced (user.rb `token_is_current?`).
      const next = { ...session, 'access-token': fresh };
      expect((await t.app.inject({ url: '/api/dashboard', headers: next })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/dashboard', headers: session })).statusCode).toBe(
        200,
      );
    });

    it('unbatch also counts as a body parameter on the session routes', async () => {
      const session = await signIn();
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: FORM,
        payload: form({ ...session, unbatch: 'true', current_password: 'errada' }),
      });
      expect(response.statusCode).toBe(422);
      expect(String(response.headers['access-token']).trim()).not.toBe('');
    });
  });

  describe('routes and refusals', () => {
    it('GET /api/auth/sign_in is 405 with the errors list (sessions_controller.rb `new` → `render_new_error`)', async () => {
      const response = await t.app.inject({ url: '/api/auth/sign_in' });
      expect(expectGemFailure(response, 405)).toEqual([
        'Use POST /api/auth/sign_in para entrar. GET não é suportado.',
      ]);
      expect(response.headers.allow).toBe('POST');
    });

    it('every auth failure carries { success: false, errors: [...] } (application_controller.rb `render_error`)', async () => {
      const session = await signIn();
      const failures: Array<[Promise<LightMyRequestResponse>, number]> = [
        [t.app.inject({ method: 'POST', url: '/api/auth/sign_in', payload: {} }), 401],
        [validate('/api/auth/validate_token', { ...session, 'access-token': 'x' }), 401],
        [t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out' }), 404],
        [t.app.inject({ method: 'PUT', url: '/api/auth/password', payload: {} }), 401],
        [
          t.app.inject({
            method: 'PUT',
            url: '/api/auth/password',
            headers: session,
            payload: { current_password: 'errada', password: 'a', password_confirmation: 'b' },
          }),
          422,
        ],
        [
          t.app.inject({
            method: 'POST',
            url: '/api/auth/sign_in',
            headers: { 'content-type': 'application/json' },
            payload: '{"email":',
          }),
          400,
        ],
        [t.app.inject({ url: '/api/auth/nao_existe' }), 404],
        [t.app.inject({ url: '/api/dashboard' }), 401],
      ];
      for (const [pending, status] of failures) expectGemFailure(await pending, status);
    });

    it('a token past its expiry is refused (user.rb `token_is_current?`: expiry > now)', async () => {
      const session = await signIn();
      clock.advance(14 * 24 * 3600 * 1000 + 1000);
      expect((await validate('/api/auth/validate_token', session)).statusCode).toBe(401);
    });
  });

  describe('logs', () => {
    it('never write query-string credentials', async () => {
      const session = await freshSession();
      logLines.length = 0;
      await t.app.inject({ url: `/api/dashboard${queryOf(session)}&x=1` });
      await validate(`/api/auth/validate_token${queryOf(session)}`);
      const log = logLines.join('\n');
      expect(log).toContain('/api/dashboard?access-token=[REDACTED]');
      expect(log).toContain('x=1');
      expect(log).not.toContain(session['access-token']);
      expect(log).not.toContain(session.client);
      expect(log).not.toContain(encodeURIComponent(session.uid));
    });

    it('redactUrl hides every spelling of the secret names and keeps the rest', () => {
      expect(redactUrl('/api/x?access%2Dtoken=abc&Client=def&uid=a%40b&page=2&password')).toBe(
        '/api/x?access%2Dtoken=[REDACTED]&Client=[REDACTED]&uid=[REDACTED]&page=2&password=[REDACTED]',
      );
      expect(redactUrl('/api/x')).toBe('/api/x');
    });
  });

  it('a gem client end to end: form sign-in, reload with parameters only, Authorization only, sign-out with body parameters', async () => {
    // 1. Sign in with a form body (sessions_controller.rb `create` reads `params`).
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: FORM,
      payload: form({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(signedIn.statusCode).toBe(200);
    let session: Credentials = sessionOf(signedIn);

    // 2. A reload later validates the stored session with query parameters only.
    clock.advance(WINDOW_MS + 1);
    const reloaded = await t.app.inject({
      url: `/api/auth/validate_token${queryOf(session)}`,
    });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json().data.email).toBe(ADMIN.email);
    session = sessionOf(reloaded);

    // 3. Then only the Authorization header of that answer, on the API and on validate_token.
    clock.advance(WINDOW_MS + 1);
    const authorization = String(reloaded.headers.authorization);
    expect(bearerJson(reloaded)['access-token']).toBe(session['access-token']);
    const listed = await t.app.inject({ url: '/api/departments', headers: { authorization } });
    expect(listed.statusCode, listed.body).toBe(200);
    const latest = sessionOf(listed);
    expect(latest['access-token']).not.toBe(session['access-token']);

    // 4. Sign out with the credentials as body parameters.
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign_out',
      headers: FORM,
      payload: form(latest),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true });
    // Every token of that client is gone.
    for (const credentials of [latest, session]) {
      expect((await validate('/api/auth/validate_token', credentials)).statusCode).toBe(401);
    }
    expect((await validate('/api/auth/validate_token', { authorization })).statusCode).toBe(401);
  });
});
