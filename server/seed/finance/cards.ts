// Card purchases: each instalment is a charge on the invoice of its month; the invoices
// (payables of the card) are written at the end, paid when due, and each purchase's status
// follows the invoices its charges fell into.
import { invoiceFor } from '../../../domain/finance/invoices.js';
import { splitAmount } from '../../../domain/finance/installments.js';
import { monthName } from '../../../domain/calendar.js';
import { searchText } from '../../../domain/search.js';
import type { NewCardCharge, NewExpense } from '../../db/schema.js';
import { CARD_DAYS, type Card } from './accounts.js';
import type { FinanceLedger } from './ledger.js';
import type { Vendor } from './parties.js';

interface Invoice {
  id: number;
  closing: string;
  due: string;
  amount: number;
}

export class CardInvoices {
  /** By closing date. */
  private readonly invoices = new Map<string, Invoice>();
  private readonly charges: NewCardCharge[] = [];
  private readonly purchases: Array<{
    row: Omit<NewExpense, 'status' | 'paid_on'>;
    invoiceKeys: string[];
  }> = [];

  constructor(
    private readonly ledger: FinanceLedger,
    private readonly card: Card,
    private readonly checking: number,
  ) {}

  async purchase(
    date: string,
    description: string,
    categoryName: string,
    vendor: Vendor,
    amount: number,
    count: number,
  ) {
    const { ids } = this.ledger;
    const id = ids.next('expenses');
    const parts = splitAmount(amount, count);
    const keys: string[] = [];
    for (const [k, part] of parts.entries()) {
      const dates = invoiceFor(date, CARD_DAYS, k);
      let invoice = this.invoices.get(dates.closing_date);
      if (!invoice) {
        invoice = {
          id: ids.next('accounts_payable'),
          closing: dates.closing_date,
          due: dates.due_date,
          amount: 0,
        };
        this.invoices.set(dates.closing_date, invoice);
      }
      invoice.amount += part;
      keys.push(dates.closing_date);
      this.charges.push({
        id: ids.next('card_charges'),
        expense_id: id,
        credit_card_id: this.card.id,
        invoice_id: invoice.id,
        installment: k + 1,
        installments: count,
        amount_cents: part,
        date,
      });
    }
    this.purchases.push({
      invoiceKeys: keys,
      row: {
        id,
        description,
        search: searchText(description),
        category_id: this.ledger.category(categoryName),
        vendor_id: vendor.id,
        amount_cents: amount,
        date,
        due_date: this.invoices.get(keys[0])!.due,
        installments: count,
        bank_account_id: null,
        credit_card_id: this.card.id,
        payment_method: 'card',
        created_at: this.ledger.stamp(date),
        updated_at: this.ledger.stamp(date),
      },
    });
  }

  /** The invoices and their payments, then the purchases, then their charges. */
  async write() {
    const { ledger, card } = this;
    const { ids, writer, today } = ledger;
    const paidInvoices = new Set<number>();
    const byClosing = [...this.invoices.values()].sort((a, b) =>
      a.closing.localeCompare(b.closing),
    );
    for (const invoice of byClosing) {
      const isPaid = invoice.due <= today;
      let transactionId: number | null = null;
      const description = `Fatura de ${monthName(invoice.closing)} – ${card.name} (final ${card.last_digits})`;
      if (isPaid) {
        paidInvoices.add(invoice.id);
        transactionId = ids.next('transactions');
      }
      await writer.add('accounts_payable', {
        id: invoice.id,
        kind: 'invoice',
        expense_id: null,
        installment: null,
        installments: null,
        credit_card_id: card.id,
        closing_date: invoice.closing,
        description,
        vendor_id: null,
        category_id: null,
        amount_cents: invoice.amount,
        due_date: invoice.due,
        status: isPaid ? 'paid' : 'pending',
        paid_on: isPaid ? invoice.due : null,
        paid_amount_cents: isPaid ? invoice.amount : null,
        bank_account_id: this.checking,
        transaction_id: transactionId,
        created_at: ledger.stamp(invoice.closing),
        updated_at: ledger.stamp(invoice.closing),
      });
      if (transactionId) {
        await ledger.addTransaction({
          id: transactionId,
          bank_account_id: this.checking,
          date: invoice.due,
          kind: 'expense',
          amount_cents: -invoice.amount,
          description,
          category_id: null,
          income_id: null,
          expense_id: null,
          payable_id: invoice.id,
          linked_id: null,
          created_at: ledger.stamp(invoice.due),
        });
      }
    }
    for (const { row, invoiceKeys } of this.purchases) {
      const invoiceIds = invoiceKeys.map((key) => this.invoices.get(key)!.id);
      const paid = invoiceIds.filter((id) => paidInvoices.has(id)).length;
      const status = paid === 0 ? 'pending' : paid === invoiceIds.length ? 'paid' : 'partial';
      const lastDue = this.invoices.get(invoiceKeys[invoiceKeys.length - 1])!.due;
      await writer.add('expenses', { ...row, status, paid_on: status === 'paid' ? lastDue : null });
    }
    await writer.flush();
    for (const charge of this.charges) await writer.add('card_charges', charge);
    await writer.flush();
  }
}
