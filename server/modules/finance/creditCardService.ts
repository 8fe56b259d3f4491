// Credit cards beneath their routes: each card with its open invoice and the limit left, the
// account that pays it checked, and its empty invoices deleted with it.
import { todayIso } from '../../../domain/dates.js';
import { openInvoice } from '../../../domain/finance/invoices.js';
import { type CreditCardInput, creditCardSchema } from '../../../domain/finance/schemas.js';
import type { CreditCard } from '../../db/schema.js';
import type { ListParams } from '../../http/simpleRest.js';
import { invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { plural } from '../../../domain/text.js';
import { applyFilters, asBool, pageOf, totalOf } from '../../http/listFilters.js';
import {
  type FieldErrors,
  checkAccount,
  deleteUnlessInUse,
  findRecord,
  referenceCount,
} from './references.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

type CardRow = CreditCard;
export const CARD_SORTS = ['name', 'closing_day', 'due_day', 'limit_cents', 'id'];
const NOT_FOUND = 'Cartão de crédito não encontrado.';

/** The cards with their open invoice and what is left of the limit. */
async function withInvoices(db: Db, rows: CardRow[]) {
  if (rows.length === 0) return [];
  const today = todayIso();
  const ids = rows.map((row) => row.id);
  const unpaid = await db
    .selectFrom('accounts_payable')
    .select(['credit_card_id', 'closing_date', 'due_date', 'amount_cents'])
    .where('kind', '=', 'invoice')
    .where('status', '=', 'pending')
    .where('credit_card_id', 'in', ids)
    .execute();
  return rows.map((row) => {
    const open = openInvoice(today, row);
    const invoices = unpaid.filter((invoice) => invoice.credit_card_id === row.id);
    const used = invoices.reduce((sum, invoice) => sum + invoice.amount_cents, 0);
    const current = invoices.find((invoice) => invoice.closing_date === open.closing_date);
    return {
      ...row,
      active: asBool(row.active),
      open_invoice_closing_date: open.closing_date,
      open_invoice_due_date: open.due_date,
      open_invoice_cents: current?.amount_cents ?? 0,
      used_cents: used,
      limit_left_cents: row.limit_cents - used,
    };
  });
}

export function creditCardService(db: Db) {
  const find = async (id: number, on: Db = db) => {
    const row = await findRecord(on, 'credit_cards', id, NOT_FOUND);
    return (await withInvoices(on, [row]))[0];
  };

  /** The account that pays the invoice must exist (and be active when it is new or changed). */
  const check = async (card: CreditCardInput, existing?: CardRow) => {
    const errors: FieldErrors = {};
    await checkAccount(
      db,
      errors,
      card.bank_account_id,
      existing?.bank_account_id !== card.bank_account_id,
    );
    if (Object.keys(errors).length > 0) throw invalid(errors);
  };

  /** Only the stored columns, for the audit. */
  const stored = ({
    open_invoice_cents: _a,
    used_cents: _b,
    limit_left_cents: _c,
    open_invoice_closing_date: _d,
    open_invoice_due_date: _e,
    ...row
  }: Awaited<ReturnType<typeof find>>) => row;

  return {
    find: (id: number) => find(id),

    async list({ sort, range, filter }: ListParams) {
      const query = applyFilters(db.selectFrom('credit_cards'), filter, {
        id: 'ids',
        active: 'bool',
        bank_account_id: 'reference',
      });
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), sort.field, sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      return { rows: await withInvoices(db, rows), total: count };
    },

    async create(actor: Actor, card: CreditCardInput) {
      await check(card);
      const now = new Date().toISOString();
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('credit_cards')
          .values({ ...card, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'create',
          resource: 'credit_cards',
          record_id: id,
          after: stored(after),
        });
        return after;
      });
    },

    /** `changes` merged with the stored card, validated as a whole. */
    async update(actor: Actor, id: number, changes: Record<string, unknown>) {
      const existing = await findRecord(db, 'credit_cards', id, NOT_FOUND);
      // SQLite stores the flag as 0/1: the schema reads a boolean.
      const card = validated(creditCardSchema, {
        ...existing,
        active: asBool(existing.active),
        ...changes,
      });
      await check(card, existing);
      return inTransaction(db, async (trx) => {
        await trx
          .updateTable('credit_cards')
          .set({ ...card, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'update',
          resource: 'credit_cards',
          record_id: id,
          before: { ...existing, active: asBool(existing.active) },
          after: stored(after),
        });
        return after;
      });
    },

    remove: (actor: Actor, id: number) =>
      deleteUnlessInUse(db, actor, 'credit_cards', id, {
        find,
        async inUse(trx) {
          const count = await referenceCount(trx, 'expenses', 'credit_card_id', id);
          return count > 0
            ? `Este cartão tem ${plural(count, 'compra lançada', 'compras lançadas')}: não pode ser excluído. ` +
                'Para deixar de usá-lo, desmarque “Ativo”.'
            : null;
        },
        alsoDelete: async (trx) => {
          await trx.deleteFrom('accounts_payable').where('credit_card_id', '=', id).execute();
        },
        audited: stored,
      }),
  };
}
