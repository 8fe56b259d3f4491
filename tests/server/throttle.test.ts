// Sign-in and password throttling, body limits and the rate-limit table (README "Proteção
// contra tentativas"): strangers are slowed down, the owner is never locked out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/index.js';
import { BODY_LIMITS } from '../../server/http/bodyLimits.js';
import { CHECKS_PER_MINUTE } from '../../server/modules/credentials/routes.js';
import { PUBLIC_READS_PER_MINUTE, boundedKey, delayAfter } from '../../server/plugins/rateLimit.js';
import { ADMIN, PASSWORD, type TestApp, createTestApp } from '../support/testApp.js';

const attempt = (t: TestApp, email: string, password: string, ip = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign_in',
    payload: { email, password },
    remoteAddress: ip,
  });

/** Lets every delay run out, as if the wait had passed (the counts stay). */
async function waitOver(t: TestApp) {
  await t.database.db.updateTable('rate_limits').set({ blocked_until: 0 }).execute();
}

describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      auth: { signInFreeFailures: 3, signInDelayMs: 60_000, signInFailuresPerEmail: 6 },
    });
  });
  afterAll(() => t.close());

  it('delays an (e-mail, address) pair after its free failures, the right password included', async () => {
    const ip = '198.51.100.10';
    for (let i = 0; i < 4; i++) {
      expect((await attempt(t, ADMIN.email, 'errada-1', ip)).statusCode).toBe(401);
    }
    const blocked = await attempt(t, ADMIN.email, ADMIN.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      errors: ['Muitas tentativas de entrada. Tente novamente em 1 minuto.'],
      message: 'Muitas tentativas de entrada. Tente novamente em 1 minuto.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The owner, from another address, signs in at once.
    expect((await attempt(t, ADMIN.email, ADMIN.password, '198.51.100.11')).statusCode).toBe(200);
  });

  it('doubles the delay at each further failure of the pair', async () => {
    const ip = '198.51.100.10';
    await waitOver(t);
    expect((await attempt(t, ADMIN.email, 'errada-2', ip)).statusCode).toBe(401);
    const second = await attempt(t, ADMIN.email, ADMIN.password, ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(115);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(second.json().errors[0]).toBe(
      'Muitas tentativas de entrada. Tente novamente em 2 minutos.',
    );
    await waitOver(t);
    expect((await attempt(t, ADMIN.email, 'errada-3', ip)).statusCode).toBe(401);
    const third = await attempt(t, ADMIN.email, 'errada-3', ip);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(235);
    // Once the wait is over the right password works and the pair starts afresh.
    await waitOver(t);
    expect((await attempt(t, ADMIN.email, ADMIN.password, ip)).statusCode).toBe(200);
    expect((await attempt(t, ADMIN.email, 'errada-4', ip)).statusCode).toBe(401);
  });

  it('an e-mail under attack gives each new address one free failure, never a refusal of its first try', async () => {
    const email = 'alvo@teste.org';
    // Many addresses fail for the same e-mail: it is now under attack.
    for (let i = 0; i < 7; i++) {
      expect((await attempt(t, email, 'chute', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const ip = '203.0.113.50';
    expect((await attempt(t, email, 'chute', ip)).statusCode).toBe(401);
    expect((await attempt(t, email, 'chute', ip)).statusCode).toBe(401);
    expect((await attempt(t, email, 'chute', ip)).statusCode).toBe(429);
    // A fresh address is always heard.
    expect((await attempt(t, email, 'chute', '203.0.113.60')).statusCode).toBe(401);
  });

  it('bounds keys: a long e-mail is refused by size or stored hashed', async () => {
    const long = `${'a'.repeat(5000)}@teste.org`;
    const response = await attempt(t, long, 'x', '203.0.113.99');
    expect(response.statusCode).toBe(413); // larger than the sign-in body limit
    const fitting = `${'b'.repeat(3000)}@x`;
    expect((await attempt(t, fitting, 'x', '203.0.113.99')).statusCode).toBe(401);
    const keys = await t.database.db.selectFrom('rate_limits').select('key').execute();
    expect(Math.max(...keys.map((row) => row.key.length))).toBeLessThanOrEqual(100);
    expect(boundedKey('k'.repeat(5000))).toHaveLength(84);
  });

  it('the growing delay: 2 s, 4 s, 8 s… up to 15 minutes by default', () => {
    const settings = { windowMs: 900_000, free: 5, delayMs: 2_000, maxDelayMs: 900_000 };
    const delays = [5, 6, 7, 8, 15, 16, 40].map((hits) => delayAfter(hits, settings));
    expect(delays).toEqual([0, 2_000, 4_000, 8_000, 900_000, 900_000, 900_000]);
  });
});

describe('the lock-out of the issue, with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('10 wrong passwords from one address leave the right one from another address working', async () => {
    for (let i = 0; i < 10; i++) await attempt(t, ADMIN.email, `errada-${i}`, '192.0.2.66');
    const owner = await attempt(t, ADMIN.email, ADMIN.password, '192.0.2.7');
    expect(owner.statusCode).toBe(200);
  });

  it('limits every attempt of one address, whatever the e-mail', async () => {
    const limited = await createTestApp({ auth: { signInPerIp: 8 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) {
        codes.push(
          (await attempt(limited, `x${i}@teste.org`, 'errada-1', '192.0.2.90')).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
      const refused = await attempt(limited, ADMIN.email, ADMIN.password, '192.0.2.90');
      expect(refused.json().errors[0]).toMatch(
        /^Muitas tentativas de entrada a partir desta conexão\. Tente novamente em 15 minutos\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await attempt(limited, ADMIN.email, ADMIN.password, '192.0.2.91')).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the budget of an address counts failed sign-ins only (issue 22)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const junk = (app: TestApp['app'], ip: string, payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: ip,
    });
  const oversized = JSON.stringify({ email: 'x@y', pad: 'p'.repeat(BODY_LIMITS.credentials) });

  it('a burst of junk and a training session of right passwords leave the address its budget', async () => {
    const ip = '192.0.2.120';
    // Another process on the same database takes part of the junk (README, scale-out).
    const database = openDatabase(t.config);
    const second = await buildApp(t.config, database);
    try {
      const refused: number[] = [];
      for (let i = 0; i < 40; i++) {
        refused.push((await junk(i % 2 ? second : t.app, ip, oversized)).statusCode);
      }
      for (let i = 0; i < 10; i++) refused.push((await junk(t.app, ip, '{"email":')).statusCode);
      expect(new Set(refused)).toEqual(new Set([413, 400]));
      // Thirty-five people sign in behind the office's one connection.
      const signIns: number[] = [];
      for (let i = 0; i < 35; i++) {
        const app = i % 2 ? ({ app: second } as TestApp) : t;
        signIns.push((await attempt(app, ADMIN.email, ADMIN.password, ip)).statusCode);
      }
      expect(signIns).toEqual(Array(35).fill(200));

      // Failures still count, in both processes: the 31st attempt is refused for the address.
      for (let i = 0; i < 30; i++) {
        const app = i % 2 ? ({ app: second } as TestApp) : t;
        expect((await attempt(app, `p${i}@teste.org`, 'chute', ip)).statusCode).toBe(401);
      }
      const refusedNow = await attempt({ app: second } as TestApp, ADMIN.email, ADMIN.password, ip);
      expect(refusedNow.statusCode).toBe(429);
      expect(refusedNow.json().errors).toEqual([
        'Muitas tentativas de entrada a partir desta conexão. Tente novamente em 15 minutos.',
      ]);
      expect(Number(refusedNow.headers['retry-after'])).toBeGreaterThan(800);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('junk has its own cheap flood limit, refused before the body is read', async () => {
    const flooded = await createTestApp({ auth: { signInFloodPerIp: 5 } });
    try {
      const ip = '192.0.2.130';
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await junk(flooded.app, ip, oversized)).statusCode);
      expect(codes).toEqual([413, 413, 413, 413, 413, 429]);
      const refused = await attempt(flooded, ADMIN.email, ADMIN.password, ip);
      expect(refused.json().errors).toEqual([
        'Muitas requisições de entrada a partir desta conexão. Tente novamente em 1 minuto.',
      ]);
      // Another address is not concerned.
      expect((await attempt(flooded, ADMIN.email, ADMIN.password, '192.0.2.131')).statusCode).toBe(
        200,
      );
    } finally {
      await flooded.close();
    }
  });
});

describe('current-password guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { signInFreeFailures: 2, signInDelayMs: 30_000 } });
  });
  afterAll(() => t.close());

  it('are delayed after the free failures, in the devise shape with Retry-After', async () => {
    const user = await t.userWithRoles(['secretary']);
    const change = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: user,
        payload: {
          current_password: current,
          password: 'nova-senha-9',
          password_confirmation: 'nova-senha-9',
        },
      });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await change(`chute-${i}`)).statusCode);
    expect(codes).toEqual([422, 422, 422]);
    const blocked = await change(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors).toEqual([
      'Muitas tentativas com a senha atual. Tente novamente em 30 segundos.',
    ]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(25);
    await waitOver(t);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });
});

describe('body limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const padded = (bytes: number) =>
    JSON.stringify({ email: 'x@y', password: 'p', pad: Array(Math.ceil(bytes / 3)).fill({}) });

  it('refuses a large sign-in, sign-out, password or public body with a Portuguese 413, before parsing', async () => {
    const routes: Array<[string, string, number]> = [
      ['POST', '/api/auth/sign_in', BODY_LIMITS.credentials],
      ['DELETE', '/api/auth/sign_out', BODY_LIMITS.none],
      ['POST', '/api/public/registrations', BODY_LIMITS.publicForm],
    ];
    for (const [method, url, limit] of routes) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: padded(limit + 100),
      });
      expect(response.statusCode, url).toBe(413);
      // The session routes answer in devise_token_auth's shape, the others with a message.
      const body = response.json();
      expect(url.startsWith('/api/auth/') ? body.errors : [body.message], url).toEqual([
        'O conteúdo enviado é grande demais.',
      ]);
    }
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const password = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: padded(BODY_LIMITS.credentials + 100),
    });
    expect(password.statusCode).toBe(413);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: padded(BODY_LIMITS.json + 100),
    });
    expect(other.statusCode).toBe(413);
    // A member with its photo still fits.
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: admin,
      payload: { name: 'Com Foto', notes: 'n'.repeat(200), pad: 'p'.repeat(500_000) },
    });
    expect(member.statusCode).not.toBe(413);
  });
});

describe('counters shared by two API instances on one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { signInPerIp: 6 } });
  });
  afterAll(() => t.close());

  it('a second instance with its own connection sees the first one’s count', async () => {
    const database = openDatabase(t.config);
    const second = await buildApp(t.config, database);
    try {
      const other = { app: second } as TestApp;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await attempt(t, `a${i}@x`, 'p', '192.0.2.5')).statusCode);
      for (let i = 0; i < 4; i++)
        codes.push((await attempt(other, `b${i}@x`, 'p', '192.0.2.5')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('expired rows are purged', async () => {
    await t.database.db
      .insertInto('rate_limits')
      .values({ key: 'old', hits: 3, reset_at: 1_000, blocked_until: 0 })
      .execute();
    expect(await t.app.rateLimits.purge()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', '=', 'old')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('public routes limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const statuses = async (url: string, times: number, ip: string) => {
    const codes = new Map<number, number>();
    for (let i = 0; i < times; i++) {
      const { statusCode } = await t.app.inject({ url, remoteAddress: ip });
      codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
    }
    return Object.fromEntries(codes);
  };

  it('the credential check: 60 a minute, then a Portuguese 429', async () => {
    expect(await statuses('/api/public/credentials/nao-existe', 62, '192.0.2.30')).toEqual({
      404: CHECKS_PER_MINUTE,
      429: 2,
    });
    const refused = await t.app.inject({
      url: '/api/public/credentials/nao-existe',
      remoteAddress: '192.0.2.30',
    });
    expect(refused.json().errors[0]).toMatch(
      /^Muitas consultas a partir desta conexão\. Tente novamente em (\d+ segundos?|1 minuto)\.$/,
    );
    expect(
      (await t.app.inject({ url: '/api/public/credentials/x', remoteAddress: '192.0.2.31' }))
        .statusCode,
    ).toBe(404);
  });

  it('the public reads (church, custom fields) share one limit', async () => {
    const ip = '192.0.2.40';
    expect(await statuses('/api/public/church', PUBLIC_READS_PER_MINUTE - 1, ip)).toEqual({
      200: PUBLIC_READS_PER_MINUTE - 1,
    });
    expect(await statuses('/api/public/custom_fields', 2, ip)).toEqual({ 200: 1, 429: 1 });
  });
});
