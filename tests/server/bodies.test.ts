// Bodies and paths as the routes' schemas read them: what the handlers answered before the
// schemas were declared is still answered (a missing body is {}, a bad id a missing record).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('request bodies and paths', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a request without a body as an empty object', async () => {
    const church = await t.app.inject({ method: 'PUT', url: '/api/church', headers: admin });
    expect(church.statusCode, church.body).toBe(200);

    const member = await t.app.inject({ method: 'POST', url: '/api/members', headers: admin });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors).toHaveProperty('name');

    const user = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin });
    expect(user.statusCode).toBe(422);
    expect(Object.keys(user.json().errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
  });

  it('reads an update that is not an object as no changes', async () => {
    const [position] = (
      await t.app.inject({ url: '/api/positions', headers: admin })
    ).json() as Array<{ id: number; name: string }>;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/positions/${position.id}`,
      headers: admin,
      payload: [1, 2],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().name).toBe(position.name);
  });

  it('answers a malformed id as a missing record and a bad query parameter as a 400', async () => {
    const missing = await t.app.inject({ url: '/api/members/01', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Registro não encontrado.');
    const code = await t.app.inject({ url: '/api/public/credentials/x' });
    expect(code.statusCode).toBe(404);
    expect(code.json().message).toBe('Credencial não encontrada.');
    const sort = await t.app.inject({ url: '/api/letters?sort=a&sort=b', headers: admin });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Parâmetro sort inválido.');
  });
});
