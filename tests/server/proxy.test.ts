// Behind a reverse proxy: TRUST_PROXY decides whose address request.ip is, PUBLIC_URL is the
// origin of the QR codes.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { parsePublicUrl, parseTrustProxy } from '../../server/config.js';
import { originOf } from '../../server/http/origin.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

describe('TRUST_PROXY and PUBLIC_URL settings', () => {
  it('TRUST_PROXY: off by default; true, a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['sim', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', 'proxy.local']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY inválido: /);
    }
  });

  it('PUBLIC_URL: an http(s) address without a trailing slash', () => {
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(parsePublicUrl('https://adam.igreja.org.br/')).toBe('https://adam.igreja.org.br');
    expect(parsePublicUrl('https://igreja.org.br/adam/')).toBe('https://igreja.org.br/adam');
    for (const bad of ['adam.igreja.org.br', 'ftp://x.org', 'https://x.org/?a=1']) {
      expect(() => parsePublicUrl(bad), bad).toThrow(/^PUBLIC_URL inválida: /);
    }
  });

  it('QR codes point to PUBLIC_URL when set, else to the address the browser used', () => {
    const request = (publicUrl?: string) =>
      ({
        server: { config: { publicUrl } },
        protocol: 'http',
        host: '10.0.0.2:3000',
      }) as unknown as FastifyRequest;
    expect(originOf(request('https://adam.igreja.org.br'))).toBe('https://adam.igreja.org.br');
    expect(originOf(request())).toBe('http://10.0.0.2:3000');
  });
});

describe('the client address behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { signInPerIp: 2 } });
  });
  afterAll(() => t.close());

  const attempt = (app: TestApp['app'], forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `${forwardedFor}@x.org`, password: 'errada' },
    });

  it('with TRUST_PROXY each client counts apart; without it X-Forwarded-For is ignored', async () => {
    const behindProxy = await buildApp({ ...t.config, trustProxy: ['127.0.0.1'] }, t.database);
    try {
      const viaProxy: number[] = [];
      for (const client of ['192.0.2.1', '192.0.2.1', '192.0.2.1', '192.0.2.2']) {
        viaProxy.push((await attempt(behindProxy, client)).statusCode);
      }
      expect(viaProxy).toEqual([401, 401, 429, 401]);
    } finally {
      await behindProxy.close();
    }
    // Off (the default): the header is a client's claim, every request is 127.0.0.1's.
    const direct: number[] = [];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      direct.push((await attempt(t.app, client)).statusCode);
    }
    expect(direct).toEqual([401, 401, 429]);
  });
});

describe('IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { signInPerIp: 2 } });
  });
  afterAll(() => t.close());

  it('count per /64 network: one subscriber cannot rotate through its own addresses', async () => {
    const codes: number[] = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        remoteAddress: address,
        payload: { email: 'x@x.org', password: 'errada' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      remoteAddress: '2001:db8:1:3::1',
      payload: { email: 'x@x.org', password: 'errada' },
    });
    expect(other.statusCode).toBe(401);
  });
});
