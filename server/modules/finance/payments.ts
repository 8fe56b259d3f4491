// Paying what an expense owes: a payable's payment creates its movement, undoing it removes
// the movement, and the expense's status follows its parts (pending, partial, paid). Every
// function runs inside the caller's database transaction.
import type { DialectHelpers } from '../../db/dialect.js';
import type { AccountPayable } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import { addTransaction, removeTransaction } from './ledger.js';
import type { Db } from './types.js';

export type PayableRow = AccountPayable;

async function vendorName(db: Db, vendorId: number | null): Promise<string | null> {
  if (!vendorId) return null;
  const row = await db
    .selectFrom('vendors')
    .select('name')
    .where('id', '=', vendorId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** What the movement of a payment says in the statement. */
export async function paymentDescription(db: Db, payable: PayableRow): Promise<string> {
  const vendor = await vendorName(db, payable.vendor_id);
  return vendor ? `${payable.description} – ${vendor}` : payable.description;
}

export interface Payment {
  paid_on: string;
  bank_account_id: number;
  amount_cents: number;
}

/**
 * The payable `id` locked for a payment or its undoing (PostgreSQL `for update`), after the
 * expenses whose status it sets: always expenses first, then payables, the order an expense's
 * edit takes too, so that paying and editing at once wait for each other instead of deadlocking.
 */
export async function lockPayable(
  db: Db,
  dialect: DialectHelpers,
  id: number,
): Promise<PayableRow | undefined> {
  const payable = await db
    .selectFrom('accounts_payable')
    .select(['id', 'expense_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!payable) return undefined;
  const expenseIds = payable.expense_id
    ? [payable.expense_id]
    : (
        await db
          .selectFrom('card_charges')
          .select('expense_id')
          .distinct()
          .where('invoice_id', '=', id)
          .execute()
      ).map((charge) => charge.expense_id);
  if (expenseIds.length > 0) {
    await dialect
      .forUpdate(db.selectFrom('expenses').select('id').where('id', 'in', expenseIds).orderBy('id'))
      .execute();
  }
  return dialect
    .forUpdate(db.selectFrom('accounts_payable').selectAll().where('id', '=', id))
    .executeTakeFirst();
}

/**
 * Pays an open payable: its movement on the account, the payable paid, the expense's status.
 * The status changes only from pending (a conditional update): a payment that lost a race to
 * another one is refused, never booked twice.
 */
export async function payPayable(db: Db, payable: PayableRow, payment: Payment): Promise<number> {
  const opened = await db
    .updateTable('accounts_payable')
    .set({ status: 'paid' })
    .where('id', '=', payable.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(opened.numUpdatedRows) !== 1) throw conflict('Esta conta já foi paga.');
  const transactionId = await addTransaction(db, {
    bank_account_id: payment.bank_account_id,
    date: payment.paid_on,
    description: await paymentDescription(db, payable),
    amount_cents: -payment.amount_cents,
    kind: 'expense',
    category_id: payable.category_id,
    expense_id: payable.expense_id,
    payable_id: payable.id,
  });
  await db
    .updateTable('accounts_payable')
    .set({
      status: 'paid',
      paid_on: payment.paid_on,
      paid_amount_cents: payment.amount_cents,
      bank_account_id: payment.bank_account_id,
      transaction_id: transactionId,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', payable.id)
    .execute();
  await refreshStatusesOf(db, payable);
  return transactionId;
}

/**
 * Undoes a payment: the payable is open again (only from paid, a conditional update) and its
 * movement is removed.
 */
export async function unpayPayable(db: Db, payable: PayableRow): Promise<void> {
  const undone = await db
    .updateTable('accounts_payable')
    .set({
      status: 'pending',
      paid_on: null,
      paid_amount_cents: null,
      transaction_id: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', payable.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (Number(undone.numUpdatedRows) !== 1) throw conflict('Esta conta ainda não foi paga.');
  if (payable.transaction_id) await removeTransaction(db, payable.transaction_id);
  await refreshStatusesOf(db, payable);
}

async function refreshStatusesOf(db: Db, payable: PayableRow) {
  if (payable.expense_id) {
    await refreshExpenseStatus(db, payable.expense_id);
    return;
  }
  const charges = await db
    .selectFrom('card_charges')
    .select('expense_id')
    .distinct()
    .where('invoice_id', '=', payable.id)
    .execute();
  for (const charge of charges) await refreshExpenseStatus(db, charge.expense_id);
}

/** pending, partial or paid (with the date of the last payment) from the expense's parts. */
export async function refreshExpenseStatus(db: Db, expenseId: number): Promise<void> {
  const expense = await db
    .selectFrom('expenses')
    .select('credit_card_id')
    .where('id', '=', expenseId)
    .executeTakeFirstOrThrow();
  const parts = expense.credit_card_id
    ? await db
        .selectFrom('card_charges')
        .innerJoin('accounts_payable', 'accounts_payable.id', 'card_charges.invoice_id')
        .select(['accounts_payable.status', 'accounts_payable.paid_on'])
        .where('card_charges.expense_id', '=', expenseId)
        .execute()
    : await db
        .selectFrom('accounts_payable')
        .select(['status', 'paid_on'])
        .where('expense_id', '=', expenseId)
        .execute();
  const paid = parts.filter((part) => part.status === 'paid');
  const status = paid.length === 0 ? 'pending' : paid.length === parts.length ? 'paid' : 'partial';
  const paidOn =
    status === 'paid' ? paid.map((part) => part.paid_on!).reduce((a, b) => (a > b ? a : b)) : null;
  await db
    .updateTable('expenses')
    .set({ status, paid_on: paidOn })
    .where('id', '=', expenseId)
    .execute();
}

export async function loadPayable(db: Db, id: number): Promise<PayableRow> {
  return db
    .selectFrom('accounts_payable')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
