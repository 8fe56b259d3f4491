// Input no route accepts: a NUL character anywhere in the query, the path or a body. PostgreSQL
// cannot store it in a text and SQLite's full-text search stops at it, so every route refuses it
// before its schema and handler run: a 404 in a path, a 400 in the query, a 422 naming the field
// in a body (the answer the schemas give, plugins/errors.ts).
import type { FastifyInstance } from 'fastify';
import { badRequest, invalid, notFound } from './errors.js';

export const NUL_MESSAGE = 'O texto contém um caractere inválido (nulo).';

/** The path ('lines.0.description') of the first NUL in a parsed value, or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  // An uploaded file's bytes (a Buffer, a stream) are no text.
  if (typeof value !== 'object' || value === null) return null;
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path.join('.') || '_';
    const found = nulPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

export function installInputChecks(app: FastifyInstance) {
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
