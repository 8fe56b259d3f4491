// /api/credit_cards: the church's cards. The list shows each card's open invoice and the
// limit left (the limit minus every unpaid charge, future instalments included).
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { openInvoice } from '../../../domain/finance/invoices.js';
import { creditCardSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { fieldErrors } from '../../../domain/validation.js';
import type { CreditCardsTable } from '../../db/schema.js';
import { invalid } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf, audit } from './audit.js';
import { plural } from '../../../domain/text.js';
import { applyFilters, asBool, pageOf } from './query.js';
import {
  type FieldErrors,
  checkAccount,
  deleteUnlessInUse,
  findRecord,
  referenceCount,
} from './references.js';
import type { Db } from './types.js';

type CardRow = Selectable<CreditCardsTable>;
const SORTS = ['name', 'closing_day', 'due_day', 'limit_cents', 'id'] as const;
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

export async function creditCardsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('credit_cards');
  const url = '/api/credit_cards';

  const find = async (id: number, on: Db = db) => {
    const row = await findRecord(on, 'credit_cards', id, NOT_FOUND);
    return (await withInvoices(on, [row]))[0];
  };

  const prepare = async (body: Record<string, unknown>, existing?: CardRow) => {
    const parsed = creditCardSchema.safeParse(body);
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const errors: FieldErrors = {};
    await checkAccount(
      db,
      errors,
      parsed.data.bank_account_id,
      existing?.bank_account_id !== parsed.data.bank_account_id,
    );
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return parsed.data;
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

  app.get(url, { config: { access: access.read } }, async (request, reply) => {
    const { sort, range, filter } = parseListParams(request.query as Record<string, unknown>, {
      sortable: [...SORTS],
      defaultSort: { field: 'name', order: 'asc' },
    });
    const query = applyFilters(db.selectFrom('credit_cards'), filter, {
      id: 'ids',
      active: 'bool',
      bank_account_id: 'reference',
    });
    const [rows, count] = await Promise.all([
      pageOf(query.selectAll(), sort.field, sort, range).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return sendList(
      reply,
      'credit_cards',
      range.offset,
      await withInvoices(db, rows),
      Number(count.total),
    );
  });

  app.get(`${url}/:id`, { config: { access: access.read } }, async (request) =>
    find(parseId((request.params as { id: string }).id)),
  );

  app.post(url, { config: { access: access.write } }, async (request, reply) => {
    const card = await prepare((request.body ?? {}) as Record<string, unknown>);
    const now = new Date().toISOString();
    const record = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('credit_cards')
        .values({ ...card, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await find(id, trx);
      await audit(trx, actorOf(request), {
        action: 'create',
        resource: 'credit_cards',
        record_id: id,
        after: stored(after),
      });
      return after;
    });
    reply.code(201);
    return record;
  });

  app.put(`${url}/:id`, { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await findRecord(db, 'credit_cards', id, NOT_FOUND);
    const card = await prepare(
      { ...existing, ...((request.body ?? {}) as Record<string, unknown>) },
      existing,
    );
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('credit_cards')
        .set({ ...card, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const after = await find(id, trx);
      await audit(trx, actorOf(request), {
        action: 'update',
        resource: 'credit_cards',
        record_id: id,
        before: { ...existing, active: asBool(existing.active) },
        after: stored(after),
      });
      return after;
    });
  });

  app.delete(`${url}/:id`, { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    return deleteUnlessInUse(db, actorOf(request), 'credit_cards', id, {
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
    });
  });
}
