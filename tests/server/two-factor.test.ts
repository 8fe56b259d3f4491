// Issue 22: two-factor sign-in for staff. Enrolment (QR code, secret, confirmation, ten
// recovery codes), sign-in with a code through the devise_token_auth route (a client that does
// not know the second factor is told in Portuguese and gets no session), wrong and reused codes,
// recovery codes good once, the church's requirement for admins and treasurers with a grace
// period, an admin's reset, turning one's own off — each change in the audit trail.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  PASSWORD,
  type SessionHeaders,
  type TestApp,
  createTestApp,
  sessionOf,
} from '../support/testApp.js';

const CODE_REQUIRED =
  'Informe o código de verificação do seu aplicativo autenticador (ou um código de recuperação).';

/** The code an authenticator app shows for `secret`, `offsetSteps` steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** A code of the right shape that no step around now answers. */
const wrongCodeFor = (secret: string) => {
  const near = new Set([-1, 0, 1, 2].map((offset) => codeFor(secret, offset)));
  return ['000000', '111111', '222222'].find((code) => !near.has(code))!;
};

describe('two-factor sign-in', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let count = 0;

  beforeAll(async () => {
    // Many sign-ins from one address: the per-address budget is not what is tested here.
    t = await createTestApp({ auth: { signInPerIp: 10_000 } });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object = {}, payload?: object) =>
    t.app.inject({ method: method as 'POST', url, headers: headers as never, payload });
  const signIn = (payload: object) => call('POST', '/api/auth/sign_in', {}, payload);

  /** A new user with these roles, signed in. */
  const newUser = async (roles: string[]) => {
    count += 1;
    const email = `dois-fatores-${count}@teste.org`;
    const created = await call('POST', '/api/users', admin, {
      name: `Usuária ${count}`,
      email,
      password: PASSWORD,
      roles,
    });
    expect(created.statusCode).toBe(201);
    const session = sessionOf(await signIn({ email, password: PASSWORD }));
    return { id: created.json().id as number, email, session };
  };

  /** Enrols the user: the secret and the recovery codes. */
  const enrol = async (session: SessionHeaders) => {
    const started = await call('POST', '/api/auth/two_factor', session);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json();
    const confirmed = await call('POST', '/api/auth/two_factor/confirm', session, {
      otp_code: codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    return { secret: secret as string, recovery: confirmed.json().recovery_codes as string[] };
  };

  const lastEntry = async (action: string, recordId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('record_id', '=', recordId)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  it('a user without a second factor signs in as devise_token_auth clients always did', async () => {
    const { email } = await newUser(['financial']);
    const response = await signIn({ email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    for (const name of ['access-token', 'client', 'uid', 'expiry', 'token-type']) {
      expect(response.headers[name], name).toBeTruthy();
    }
    const { data } = response.json();
    expect(data).toMatchObject({ email, uid: email, two_factor_enabled: false });
    expect(data).not.toHaveProperty('two_factor_required');
    // Form bodies, as the gem takes them, too.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}&password=${PASSWORD}`,
    });
    expect(form.statusCode).toBe(200);
  });

  it('enrols with a QR code and the secret, confirmed by a current code; ten recovery codes once', async () => {
    const { id, session } = await newUser(['secretary']);
    const started = await call('POST', '/api/auth/two_factor', session);
    expect(started.statusCode).toBe(200);
    const { secret, uri, qr } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const address = new URL(uri);
    expect(address.searchParams.get('secret')).toBe(secret);
    expect(address.searchParams.get('issuer')).toMatch(/^Adam \(.+\)$/);
    expect(address.searchParams.get('digits')).toBe('6');
    expect(qr).toMatch(/^data:image\/png;base64,/);

    // Not in force until confirmed: signing in needs no code yet.
    const status = await call('GET', '/api/auth/two_factor', session);
    expect(status.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });

    const wrong = await call('POST', '/api/auth/two_factor/confirm', session, {
      otp_code: codeFor(secret, 5),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fieldErrors.otp_code).toMatch(/^Código inválido ou expirado/);

    const confirmed = await call('POST', '/api/auth/two_factor/confirm', session, {
      otp_code: codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes: codes, status: after } = confirmed.json();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(after).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // Kept as argon2id digests only; the secret never leaves the server again.
    const rows = await t.database.db
      .selectFrom('user_recovery_codes')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.code_digest).toMatch(/^\$argon2id\$/);
    const again = await call('POST', '/api/auth/two_factor', session);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    for (const response of [
      await call('GET', '/api/auth/two_factor', session),
      await call('GET', `/api/users/${id}`, admin),
      await call('GET', '/api/users', admin),
      await call('GET', '/api/auth/validate_token', session),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret);
    }
    expect((await call('GET', `/api/users/${id}`, admin)).json().two_factor_enabled).toBe(true);
    const entry = await lastEntry('two_factor_enable', id);
    expect(entry).toMatchObject({ resource: 'users', area: 'users' });
  });

  it('with a second factor, e-mail and password alone get a Portuguese 401 and no session', async () => {
    const { email, session } = await newUser(['admin']);
    const { secret } = await enrol(session);
    const response = await signIn({ email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      errors: [CODE_REQUIRED],
      two_factor_required: true,
    });
    expect(response.headers['access-token']).toBeUndefined();
    // A wrong password still says only that: nothing about the second factor.
    const wrongPassword = await signIn({
      email,
      password: 'errada-123',
      otp_code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      success: false,
      errors: ['E-mail ou senha inválidos.'],
    });
  });

  it('signs in with the code, once per time step; a later code signs in again', async () => {
    const { id, email, session } = await newUser(['financial']);
    const { secret } = await enrol(session);
    // The step the enrolment used is spent: the next step's code signs in.
    const code = codeFor(secret, 1);
    // Spaced as some apps show it ("123 456").
    const spaced = code.replace(/^(\d{3})/, '$1 ');
    const response = await signIn({ email, password: PASSWORD, otp_code: spaced });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-token']).toBeTruthy();
    expect(response.json().data).toMatchObject({ email, two_factor_enabled: true });
    const entry = await lastEntry('sign_in', id);
    expect(JSON.parse(entry!.details!)).toEqual({ second_factor: 'totp' });

    const replay = await signIn({ email, password: PASSWORD, otp_code: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      errors: ['Este código já foi usado. Aguarde o próximo código no aplicativo.'],
      two_factor_required: true,
    });
    expect(replay.headers['access-token']).toBeUndefined();
    const refused = await lastEntry('sign_in_failed', id);
    expect(JSON.parse(refused!.details!)).toMatchObject({ email, reason: 'code_reused' });

    // An older step than the last one used is no better.
    const older = await signIn({ email, password: PASSWORD, otp_code: codeFor(secret) });
    expect(older.statusCode).toBe(401);
  });

  it('two requests with the same code at once: only one signs in', async () => {
    const { email, session } = await newUser(['admin']);
    const { secret } = await enrol(session);
    const code = codeFor(secret, 1);
    const answers = await Promise.all(
      [1, 2, 3].map(() => signIn({ email, password: PASSWORD, otp_code: code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('a wrong code is a failed sign-in: audited, and it spends the same budget as a wrong password', async () => {
    const { id, email, session } = await newUser(['admin']);
    const { secret } = await enrol(session);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const wrong = await signIn({ email, password: PASSWORD, otp_code: wrongCodeFor(secret) });
      statuses.push(wrong.statusCode);
      if (wrong.statusCode === 401) {
        expect(wrong.json()).toEqual({
          success: false,
          errors: ['Código de verificação inválido ou expirado.'],
          two_factor_required: true,
        });
      }
    }
    // Five free failures (README "Proteção contra tentativas"), then the pair waits.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const right = await signIn({ email, password: PASSWORD, otp_code: codeFor(secret, 1) });
    expect(right.statusCode).toBe(429);
    const refused = await lastEntry('sign_in_failed', id);
    expect(JSON.parse(refused!.details!)).toMatchObject({ email, reason: 'wrong_code' });
  });

  it('each recovery code signs in once, typed in any case with or without the hyphen', async () => {
    const { id, email, session } = await newUser(['secretary']);
    const { recovery } = await enrol(session);
    const first = recovery[0];
    const typed = first.toLowerCase().replace('-', ' ');
    const response = await signIn({ email, password: PASSWORD, otp_code: typed });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await lastEntry('sign_in', id))!.details!)).toEqual({
      second_factor: 'recovery_code',
    });
    const again = await signIn({ email, password: PASSWORD, otp_code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json().two_factor_required).toBe(true);
    // The field named for it works too.
    const other = await signIn({ email, password: PASSWORD, recovery_code: recovery[1] });
    expect(other.statusCode).toBe(200);
    const status = await call('GET', '/api/auth/two_factor', sessionOf(other));
    expect(status.json().recovery_codes_left).toBe(8);
    // A made-up code of the right shape is refused.
    const madeUp = await signIn({ email, password: PASSWORD, otp_code: 'ABCDE-FGHJK' });
    expect(madeUp.statusCode).toBe(401);
  });

  it("turning one's own off needs the password and a code; audited", async () => {
    const { id, email, session } = await newUser(['secretary']);
    const { secret } = await enrol(session);
    const wrongPassword = await call('POST', '/api/auth/two_factor/disable', session, {
      password: 'errada-123',
      otp_code: codeFor(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: 'A senha não confere.' });
    const wrongCode = await call('POST', '/api/auth/two_factor/disable', session, {
      password: PASSWORD,
      otp_code: '12345',
    });
    expect(wrongCode.statusCode).toBe(422);
    const done = await call('POST', '/api/auth/two_factor/disable', session, {
      password: PASSWORD,
      otp_code: codeFor(secret, 1),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await lastEntry('two_factor_disable', id)).toBeTruthy();
    expect((await signIn({ email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('new recovery codes replace the old ones, with the password and a code', async () => {
    const { id, email, session } = await newUser(['financial']);
    const { secret, recovery } = await enrol(session);
    const renew = (body: object) =>
      call('POST', '/api/auth/two_factor/recovery_codes', session, body);
    const wrong = await renew({ password: PASSWORD, otp_code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(422);
    const renewed = await renew({ password: PASSWORD, otp_code: codeFor(secret, 1) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recovery.includes(code))).toEqual([]);
    expect(renewed.json().status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(await lastEntry('two_factor_recovery_codes', id)).toBeTruthy();
    // The old ones are gone; a new one signs in.
    expect((await signIn({ email, password: PASSWORD, otp_code: recovery[1] })).statusCode).toBe(
      401,
    );
    expect((await signIn({ email, password: PASSWORD, otp_code: fresh[0] })).statusCode).toBe(200);
  });

  it("an admin resets another user's second factor (audited); only admins, not their own", async () => {
    const { id, email, session } = await newUser(['financial']);
    await enrol(session);
    const secretary = await newUser(['secretary']);
    const forbidden = await call('POST', `/api/users/${id}/two_factor/reset`, secretary.session);
    expect(forbidden.statusCode).toBe(403);
    const adminId = (await call('GET', '/api/auth/validate_token', admin)).json().data.id;
    const own = await call('POST', `/api/users/${adminId}/two_factor/reset`, admin);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/Minha conta/);
    expect((await call('POST', '/api/users/999999/two_factor/reset', admin)).statusCode).toBe(404);

    const reset = await call('POST', `/api/users/${id}/two_factor/reset`, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const entry = await lastEntry('two_factor_reset', id);
    expect(entry).toMatchObject({ resource: 'users', user_name: 'Administrador' });
    expect(JSON.parse(entry!.details!)).toEqual({ was_enabled: true });
    expect((await signIn({ email, password: PASSWORD })).statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('npm run adam -- user:2fa-reset: the way back for an admin who lost phone and codes', async () => {
    const { id, email, session } = await newUser(['admin']);
    await enrol(session);
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
    };
    const result = spawnSync(
      join('node_modules', '.bin', 'tsx'),
      ['server/cli.ts', 'user:2fa-reset', '--email', email],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Verificação em duas etapas de ${email} redefinida.`);
    expect((await signIn({ email, password: PASSWORD })).statusCode).toBe(200);
    const entry = await lastEntry('two_factor_reset', id);
    expect(entry).toMatchObject({ user_id: null, resource: 'users' });
  });

  describe('the church requires it of admins and treasurers', () => {
    const policy = (headers: SessionHeaders, body: object) =>
      call('PUT', '/api/church/two_factor', headers, body);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

    afterAll(async () => {
      await policy(admin, { two_factor_required: false, two_factor_grace_days: 7 });
    });

    it('only admins change the requirement; the church form cannot', async () => {
      const secretary = await newUser(['secretary']);
      const body = { two_factor_required: true, two_factor_grace_days: 7 };
      expect((await policy(secretary.session, body)).statusCode).toBe(403);
      const bad = await policy(admin, { two_factor_required: true, two_factor_grace_days: 400 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.two_factor_grace_days).toBe('O prazo deve ser de 0 a 90 dias.');
      const sneaked = await call('PUT', '/api/church', secretary.session, {
        two_factor_required: true,
      });
      expect(sneaked.statusCode).toBe(200);
      expect((await call('GET', '/api/church/two_factor', admin)).json()).toEqual({
        two_factor_required: false,
        two_factor_grace_days: 7,
      });
      const set = await policy(admin, body);
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual(body);
      const entry = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('resource', '=', 'church')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.changes!)).toMatchObject({ two_factor_required: [false, true] });
    });

    it('within the grace period a treasurer signs in and is told until when to enrol', async () => {
      const { email } = await newUser(['financial']);
      const response = await signIn({ email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.two_factor_required).toBe(true);
      const deadline = Date.parse(data.two_factor_deadline);
      expect(Math.abs(deadline - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
      // A secretary is not asked.
      const secretary = await newUser(['secretary']);
      const other = await signIn({ email: secretary.email, password: PASSWORD });
      expect(other.json().data).not.toHaveProperty('two_factor_required');
    });

    it('past the grace period sign-in is refused until the user enrols through the setup route', async () => {
      // Signed in within the grace period: that session ends with it.
      const { id, email, session: graceSession } = await newUser(['admin']);
      expect((await call('GET', '/api/members', graceSession)).statusCode).toBe(200);
      await t.database.db
        .updateTable('users')
        .set({ created_at: daysAgo(8) })
        .where('id', '=', id)
        .execute();
      await t.database.db
        .updateTable('church')
        .set({ two_factor_required_since: daysAgo(30) })
        .execute();
      const refused = await signIn({ email, password: PASSWORD });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        errors: [
          'A igreja exige a verificação em duas etapas para o seu perfil e o prazo para configurá-la terminou. Configure-a agora para entrar.',
        ],
        two_factor_setup_required: true,
      });
      expect(refused.headers['access-token']).toBeUndefined();
      for (const url of ['/api/members', '/api/auth/validate_token', '/api/auth/two_factor']) {
        expect((await call('GET', url, graceSession)).statusCode, url).toBe(401);
      }
      expect(JSON.parse((await lastEntry('sign_in_failed', id))!.details!)).toMatchObject({
        reason: 'two_factor_setup_required',
      });

      // The setup route takes the credentials, never a session of its own.
      const setup = (body: object) => call('POST', '/api/auth/two_factor/setup', {}, body);
      const wrong = await setup({ email, password: 'errada-123' });
      expect(wrong.statusCode).toBe(401);
      const started = await setup({ email, password: PASSWORD });
      expect(started.statusCode).toBe(200);
      expect(started.headers['access-token']).toBeUndefined();
      const { secret } = started.json();
      const badCode = await setup({ email, password: PASSWORD, otp_code: codeFor(secret, 4) });
      expect(badCode.statusCode).toBe(422);
      expect(badCode.headers['access-token']).toBeUndefined();
      const done = await setup({ email, password: PASSWORD, otp_code: codeFor(secret) });
      expect(done.statusCode).toBe(200);
      expect(done.headers['access-token']).toBeTruthy();
      expect(done.json().recovery_codes).toHaveLength(10);
      expect(done.json().data).toMatchObject({ email, two_factor_enabled: true });
      // From now on, the code at every sign-in.
      expect((await signIn({ email, password: PASSWORD })).json().two_factor_required).toBe(true);
      const signedIn = await signIn({ email, password: PASSWORD, otp_code: codeFor(secret, 1) });
      expect(signedIn.statusCode).toBe(200);
      // Nothing to set up any more, and the grace period's session does not come back.
      expect((await setup({ email, password: PASSWORD })).statusCode).toBe(409);
      expect((await call('GET', '/api/members', graceSession)).statusCode).toBe(401);
      expect((await call('GET', '/api/members', sessionOf(signedIn))).statusCode).toBe(200);
    });

    it("an admin's reset gives a fresh grace period; the requirement forbids turning it off", async () => {
      const { id, email, session } = await newUser(['financial']);
      const { secret } = await enrol(session);
      const disable = await call('POST', '/api/auth/two_factor/disable', session, {
        password: PASSWORD,
        otp_code: codeFor(secret, 1),
      });
      expect(disable.statusCode).toBe(409);
      expect(disable.json().errors[0]).toMatch(/não pode ser desativada/);
      await t.database.db
        .updateTable('users')
        .set({ created_at: daysAgo(60) })
        .where('id', '=', id)
        .execute();
      expect((await call('POST', `/api/users/${id}/two_factor/reset`, admin)).statusCode).toBe(200);
      const response = await signIn({ email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.two_factor_required).toBe(true);
    });

    it('a secretary made treasurer gets the grace period from that day', async () => {
      const { id, email } = await newUser(['secretary']);
      await t.database.db
        .updateTable('users')
        .set({ created_at: daysAgo(60) })
        .where('id', '=', id)
        .execute();
      const promoted = await call('PUT', `/api/users/${id}`, admin, {
        roles: ['secretary', 'financial'],
      });
      expect(promoted.statusCode).toBe(200);
      const response = await signIn({ email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.two_factor_required).toBe(true);
    });
  });
});

describe('wrong codes and the address budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A budget of three failed sign-ins per address, and no per-pair delay to hide it.
    t = await createTestApp({ auth: { signInPerIp: 3, signInFreeFailures: 100 } });
  });
  afterAll(() => t.close());

  it('each wrong code spends one failed sign-in of the address; right sign-ins spend none', async () => {
    const user = await t.userWithRoles(['financial']);
    const email = user.uid;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two_factor',
      headers: user,
    });
    const { secret } = started.json();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two_factor/confirm',
      headers: user,
      payload: { otp_code: codeFor(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const from = (remoteAddress: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign_in', remoteAddress, payload });
    // Asking for the code is no failure: many first steps, nothing spent.
    for (let i = 0; i < 5; i++) {
      expect((await from('10.0.0.7', { email, password: PASSWORD })).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const wrong = await from('10.0.0.7', {
        email,
        password: PASSWORD,
        otp_code: wrongCodeFor(secret),
      });
      expect(wrong.statusCode).toBe(401);
    }
    const spent = await from('10.0.0.7', {
      email,
      password: PASSWORD,
      otp_code: codeFor(secret, 1),
    });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().errors[0]).toMatch(/a partir desta conexão/);
    // Another address is not touched.
    const other = await from('10.0.0.8', {
      email,
      password: PASSWORD,
      otp_code: codeFor(secret, 1),
    });
    expect(other.statusCode).toBe(200);
  });
});
