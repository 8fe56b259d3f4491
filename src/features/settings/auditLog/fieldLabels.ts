import {
  BANK_ACCOUNT_KIND_LABELS,
  CATEGORY_KIND_LABELS,
  EXPENSE_STATUS_LABELS,
  PAYABLE_KIND_LABELS,
  PAYABLE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PERSON_TYPE_LABELS,
  TRANSACTION_KIND_LABELS,
} from '../../../../domain/finance/labels';

// The Portuguese names of the fields the audit log records (API snake_case names).
export const FIELD_LABELS: Record<string, string> = {
  id: 'Código',
  name: 'Nome',
  person_type: 'Tipo de pessoa',
  document: 'CPF/CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  zip_code: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  notes: 'Observações',
  pix_key: 'Chave PIX',
  member_id: 'Membro',
  kind: 'Tipo',
  active: 'Ativo',
  bank: 'Banco',
  agency: 'Agência',
  account_number: 'Número da conta',
  opening_balance_cents: 'Saldo inicial',
  opening_date: 'Data do saldo inicial',
  balance_cents: 'Saldo',
  brand: 'Bandeira',
  last_digits: 'Final',
  closing_day: 'Dia de fechamento',
  due_day: 'Dia de vencimento',
  limit_cents: 'Limite',
  description: 'Descrição',
  category_id: 'Categoria',
  donor_id: 'Contribuinte',
  vendor_id: 'Fornecedor',
  amount_cents: 'Valor',
  date: 'Data',
  due_date: 'Vencimento',
  installments: 'Parcelas',
  installment: 'Parcela',
  bank_account_id: 'Conta',
  credit_card_id: 'Cartão',
  payment_method: 'Forma de pagamento',
  paid_on: 'Pago em',
  paid_amount_cents: 'Valor pago',
  status: 'Situação',
  transaction_id: 'Lançamento',
  expense_id: 'Despesa',
  income_id: 'Receita',
  linked_id: 'Lançamento ligado',
  to_account_id: 'Conta de destino',
  closing_date: 'Fechamento',
  receipt: 'Comprovante',
};

/** The words of coded values: by field, and for "kind" and "status" by resource too. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  payment_method: PAYMENT_METHOD_LABELS,
  person_type: PERSON_TYPE_LABELS,
};
const VALUE_LABELS_BY_RESOURCE: Record<string, Record<string, Record<string, string>>> = {
  finance_categories: { kind: CATEGORY_KIND_LABELS },
  bank_accounts: { kind: BANK_ACCOUNT_KIND_LABELS },
  transactions: { kind: TRANSACTION_KIND_LABELS },
  accounts_payable: { kind: PAYABLE_KIND_LABELS, status: PAYABLE_STATUS_LABELS },
  expenses: { status: EXPENSE_STATUS_LABELS },
};

export function valueLabels(
  resource: string | undefined,
  field: string,
): Record<string, string> | undefined {
  return (
    (resource ? VALUE_LABELS_BY_RESOURCE[resource]?.[field] : undefined) ?? VALUE_LABELS[field]
  );
}
