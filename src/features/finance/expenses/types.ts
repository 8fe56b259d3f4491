import type {
  ExpenseStatus,
  PayableStatus,
  PaymentMethod,
} from '../../../../domain/finance/labels';

export interface ScheduleItem {
  installment: number;
  amountCents: number;
  payableId: number;
  dueDate: string;
  status: PayableStatus;
  paidOn: string | null;
}

export interface Expense {
  id: number;
  /** The congregation (cost centre, issue 12) and its name. */
  congregationId: number;
  congregationName?: string | null;
  description: string;
  categoryId: number;
  vendorId: number | null;
  amountCents: number;
  date: string;
  dueDate: string;
  installments: number;
  bankAccountId: number | null;
  creditCardId: number | null;
  paymentMethod: PaymentMethod | null;
  status: ExpenseStatus;
  paidOn: string | null;
  notes: string | null;
  fundId: number | null;
  receipt: { fileName: string; contentType: string; size: number } | null;
  schedule?: ScheduleItem[];
}

/** Form-only fields: how it is paid, whether it is paid already, the receipt to upload. */
export interface ExpenseForm extends Expense {
  payWith: 'account' | 'card';
  paidNow: boolean;
  receiptFile?: File | null;
}

export const formDefaults = (expense?: Expense): Partial<ExpenseForm> =>
  expense
    ? {
        payWith: expense.creditCardId ? 'card' : 'account',
        paidNow: Boolean(expense.paidOn) && !expense.creditCardId && expense.installments === 1,
      }
    : { payWith: 'account', paidNow: false, installments: 1 };

/** The API body: only what the treasurer decides, consistent with the way it is paid. */
export function expensePayload(form: ExpenseForm) {
  const card = form.payWith === 'card';
  const installments = Number(form.installments) || 1;
  const paidNow = !card && installments === 1 && form.paidNow;
  return {
    congregationId: form.congregationId,
    description: form.description,
    categoryId: form.categoryId,
    vendorId: form.vendorId ?? null,
    amountCents: form.amountCents,
    date: form.date,
    installments,
    bankAccountId: card ? null : form.bankAccountId,
    creditCardId: card ? form.creditCardId : null,
    paymentMethod: card ? 'card' : (form.paymentMethod ?? null),
    dueDate: card ? null : paidNow ? (form.dueDate ?? form.paidOn) : form.dueDate,
    paidOn: paidNow ? form.paidOn : null,
    notes: form.notes,
    fundId: form.fundId ?? null,
  };
}
