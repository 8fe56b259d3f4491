// /api/pix: the static Pix code of a bank account for a purpose (DIZIMO, OFERTA…) and its
// printable poster; the rules in pixService.ts. Read with the bank accounts' access.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PIX_MAX_CENTS, PIX_PURPOSES } from '../../../domain/finance/pix.js';
import { resourceByApi } from '../../../domain/resources.js';
import { idParam } from '../../http/schemas.js';
import { actorOf } from '../../audit/trail.js';
import { pdfHeaders } from '../../pdf/document.js';
import { pixService } from './pixService.js';

const pixQuery = z.object({
  bank_account_id: idParam.meta({ description: 'A conta bancária que recebe.' }),
  purpose: z
    .enum(PIX_PURPOSES)
    .meta({ description: 'A finalidade: DIZIMO, OFERTA, MISSOES ou CAMPANHA.' }),
  amount_cents: z
    .string()
    .regex(/^[1-9][0-9]{0,11}$/)
    .transform(Number)
    .refine((cents) => cents <= PIX_MAX_CENTS)
    .optional()
    .meta({ description: 'Valor fixo em centavos (opcional; sem ele, quem paga digita o valor).' }),
});

export async function pixRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('bank_accounts');
  const pix = pixService(app.database.db);

  app.get(
    '/api/pix',
    { config: { access: access.read }, schema: { querystring: pixQuery } },
    async (request) => pix.code(actorOf(request), request.query),
  );

  app.get(
    '/api/pix/poster',
    { config: { access: access.read }, schema: { querystring: pixQuery } },
    async (request, reply) => {
      const pdf = await pix.poster(actorOf(request), request.query);
      reply.headers(pdfHeaders(`pix-${request.query.purpose.toLowerCase()}.pdf`));
      return pdf;
    },
  );
}
