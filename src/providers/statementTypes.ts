// The bank reconciliation's records as the app reads them (camelCase).
import type { PaymentMethod } from '../../domain/finance/labels';
import type { PixPurpose } from '../../domain/finance/pix';

export interface StatementSuggestion {
  type: 'transaction' | 'payable';
  id: number;
  date: string;
  description: string;
  amountCents: number;
  days: number;
  similar: boolean;
}

/** A Pix credit carrying the txid of one of Adam's codes: the income it is offered to become. */
export interface StatementPixSuggestion {
  purpose: PixPurpose;
  /** Null when the church renamed or deleted the purpose's category. */
  categoryId: number | null;
  donorId: number | null;
  donorName: string | null;
}

export interface StatementLine {
  id: number;
  bankAccountId: number;
  date: string;
  amountCents: number;
  description: string;
  fitid: string | null;
  status: 'pending' | 'reconciled' | 'ignored';
  reconciledHow: 'matched' | 'payable' | 'created' | null;
  transactionId: number | null;
  payableId: number | null;
  suggestion: StatementSuggestion | null;
  pix: StatementPixSuggestion | null;
  suggestedCategoryId: number | null;
  suggestedPaymentMethod: PaymentMethod;
  transaction: { id: number; date: string; description: string; amountCents: number } | null;
}

export interface StatementLineSummary {
  bankAccountId: number;
  pending: number;
  reconciled: number;
  ignored: number;
  bankBalanceCents: number | null;
  bankBalanceDate: string | null;
  adamBalanceCents: number | null;
  differenceCents: number | null;
}

export interface StatementImport {
  statement: { lineCount: number; newCount: number; knownCount: number };
  warnings: string[];
}

/** One account of an OFX file that brings several (the API's 409 lists them to choose from). */
export interface StatementChoice {
  index: number;
  kind: 'bank' | 'credit_card';
  bankId: string | null;
  branchId: string | null;
  accountId: string | null;
  startDate: string | null;
  endDate: string | null;
  lineCount: number;
  /** Whether its number is the bank account's. */
  matches: boolean;
}
