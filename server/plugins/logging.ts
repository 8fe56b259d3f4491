// The server's log (pino, through Fastify): each request's line carries its URL with the values
// of session and password parameters hidden, since devise_token_auth clients may send
// access-token, client and uid in the query string (set_user_by_token.rb reads `params`).
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

const SECRET_PARAMETERS = new Set([
  'access-token',
  'client',
  'uid',
  'authorization',
  'password',
  'current_password',
  'password_confirmation',
]);

export const HIDDEN = '[REDACTED]';

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parameters = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      return SECRET_PARAMETERS.has(decoded(name).trim().toLowerCase()) ? `${name}=${HIDDEN}` : part;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}`;
}

/** What a request's log line says about it: Fastify's default fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where log lines go (tests read them); standard output by default. */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's `logger` option: false when silenced, else pino at the configured level. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (!config.log) return false;
  return {
    level: config.log,
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
