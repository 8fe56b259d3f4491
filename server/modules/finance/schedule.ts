// What an expense owes and when: monthly instalments payable from an account, or charges on
// the card invoices they fall into; and paying them, which creates the movement. Every
// function runs inside the caller's database transaction.
import type { Selectable } from 'kysely';
import { formatDate } from '../../../domain/formats.js';
import { installmentDueDates, splitAmount } from '../../../domain/finance/installments.js';
import { invoiceFor, type InvoiceDates } from '../../../domain/finance/invoices.js';
import { monthName } from '../../../domain/calendar.js';
import type { AccountsPayableTable, ExpensesTable } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { conflict } from '../../plugins/errors.js';
import { addTransaction, changeTransaction, removeTransaction } from './ledger.js';
import type { Db } from './types.js';

export type ExpenseRow = Selectable<ExpensesTable>;
export type PayableRow = Selectable<AccountsPayableTable>;

interface Card {
  id: number;
  name: string;
  last_digits: string | null;
  closing_day: number;
  due_day: number;
  bank_account_id: number;
}

/** "Aluguel (2/3)" for instalment 2 of 3; the plain description for a single one. */
export const installmentLabel = (description: string, installment: number, count: number) =>
  count > 1 ? `${description} (${installment}/${count})` : description;

export const cardLabel = (card: Pick<Card, 'name' | 'last_digits'>) =>
  card.last_digits ? `${card.name} (final ${card.last_digits})` : card.name;

/** "Fatura de dezembro de 2026 – Cartão da igreja (final 4321)": the month it closes in. */
const invoiceLabel = (card: Card, dates: InvoiceDates) =>
  `Fatura de ${monthName(dates.closing_date)} – ${cardLabel(card)}`;

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
async function paymentDescription(db: Db, payable: PayableRow): Promise<string> {
  const vendor = await vendorName(db, payable.vendor_id);
  return vendor ? `${payable.description} – ${vendor}` : payable.description;
}

// ---------------------------------------------------------------------------------------------
// Paying

export interface Payment {
  paid_on: string;
  bank_account_id: number;
  amount_cents: number;
}

export async function payPayable(db: Db, payable: PayableRow, payment: Payment): Promise<number> {
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

/** Undoes a payment: its movement is removed and the payable is open again. */
export async function unpayPayable(db: Db, payable: PayableRow): Promise<void> {
  if (payable.transaction_id) await removeTransaction(db, payable.transaction_id);
  await db
    .updateTable('accounts_payable')
    .set({
      status: 'pending',
      paid_on: null,
      paid_amount_cents: null,
      transaction_id: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', payable.id)
    .execute();
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

// ---------------------------------------------------------------------------------------------
// Creating and removing an expense's schedule

export async function loadCard(db: Db, id: number): Promise<Card> {
  return db
    .selectFrom('credit_cards')
    .select(['id', 'name', 'last_digits', 'closing_day', 'due_day', 'bank_account_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

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

/**
 * The invoice of a card closing on that date, opened when it does not exist yet, and locked
 * until the transaction ends. Two purchases opening the same invoice at once (PostgreSQL):
 * the second insert waits for the first transaction and, on the (card, closing date) key,
 * does nothing instead of failing; the next look finds the invoice the first one committed.
 */
async function invoiceOf(db: Db, dialect: DialectHelpers, card: Card, dates: InvoiceDates) {
  const find = () =>
    dialect
      .forUpdate(
        db
          .selectFrom('accounts_payable')
          .select(['id', 'status'])
          .where('credit_card_id', '=', card.id)
          .where('closing_date', '=', dates.closing_date),
      )
      .executeTakeFirst();
  for (let attempt = 1; ; attempt++) {
    const invoice = await find();
    if (invoice?.status === 'paid') {
      throw conflict(
        `A fatura do cartão ${cardLabel(card)} que fecha em ${formatDate(dates.closing_date)} já foi paga. ` +
          'Para lançar ou mudar compras dela, estorne o pagamento da fatura em Contas a pagar.',
      );
    }
    if (invoice) return invoice.id;
    const now = new Date().toISOString();
    const opened = await db
      .insertInto('accounts_payable')
      .values({
        kind: 'invoice',
        credit_card_id: card.id,
        closing_date: dates.closing_date,
        description: invoiceLabel(card, dates),
        amount_cents: 0,
        due_date: dates.due_date,
        status: 'pending',
        bank_account_id: card.bank_account_id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['credit_card_id', 'closing_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (opened) return opened.id;
    // Opened by another transaction meanwhile (and, rarely, emptied and removed since).
    if (attempt === 3)
      throw new Error(`invoice of card ${card.id} closing ${dates.closing_date} keeps vanishing`);
  }
}

/** An invoice's amount is the sum of its charges; an open invoice left empty disappears. */
async function recomputeInvoices(db: Db, invoiceIds: number[]) {
  for (const id of new Set(invoiceIds)) {
    const { total, count } = await db
      .selectFrom('card_charges')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) === 0) {
      await db
        .deleteFrom('accounts_payable')
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    } else {
      await db
        .updateTable('accounts_payable')
        .set({ amount_cents: Number(total), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    }
  }
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

export async function loadPayable(db: Db, id: number): Promise<PayableRow> {
  return db
    .selectFrom('accounts_payable')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Refuses (409) when a card charge of the expense is on an invoice already paid. */
async function assertChargesOpen(db: Db, expenseId: number) {
  const paid = await db
    .selectFrom('card_charges')
    .innerJoin('accounts_payable', 'accounts_payable.id', 'card_charges.invoice_id')
    .innerJoin('credit_cards', 'credit_cards.id', 'card_charges.credit_card_id')
    .select(['accounts_payable.closing_date', 'credit_cards.name', 'credit_cards.last_digits'])
    .where('card_charges.expense_id', '=', expenseId)
    .where('accounts_payable.status', '=', 'paid')
    .executeTakeFirst();
  if (paid) {
    throw conflict(
      `Esta compra está na fatura do cartão ${cardLabel(paid)} que fecha em ${formatDate(paid.closing_date)}, já paga. ` +
        'Estorne o pagamento da fatura em Contas a pagar antes de alterá-la ou excluí-la.',
    );
  }
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
