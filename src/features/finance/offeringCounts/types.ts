import type { CountMethod, CountStatus } from '../../../../domain/finance/offeringCounts';

export interface CountCounter {
  userId?: number | null;
  memberId?: number | null;
  name: string;
}

export interface CountLine {
  method: CountMethod;
  categoryId: number;
  categoryName?: string | null;
  donorId?: number | null;
  donorName?: string | null;
  envelope?: string | null;
  amountCents: number;
}

export interface CountCash {
  denominationCents: number;
  quantity: number;
}

export interface OfferingCount {
  id: number;
  congregationId: number;
  congregationName?: string | null;
  date: string;
  serviceName: string;
  bankAccountId: number;
  bankAccountName?: string | null;
  notes: string | null;
  status: CountStatus;
  adjustsId: number | null;
  totalCents: number;
  depositableCents: number;
  closedAt: string | null;
  closedByName: string | null;
  depositedCents: number | null;
  depositedOn: string | null;
  depositDifferenceCents: number | null;
  /** A caixa's cash goes to a bank account at the deposit (a transfer); a bank's is there. */
  bankAccountKind?: string | null;
  depositAccountId: number | null;
  depositAccountName?: string | null;
  counters: CountCounter[];
  lines: CountLine[];
  cash: CountCash[];
  cashTotalCents: number;
  byMethod: Record<CountMethod, number>;
  byCategory: Array<{ categoryId: number; categoryName: string | null; amountCents: number }>;
  envelopesCents: number;
  incomes: Array<{ incomeId: number; amountCents: number }>;
  adjustments: Array<{ id: number; status: CountStatus; totalCents: number; date: string }>;
}

/** What the form sends: the count's own fields, never the totals the server derives. */
export const countPayload = (count: Partial<OfferingCount>) => ({
  congregationId: count.congregationId ?? null,
  date: count.date,
  serviceName: count.serviceName,
  bankAccountId: count.bankAccountId,
  notes: count.notes ?? null,
  counters: (count.counters ?? []).map((counter) => ({
    userId: counter.userId ?? null,
    memberId: counter.memberId ?? null,
    name: counter.name,
  })),
  lines: (count.lines ?? []).map((line) => ({
    method: line.method,
    categoryId: line.categoryId,
    donorId: line.donorId ?? null,
    envelope: line.donorId ? (line.envelope ?? null) : null,
    amountCents: line.amountCents,
  })),
  cash: (count.cash ?? []).map((piece) => ({
    denominationCents: piece.denominationCents,
    quantity: piece.quantity,
  })),
});
