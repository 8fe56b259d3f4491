// Movements beneath their routes: every money movement of every account, the totals of a
// filtered list, and what the treasurer posts here (transfers and adjustments) and deletes.
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { TRANSACTION_KINDS } from '../../../domain/finance/labels.js';
import type { AdjustmentInput, TransferInput } from '../../../domain/finance/schemas.js';
import { likePattern, searchWords } from '../../../domain/search.js';
import type { Database } from '../../db/schema.js';
import { type Scope, ensureReadable } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { addTransaction, changeTransaction, removeTransaction } from './ledger.js';
import {
  type FilterRule,
  applyFilters,
  idsFilter,
  pageOf,
  textFilter,
  totalOf,
} from '../../http/listFilters.js';
import { type FieldErrors, checkAccount, findRecord } from './references.js';
import { withStatementLines } from './statementLinks.js';
import { accountCongregation, accountIn, ensureAccountsUsable, scoped } from './scope.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

export const SORTS = { date: 'date', amount_cents: 'amount_cents', id: 'id' } as const;
const FILTERS: Record<string, FilterRule<SelectQueryBuilder<Database, 'transactions', object>>> = {
  q: (found, value) => {
    for (const word of searchWords(textFilter(value, 'q'))) {
      found = found.where((eb) => eb(eb.fn('lower', ['description']), 'like', likePattern(word)));
    }
    return found;
  },
  id: 'ids',
  bank_account_id: 'reference',
  category_id: 'reference',
  kind: TRANSACTION_KINDS,
  income_id: 'reference',
  expense_id: 'reference',
  date_gte: 'from',
  date_lte: 'to',
  congregation_id: (query, value) =>
    query.where(accountIn('transactions.bank_account_id', idsFilter(value))),
};
/** The movements of the view (through their accounts' congregations) a list's filter selects. */
export function filtered(db: Db, filter: Record<string, unknown>, view: Scope) {
  const base = scoped(db.selectFrom('transactions'), view, (ids) =>
    accountIn('transactions.bank_account_id', ids),
  );
  return applyFilters(base, filter, FILTERS);
}

const NOT_FOUND = 'Lançamento não encontrado.';
const find = (db: Db, id: number) => findRecord(db, 'transactions', id, NOT_FOUND);

/** sum(amount) of the movements that match, as a number (0 when none). */
const sumWhere = (
  eb: ExpressionBuilder<Database, 'transactions'>,
  condition: ReturnType<ExpressionBuilder<Database, 'transactions'>['and']>,
) =>
  eb.fn.coalesce(
    eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('amount_cents')).else(0).end()),
    eb.lit(0),
  );

/**
 * Refuses to delete by hand the deposit of a count (its transfer, either leg, or the adjustment
 * of its difference): the count records it, and its deposit is corrected there.
 */
async function ensureNotDeposit(db: Db, movement: { id: number; linked_id: number | null }) {
  const ids = movement.linked_id ? [movement.id, movement.linked_id] : [movement.id];
  const count = await db
    .selectFrom('offering_counts')
    .select('id')
    .where((eb) =>
      eb.or([eb('deposit_transaction_id', 'in', ids), eb('deposit_adjustment_id', 'in', ids)]),
    )
    .executeTakeFirst();
  if (count) {
    throw conflict(
      `Este lançamento é o depósito da contagem nº ${count.id}: corrija o depósito na contagem.`,
    );
  }
}

export function transactionService(db: Db) {
  return {
    async find(id: number, rights: Scope) {
      const movement = await find(db, id);
      ensureReadable(rights, (await accountCongregation(db, movement.bank_account_id)) ?? null);
      return movement;
    },

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const query = filtered(db, filter, view);
      const [rows, total] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id'), range),
      ]);
      return { rows: await withStatementLines(db, rows), total };
    },

    /** The totals of the filtered list: money in and out by kind, and the net result. */
    async summary(filter: Record<string, unknown>, view: Scope) {
      const row = await filtered(db, filter, view)
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          sumWhere(eb, eb.and([eb('kind', '=', 'income')])).as('income'),
          sumWhere(eb, eb.and([eb('kind', '=', 'expense')])).as('expense'),
          sumWhere(eb, eb.and([eb('kind', '=', 'transfer'), eb('amount_cents', '>', 0)])).as(
            'transfer_in',
          ),
          sumWhere(eb, eb.and([eb('kind', '=', 'transfer'), eb('amount_cents', '<', 0)])).as(
            'transfer_out',
          ),
          sumWhere(eb, eb.and([eb('kind', '=', 'adjustment')])).as('adjustment'),
          eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('net'),
        ])
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.count),
        income_cents: Number(row.income),
        expense_cents: -Number(row.expense),
        transfer_in_cents: Number(row.transfer_in),
        transfer_out_cents: -Number(row.transfer_out),
        adjustment_cents: Number(row.adjustment),
        net_cents: Number(row.net),
      };
    },

    /** Two linked movements, out of one account and into the other; answers the first. */
    async transfer(actor: Actor, transfer: TransferInput) {
      const errors: FieldErrors = {};
      await checkAccount(db, errors, transfer.from_account_id, true, 'from_account_id');
      await checkAccount(db, errors, transfer.to_account_id, true, 'to_account_id');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      // Between congregations only for whoever has rights on both accounts.
      await ensureAccountsUsable(db, actor.rights, [
        transfer.from_account_id,
        transfer.to_account_id,
      ]);
      const names = new Map(
        (
          await db
            .selectFrom('bank_accounts')
            .select(['id', 'name'])
            .where('id', 'in', [transfer.from_account_id, transfer.to_account_id])
            .execute()
        ).map((a) => [a.id, a.name]),
      );
      return inTransaction(db, async (trx) => {
        const text = (other: number, direction: 'para' | 'de') =>
          transfer.description ?? `Transferência ${direction} ${names.get(other) ?? 'outra conta'}`;
        const outId = await addTransaction(trx, {
          bank_account_id: transfer.from_account_id,
          date: transfer.date,
          description: text(transfer.to_account_id, 'para'),
          amount_cents: -transfer.amount_cents,
          kind: 'transfer',
        });
        const inId = await addTransaction(trx, {
          bank_account_id: transfer.to_account_id,
          date: transfer.date,
          description: text(transfer.from_account_id, 'de'),
          amount_cents: transfer.amount_cents,
          kind: 'transfer',
          linked_id: outId,
        });
        // Through the ledger: its sums key each leg by the other's account.
        await changeTransaction(trx, outId, { linked_id: inId });
        const out = await find(trx, outId);
        await audit(trx, actor, {
          action: 'create',
          resource: 'transactions',
          record_id: outId,
          after: {
            ...out,
            to_account_id: transfer.to_account_id,
            amount_cents: transfer.amount_cents,
          },
        });
        return out;
      });
    },

    async adjust(actor: Actor, adjustment: AdjustmentInput) {
      const errors: FieldErrors = {};
      await checkAccount(db, errors, adjustment.bank_account_id);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await ensureAccountsUsable(db, actor.rights, [adjustment.bank_account_id]);
      return inTransaction(db, async (trx) => {
        const id = await addTransaction(trx, {
          bank_account_id: adjustment.bank_account_id,
          date: adjustment.date,
          description: adjustment.description,
          amount_cents: adjustment.amount_cents,
          kind: 'adjustment',
        });
        const after = await find(trx, id);
        await audit(trx, actor, {
          action: 'create',
          resource: 'transactions',
          record_id: id,
          after,
        });
        return after;
      });
    },

    /**
     * Only transfers (both legs go) and adjustments are deleted here; the movements of incomes
     * and payments follow their records.
     */
    remove: (actor: Actor, id: number, options: { byCount?: boolean } = {}) =>
      inTransaction(db, async (trx) => {
        const movement = await find(trx, id);
        if (!options.byCount) await ensureNotDeposit(trx, movement);
        const linked = movement.linked_id
          ? await trx
              .selectFrom('transactions')
              .select('bank_account_id')
              .where('id', '=', movement.linked_id)
              .executeTakeFirst()
          : undefined;
        await ensureAccountsUsable(trx, actor.rights, [
          movement.bank_account_id,
          linked?.bank_account_id,
        ]);
        if (movement.income_id) {
          throw conflict('Este lançamento é de uma receita: edite ou exclua a receita.');
        }
        if (movement.payable_id || movement.expense_id) {
          throw conflict(
            'Este lançamento é o pagamento de uma despesa: estorne o pagamento em Contas a pagar, ou edite a despesa.',
          );
        }
        // Deleted by another request meanwhile: nothing to reverse (the ledger saw it once).
        if (!(await removeTransaction(trx, id))) throw notFound(NOT_FOUND);
        if (movement.linked_id) await removeTransaction(trx, movement.linked_id);
        await audit(trx, actor, {
          action: 'delete',
          resource: 'transactions',
          record_id: id,
          before: movement,
        });
        return movement;
      }),
  };
}
