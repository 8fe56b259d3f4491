// The ledger: every money movement is a transaction on an account. Only these functions write
// transactions, and with each movement they keep, in the same database transaction, the
// account's balance_cents (opening balance plus its transactions) and its monthly totals
// (finance_month_totals, with what the double-entry mapping reads of it: an income's category,
// a card invoice's payment; by month also the movement's side and a transfer's other leg,
// migration 0054), which statements, the dashboard and the balancete read instead of whole years.
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
  /** A transfer's other leg's account (0: none, or that leg is gone; migration 0054). */
  linked_account_id: number;
}

/** What keys a movement's sums besides its month (the month sums also key its side). */
const KEYED = ['bank_account_id', 'kind', 'category_id', 'invoice', 'linked_account_id'] as const;

/** Whether two movements sit in the same row of every sum with the same amount. */
const sameSums = (a: Movement, b: Movement) =>
  KEYED.every((column) => a[column] === b[column]) &&
  a.amount_cents === b.amount_cents &&
  a.date.slice(0, 7) === b.date.slice(0, 7);

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
  // The month's sums by side and other leg: the balancete's debits and credits (0054).
  const legs = {
    positive: movement.amount_cents > 0 ? 1 : 0,
    linked_account_id: movement.linked_account_id,
  };
  await addSums(
    db,
    'finance_month_totals',
    { ...key, month: movement.date.slice(0, 7), ...legs },
    sums,
  );
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
  'bank_account_id' | 'date' | 'kind' | 'amount_cents' | 'category_id' | 'payable_id' | 'linked_id'
>;

/**
 * The movement as the totals key it: the category only for an income, the payable's kind, the
 * other leg's account (as the journal reads it: none when that leg is gone).
 */
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
  let linked = 0;
  if (row.linked_id) {
    const other = await db
      .selectFrom('transactions')
      .select('bank_account_id')
      .where('id', '=', row.linked_id)
      .executeTakeFirst();
    linked = other?.bank_account_id ?? 0;
  }
  return {
    bank_account_id: row.bank_account_id,
    date: String(row.date),
    kind: row.kind,
    amount_cents: Number(row.amount_cents),
    category_id: row.kind === 'income' ? (row.category_id ?? 0) : 0,
    invoice,
    linked_account_id: linked,
  };
}

const MOVEMENT_COLUMNS = [
  'bank_account_id',
  'date',
  'kind',
  'amount_cents',
  'category_id',
  'payable_id',
  'linked_id',
] as const;

/** Moves a movement's sums from how `old` keyed it to `next`, when they differ. */
async function rebook(db: Db, old: Movement, next: Movement) {
  if (sameSums(old, next)) return;
  await book(db, old, -1);
  await book(db, next, 1);
}

/**
 * The leg linked back to movement `id` (a transfer's other leg), read with its sums' key before a
 * change to `id`'s account or its delete; `settle` then keys it again, by the account it links
 * to now (or none).
 */
async function partnerOf(db: Db, id: number, linkedId: number | null | undefined) {
  if (!linkedId) return null;
  const row = await db
    .selectFrom('transactions')
    .select(MOVEMENT_COLUMNS)
    .where('id', '=', linkedId)
    .where('linked_id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const before = await asMovement(db, row);
  return { settle: async () => rebook(db, before, await asMovement(db, row)) };
}

export async function addTransaction(db: Db, movement: NewTransaction): Promise<number> {
  const { id } = await db
    .insertInto('transactions')
    .values({ ...movement, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await book(db, await asMovement(db, movement), 1);
  return id;
}

/** Changes a movement in place (an edited income, a paid expense that changed, a leg linked). */
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
  const old = await asMovement(db, stored);
  const partner =
    patch.bank_account_id !== undefined && patch.bank_account_id !== stored.bank_account_id
      ? await partnerOf(db, id, stored.linked_id)
      : null;
  await db.updateTable('transactions').set(patch).where('id', '=', id).execute();
  const next = await asMovement(db, { ...stored, ...patch });
  await rebook(db, old, next);
  await partner?.settle();
  if (next.bank_account_id !== old.bank_account_id || next.amount_cents !== old.amount_cents) {
    await releaseStatementLines(db, id);
  }
}

/**
 * Deletes a movement and takes it off its account's balance; undefined when it is not there.
 * The balance follows only a row this call really deleted: of two deletes at once (on
 * PostgreSQL the second waits on the row's lock, then deletes nothing), one reverses it.
 * A transfer's other leg, left linked to nothing, is keyed again as the journal then reads it.
 */
export async function removeTransaction(db: Db, id: number): Promise<TransactionRow | undefined> {
  const old = await db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!old) return undefined;
  const movement = await asMovement(db, old);
  const partner = await partnerOf(db, id, old.linked_id);
  const deleted = await db.deleteFrom('transactions').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  await book(db, movement, -1);
  await partner?.settle();
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
