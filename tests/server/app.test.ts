import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('serving the app and the API', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'adam-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Adam</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("adam")');
    const big = `console.log(${JSON.stringify('igreja '.repeat(500))})`;
    writeFileSync(join(dist, 'assets', 'big-5678.js'), big);
    writeFileSync(join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(big));
    writeFileSync(join(dist, 'assets', 'big-5678.js.gz'), gzipSync(big));
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/membros/12/editar',
    '/configuracoes/usuarios/cadastrar',
    '/financeiro/contas-a-pagar',
  ])('deep link %s answers the app', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a HEAD of a deep link as its GET, without the body (link checkers, monitors)', async () => {
    const get = await t.app.inject({ url: '/membros/12/editar' });
    const head = await t.app.inject({ method: 'HEAD', url: '/membros/12/editar' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
    // Still a 404 for what is not the app: an API path, a missing file.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nao-existe' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(404);
  });

  it('serves built assets with a long cache', async () => {
    const response = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('adam');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's brotli file to a browser that accepts it, the plain file otherwise", async () => {
    const compressed = await t.app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('igreja igreja');

    const plain = await t.app.inject({ url: '/assets/big-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('igreja igreja');
    // A file the build did not compress is sent as it is, whatever the browser accepts.
    const small = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    '/assets/nao-existe.js',
    '/favicon.ico',
    '/api/nao-existe',
    '/api',
    '/api/users/1/outra-coisa',
  ])('%s is a 404, not the app', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('a malformed JSON body is a Portuguese 400, never a 500', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name": "sem fim"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('a body that is too large is refused with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    // A session route: devise_token_auth's shape (application_controller.rb `render_error`).
    expect(response.json()).toEqual({
      success: false,
      errors: ['O conteúdo enviado é grande demais.'],
    });
  });

  it('the public church endpoint shows only name, logo, the active congregations and the consent text', async () => {
    const response = await t.app.inject({ url: '/api/public/church' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'congregations',
      'consent',
      'logo',
      'name',
    ]);
    expect(Object.keys(response.json().consent).sort()).toEqual([
      'guardian_text',
      'id',
      'text',
      'version',
    ]);
    expect(response.json().congregations).toEqual([
      { id: 1, name: expect.any(String), slug: 'sede', kind: 'sede' },
    ]);
  });
});
