// Security headers: a Content Security Policy on the app and the API, no framing, no-store on
// every /api answer (exports included) and HSTS only over HTTPS.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../server/plugins/security.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

/** The policy's directives, name -> sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'adam-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ distDir: dist });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a policy the built app satisfies, on the app, its assets and the API', async () => {
    for (const url of ['/', '/membros/1', '/assets/app.js', '/api/health', '/api/nada']) {
      const response = await t.app.inject({ url });
      const policy = directives(response.headers['content-security-policy']);
      expect(policy, url).toEqual({
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      });
      // No inline script may run; plain HTTP installations keep working (no forced upgrade).
      expect(policy['script-src'], url).not.toContain("'unsafe-inline'");
      expect(policy, url).not.toHaveProperty('upgrade-insecure-requests');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('answers every /api request with no-store, errors and exports included', async () => {
    const urls = [
      '/api/health',
      '/api/church',
      '/api/members',
      '/api/members/999',
      '/api/members?range=x',
      '/api/members/export',
      '/api/transactions/export',
      '/api/reports/birthdays/csv',
      '/api/reports/birthdays/pdf',
      '/api/public/church',
      '/api/nada',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ url, headers: admin });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await t.app.inject({ url: '/api/members' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    // The app's page is revalidated, its hashed assets cached: not /api.
    expect((await t.app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends HSTS only on a request that came over HTTPS', async () => {
    // The mechanism on its own, behind a proxy that says how the request came.
    const app = Fastify({ trustProxy: true });
    await registerSecurityHeaders(app);
    app.get('/api/x', async () => ({ ok: true }));
    try {
      const https = await app.inject({ url: '/api/x', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const http = await app.inject({ url: '/api/x', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      expect((await app.inject({ url: '/api/x' })).headers['strict-transport-security']).toBe(
        undefined,
      );
    } finally {
      await app.close();
    }
    // The app itself, without a proxy it trusts: a forged header changes nothing.
    const forged = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
