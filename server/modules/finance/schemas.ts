// The finance routes' own zod pieces, beside the shared ones of server/http/schemas.ts: the
// movement a treasurer posts and the overview's month.
import { z } from 'zod';
import { adjustmentSchema, transferSchema } from '../../../domain/finance/schemas.js';
import { bodyOf, describeRequired } from '../../http/schemas.js';

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
