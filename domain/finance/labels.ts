// The choices of the finance area (DESIGN §5) and the Portuguese words a treasurer reads.

export const PERSON_TYPES = ['person', 'entity'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
export const PERSON_TYPE_LABELS: Record<PersonType, string> = {
  person: 'Pessoa Física',
  entity: 'Pessoa Jurídica',
};

export const CATEGORY_KINDS = ['income', 'expense'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  income: 'Receita',
  expense: 'Despesa',
};

/** The kinds of the plano de contas; only income and expense leaves take movements. */
export const ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  asset: 'Ativo',
  liability: 'Passivo',
  equity: 'Patrimônio social',
  income: 'Receita',
  expense: 'Despesa',
};

export const BANK_ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'investment'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const BANK_ACCOUNT_KIND_LABELS: Record<BankAccountKind, string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  cash: 'Caixa',
  investment: 'Investimento',
};

export const PAYMENT_METHODS = ['cash', 'pix', 'transfer', 'card', 'check', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Dinheiro',
  pix: 'Pix',
  transfer: 'Transferência',
  card: 'Cartão',
  check: 'Cheque',
  boleto: 'Boleto',
};

export const TRANSACTION_KINDS = ['income', 'expense', 'transfer', 'adjustment'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  income: 'Receita',
  expense: 'Despesa',
  transfer: 'Transferência',
  adjustment: 'Ajuste',
};

/** Stored statuses are pending and paid; overdue is a pending one past its due date. */
export const PAYABLE_STATUSES = ['pending', 'overdue', 'paid'] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];
export const PAYABLE_STATUS_LABELS: Record<PayableStatus, string> = {
  pending: 'A vencer',
  overdue: 'Vencida',
  paid: 'Paga',
};

export const PAYABLE_KINDS = ['installment', 'invoice'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];
export const PAYABLE_KIND_LABELS: Record<PayableKind, string> = {
  installment: 'Parcela',
  invoice: 'Fatura do cartão',
};

/** How much of an expense is paid, from its instalments or card charges. */
export const EXPENSE_STATUSES = ['pending', 'partial', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  pending: 'A pagar',
  partial: 'Paga em parte',
  paid: 'Paga',
};

export const CARD_BRANDS = [
  'Visa',
  'Mastercard',
  'Elo',
  'American Express',
  'Hipercard',
  'Outra',
] as const;
