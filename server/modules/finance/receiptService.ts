// An expense's receipt (comprovante) beneath its routes: the file's real type checked, one
// receipt per expense, each attach and detach in the audit log.
import type { Kysely } from 'kysely';
import { sniffFileType } from '../../../domain/fileTypes.js';
import type { Database } from '../../db/schema.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../audit/trail.js';

const WRONG_TYPE = 'O comprovante deve ser uma imagem (JPEG, PNG ou WebP) ou um PDF.';

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

export function receiptService(db: Kysely<Database>) {
  /** The expense's congregation; a 404 when there is no expense. */
  const expenseCongregation = async (id: number) => {
    const row = await db
      .selectFrom('expenses')
      .select('congregation_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Despesa não encontrada.');
    return row.congregation_id;
  };
  /** Attaching or removing a receipt changes the expense: 403 outside the rights. */
  const expenseWritable = async (id: number, rights: Scope) =>
    ensureWritable(rights, await expenseCongregation(id));

  return {
    /** Stores `data` as the expense's receipt, replacing the one it had. */
    async attach(actor: Actor, id: number, data: unknown, fileNameHeader: unknown) {
      await expenseWritable(id, actor.rights);
      if (!Buffer.isBuffer(data) || data.length === 0) throw new ApiError(415, WRONG_TYPE);
      const contentType = sniffFileType(data);
      if (!contentType) throw new ApiError(415, WRONG_TYPE);
      const fileName = fileNameOf(fileNameHeader, contentType);
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
        await audit(trx, actor, {
          action: 'attach',
          resource: 'expenses',
          record_id: id,
          changes: { receipt: [old?.file_name ?? null, fileName] },
        });
        return { file_name: fileName, content_type: contentType, size: data.length };
      });
    },

    async read(id: number, rights: Scope) {
      ensureReadable(rights, await expenseCongregation(id));
      const receipt = await db
        .selectFrom('receipts')
        .selectAll()
        .where('expense_id', '=', id)
        .executeTakeFirst();
      if (!receipt) throw notFound('Esta despesa não tem comprovante.');
      return receipt;
    },

    async detach(actor: Actor, id: number) {
      await expenseWritable(id, actor.rights);
      return db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('receipts')
          .select('file_name')
          .where('expense_id', '=', id)
          .executeTakeFirst();
        if (!old) throw notFound('Esta despesa não tem comprovante.');
        await trx.deleteFrom('receipts').where('expense_id', '=', id).execute();
        await audit(trx, actor, {
          action: 'detach',
          resource: 'expenses',
          record_id: id,
          changes: { receipt: [old.file_name, null] },
        });
        return { success: true };
      });
    },
  };
}
