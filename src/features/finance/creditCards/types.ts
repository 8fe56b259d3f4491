export interface CreditCard {
  id: number;
  name: string;
  brand: string | null;
  lastDigits: string | null;
  closingDay: number;
  dueDay: number;
  limitCents: number;
  bankAccountId: number;
  active: boolean;
  openInvoiceClosingDate: string;
  openInvoiceDueDate: string;
  openInvoiceCents: number;
  usedCents: number;
  limitLeftCents: number;
}

/** What the treasurer edits; the invoice figures are the server's. */
export const cardPayload = (card: CreditCard) => ({
  name: card.name,
  brand: card.brand,
  lastDigits: card.lastDigits,
  closingDay: card.closingDay,
  dueDay: card.dueDay,
  limitCents: card.limitCents,
  bankAccountId: card.bankAccountId,
  active: card.active,
});
