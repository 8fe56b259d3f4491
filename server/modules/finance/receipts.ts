// An expense's receipt (comprovante): one image or PDF stored with the record, sent as the
// raw file (not JSON) and read back with the session headers; the rules in receiptService.ts.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams } from '../../http/schemas.js';
import { rightsOf } from '../../http/scope.js';
import { actorOf } from '../../audit/trail.js';
import { receiptService } from './receiptService.js';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'O comprovante passa de 5 MB. Envie uma foto ou um PDF menor.';

export async function receiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('expenses');
  const url = '/api/expenses/:id/receipt';
  const receipts = receiptService(app.database.db);

  // In this plugin only: any body is read as bytes (JSON keeps its own parser).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.put(
    url,
    {
      config: { access: access.write },
      schema: { params: idParams },
      bodyLimit: RECEIPT_MAX_BYTES,
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.code(413).send({ success: false, message: TOO_LARGE });
        }
        throw error;
      },
    },
    async (request) =>
      receipts.attach(
        actorOf(request),
        request.params.id,
        request.body,
        request.headers['x-file-name'],
      ),
  );

  app.get(
    url,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request, reply) => {
      const receipt = await receipts.read(request.params.id, rightsOf(request));
      reply
        .type(receipt.content_type)
        .header(
          'Content-Disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(receipt.file_name)}`,
        )
        .header('Cache-Control', 'private, no-store');
      return Buffer.from(receipt.data);
    },
  );

  app.delete(
    url,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => receipts.detach(actorOf(request), request.params.id),
  );
}
