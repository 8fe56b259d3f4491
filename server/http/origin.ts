import type { FastifyRequest } from 'fastify';

/**
 * The origin the links people open point to (QR codes, registration links): PUBLIC_URL when set
 * (behind a proxy, the address people use), else the address the user's browser used.
 */
export function originOf(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
