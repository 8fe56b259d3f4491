// The zod pieces routes share for their params and querystring (fastify-type-provider-zod): a
// route declares them, Fastify validates before the handler, and the error handler answers in
// Portuguese (plugins/errors.ts). The same schemas describe the API in /api/openapi.json.
import { z } from 'zod';

/** `:id` in a path: a positive integer written plainly; anything else is a 404. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .transform(Number)
  .refine(Number.isSafeInteger)
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

/**
 * A JSON object body whose fields the route's domain rules validate after merging it with the
 * stored record (partial updates); no body is an empty object.
 */
export const objectBody = z.record(z.string(), z.unknown()).default({});
