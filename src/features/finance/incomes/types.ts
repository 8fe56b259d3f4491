import type { PaymentMethod } from '../../../../domain/finance/labels';

export interface Income {
  id: number;
  /** The congregation (cost centre, issue 12) and its name. */
  congregationId: number;
  congregationName?: string | null;
  description: string | null;
  categoryId: number;
  donorId: number | null;
  amountCents: number;
  date: string;
  bankAccountId: number;
  paymentMethod: PaymentMethod;
  notes: string | null;
  fundId: number | null;
  transactionId: number | null;
  /** The count of a culto that wrote this income (it then changes only by an adjusting count). */
  offeringCountId: number | null;
  offeringCountDate: string | null;
}

export const incomePayload = (income: Income) => ({
  congregationId: income.congregationId,
  description: income.description,
  categoryId: income.categoryId,
  donorId: income.donorId ?? null,
  amountCents: income.amountCents,
  date: income.date,
  bankAccountId: income.bankAccountId,
  paymentMethod: income.paymentMethod,
  notes: income.notes,
  fundId: income.fundId ?? null,
});
