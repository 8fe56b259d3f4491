// The zod pieces routes share for their params, querystring and body (fastify-type-provider-zod):
// a route declares them, Fastify validates before the handler, and the error handler answers in
// Portuguese (plugins/errors.ts). The same schemas describe the API in /api/openapi.json.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_RECORD_ID } from '../../domain/fields.js';

/**
 * `:id` in a path: a positive integer written plainly, within the id columns' range; anything
 * else names no record (a 404).
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_RECORD_ID)
  .meta({ description: 'Identificador do registro (inteiro positivo).' });

export const idParams = z.object({ id: idParam });

/** ra-data-simple-rest's list parameters, as JSON text (read by parseListParams). */
export const listQuery = z.object({
  sort: z
    .string()
    .optional()
    .meta({ description: 'Ordem: ["campo","ASC"] ou ["campo","DESC"] (JSON).' }),
  range: z.string().optional().meta({ description: 'Faixa: [início,fim] (JSON).' }),
  filter: z
    .string()
    .optional()
    .meta({ description: 'Filtros: objeto JSON; q busca texto; _gte/_lte para faixas.' }),
});

// Fastify hands a body's validator null when no body came; the handlers read `request.body ?? {}`.
const orEmpty = (value: unknown) => value ?? {};

/**
 * A JSON object body whose fields the route's domain rules validate after merging it with the
 * stored record (partial updates); no body is an empty object.
 */
export const objectBody = z.preprocess(orEmpty, z.record(z.string(), z.unknown()));

/**
 * The object's truly required fields for OpenAPI: toJSONSchema lists every preprocessed field
 * (an optional text, an id that may be empty) as required; here a field is required when a missing
 * value fails. Only the description changes: the schema parses as before.
 */
export function describeRequired<T extends z.ZodType>(schema: T): T {
  if (!(schema instanceof z.ZodObject)) return schema;
  const required = Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
  return schema.meta({ required });
}

/**
 * A domain schema as a route's body, validated as it comes; with no body, each field says what it
 * lacks.
 */
export const bodyOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess(orEmpty, describeRequired(schema));

/** Any JSON object, as the handler takes it, described in OpenAPI with `schema`'s fields. */
function describedBody(schema: z.ZodType, partial: boolean) {
  const described = partial ? schema : describeRequired(schema);
  const { properties, required } = z.toJSONSchema(described, {
    io: 'input',
    unrepresentable: 'any',
  });
  return objectBody.meta(partial ? { properties } : { properties, required });
}

/**
 * A partial update's body: the service merges it with the stored record and validates the result
 * with `schema` (validated() in plugins/errors.ts); anything but an object is refused.
 */
export const changesOf = (schema: z.ZodType) => describedBody(schema, true);

/**
 * A body `schema` validates once the record it acts on is found, so a missing record answers 404
 * before a malformed body answers 422, as when the handler parsed it.
 */
export const bodyAfterLookup = (schema: z.ZodType) => describedBody(schema, false);

/** A domain schema's shape (its field names), or field names with a description. */
type Shape = Record<string, z.ZodType | string>;

const fields = (shape: Shape) =>
  z.looseObject(
    Object.fromEntries(
      Object.entries(shape).map(([key, value]) => {
        const field = z.unknown().optional();
        return [key, typeof value === 'string' ? field.meta({ description: value }) : field];
      }),
    ),
  );

/**
 * An object body whose fields the description names (from a domain schema's shape) while each
 * value is accepted as sent, for a service whose rules need the database; anything but an object
 * is refused as the domain schema refuses it.
 */
export const fieldsBody = (shape: Shape) => z.preprocess(orEmpty, fields(shape));

const isObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a partial update (merged with the stored record, then validated) or of a body the
 * handler checks field by field with its own messages: anything but an object reads as no fields,
 * as spreading it or reading `body.field` on it did.
 */
export const looseBody = (shape: Shape) =>
  z.preprocess((value) => (isObject(value) ? value : {}), fields(shape));

/**
 * A body the handler answers whatever it is (the public form's honeypot, a rate limit first,
 * errors in its own shape): the fields described, nothing refused before the handler runs.
 */
export const anyBody = (shape: Shape) => z.union([fields(shape), z.unknown()]);

/**
 * Answers this request through `schema`, a zod response schema chosen while answering (e.g. by
 * the reader's roles, where the route's declared one is the narrowest): only its declared keys are
 * sent. Fastify compiles it once per route and schema.
 */
export function answerThrough(reply: FastifyReply, schema: z.ZodType) {
  reply.serializer(reply.compileSerializationSchema(schema as never, '200'));
}
