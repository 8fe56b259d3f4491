// Input no route accepts, refused before its schema and handler run:
// - a NUL character anywhere in the query, the path or a body. PostgreSQL cannot store it in a
//   text and SQLite's full-text search stops at it: a 404 in a path, a 400 in the query, a 422
//   naming the field in a body (the answer the schemas give, plugins/errors.ts);
// - JSON nested deeper than MAX_JSON_DEPTH, in a body or a query parameter (issue 22): every
//   JSON text from a client is parsed by parseClientJson, which measures the depth with a
//   linear scan first, so no walk over the value (ours, zod's, the audit's) meets a deep one.
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, invalid, notFound } from './errors.js';

export const NUL_MESSAGE = 'O texto contém um caractere inválido (nulo).';

/** No form or filter of Adam nests deeper than a few levels; 32 leaves room and bounds walks. */
export const MAX_JSON_DEPTH = 32;

/** Said after a parameter's or field's name: "Parâmetro filter inválido: níveis aninhados…". */
export const TOO_DEEP = `níveis aninhados demais (no máximo ${MAX_JSON_DEPTH})`;
export const TOO_DEEP_MESSAGE = `O JSON enviado tem ${TOO_DEEP}.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether JSON `text` opens more than `max` arrays or objects inside one another (one pass). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/**
 * A client's JSON text (a query parameter, a form field) as a value: a 400 with `malformed`
 * when it is not JSON, with TOO_DEEP_MESSAGE when it nests too deep, and with `nul` when a text
 * holds a NUL.
 */
export function parseClientJson(
  text: string,
  messages: { malformed: string; tooDeep?: string; nul?: string },
): unknown {
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw badRequest(messages.tooDeep ?? TOO_DEEP_MESSAGE);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(messages.malformed);
  }
  if (messages.nul && nulPath(value) !== null) throw badRequest(messages.nul);
  return value;
}

/**
 * The path ('lines.0.description') of the first NUL in a parsed value, or null. Iterative: a
 * value of any depth costs heap for its own entries, never the call stack.
 */
export function nulPath(root: unknown): string | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    const where = () => path.join('.') || '_';
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return where();
      continue;
    }
    // An uploaded file's bytes (a Buffer, a stream) are no text.
    if (typeof value !== 'object' || value === null) continue;
    if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
      continue;
    }
    const entries = Object.entries(value);
    if (entries.some(([key]) => key.includes('\u0000'))) return where();
    // Reversed onto the stack, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      pending.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return null;
}

/**
 * application/json bodies: Fastify's own parser (prototype poisoning refused) after the depth
 * scan, so a body of `[[[…]]]` is a Portuguese 400 before anything walks it.
 */
function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new ApiError(400, TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}

export function installInputChecks(app: FastifyInstance) {
  installJsonParser(app);
  app.addHook('preValidation', async (request) => {
    if (nulPath(request.params) !== null) throw notFound();
    const parameter = nulPath(request.query);
    if (parameter !== null) {
      const name = parameter.split('.')[0];
      throw badRequest(
        name === '_'
          ? 'Requisição inválida: caractere nulo.'
          : `Parâmetro ${name} inválido: caractere nulo.`,
      );
    }
    const field = nulPath(request.body);
    if (field !== null) throw invalid({ [field]: NUL_MESSAGE });
  });
}
