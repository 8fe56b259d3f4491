import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../../server/plugins/tokens.js';
import {
  ADMIN,
  PASSWORD,
  type SessionHeaders,
  type TestApp,
  createTestApp,
  sessionOf,
} from '../support/testApp.js';
import { type ManualClock, manualClock } from '../support/manualClock.js';

describe('devise_token_auth protocol', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const signIn = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign_in', payload: payload as object });

  it('sign_in answers the user and the five session headers', async () => {
    const response = await signIn(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ email: ADMIN.email, uid: ADMIN.email, roles: ['admin'] });
    expect(body.data).not.toHaveProperty('password_digest');
    const headers = response.headers;
    expect(String(headers['access-token'])).toMatch(/^[\w-]{20,}$/);
    expect(String(headers.client)).toMatch(/^[\w-]{20,}$/);
    expect(headers.uid).toBe(ADMIN.email);
    expect(headers['token-type']).toBe('Bearer');
    // user.rb `create_token`: expiry = now + token_lifespan, in epoch seconds.
    expect(Number(headers.expiry)).toBe(clock.seconds() + 14 * 24 * 3600);
    expect(String(headers['access-control-expose-headers'])).toContain('access-token');
  });

  it('sign_in is case-insensitive on the e-mail', async () => {
    const response = await signIn({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { email: ADMIN.email, password: 'errada-123' }],
    ['an unknown e-mail', { email: 'ninguem@teste.org', password: 'qualquer-123' }],
    ['no password', { email: ADMIN.email }],
    ['an empty body', {}],
    ['non-string fields', { email: 12, password: ['x'] }],
  ])('sign_in with %s is a 401 with Portuguese errors', async (_case, payload) => {
    const response = await signIn(payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, errors: ['E-mail ou senha inválidos.'] });
    expect(response.headers['access-token']).toBeUndefined();
  });

  it('stores only SHA-256 digests of tokens and argon2id password digests', async () => {
    const session = sessionOf(await signIn(ADMIN));
    const rows = await t.database.db.selectFrom('user_tokens').selectAll().execute();
    const row = rows.find((r) => r.client === session.client)!;
    expect(row.token_digest).toBe(digest(session['access-token']));
    expect(JSON.stringify(rows)).not.toContain(session['access-token']);
    const user = await t.database.db
      .selectFrom('users')
      .select('password_digest')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(user.password_digest.startsWith('$argon2id$')).toBe(true);
  });

  it('validate_token answers the user; a bad token is a 401', async () => {
    const session = sessionOf(await signIn(ADMIN));
    const ok = await t.app.inject({ url: '/api/auth/validate_token', headers: session });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { email: ADMIN.email } });
    const bad = await t.app.inject({
      url: '/api/auth/validate_token',
      headers: { ...session, 'access-token': 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().errors[0]).toMatch(/entrar/);
  });

  it('within the batch window answers blank access-token and expiry and keeps the token valid', async () => {
    const session = sessionOf(await signIn(ADMIN));
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ url: '/api/dashboard', headers: session });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-token']).toBe(' ');
      expect(response.headers.expiry).toBe(' ');
      expect(response.headers.client).toBe(session.client);
      expect(response.headers.uid).toBe(ADMIN.email);
    }
  });

  it('sign_out removes that client only; an unknown session is a 404', async () => {
    const first = sessionOf(await signIn(ADMIN));
    const second = sessionOf(await signIn(ADMIN));
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out', headers: first });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await t.app.inject({ url: '/api/dashboard', headers: first })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/dashboard', headers: second })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign_out',
      headers: first,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().success).toBe(false);
    const none = await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out' });
    expect(none.statusCode).toBe(404);
  });

  it('keeps at most 10 clients per user, dropping the oldest', async () => {
    const user = await t.userWithRoles(['secretary']);
    const sessions: SessionHeaders[] = [user];
    for (let i = 0; i < 10; i++) {
      clock.advance(1000); // each session a second younger (user.rb `clean_old_tokens` by expiry)
      sessions.push(await t.signIn(user.uid, PASSWORD));
    }
    const count = await t.database.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10);
    const oldest = await t.app.inject({ url: '/api/dashboard', headers: sessions[0] });
    expect(oldest.statusCode).toBe(401);
    const newest = await t.app.inject({ url: '/api/dashboard', headers: sessions[10] });
    expect(newest.statusCode).toBe(200);
  });

  it('a deactivated user cannot sign in and loses open sessions', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const user = await t.userWithRoles(['financial']);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard', headers: user })).statusCode).toBe(401);
    const again = await signIn({ email: user.uid, password: PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json().errors[0]).toMatch(/desativada/);
  });

  it('changes the own password with the current one, ending the other sessions', async () => {
    const user = await t.userWithRoles(['secretary']);
    const other = await t.signIn(user.uid, PASSWORD);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user,
      payload: {
        current_password: 'errada',
        password: 'nova-senha-1',
        password_confirmation: 'nova-senha-1',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fieldErrors.current_password).toBe('A senha atual não confere.');
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user,
      payload: {
        current_password: PASSWORD,
        password: 'nova-senha-1',
        password_confirmation: 'outra',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().fieldErrors.password_confirmation).toMatch(/confirmação/);
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user,
      payload: { current_password: PASSWORD, password: 'curta', password_confirmation: 'curta' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().fieldErrors.password).toMatch(/pelo menos 8/);

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user,
      payload: {
        current_password: PASSWORD,
        password: 'nova-senha-1',
        password_confirmation: 'nova-senha-1',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard', headers: user })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard', headers: other })).statusCode).toBe(401);
    expect((await signIn({ email: user.uid, password: PASSWORD })).statusCode).toBe(401);
    expect((await signIn({ email: user.uid, password: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it('/api/health answers without login', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });
});

describe('token rotation', () => {
  // The gem's default batch_request_buffer_throttle (5 s); time moves by the clock.
  const windowMs = 5_000;
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock();
    t = await createTestApp({ auth: { batchWindowMs: windowMs }, clock });
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ url: '/api/dashboard', headers });

  it('rotates the token after the batch window and keeps the previous one until the next rotation', async () => {
    const t0 = await t.signIn(ADMIN.email, ADMIN.password);
    clock.advance(windowMs + 1);
    const first = await get(t0);
    expect(first.statusCode).toBe(200);
    const t1 = sessionOf(first);
    expect(t1['access-token']).not.toBe(t0['access-token']);
    expect(t1['access-token'].trim()).not.toBe('');
    expect(Number(first.headers.expiry)).toBe(clock.seconds() + 14 * 24 * 3600);

    // The previous token (t0) still works after the window, until t1's successor appears.
    clock.advance(windowMs + 1);
    const withPrevious = await get(t0);
    expect(withPrevious.statusCode).toBe(200);
    const t2 = sessionOf(withPrevious);
    expect(t2['access-token']).not.toBe(t1['access-token']);

    // Now t0 is two rotations old: valid only inside the batch window just opened...
    expect((await get(t0)).statusCode).toBe(200);
    // ...and refused once it has passed.
    clock.advance(windowMs + 1);
    expect((await get(t0)).statusCode).toBe(401);
    expect((await get(t2)).statusCode).toBe(200);
  });

  it('requests that keep coming keep the batch open: no rotation, every answer blank', async () => {
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    // Four windows long, one request every third of a window.
    for (let i = 0; i < 12; i++) {
      clock.advance(Math.floor(windowMs / 3));
      const response = await get(session);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-token']).toBe(' ');
    }
    clock.advance(windowMs + 1);
    const rotated = await get(session);
    expect(String(rotated.headers['access-token']).trim()).not.toBe('');
  });

  it('30 parallel requests with one token get no spurious 401', async () => {
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    clock.advance(windowMs + 1);
    const responses = await Promise.all(Array.from({ length: 30 }, () => get(session)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const fresh = responses
      .map((r) => String(r.headers['access-token']).trim())
      .filter((token) => token !== '');
    // Exactly one of them rotated; the others were batch answers.
    expect(fresh).toHaveLength(1);
    expect((await get({ ...session, 'access-token': fresh[0] })).statusCode).toBe(200);
  });

  it('an expired token is refused', async () => {
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    await t.database.db
      .updateTable('user_tokens')
      .set({ expiry: clock.seconds() - 1, updated_at_ms: clock() - 60_000 })
      .where('client', '=', session.client)
      .execute();
    expect((await get(session)).statusCode).toBe(401);
  });
});
