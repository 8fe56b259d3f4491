// Security headers on every answer (@fastify/helmet), with a Content Security Policy the built
// app satisfies: its scripts and styles come from the server itself, images also from data: and
// blob: URLs (photos, logos, receipts), no page may frame it. Every /api answer, the CSV and PDF
// exports included, is `Cache-Control: no-store` (personal data must not stay in a cache), and
// HSTS is sent only on requests that came over HTTPS (directly or, with TRUST_PROXY, through
// the proxy): on a plain-HTTP office network it would lock browsers out.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // MUI (emotion) writes its styles in <style> tags at run time, and React style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
};

/** One year; no includeSubDomains: the church's other sites may not all have HTTPS. */
export const HSTS = 'max-age=31536000';

const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url);

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    // Only these directives: helmet's defaults add upgrade-insecure-requests, which breaks an
    // installation served over plain HTTP on the office network.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url)) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
