// Credit card invoices: a purchase falls into the invoice whose closing day comes after the
// purchase date (a purchase on the closing day itself goes to the next invoice, as banks do),
// and the invoice is payable on the first due day after its closing.
import { dateWithDay } from './installments';

export interface CardDays {
  closing_day: number;
  due_day: number;
}

export interface InvoiceDates {
  /** The invoice's closing date: it identifies the invoice of a card. */
  closing_date: string;
  due_date: string;
}

function yearMonth(date: string): [number, number] {
  const [year, month] = date.split('-').map(Number);
  return [year, month];
}

/** Closing date of the invoice a purchase made on `purchase` falls into. */
export function invoiceClosingDate(purchase: string, closingDay: number): string {
  const [year, month] = yearMonth(purchase);
  const thisMonth = dateWithDay(year, month, closingDay);
  return purchase < thisMonth ? thisMonth : dateWithDay(year, month + 1, closingDay);
}

/** Due date of the invoice that closes on `closing`: the first due day after it. */
export function invoiceDueDate(closing: string, dueDay: number): string {
  const [year, month] = yearMonth(closing);
  const sameMonth = dateWithDay(year, month, dueDay);
  return sameMonth > closing ? sameMonth : dateWithDay(year, month + 1, dueDay);
}

/** The invoice of a purchase, `shift` invoices later (instalment k of a purchase is shift k). */
export function invoiceFor(purchase: string, card: CardDays, shift = 0): InvoiceDates {
  const [year, month] = yearMonth(invoiceClosingDate(purchase, card.closing_day));
  const closing = dateWithDay(year, month + shift, card.closing_day);
  return { closing_date: closing, due_date: invoiceDueDate(closing, card.due_day) };
}

/** The invoice still open on `today`: the one today's purchases would fall into. */
export function openInvoice(today: string, card: CardDays): InvoiceDates {
  return invoiceFor(today, card);
}
