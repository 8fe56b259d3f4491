// /api/incomes: money received, each income one movement on its account; the rules in
// incomeService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIsoDate } from '../../../domain/dates.js';
import { incomeBatchSchema, incomeSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { pdfHeaders } from '../../pdf/document.js';
import { notFound } from '../../plugins/errors.js';
import { donationReceiptService } from './donationReceiptService.js';
import { INCOME_SORTS, incomeService } from './incomeService.js';

const dayQuery = z.object({
  date: z
    .string({ error: 'Informe o dia (AAAA-MM-DD).' })
    .refine(isIsoDate, { error: 'Data inválida: use AAAA-MM-DD.' })
    .meta({ description: 'O dia das receitas (AAAA-MM-DD).' }),
});

export async function incomesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('incomes');
  const url = '/api/incomes';
  const incomes = incomeService(app.database.db, app.database.dialect);
  const receipts = donationReceiptService(app.database.db, app.database.dialect);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: INCOME_SORTS,
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { rows, total } = await incomes.list(params, viewOf(request));
      return sendList(reply, 'incomes', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => incomes.find(request.params.id, rightsOf(request)),
  );

  // The receipt (recibo) of an income with a donor: numbered on the first print, "2ª via" after.
  app.get(
    `${url}/:id/receipt`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request, reply) => {
      const { receipt, pdf } = await receipts.print(actorOf(request), request.params.id);
      reply.headers(pdfHeaders(`recibo-${receipt.number}-${receipt.year}.pdf`));
      return pdf;
    },
  );

  // A day's receipts in the view (the app bar's congregation), one per page.
  app.get(
    `${url}/receipts`,
    { config: { access: access.read }, schema: { querystring: dayQuery } },
    async (request, reply) => {
      const day = await receipts.printDay(actorOf(request), request.query.date, viewOf(request));
      if (!day) throw notFound('Nenhuma receita com contribuinte neste dia.');
      reply.headers(pdfHeaders(`recibos-${request.query.date}.pdf`));
      return day.pdf;
    },
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(incomeSchema) } },
    async (request, reply) => {
      const record = await incomes.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  // The offerings of a service, counted together: several incomes in one go, all or none.
  app.post(
    `${url}/batch`,
    { config: { access: access.write }, schema: { body: bodyOf(incomeBatchSchema) } },
    async (request, reply) => {
      const records = await incomes.createBatch(actorOf(request), request.body);
      reply.code(201);
      return records;
    },
  );

  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(incomeSchema) },
    },
    async (request) => incomes.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => incomes.remove(actorOf(request), request.params.id),
  );
}
