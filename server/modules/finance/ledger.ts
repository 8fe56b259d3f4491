// The ledger: every money movement is a transaction on an account. Only these functions write
// transactions, and with each movement they keep, in the same database transaction, the
// account's balance_cents (opening balance plus its transactions) and its monthly totals
// (finance_month_totals), which statements and the dashboard read instead of whole years.
import type { FinanceTransaction, NewFinanceTransaction } from '../../db/schema.js';
import type { Db } from './types.js';

export type TransactionRow = FinanceTransaction;
export type NewTransaction = Omit<NewFinanceTransaction, 'id' | 'created_at'>;

interface Movement {
  bank_account_id: number;
  date: string;
  kind: string;
  amount_cents: number;
}

/** Adds (sign 1) or takes away (sign -1) a movement from its account's balance and totals. */
async function book(db: Db, movement: Movement, sign: 1 | -1) {
  const amount = sign * movement.amount_cents;
  if (amount !== 0) {
    await db
      .updateTable('bank_accounts')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', amount) }))
      .where('id', '=', movement.bank_account_id)
      .execute();
  }
  await db
    .insertInto('finance_month_totals')
    .values({
      bank_account_id: movement.bank_account_id,
      month: movement.date.slice(0, 7),
      kind: movement.kind,
      total_cents: amount,
      count: sign,
    })
    .onConflict((conflict) =>
      conflict.columns(['bank_account_id', 'month', 'kind']).doUpdateSet((eb) => ({
        total_cents: eb('finance_month_totals.total_cents', '+', eb.ref('excluded.total_cents')),
        count: eb('finance_month_totals.count', '+', eb.ref('excluded.count')),
      })),
    )
    .execute();
}

const asMovement = (row: {
  bank_account_id: number;
  date: string;
  kind: string;
  amount_cents: number | bigint;
}): Movement => ({
  bank_account_id: row.bank_account_id,
  date: row.date,
  kind: row.kind,
  amount_cents: Number(row.amount_cents),
});

export async function addTransaction(db: Db, movement: NewTransaction): Promise<number> {
  const { id } = await db
    .insertInto('transactions')
    .values({ ...movement, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await book(db, asMovement(movement), 1);
  return id;
}

/** Changes a movement in place (an edited income or a paid expense that changed). */
export async function changeTransaction(
  db: Db,
  id: number,
  patch: Partial<NewTransaction>,
): Promise<void> {
  const old = await db
    .selectFrom('transactions')
    .select(['bank_account_id', 'date', 'kind', 'amount_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.updateTable('transactions').set(patch).where('id', '=', id).execute();
  const next = asMovement({ ...old, ...patch } as Movement);
  if (
    next.bank_account_id !== old.bank_account_id ||
    next.amount_cents !== old.amount_cents ||
    next.date.slice(0, 7) !== old.date.slice(0, 7) ||
    next.kind !== old.kind
  ) {
    await book(db, asMovement(old), -1);
    await book(db, next, 1);
  }
  if (next.bank_account_id !== old.bank_account_id || next.amount_cents !== old.amount_cents) {
    await releaseStatementLines(db, id);
  }
}

/**
 * Deletes a movement and takes it off its account's balance; undefined when it is not there.
 * The balance follows only a row this call really deleted: of two deletes at once (on
 * PostgreSQL the second waits on the row's lock, then deletes nothing), one reverses it.
 */
export async function removeTransaction(db: Db, id: number): Promise<TransactionRow | undefined> {
  const old = await db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!old) return undefined;
  const deleted = await db.deleteFrom('transactions').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  await book(db, asMovement(old), -1);
  await releaseStatementLines(db, id);
  return old;
}

/**
 * The bank statement's lines reconciled with movement `id` wait again (issue 14): the movement
 * is gone, or no longer says what the bank's line says (another amount or account).
 */
async function releaseStatementLines(db: Db, id: number): Promise<void> {
  await db
    .updateTable('statement_lines')
    .set({
      status: 'pending',
      reconciled_how: null,
      transaction_id: null,
      payable_id: null,
      reconciled_at: null,
      reconciled_by: null,
    })
    .where('transaction_id', '=', id)
    .execute();
}
