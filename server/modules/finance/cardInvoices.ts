// Card purchases fall into the invoices of the months they are charged in: an invoice is a
// payable of the card, opened by its first charge, whose amount is the sum of its charges, and
// once paid it refuses new or changed charges. Every function runs inside the caller's database
// transaction.
import { formatDate } from '../../../domain/formats.js';
import type { InvoiceDates } from '../../../domain/finance/invoices.js';
import { monthName } from '../../../domain/calendar.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { conflict } from '../../plugins/errors.js';
import type { Db } from './types.js';

export interface Card {
  id: number;
  name: string;
  last_digits: string | null;
  closing_day: number;
  due_day: number;
  bank_account_id: number;
}

export const cardLabel = (card: Pick<Card, 'name' | 'last_digits'>) =>
  card.last_digits ? `${card.name} (final ${card.last_digits})` : card.name;

/** "Fatura de dezembro de 2026 – Cartão da igreja (final 4321)": the month it closes in. */
const invoiceLabel = (card: Card, dates: InvoiceDates) =>
  `Fatura de ${monthName(dates.closing_date)} – ${cardLabel(card)}`;

export async function loadCard(db: Db, id: number): Promise<Card> {
  return db
    .selectFrom('credit_cards')
    .select(['id', 'name', 'last_digits', 'closing_day', 'due_day', 'bank_account_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The invoice of a card closing on that date, opened when it does not exist yet, and locked
 * until the transaction ends. Two purchases opening the same invoice at once (PostgreSQL):
 * the second insert waits for the first transaction and, on the (card, closing date) key,
 * does nothing instead of failing; the next look finds the invoice the first one committed.
 */
export async function invoiceOf(db: Db, dialect: DialectHelpers, card: Card, dates: InvoiceDates) {
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
        // Its own column names the congregation of the account that pays the card; who sees it
        // follows the expenses charged on it (scope.ts, invoiceChargedIn).
        congregation_id: db
          .selectFrom('bank_accounts')
          .select('congregation_id')
          .where('id', '=', card.bank_account_id),
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
export async function recomputeInvoices(db: Db, invoiceIds: number[]) {
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

/** Refuses (409) when a card charge of the expense is on an invoice already paid. */
export async function assertChargesOpen(db: Db, expenseId: number) {
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
