// Finance (migration 0006). Money columns are integer centavos.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AddressColumns, BigInt, Bool, CongregationRef } from './columns.js';

export interface FinanceCategoriesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  active: Bool;
  /** Its incomes are tithes: the dizimistas' report reads them (migration 0031). */
  is_tithe: Bool;
  /** The plano de contas (migration 0043): `3.1.01`, its group, and the kinds beyond
   * income/expense (asset, liability, equity); only income and expense leaves take movements. */
  code: string;
  parent_id: number | null;
  /** What the double-entry mapping finds it by (cash, payables, cards, equity…), or null. */
  role: string | null;
}
export type FinanceCategory = Selectable<FinanceCategoriesTable>;
export type NewFinanceCategory = Insertable<FinanceCategoriesTable>;
export type FinanceCategoryUpdate = Updateable<FinanceCategoriesTable>;

/** Vendors and donors share these columns. */
interface PartyColumns extends AddressColumns {
  id: Generated<number>;
  person_type: string;
  name: string;
  sort_name: string;
  search: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface VendorsTable extends PartyColumns {
  pix_key: string | null;
}
export type Vendor = Selectable<VendorsTable>;
export type NewVendor = Insertable<VendorsTable>;
export type VendorUpdate = Updateable<VendorsTable>;

export interface DonorsTable extends PartyColumns {
  member_id: number | null;
}
export type Donor = Selectable<DonorsTable>;
export type NewDonor = Insertable<DonorsTable>;
export type DonorUpdate = Updateable<DonorsTable>;

export interface BankAccountsTable {
  id: Generated<number>;
  /** Its congregation (migration 0010). */
  congregation_id: CongregationRef;
  name: string;
  kind: string;
  bank: string | null;
  agency: string | null;
  account_number: string | null;
  opening_balance_cents: BigInt;
  opening_date: string;
  balance_cents: BigInt;
  active: Bool;
  notes: string | null;
  /** Its Pix key, the key's kind and the receiver as the QR code names it (migration 0029). */
  pix_key: string | null;
  pix_key_type: string | null;
  /** Its asset account under 1.1 Disponível in the plano de contas (migration 0043). */
  ledger_account_id: number | null;
  pix_name: string | null;
  pix_city: string | null;
  created_at: string;
  updated_at: string;
}
export type BankAccount = Selectable<BankAccountsTable>;
export type NewBankAccount = Insertable<BankAccountsTable>;
export type BankAccountUpdate = Updateable<BankAccountsTable>;

export interface CreditCardsTable {
  id: Generated<number>;
  name: string;
  brand: string | null;
  last_digits: string | null;
  closing_day: number;
  due_day: number;
  limit_cents: BigInt;
  bank_account_id: number;
  active: Bool;
  created_at: string;
  updated_at: string;
}
export type CreditCard = Selectable<CreditCardsTable>;
export type NewCreditCard = Insertable<CreditCardsTable>;
export type CreditCardUpdate = Updateable<CreditCardsTable>;

export interface FinanceFundsTable {
  id: Generated<number>;
  name: string;
  /** Restricted: given for a purpose (Missões, Obra de construção); its balance is kept apart. */
  restricted: Bool;
  description: string | null;
  active: Bool;
}
export type FinanceFund = Selectable<FinanceFundsTable>;

export interface IncomesTable {
  id: Generated<number>;
  /** Its congregation (migration 0010). */
  congregation_id: CongregationRef;
  description: string | null;
  category_id: number;
  donor_id: number | null;
  amount_cents: BigInt;
  date: string;
  bank_account_id: number;
  payment_method: string;
  /** Its fund (migration 0043); null: the free resources. */
  fund_id: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
export type Income = Selectable<IncomesTable>;
export type NewIncome = Insertable<IncomesTable>;
export type IncomeUpdate = Updateable<IncomesTable>;

export interface ExpensesTable {
  id: Generated<number>;
  /** Its congregation (migration 0010). */
  congregation_id: CongregationRef;
  description: string;
  search: string;
  category_id: number;
  vendor_id: number | null;
  amount_cents: BigInt;
  date: string;
  due_date: string;
  installments: number;
  bank_account_id: number | null;
  credit_card_id: number | null;
  payment_method: string | null;
  status: string;
  paid_on: string | null;
  /** Its fund (migration 0043); null: the free resources. */
  fund_id: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
export type Expense = Selectable<ExpensesTable>;
export type NewExpense = Insertable<ExpensesTable>;
export type ExpenseUpdate = Updateable<ExpensesTable>;

export interface ReceiptsTable {
  expense_id: number;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}
export type Receipt = Selectable<ReceiptsTable>;
export type NewReceipt = Insertable<ReceiptsTable>;
export type ReceiptUpdate = Updateable<ReceiptsTable>;

export interface AccountsPayableTable {
  id: Generated<number>;
  /** Its congregation (migration 0010). */
  congregation_id: CongregationRef;
  kind: string;
  expense_id: number | null;
  installment: number | null;
  installments: number | null;
  credit_card_id: number | null;
  closing_date: string | null;
  description: string;
  vendor_id: number | null;
  category_id: number | null;
  amount_cents: BigInt;
  due_date: string;
  status: string;
  paid_on: string | null;
  paid_amount_cents: ColumnType<number | null, number | null, number | null>;
  bank_account_id: number | null;
  transaction_id: number | null;
  created_at: string;
  updated_at: string;
}
export type AccountPayable = Selectable<AccountsPayableTable>;
export type NewAccountPayable = Insertable<AccountsPayableTable>;
export type AccountPayableUpdate = Updateable<AccountsPayableTable>;

export interface CardChargesTable {
  id: Generated<number>;
  expense_id: number;
  credit_card_id: number;
  invoice_id: number;
  installment: number;
  installments: number;
  amount_cents: BigInt;
  date: string;
}
export type CardCharge = Selectable<CardChargesTable>;
export type NewCardCharge = Insertable<CardChargesTable>;
export type CardChargeUpdate = Updateable<CardChargesTable>;

export interface TransactionsTable {
  id: Generated<number>;
  bank_account_id: number;
  date: string;
  description: string;
  amount_cents: BigInt;
  kind: string;
  category_id: number | null;
  income_id: number | null;
  expense_id: number | null;
  payable_id: number | null;
  linked_id: number | null;
  created_at: string;
}
// Not `Transaction`: that is Kysely's database transaction.
export type FinanceTransaction = Selectable<TransactionsTable>;
export type NewFinanceTransaction = Insertable<TransactionsTable>;
export type FinanceTransactionUpdate = Updateable<TransactionsTable>;

/** Sum and count of an account's movements of one kind in a month ('YYYY-MM'). */
export interface FinanceMonthTotalsTable {
  bank_account_id: number;
  month: string;
  kind: string;
  /** An income's category; 0 for the other kinds (migration 0047). */
  category_id: ColumnType<number, number | undefined, number>;
  /** 1: an expense movement paying a card's invoice; 0 otherwise (migration 0047). */
  invoice: ColumnType<number, number | undefined, number>;
  /** 1: movements of a positive amount (money in); 0 otherwise (migration 0054). */
  positive: ColumnType<number, number | undefined, number>;
  /** A transfer's other leg's bank account; 0: none, or that leg is gone (migration 0054). */
  linked_account_id: ColumnType<number, number | undefined, number>;
  total_cents: BigInt;
  count: number;
}
export type FinanceMonthTotal = Selectable<FinanceMonthTotalsTable>;
export type NewFinanceMonthTotal = Insertable<FinanceMonthTotalsTable>;
export type FinanceMonthTotalUpdate = Updateable<FinanceMonthTotalsTable>;

/** finance_month_totals summed by year (migration 0047), kept with it by the ledger. */
export interface FinanceYearTotalsTable {
  bank_account_id: number;
  year: string;
  kind: string;
  category_id: number;
  invoice: number;
  total_cents: BigInt;
  count: number;
}

/**
 * The incomes and expenses of a congregation's month (competência) summed by category, fund (0:
 * recursos livres) and, for an expense, card (migration 0047); kept by the ledger.
 */
export interface FinanceMonthResultsTable {
  congregation_id: number;
  month: string;
  source: 'income' | 'expense';
  category_id: number;
  fund_id: number;
  on_card: number;
  total_cents: BigInt;
  count: number;
}

/** finance_month_results summed by year (migration 0047), kept with it by the ledger. */
export interface FinanceYearResultsTable {
  congregation_id: number;
  year: string;
  source: 'income' | 'expense';
  category_id: number;
  fund_id: number;
  on_card: number;
  total_cents: BigInt;
  count: number;
}

/** The numbered receipt of an income with a donor (migration 0029): one per income. */
export interface IncomeReceiptsTable {
  id: Generated<number>;
  income_id: number;
  congregation_id: number;
  year: number;
  number: number;
  issued_at: string;
  issued_by: number | null;
  print_count: Generated<number>;
}
export type IncomeReceipt = Selectable<IncomeReceiptsTable>;
export type NewIncomeReceipt = Insertable<IncomeReceiptsTable>;

/** A month the conselho fiscal approved and an admin closed (issue 27); reopened keeps its row. */
export interface FinancePeriodsTable {
  month: string;
  status: string;
  approved_on: string;
  approvers: string;
  opinion: string;
  closed_at: string;
  closed_by: number | null;
  closed_by_name: string | null;
  reopened_at: string | null;
  reopened_by: number | null;
  reopened_by_name: string | null;
  reopen_reason: string | null;
}
export type FinancePeriod = Selectable<FinancePeriodsTable>;

/** Each close and reopen of a month, kept as its history. */
export interface FinancePeriodEventsTable {
  id: Generated<number>;
  month: string;
  action: string;
  at: string;
  user_id: number | null;
  user_name: string | null;
  approved_on: string | null;
  approvers: string | null;
  opinion: string | null;
  reason: string | null;
}
export type FinancePeriodEvent = Selectable<FinancePeriodEventsTable>;

/** A pass through the closed months' guards, inside one transaction only (migration 0042). */
export interface FinancePeriodOverridesTable {
  reason: string;
}

/** The orçamento anual (issue 27): a congregation's plan for a category in a month of a year. */
export interface BudgetsTable {
  id: Generated<number>;
  congregation_id: number;
  year: number;
  category_id: number;
  /** 1 to 12. */
  month: number;
  amount_cents: BigInt;
}
export type Budget = Selectable<BudgetsTable>;
