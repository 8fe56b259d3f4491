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

/**
 * A partial update's body: any JSON object, as before (the service merges it with the stored
 * record and validates the result with `schema`), described in OpenAPI with `schema`'s fields.
 */
export const changesOf = (schema: z.ZodType) => {
  const { properties } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.preprocess(orEmpty, objectBody).meta({ properties });
};

/** A partial update merged with the stored record, as `schema` reads it; a 422 with its field errors. */
export function validated<T extends z.ZodType>(schema: T, merged: Record<string, unknown>) {
  const parsed = schema.safeParse(merged);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}
