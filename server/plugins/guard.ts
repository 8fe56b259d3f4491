// Authentication and authorization of every /api route, from the route's `access`
// (domain/access.ts): 401 without a valid token, 403 with the wrong role.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasAccess } from '../../domain/access.js';
import { signInFactorOf } from '../modules/twoFactor/index.js';
import { findUserByEmail, toApiUser } from '../modules/users/repository.js';

export const UNAUTHORIZED = 'Você precisa entrar para continuar.';
export const FORBIDDEN = 'Você não tem permissão para acessar este recurso.';

/** The three values that open a session (devise_token_auth `headers_names`). */
type CredentialName = 'access-token' | 'client' | 'uid';
const CREDENTIAL_NAMES: readonly CredentialName[] = ['access-token', 'client', 'uid'];

/** A client absent from every source is the gem's `'default'` (set_user_by_token.rb). */
const DEFAULT_CLIENT = 'default';

/** A string value, or '' (a repeated parameter counts by its last value, as Rack reads it). */
function text(value: unknown): string {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last.trim() : '';
}

function fields(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The values inside `Authorization: Bearer <base64 of JSON>` (set_user_by_token.rb
 * `decode_bearer_token`: the last word of the header, strict base64, JSON; anything else is
 * no values at all).
 */
export function decodeBearer(header: unknown): Record<string, unknown> {
  const words = text(header).split(/\s+/);
  const encoded = words[words.length - 1];
  if (!encoded || !STRICT_BASE64.test(encoded)) return {};
  try {
    return fields(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
  } catch {
    return {};
  }
}

/**
 * The request's session credentials with devise_token_auth's precedence, value by value
 * (set_user_by_token.rb `set_user_by_token`: `request.headers[name] || params[name] ||
 * cookie || decoded_authorization_token[name]`). Rails' `params` is the query string over the
 * body (ActionDispatch merges query parameters over request parameters); the body counts once
 * it is parsed, so only where `withBody` (the routes of /api/auth, as the gem's controllers).
 */
export function readCredentials(request: FastifyRequest, withBody: boolean) {
  const query = fields(request.query);
  const body = withBody ? fields(request.body) : {};
  const bearer = decodeBearer(request.headers.authorization);
  const pick = (name: CredentialName) =>
    text(request.headers[name]) || text(query[name]) || text(body[name]) || text(bearer[name]);
  const [token, client, uid] = CREDENTIAL_NAMES.map(pick);
  return {
    token,
    client: client || DEFAULT_CLIENT,
    uid,
    // set_user_by_token.rb `is_batch_request?`: `!params[:unbatch]`, any value given.
    unbatch: query.unbatch !== undefined || body.unbatch !== undefined,
  };
}

/** Validates the request's session and rotates its token; sets request.user and the reply's headers. */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { withBody?: boolean } = {},
): Promise<boolean> {
  const { token, client, uid, unbatch } = readCredentials(request, options.withBody ?? true);
  if (!uid || !token) return false;
  const row = await findUserByEmail(app.database.db, uid);
  if (!row || !row.active) return false;
  // Past the church's grace period without a second factor, a session opened within it ends:
  // signing in again leads to the setup (issue 22).
  if ((await signInFactorOf(app.database.db, row, Date.now())).kind === 'setup') return false;
  const headers = await app.tokens.authenticate(row.id, row.email, client, token, { unbatch });
  if (!headers) return false;
  reply.headers(headers);
  request.user = toApiUser(row);
  request.authClient = client;
  return true;
}

/**
 * Installs the hooks on the root instance, so they cover every route: at `onRequest` (before
 * any body is read) from headers, query string and Authorization; on a route whose config says
 * `credentialsInBody`, at `preValidation`, once its (small) body is parsed.
 */
export function installGuard(app: FastifyInstance) {
  const guard =
    (phase: 'headers' | 'body') => async (request: FastifyRequest, reply: FastifyReply) => {
      const config = request.routeOptions.config;
      const access = config?.access;
      if (access === undefined || access === 'public') return;
      const withBody = config?.credentialsInBody === true;
      if (withBody !== (phase === 'body')) return;
      if (!(await authenticate(app, request, reply, { withBody }))) {
        return reply.code(401).send({ success: false, errors: [UNAUTHORIZED] });
      }
      if (!hasAccess(request.user?.roles, access)) {
        return reply.code(403).send({ success: false, errors: [FORBIDDEN] });
      }
    };
  app.addHook('onRequest', guard('headers'));
  app.addHook('preValidation', guard('body'));
}
