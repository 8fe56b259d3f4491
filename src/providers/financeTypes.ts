// The finance records as the app sees them (camelCase, money in integer centavos).
import type { PayableKind, PayableStatus, TransactionKind } from '../../domain/finance/labels';

export interface Payable {
  id: number;
  /** The congregation (issue 12): an instalment's expense's; an invoice's paying account's. */
  congregationId: number;
  congregationName?: string | null;
  kind: PayableKind;
  expenseId: number | null;
  installment: number | null;
  installments: number | null;
  creditCardId: number | null;
  closingDate: string | null;
  description: string;
  vendorId: number | null;
  categoryId: number | null;
  amountCents: number;
  dueDate: string;
  status: PayableStatus;
  paidOn: string | null;
  paidAmountCents: number | null;
  bankAccountId: number | null;
  transactionId: number | null;
}

export interface Transaction {
  id: number;
  bankAccountId: number;
  date: string;
  description: string;
  amountCents: number;
  kind: TransactionKind;
  categoryId: number | null;
  incomeId: number | null;
  expenseId: number | null;
  payableId: number | null;
  linkedId: number | null;
  /** The bank statement line it was reconciled with (issue 14), if any. */
  statementLineId?: number | null;
}

export interface StatementRow extends Transaction {
  balanceAfterCents: number;
}

export interface StatementPage {
  rows: StatementRow[];
  total: number;
}

export interface TransactionSummary {
  count: number;
  incomeCents: number;
  expenseCents: number;
  transferInCents: number;
  transferOutCents: number;
  adjustmentCents: number;
  netCents: number;
}

export interface PayableSummary {
  count: number;
  openCents: number;
  overdueCents: number;
  paidCents: number;
}

export interface FinanceOverview {
  month: string;
  today: string;
  incomeCents: number;
  expenseCents: number;
  resultCents: number;
  accounts: Array<{ id: number; name: string; kind: string; balanceCents: number }>;
  totalBalanceCents: number;
  overdue: { count: number; totalCents: number };
  next30Days: { count: number; totalCents: number };
  upcoming: Payable[];
  incomesByCategory: Array<{ categoryId: number; name: string; totalCents: number }>;
  months: Array<{ month: string; incomeCents: number; expenseCents: number }>;
  /** One row per congregation of the view; the figures above are their total. */
  congregations: Array<{
    congregationId: number;
    congregationName: string;
    incomeCents: number;
    expenseCents: number;
    resultCents: number;
    balanceCents: number;
  }>;
}

/** The finance card of the main dashboard (GET /api/dashboard, financial access only). */
export interface FinanceSummary {
  incomeCents: number;
  expenseCents: number;
  resultCents: number;
  totalBalanceCents: number;
  overdue: { count: number; totalCents: number };
}

/** One close or reopen of a month (issue 27). */
export interface FinancePeriodEvent {
  id: number;
  month: string;
  action: 'close' | 'reopen';
  at: string;
  userName: string | null;
  approvedOn: string | null;
  approvers: string | null;
  opinion: string | null;
  reason: string | null;
}

/** A month closed after the conselho fiscal's approval, or reopened (GET /api/finance/periods). */
export interface FinancePeriod {
  month: string;
  status: 'closed' | 'reopened';
  approvedOn: string;
  approvers: string;
  opinion: string;
  closedAt: string;
  closedByName: string | null;
  reopenedAt: string | null;
  reopenedByName: string | null;
  reopenReason: string | null;
  history: FinancePeriodEvent[];
}

/** A congregation's orçamento anual (GET/PUT /api/budgets): twelve months of centavos a category. */
export interface BudgetGrid {
  congregationId: number;
  year: number;
  lines: Array<{ categoryId: number; months: number[] }>;
}
