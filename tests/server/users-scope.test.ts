// Users' congregations (issue 12): congregation_ids on /api/users ([] = the whole church),
// refused on an admin and when a congregation does not exist; the session answers them, and a
// change applies to the user's next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, created } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('users: congregation scope', () => {
  let t: TestApp;
  let admin: Api;
  let norte = 0;
  let sul = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    norte = (await created(admin, '/api/congregations', { name: 'Norte', kind: 'congregacao' })).id;
    sul = (await created(admin, '/api/congregations', { name: 'Sul', kind: 'congregacao' })).id;
  });
  afterAll(() => t.close());

  it('creates a user limited to congregations; none given is the whole church', async () => {
    const scoped = await created(admin, '/api/users', {
      name: 'Secretária do Norte',
      email: 'norte@igreja.org',
      password: 'senha-do-norte',
      roles: ['secretary'],
      congregation_ids: [sul, norte, sul],
    });
    expect(scoped.congregation_ids).toEqual([norte, sul].sort((a, b) => a - b));
    const whole = await created(admin, '/api/users', {
      name: 'Tesoureiro',
      email: 'tesouraria@igreja.org',
      password: 'senha-da-tesouraria',
      roles: ['financial'],
    });
    expect(whole.congregation_ids).toEqual([]);
    const read = await admin('GET', `/api/users/${scoped.id}`);
    expect(read.json().congregation_ids).toEqual([norte, sul].sort((a, b) => a - b));
    const list = await admin('GET', '/api/users');
    const row = (list.json() as Array<{ id: number; congregation_ids: number[] }>).find(
      (user) => user.id === whole.id,
    );
    expect(row?.congregation_ids).toEqual([]);
  });

  it('answers the scope on sign-in and validate_token, and applies a change at once', async () => {
    const user = await created(admin, '/api/users', {
      name: 'Secretária do Sul',
      email: 'sul@igreja.org',
      password: 'senha-do-sul-1',
      roles: ['secretary'],
      congregation_ids: [sul],
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'sul@igreja.org', password: 'senha-do-sul-1' },
    });
    expect(signIn.json().data.congregation_ids).toEqual([sul]);
    const session = await t.signIn('sul@igreja.org', 'senha-do-sul-1');
    const validate = await t.app.inject({ url: '/api/auth/validate_token', headers: session });
    expect(validate.json().data.congregation_ids).toEqual([sul]);

    const api = apiAs(t, session);
    const before = await api('GET', '/api/congregations');
    expect((before.json() as Array<{ id: number }>).map((row) => row.id)).toEqual([sul]);
    const changed = await admin('PUT', `/api/users/${user.id}`, { congregation_ids: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().congregation_ids).toEqual([]);
    const after = await api('GET', '/api/congregations');
    expect(after.json()).toHaveLength(3);
  });

  it('refuses congregations on an admin, and an admin role on a scoped user', async () => {
    const response = await admin('POST', '/api/users', {
      name: 'Admin do Norte',
      email: 'admin-norte@igreja.org',
      password: 'senha-do-admin-norte',
      roles: ['admin'],
      congregation_ids: [norte],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.congregation_ids).toBe('Administradores veem a igreja inteira.');

    const secretary = await created(admin, '/api/users', {
      name: 'Futura admin',
      email: 'futura@igreja.org',
      password: 'senha-da-futura',
      roles: ['secretary'],
      congregation_ids: [norte],
    });
    const promoted = await admin('PUT', `/api/users/${secretary.id}`, {
      roles: ['admin', 'secretary'],
    });
    expect(promoted.statusCode).toBe(422);
    expect(promoted.json().errors.congregation_ids).toBe('Administradores veem a igreja inteira.');
    const cleared = await admin('PUT', `/api/users/${secretary.id}`, {
      roles: ['admin', 'secretary'],
      congregation_ids: [],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ roles: ['admin', 'secretary'], congregation_ids: [] });
  });

  it('refuses unknown or malformed congregations in Portuguese', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[999_999], /Congregação não encontrada/],
      [[norte, 0], /Congregação inválida/],
      [['x'], /Congregação inválida/],
      [[2_147_483_648], /Congregação inválida/],
      [norte, /lista/],
      ['[1]', /lista/],
    ];
    for (const [ids, message] of cases) {
      const response = await admin('POST', '/api/users', {
        name: 'Alguém',
        email: 'alguem@igreja.org',
        password: 'senha-de-alguem',
        roles: ['secretary'],
        congregation_ids: ids,
      });
      expect(response.statusCode, JSON.stringify(ids)).toBe(422);
      expect(response.json().errors.congregation_ids, JSON.stringify(ids)).toMatch(message);
    }
  });
});
