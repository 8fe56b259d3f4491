// Select choices of the finance forms and filters, from the Portuguese labels of domain.
import {
  ACCOUNT_KIND_LABELS,
  BANK_ACCOUNT_KIND_LABELS,
  CARD_BRANDS,
  EXPENSE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PERSON_TYPE_LABELS,
  TRANSACTION_KIND_LABELS,
} from '../../../../domain/finance/labels';
import { choicesFrom } from '../../../ui/choices';

export const PERSON_TYPE_CHOICES = choicesFrom(PERSON_TYPE_LABELS);
export const ACCOUNT_KIND_CHOICES = choicesFrom(ACCOUNT_KIND_LABELS);
export const BANK_ACCOUNT_KIND_CHOICES = choicesFrom(BANK_ACCOUNT_KIND_LABELS);
export const PAYMENT_METHOD_CHOICES = choicesFrom(PAYMENT_METHOD_LABELS);
export const TRANSACTION_KIND_CHOICES = choicesFrom(TRANSACTION_KIND_LABELS);
export const EXPENSE_STATUS_CHOICES = choicesFrom(EXPENSE_STATUS_LABELS);
export const CARD_BRAND_CHOICES = CARD_BRANDS.map((brand) => ({ id: brand, name: brand }));

/** Payables: "em aberto" (everything unpaid) first, as the list opens. */
export const PAYABLE_STATUS_FILTER_CHOICES = [
  { id: 'open', name: 'Em aberto' },
  { id: 'overdue', name: 'Vencidas' },
  { id: 'pending', name: 'A vencer' },
  { id: 'paid', name: 'Pagas' },
];
