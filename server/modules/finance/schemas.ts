// The finance routes' own zod pieces, beside the shared ones of server/http/schemas.ts: a body a
// domain schema validates as it comes, the movement a treasurer posts, the overview's month.
import { z } from 'zod';
import { fieldErrors } from '../../../domain/validation.js';
import { objectBody } from '../../http/schemas.js';
import { invalid } from '../../plugins/errors.js';
import { adjustmentSchema, transferSchema } from '../../../domain/finance/schemas.js';

/** No body at all (undefined or null) reads as an empty object, as `request.body ?? {}` did. */
const orEmpty = (body: unknown) => body ?? {};

/**
 * The object's truly required fields for OpenAPI: toJSONSchema lists every preprocessed field
 * (an optional text, an id that may be empty) as required; here a field is required when a missing
 * value fails. Only the description changes: the schema parses as before.
 */
function describeRequired<T extends z.ZodType>(schema: T): T {
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

/** POST /api/transactions: a transfer between two accounts or an adjustment of one balance. */
export const movementBody = bodyOf(
  z.discriminatedUnion(
    'kind',
    [describeRequired(transferSchema), describeRequired(adjustmentSchema)],
    {
      error: 'Escolha transferência ou ajuste.',
    },
  ),
);

/** GET /api/finance/overview: the month to show (the handler checks its AAAA-MM form). */
export const overviewQuery = z.object({
  month: z.string().optional().meta({ description: 'Mês: AAAA-MM (padrão: o mês corrente).' }),
});

/** Any JSON object, as the handlers took it, described in OpenAPI with `schema`'s fields. */
function describedBody(schema: z.ZodType, partial: boolean) {
  const described = partial ? schema : describeRequired(schema);
  const { properties, required } = z.toJSONSchema(described, {
    io: 'input',
    unrepresentable: 'any',
  });
  return z
    .preprocess(orEmpty, objectBody)
    .meta(partial ? { properties } : { properties, required });
}

/**
 * A partial update's body: the service merges it with the stored record and validates the result
 * with `schema` (validated below).
 */
export const changesOf = (schema: z.ZodType) => describedBody(schema, true);

/**
 * A body `schema` validates once the record it acts on is found, so a missing record answers 404
 * before a malformed body answers 422, as when the handler parsed it.
 */
export const bodyAfterLookup = (schema: z.ZodType) => describedBody(schema, false);

/** `value` as `schema` reads it (a merged update, a body read after its record), or a 422. */
export function validated<T extends z.ZodType>(schema: T, value: Record<string, unknown>) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}
