import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  PASSWORD,
  type SessionHeaders,
  type TestApp,
  createTestApp,
} from '../support/testApp.js';

describe('/api/users', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: admin, payload: payload as object });

  it('creates a user with roles, never answering the password', async () => {
    const response = await api('POST', '/api/users', {
      name: '  Maria da Conceição ',
      email: 'Maria@Igreja.org',
      password: 'senha-da-maria',
      roles: ['secretary', 'financial', 'secretary'],
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Maria da Conceição',
      email: 'maria@igreja.org',
      roles: ['secretary', 'financial'],
      active: true,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|senha-da-maria/);
    expect((await t.signIn('maria@igreja.org', 'senha-da-maria'))['access-token']).toBeTruthy();
  });

  it.each([
    [{ name: '', email: 'a@b.org', password: PASSWORD }, 'name', 'Informe o nome.'],
    [{ name: 'A', email: 'não-é-email', password: PASSWORD }, 'email', 'Informe um e-mail válido.'],
    [
      { name: 'A', email: 'a@b.org', password: 'curta' },
      'password',
      'A senha deve ter pelo menos 8 caracteres.',
    ],
    [{ name: 'A', email: 'a@b.org' }, 'password', 'Informe a senha.'],
    [
      { name: 'A', email: 'a@b.org', password: PASSWORD, roles: ['pastor'] },
      'roles.0',
      'Papel desconhecido.',
    ],
    [
      { name: 'A', email: 'a@b.org', password: PASSWORD, active: 'sim' },
      'active',
      'Informe se o usuário está ativo.',
    ],
  ])(
    'refuses invalid input with field errors in Portuguese (%#)',
    async (payload, field, message) => {
      const response = await api('POST', '/api/users', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toBe(message);
    },
  );

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const response = await api('POST', '/api/users', {
      name: 'Outro',
      email: ADMIN.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toBe('Já existe um usuário com este e-mail.');
  });

  it('lists with sort, range, filters and Content-Range', async () => {
    for (const name of ['Ana', 'Bruno', 'Carla']) {
      await api('POST', '/api/users', {
        name,
        email: `${name.toLowerCase()}@lista.org`,
        password: PASSWORD,
        roles: name === 'Bruno' ? ['financial'] : ['secretary'],
      });
    }
    const page = await api(
      'GET',
      `/api/users?sort=${encodeURIComponent('["name","DESC"]')}&range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent('{"q":"lista.org"}')}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().map((u: { name: string }) => u.name)).toEqual(['Carla', 'Bruno']);
    expect(page.headers['content-range']).toBe('users 0-1/3');

    const byRole = await api(
      'GET',
      `/api/users?filter=${encodeURIComponent('{"role":"financial"}')}`,
    );
    expect(byRole.json().map((u: { name: string }) => u.name)).toEqual([
      'Bruno',
      'Maria da Conceição',
    ]);

    const accents = await api(
      'GET',
      `/api/users?filter=${encodeURIComponent('{"q":"CONCEICAO"}')}`,
    );
    expect(accents.json().map((u: { name: string }) => u.name)).toEqual(['Maria da Conceição']);

    const many = await api('GET', `/api/users?filter=${encodeURIComponent('{"id":[1]}')}`);
    expect(many.json()).toHaveLength(1);
    expect(many.json()[0].email).toBe(ADMIN.email);

    const empty = await api(
      'GET',
      `/api/users?filter=${encodeURIComponent('{"q":"ninguém-aqui"}')}`,
    );
    expect(empty.json()).toEqual([]);
    expect(empty.headers['content-range']).toBe('users */0');
  });

  it.each([
    ['sort=["password_digest","ASC"]', /ordenar/],
    ['sort=["name","UP"]', /sort inválido/],
    ['sort=nao-json', /JSON/],
    ['range=[10,2]', /range inválido/],
    ['range=[0,5000]', /No máximo/],
    ['filter={"senha":1}', /Filtro desconhecido/],
    ['filter=[1]', /filter inválido/],
    ['filter={"role":"pastor"}', /role inválido/],
  ])('answers 400 in Portuguese for %s', async (query, message) => {
    const [name, value] = query.split(/=(.*)/s);
    const response = await api('GET', `/api/users?${name}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('updates roles and resets a password; 404 for unknown or malformed ids', async () => {
    const created = (
      await api('POST', '/api/users', {
        name: 'Davi',
        email: 'davi@igreja.org',
        password: PASSWORD,
      })
    ).json();
    const davi = await t.signIn('davi@igreja.org', PASSWORD);
    const updated = await api('PUT', `/api/users/${created.id}`, {
      roles: ['financial'],
      password: 'senha-nova-123',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().roles).toEqual(['financial']);
    // A password reset ends the user's sessions.
    expect((await t.app.inject({ url: '/api/dashboard', headers: davi })).statusCode).toBe(401);
    expect((await t.signIn('davi@igreja.org', 'senha-nova-123'))['access-token']).toBeTruthy();

    expect((await api('GET', '/api/users/99999')).statusCode).toBe(404);
    expect((await api('GET', '/api/users/abc')).statusCode).toBe(404);
    expect((await api('PUT', '/api/users/99999', { name: 'X' })).statusCode).toBe(404);
  });

  it('never removes the last active admin, nor lets an admin delete themselves', async () => {
    const self = await api('DELETE', '/api/users/1');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/próprio usuário/);
    const demote = await api('PUT', '/api/users/1', { roles: ['secretary'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/último administrador/);
    const deactivate = await api('PUT', '/api/users/1', { active: false });
    expect(deactivate.statusCode).toBe(409);
    const still = await api('GET', '/api/users/1');
    expect(still.json()).toMatchObject({ roles: ['admin'], active: true });
  });

  it('deletes a user and answers the deleted record', async () => {
    const created = (
      await api('POST', '/api/users', { name: 'Eva', email: 'eva@igreja.org', password: PASSWORD })
    ).json();
    const response = await api('DELETE', `/api/users/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('eva@igreja.org');
    expect((await api('GET', `/api/users/${created.id}`)).statusCode).toBe(404);
  });
});
