// GET /api/openapi.json: the API described from the routes' own schemas, for signed-in admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('the OpenAPI description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every /api route with who may call it, and nothing else', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ url: '/api/openapi.json', headers: admin });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const described = Object.entries(document.paths as Record<string, object>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`),
    );
    // Every /api route the server declares, in OpenAPI's {id} form, except the description itself.
    const declared = t.app.apiRoutes
      .filter((route) => route.url !== '/api/openapi.json')
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(described.sort()).toEqual([...new Set(declared)].sort());
    expect(described.some((entry) => !entry.includes(' /api/'))).toBe(false);

    const churchUpdate = document.paths['/api/church'].put;
    expect(churchUpdate.description).toBe('Papéis: admin, secretary.');
    expect(churchUpdate.security).toEqual([{ accessToken: [], client: [], uid: [] }]);
    expect(document.paths['/api/public/church'].get.description).toBe('Sem login.');
    expect(document.paths['/api/public/church'].get.security).toBeUndefined();
  });

  it('describes a route from its zod schema', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const document = (await t.app.inject({ url: '/api/openapi.json', headers: admin })).json();
    const body = document.paths['/api/church'].put.requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
  });

  it('describes the members, letters, users and reports routes from their schemas', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const { paths } = (await t.app.inject({ url: '/api/openapi.json', headers: admin })).json();
    type Parameter = { in: string; name: string; required?: boolean };
    const parameters = (operation: { parameters?: Parameter[] }, where: string) =>
      (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
    const bodyOf = (operation: { requestBody: { content: Record<string, { schema: object }> } }) =>
      operation.requestBody.content['application/json'].schema as {
        type?: string;
        properties?: Record<string, { enum?: string[] }>;
        required?: string[];
      };

    expect(parameters(paths['/api/members'].get, 'query').sort()).toEqual([
      'filter',
      'range',
      'sort',
    ]);
    expect(Object.keys(bodyOf(paths['/api/members'].post).properties!)).toEqual(
      expect.arrayContaining(['name', 'cpf', 'birth_date', 'department_ids', 'custom_fields']),
    );
    const member = paths['/api/members/{id}'];
    for (const method of ['get', 'put', 'delete']) {
      expect(member[method].parameters).toContainEqual(
        expect.objectContaining({ in: 'path', name: 'id', required: true }),
      );
    }
    expect(Object.keys(bodyOf(member.put).properties!)).toContain('name');

    // A body validated as it comes is described with its types and required fields.
    const letter = bodyOf(paths['/api/letters'].post);
    expect(letter.properties!.letter_type.enum).toEqual(['recommendation', 'transfer']);
    expect(letter.required).toEqual(expect.arrayContaining(['member_id', 'letter_type']));
    expect(bodyOf(paths['/api/users'].post).required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );

    expect(parameters(paths['/api/credentials/pdf'].get, 'query')).toEqual(['ids']);
    expect(parameters(paths['/api/public/credentials/{code}'].get, 'path')).toEqual(['code']);
    // Reports keep one order of their own: no sort parameter.
    expect(parameters(paths['/api/reports/birthdays'].get, 'query').sort()).toEqual([
      'filter',
      'range',
    ]);
    expect(Object.keys(bodyOf(paths['/api/positions'].post).properties!)).toEqual(
      expect.arrayContaining(['name', 'ministerial', 'sort_order']),
    );
  });
});
