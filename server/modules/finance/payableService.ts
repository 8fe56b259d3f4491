// Payables beneath their routes: the unpaid instalments and card invoices by due date, what a
// filtered list adds up to, and paying one (which creates the movement) or undoing a payment.
import type { SelectQueryBuilder } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { PAYABLE_KINDS } from '../../../domain/finance/labels.js';
import { paySchema } from '../../../domain/finance/schemas.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { type Scope, canRead, ensureWritable } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import {
  type FilterRule,
  applyFilters,
  choiceFilter,
  idsFilter,
  pageOf,
  totalOf,
} from '../../http/listFilters.js';
import { type FieldErrors, checkAccount, findRecord } from './references.js';
import { type PayableRow, lockPayable, payPayable, unpayPayable } from './payments.js';
import {
  ensureAccountsUsable,
  ensureAllWritable,
  invoiceCongregations,
  payableIn,
  scoped,
  withCongregationName,
  withCongregationNames,
} from './scope.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

const SORTS = { due_date: 'due_date', amount_cents: 'amount_cents', id: 'id' } as const;
export const PAYABLE_SORTS = Object.keys(SORTS);
/** Statuses a list may ask for: open = everything unpaid (overdue or not). */
const STATUS_FILTERS = ['open', 'pending', 'overdue', 'paid'] as const;

type PayablesQuery = SelectQueryBuilder<Database, 'accounts_payable', object>;

/** The list's filters; the status compares due dates with `today`. */
const filters = (today: string): Record<string, FilterRule<PayablesQuery>> => ({
  id: 'ids',
  status: (query, value) => {
    const status = choiceFilter(value, 'status', STATUS_FILTERS);
    const filtered = query.where('status', '=', status === 'paid' ? 'paid' : 'pending');
    if (status === 'overdue') return filtered.where('due_date', '<', today);
    if (status === 'pending') return filtered.where('due_date', '>=', today);
    return filtered;
  },
  kind: PAYABLE_KINDS,
  vendor_id: 'reference',
  category_id: 'reference',
  credit_card_id: 'reference',
  expense_id: 'reference',
  bank_account_id: 'reference',
  due_date_gte: 'from',
  due_date_lte: 'to',
  congregation_id: (query, value) => query.where(payableIn(idsFilter(value))),
});

/** The API's status: a pending payable past its due date is overdue. */
export function toApiPayable(row: PayableRow, today = todayIso()) {
  return {
    ...row,
    status: row.status === 'pending' && row.due_date < today ? 'overdue' : row.status,
  };
}

const find = (db: Db, id: number): Promise<PayableRow> =>
  findRecord(db, 'accounts_payable', id, 'Conta a pagar não encontrada.');

/** The payables of the view a list's filter selects. */
function filtered(db: Db, filter: Record<string, unknown>, today: string, view: Scope) {
  const base = scoped(db.selectFrom('accounts_payable'), view, payableIn);
  return applyFilters(base, filter, filters(today));
}

/** Whether payable `row` is inside `scope` (an invoice: one of its charges is). */
async function payableInScope(db: Db, scope: Scope, row: PayableRow): Promise<boolean> {
  if (scope === null) return true;
  if (row.kind !== 'invoice') return canRead(scope, row.congregation_id);
  return (await invoiceCongregations(db, row.id)).some((id) => scope.includes(id));
}

/**
 * Paying or reversing a payable: an instalment of a congregation inside the rights; a card
 * invoice only when every expense charged on it is (it pays them all).
 */
export async function ensurePayableWritable(db: Db, rights: Scope, row: PayableRow) {
  if (rights === null) return;
  if (row.kind !== 'invoice') ensureWritable(rights, row.congregation_id);
  else ensureAllWritable(rights, await invoiceCongregations(db, row.id));
}

export function payableService(db: Db, dialect: DialectHelpers) {
  return {
    async find(id: number, rights: Scope) {
      const row = await find(db, id);
      if (!(await payableInScope(db, rights, row))) throw notFound('Conta a pagar não encontrada.');
      return withCongregationName(db, toApiPayable(row));
    },

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const today = todayIso();
      const query = filtered(db, filter, today, view);
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      return {
        rows: await withCongregationNames(
          db,
          rows.map((row) => toApiPayable(row, today)),
        ),
        total: count,
      };
    },

    /** What the filtered list adds up to: due, of which overdue, and paid. */
    async summary(filter: Record<string, unknown>, view: Scope) {
      const today = todayIso();
      const row = await filtered(db, filter, today, view)
        .select((eb) => {
          const open = eb('status', '=', 'pending');
          const sumWhen = (condition: typeof open, column: 'amount_cents' | 'paid_amount_cents') =>
            eb.fn.coalesce(
              eb.fn.sum<number>(eb.case().when(condition).then(eb.ref(column)).else(0).end()),
              eb.lit(0),
            );
          return [
            eb.fn.countAll<number>().as('count'),
            sumWhen(open, 'amount_cents').as('open_cents'),
            sumWhen(eb.and([open, eb('due_date', '<', today)]), 'amount_cents').as('overdue_cents'),
            sumWhen(eb('status', '=', 'paid'), 'paid_amount_cents').as('paid_cents'),
          ];
        })
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.count),
        open_cents: Number(row.open_cents),
        overdue_cents: Number(row.overdue_cents),
        paid_cents: Number(row.paid_cents),
      };
    },

    /** Pays the payable with `body` (paySchema), read once the payable is found. */
    async pay(actor: Actor, id: number, body: Record<string, unknown>) {
      const stored = await find(db, id);
      await ensurePayableWritable(db, actor.rights, stored);
      const payment = validated(paySchema, body);
      const errors: FieldErrors = {};
      await checkAccount(db, errors, payment.bank_account_id);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await ensureAccountsUsable(db, actor.rights, [payment.bank_account_id]);
      return inTransaction(db, async (trx) => {
        // Locked (with its expenses), so two clicks on "Pagar" cannot pay it twice.
        const payable = await lockPayable(trx, dialect, id);
        if (!payable) throw notFound('Conta a pagar não encontrada.');
        if (payable.status === 'paid') throw conflict('Esta conta já foi paga.');
        if (payable.amount_cents <= 0) throw badRequest('Esta fatura não tem valor a pagar.');
        const amount = payment.amount_cents ?? payable.amount_cents;
        const transactionId = await payPayable(trx, payable, {
          paid_on: payment.paid_on,
          bank_account_id: payment.bank_account_id,
          amount_cents: amount,
        });
        const after = toApiPayable(await find(trx, id));
        await audit(trx, actor, {
          action: 'pay',
          resource: 'accounts_payable',
          record_id: id,
          before: toApiPayable(payable),
          after: { ...after, transaction_id: transactionId },
        });
        return after;
      });
    },

    unpay: (actor: Actor, id: number) =>
      inTransaction(db, async (trx) => {
        const payable = await lockPayable(trx, dialect, id);
        if (!payable) throw notFound('Conta a pagar não encontrada.');
        await ensurePayableWritable(trx, actor.rights, payable);
        await ensureAccountsUsable(trx, actor.rights, [payable.bank_account_id]);
        if (payable.status !== 'paid') throw conflict('Esta conta ainda não foi paga.');
        await unpayPayable(trx, payable);
        const after = toApiPayable(await find(trx, id));
        await audit(trx, actor, {
          action: 'unpay',
          resource: 'accounts_payable',
          record_id: id,
          before: toApiPayable(payable),
          after,
        });
        return after;
      }),
  };
}
