// An expense's receipt (comprovante): one image or PDF stored with the record, sent as the
// raw file (not JSON) and read back with the session headers.
import type { FastifyError, FastifyInstance } from 'fastify';
import { resourceByApi } from '../../../domain/resources.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import { parseId } from '../../http/simpleRest.js';
import { actorOf, audit } from './audit.js';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'O comprovante passa de 5 MB. Envie uma foto ou um PDF menor.';
const WRONG_TYPE = 'O comprovante deve ser uma imagem (JPEG, PNG ou WebP) ou um PDF.';

/** The file's real type from its first bytes; the declared type alone is not trusted. */
export function sniffReceipt(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return 'image/jpeg';
  }
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

function fileNameOf(header: unknown, contentType: string): string {
  let name = '';
  try {
    name = decodeURIComponent(String(header ?? '')).trim();
  } catch {
    name = '';
  }
  // No folders, no control characters, a sane length.
  name = [...name.replace(/^.*[\\/]/, '')]
    .filter((char) => char.charCodeAt(0) >= 32 && char !== '"')
    .join('')
    .slice(0, 120);
  if (name) return name;
  return contentType === 'application/pdf'
    ? 'comprovante.pdf'
    : `comprovante.${contentType.split('/')[1]}`;
}

export async function receiptRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('expenses');
  const url = '/api/expenses/:id/receipt';

  // In this plugin only: any body is read as bytes (JSON keeps its own parser).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const expenseExists = async (id: number) => {
    const row = await db
      .selectFrom('expenses')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Despesa não encontrada.');
  };

  app.put(
    url,
    {
      config: { access: access.write },
      bodyLimit: RECEIPT_MAX_BYTES,
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.code(413).send({ success: false, message: TOO_LARGE });
        }
        throw error;
      },
    },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      await expenseExists(id);
      const data = request.body;
      if (!Buffer.isBuffer(data) || data.length === 0) throw new ApiError(415, WRONG_TYPE);
      const contentType = sniffReceipt(data);
      if (!contentType) throw new ApiError(415, WRONG_TYPE);
      const fileName = fileNameOf(request.headers['x-file-name'], contentType);
      return db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('receipts')
          .select('file_name')
          .where('expense_id', '=', id)
          .executeTakeFirst();
        await trx.deleteFrom('receipts').where('expense_id', '=', id).execute();
        await trx
          .insertInto('receipts')
          .values({
            expense_id: id,
            file_name: fileName,
            content_type: contentType,
            size: data.length,
            data,
            created_at: new Date().toISOString(),
          })
          .execute();
        await audit(trx, actorOf(request), {
          action: 'attach',
          resource: 'expenses',
          record_id: id,
          changes: { receipt: [old?.file_name ?? null, fileName] },
        });
        return { file_name: fileName, content_type: contentType, size: data.length };
      });
    },
  );

  app.get(url, { config: { access: access.read } }, async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const receipt = await db
      .selectFrom('receipts')
      .selectAll()
      .where('expense_id', '=', id)
      .executeTakeFirst();
    if (!receipt) throw notFound('Esta despesa não tem comprovante.');
    reply
      .type(receipt.content_type)
      .header(
        'Content-Disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(receipt.file_name)}`,
      )
      .header('Cache-Control', 'private, no-store');
    return Buffer.from(receipt.data);
  });

  app.delete(url, { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    await expenseExists(id);
    return db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('receipts')
        .select('file_name')
        .where('expense_id', '=', id)
        .executeTakeFirst();
      if (!old) throw notFound('Esta despesa não tem comprovante.');
      await trx.deleteFrom('receipts').where('expense_id', '=', id).execute();
      await audit(trx, actorOf(request), {
        action: 'detach',
        resource: 'expenses',
        record_id: id,
        changes: { receipt: [old.file_name, null] },
      });
      return { success: true };
    });
  });
}
