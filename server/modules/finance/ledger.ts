// The ledger: every money movement is a transaction on an account. Only these functions write
// transactions, and with each movement they keep, in the same database transaction, the
// account's balance_cents (opening balance plus its transactions) and its monthly totals
// (finance_month_totals, with what the double-entry mapping reads of it: an income's category,
// a card invoice's payment), which statements and the dashboard read instead of whole years.
// Beside them, each income and expense is summed into its congregation's month
// (finance_month_results, migration 0047); both also by year (finance_year_totals,
// finance_year_results): the balancete's opening balances and the cumulative figures read years
// and months, not ten years of rows.
import { sql } from 'kysely';
import type { FinanceTransaction, NewFinanceTransaction } from '../../db/schema.js';
import type { Db } from './types.js';

export type TransactionRow = FinanceTransaction;
export type NewTransaction = Omit<NewFinanceTransaction, 'id' | 'created_at'>;

interface Movement {
  bank_account_id: number;
  date: string;
  kind: string;
  amount_cents: number;
  /** What the mapping reads besides the kind: the income's category, a card invoice's payment. */
  category_id: number;
  invoice: number;
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
  const key = {
    bank_account_id: movement.bank_account_id,
    kind: movement.kind,
    category_id: movement.category_id,
    invoice: movement.invoice,
  };
  const sums = { total_cents: amount, count: sign };
  await addSums(db, 'finance_month_totals', { ...key, month: movement.date.slice(0, 7) }, sums);
  await addSums(db, 'finance_year_totals', { ...key, year: movement.date.slice(0, 4) }, sums);
}

type SumsTable =
  'finance_month_totals' | 'finance_year_totals' | 'finance_month_results' | 'finance_year_results';

/** Adds `sums` to the row of `table` with `key` (its whole key), creating it at first. */
async function addSums(
  db: Db,
  table: SumsTable,
  key: Record<string, string | number>,
  sums: { total_cents: number; count: number },
) {
  await db
    .insertInto(table)
    .values({ ...key, ...sums } as never)
    .onConflict((conflict) =>
      conflict.columns(Object.keys(key) as never).doUpdateSet({
        total_cents: sql`${sql.ref(`${table}.total_cents`)} + excluded.total_cents`,
        count: sql`${sql.ref(`${table}.count`)} + excluded.count`,
      }),
    )
    .execute();
}

type MovementColumns = Pick<
  NewTransaction,
  'bank_account_id' | 'date' | 'kind' | 'amount_cents' | 'category_id' | 'payable_id'
>;

/** The movement as the totals key it: the category only for an income, the payable's kind. */
async function asMovement(db: Db, row: MovementColumns): Promise<Movement> {
  let invoice = 0;
  if (row.kind === 'expense' && row.payable_id) {
    const payable = await db
      .selectFrom('accounts_payable')
      .select('kind')
      .where('id', '=', row.payable_id)
      .executeTakeFirst();
    invoice = payable?.kind === 'invoice' ? 1 : 0;
  }
  return {
    bank_account_id: row.bank_account_id,
    date: String(row.date),
    kind: row.kind,
    amount_cents: Number(row.amount_cents),
    category_id: row.kind === 'income' ? (row.category_id ?? 0) : 0,
    invoice,
  };
}

const MOVEMENT_COLUMNS = [
  'bank_account_id',
  'date',
  'kind',
  'amount_cents',
  'category_id',
  'payable_id',
] as const;

export async function addTransaction(db: Db, movement: NewTransaction): Promise<number> {
  const { id } = await db
    .insertInto('transactions')
    .values({ ...movement, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await book(db, await asMovement(db, movement), 1);
  return id;
}

/** Changes a movement in place (an edited income or a paid expense that changed). */
export async function changeTransaction(
  db: Db,
  id: number,
  patch: Partial<NewTransaction>,
): Promise<void> {
  const stored = await db
    .selectFrom('transactions')
    .select(MOVEMENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.updateTable('transactions').set(patch).where('id', '=', id).execute();
  const old = await asMovement(db, stored);
  const next = await asMovement(db, { ...stored, ...patch });
  if (
    next.bank_account_id !== old.bank_account_id ||
    next.amount_cents !== old.amount_cents ||
    next.date.slice(0, 7) !== old.date.slice(0, 7) ||
    next.kind !== old.kind ||
    next.category_id !== old.category_id ||
    next.invoice !== old.invoice
  ) {
    await book(db, old, -1);
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
  const movement = await asMovement(db, old);
  const deleted = await db.deleteFrom('transactions').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  await book(db, movement, -1);
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

/** An income or an expense as its congregation's month sums it (competência). */
export interface ResultFact {
  congregation_id: number;
  date: string;
  category_id: number;
  fund_id: number | null;
  amount_cents: number | bigint;
  /** An expense made on a card. */
  credit_card_id?: number | null;
}

type ResultSource = 'income' | 'expense';

const resultKey = (row: ResultFact) => ({
  congregation_id: row.congregation_id,
  month: String(row.date).slice(0, 7),
  category_id: row.category_id,
  fund_id: row.fund_id ?? 0,
  on_card: row.credit_card_id ? 1 : 0,
});

async function bookResult(db: Db, source: ResultSource, row: ResultFact, sign: 1 | -1) {
  const { month, ...key } = resultKey(row);
  const sums = { total_cents: sign * Number(row.amount_cents), count: sign };
  await addSums(db, 'finance_month_results', { ...key, source, month }, sums);
  await addSums(db, 'finance_year_results', { ...key, source, year: month.slice(0, 4) }, sums);
}

/** A new income or expense, summed into its month (in the transaction that writes it). */
export const addResult = (db: Db, source: ResultSource, row: ResultFact) =>
  bookResult(db, source, row, 1);

/** A deleted income or expense, taken off its month. */
export const removeResult = (db: Db, source: ResultSource, row: ResultFact) =>
  bookResult(db, source, row, -1);

/** An edited income or expense: moved between months or sums when what keys it changed. */
export async function changeResult(
  db: Db,
  source: ResultSource,
  before: ResultFact,
  after: ResultFact,
): Promise<void> {
  const [a, b] = [resultKey(before), resultKey(after)];
  const same =
    (Object.keys(a) as Array<keyof typeof a>).every((key) => a[key] === b[key]) &&
    Number(before.amount_cents) === Number(after.amount_cents);
  if (same) return;
  await bookResult(db, source, before, -1);
  await bookResult(db, source, after, 1);
}
