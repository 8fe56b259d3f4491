// Authentication and authorization of every /api route, from the route's `access`
// (domain/access.ts): 401 without a valid token, 403 with the wrong role.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasAccess } from '../../domain/access.js';
import { findUserByEmail, toApiUser } from '../modules/users/repository.js';

export const UNAUTHORIZED = 'Você precisa entrar para continuar.';
export const FORBIDDEN = 'Você não tem permissão para acessar este recurso.';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Validates the request's session and rotates its token; sets request.user and the reply's headers. */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const uid = header(request, 'uid');
  const client = header(request, 'client');
  const token = header(request, 'access-token');
  if (!uid || !client || !token) return false;
  const row = await findUserByEmail(app.database.db, uid);
  if (!row || !row.active) return false;
  const headers = await app.tokens.authenticate(row.id, row.email, client, token);
  if (!headers) return false;
  reply.headers(headers);
  request.user = toApiUser(row);
  request.authClient = client;
  return true;
}

/** Installs the hook on the root instance, so it covers every route. */
export function installGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    if (!(await authenticate(app, request, reply))) {
      return reply.code(401).send({ success: false, errors: [UNAUTHORIZED] });
    }
    if (!hasAccess(request.user?.roles, access)) {
      return reply.code(403).send({ success: false, errors: [FORBIDDEN] });
    }
  });
}
