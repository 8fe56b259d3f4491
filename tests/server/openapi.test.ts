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
});
