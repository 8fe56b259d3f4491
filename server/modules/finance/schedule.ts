// What an expense owes and when: monthly instalments payable from an account, or charges on
// the card invoices they fall into (cardInvoices.ts); kept in line with the expense when it is
// edited or removed. Payments are payments.ts. Every function runs inside the caller's
// database transaction.
import { installmentDueDates, splitAmount } from '../../../domain/finance/installments.js';
import { invoiceFor } from '../../../domain/finance/invoices.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Expense } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import { assertChargesOpen, invoiceOf, loadCard, recomputeInvoices } from './cardInvoices.js';
import { changeTransaction, removeTransaction } from './ledger.js';
import {
  loadPayable,
  paymentDescription,
  payPayable,
  refreshExpenseStatus,
  unpayPayable,
} from './payments.js';
import type { Db } from './types.js';

export type ExpenseRow = Expense;

/** "Aluguel (2/3)" for instalment 2 of 3; the plain description for a single one. */
export const installmentLabel = (description: string, installment: number, count: number) =>
  count > 1 ? `${description} (${installment}/${count})` : description;

/** Due date of an expense's first part: its own, or its first card invoice's. */
export async function firstDueDate(
  db: Db,
  expense: {
    credit_card_id: number | null;
    date: string;
    due_date: string | null;
    paid_on: string | null;
  },
): Promise<string> {
  if (expense.credit_card_id) {
    return invoiceFor(expense.date, await loadCard(db, expense.credit_card_id)).due_date;
  }
  return expense.due_date ?? expense.paid_on ?? expense.date;
}

export async function createSchedule(db: Db, dialect: DialectHelpers, expense: ExpenseRow) {
  const amounts = splitAmount(expense.amount_cents, expense.installments);
  const now = new Date().toISOString();
  if (expense.credit_card_id) {
    const card = await loadCard(db, expense.credit_card_id);
    const invoices: number[] = [];
    for (const [k, amount] of amounts.entries()) {
      const invoiceId = await invoiceOf(db, dialect, card, invoiceFor(expense.date, card, k));
      invoices.push(invoiceId);
      await db
        .insertInto('card_charges')
        .values({
          expense_id: expense.id,
          credit_card_id: card.id,
          invoice_id: invoiceId,
          installment: k + 1,
          installments: amounts.length,
          amount_cents: amount,
          date: expense.date,
        })
        .execute();
    }
    await recomputeInvoices(db, invoices);
  } else {
    const dues = installmentDueDates(expense.due_date, amounts.length);
    for (const [k, amount] of amounts.entries()) {
      const { id } = await db
        .insertInto('accounts_payable')
        .values({
          kind: 'installment',
          congregation_id: expense.congregation_id,
          expense_id: expense.id,
          installment: k + 1,
          installments: amounts.length,
          description: installmentLabel(expense.description, k + 1, amounts.length),
          vendor_id: expense.vendor_id,
          category_id: expense.category_id,
          amount_cents: amount,
          due_date: dues[k],
          status: 'pending',
          bank_account_id: expense.bank_account_id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (expense.paid_on && amounts.length === 1) {
        const payable = await loadPayable(db, id);
        await payPayable(db, payable, {
          paid_on: expense.paid_on,
          bank_account_id: expense.bank_account_id!,
          amount_cents: amount,
        });
      }
    }
  }
  await refreshExpenseStatus(db, expense.id);
}

/**
 * Removes the expense's instalments, charges and payment movements (a deleted expense takes
 * its money movements with it). Charges on a paid invoice block it.
 */
export async function removeSchedule(db: Db, expenseId: number) {
  await assertChargesOpen(db, expenseId);
  const payables = await db
    .selectFrom('accounts_payable')
    .select(['id', 'transaction_id'])
    .where('expense_id', '=', expenseId)
    .execute();
  for (const payable of payables) {
    if (payable.transaction_id) await removeTransaction(db, payable.transaction_id);
  }
  const leftovers = await db
    .selectFrom('transactions')
    .select('id')
    .where('expense_id', '=', expenseId)
    .execute();
  for (const movement of leftovers) await removeTransaction(db, movement.id);
  const charges = await db
    .selectFrom('card_charges')
    .select('invoice_id')
    .where('expense_id', '=', expenseId)
    .execute();
  await db.deleteFrom('card_charges').where('expense_id', '=', expenseId).execute();
  await recomputeInvoices(
    db,
    charges.map((charge) => charge.invoice_id),
  );
  await db.deleteFrom('accounts_payable').where('expense_id', '=', expenseId).execute();
}

const SCHEDULE_FIELDS = [
  'amount_cents',
  'installments',
  'due_date',
  'date',
  'bank_account_id',
  'credit_card_id',
  'paid_on',
] as const;

/**
 * Brings the schedule in line with an edited expense. Description, vendor and category only
 * relabel it; a change of amount, dates, instalments, account or card rebuilds it, and a paid
 * single instalment is adjusted in place (its movement follows the change).
 */
export async function updateSchedule(
  db: Db,
  dialect: DialectHelpers,
  before: ExpenseRow,
  after: ExpenseRow,
) {
  const single = (expense: ExpenseRow) => !expense.credit_card_id && expense.installments === 1;
  // paid_on is an input only for one instalment from an account; otherwise it is derived.
  const changed = SCHEDULE_FIELDS.some(
    (field) =>
      before[field] !== after[field] && (field !== 'paid_on' || single(before) || single(after)),
  );
  if (!changed) {
    await relabel(db, after);
    await refreshExpenseStatus(db, after.id);
    return;
  }
  if (single(before) && single(after)) {
    await adjustSingle(db, before, after);
    await refreshExpenseStatus(db, after.id);
    return;
  }
  const paid = await db
    .selectFrom('accounts_payable')
    .select('id')
    .where('expense_id', '=', before.id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (paid) {
    throw conflict(
      'Esta despesa tem parcelas pagas. Para mudar valor, parcelas, datas, conta ou cartão, ' +
        'estorne antes os pagamentos em Contas a pagar.',
    );
  }
  await removeSchedule(db, before.id);
  await createSchedule(db, dialect, after);
}

/** A one-instalment expense from an account: the instalment and its payment follow the edit. */
async function adjustSingle(db: Db, before: ExpenseRow, after: ExpenseRow) {
  const payable = await db
    .selectFrom('accounts_payable')
    .selectAll()
    .where('expense_id', '=', after.id)
    .executeTakeFirstOrThrow();
  const description = installmentLabel(after.description, 1, 1);
  await db
    .updateTable('accounts_payable')
    .set({
      description,
      congregation_id: after.congregation_id,
      vendor_id: after.vendor_id,
      category_id: after.category_id,
      amount_cents: after.amount_cents,
      due_date: after.due_date,
      ...(payable.status === 'pending' ? { bank_account_id: after.bank_account_id } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', payable.id)
    .execute();
  const current = await loadPayable(db, payable.id);
  if (payable.status === 'paid' && after.paid_on) {
    const account =
      before.bank_account_id !== after.bank_account_id
        ? after.bank_account_id!
        : payable.bank_account_id!;
    const amount =
      before.amount_cents !== after.amount_cents
        ? after.amount_cents
        : (payable.paid_amount_cents ?? after.amount_cents);
    await changeTransaction(db, payable.transaction_id!, {
      bank_account_id: account,
      date: after.paid_on,
      amount_cents: -amount,
      description: await paymentDescription(db, current),
      category_id: after.category_id,
    });
    await db
      .updateTable('accounts_payable')
      .set({ paid_on: after.paid_on, paid_amount_cents: amount, bank_account_id: account })
      .where('id', '=', payable.id)
      .execute();
    await refreshExpenseStatus(db, after.id);
  } else if (payable.status === 'paid') {
    await unpayPayable(db, current);
  } else if (after.paid_on) {
    await payPayable(db, current, {
      paid_on: after.paid_on,
      bank_account_id: after.bank_account_id!,
      amount_cents: after.amount_cents,
    });
  }
}

/** New description, vendor or category: the instalments and movements say so too. */
async function relabel(db: Db, expense: ExpenseRow) {
  const payables = await db
    .selectFrom('accounts_payable')
    .selectAll()
    .where('expense_id', '=', expense.id)
    .execute();
  for (const payable of payables) {
    await db
      .updateTable('accounts_payable')
      .set({
        description: installmentLabel(
          expense.description,
          payable.installment ?? 1,
          payable.installments ?? 1,
        ),
        congregation_id: expense.congregation_id,
        vendor_id: expense.vendor_id,
        category_id: expense.category_id,
      })
      .where('id', '=', payable.id)
      .execute();
    if (payable.transaction_id) {
      await db
        .updateTable('transactions')
        .set({
          description: await paymentDescription(db, await loadPayable(db, payable.id)),
          category_id: expense.category_id,
        })
        .where('id', '=', payable.transaction_id)
        .execute();
    }
  }
}
