// zod schemas of the finance area: the server's rules (authoritative) and the forms' checks.
// snake_case keys, as the API speaks; messages in Portuguese, one per field.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from '../dates';
import { isValidCnpj, isValidCpf, normalizeCnpj } from '../taxIds';
import {
  addressFields,
  emptyToNull,
  normalizedOrNull,
  optionalChoice,
  optionalDigits,
  optionalEmail,
  optionalText,
  recordId,
} from '../fields';
import { MAX_CENTS, MAX_INSTALLMENTS } from './installments';
import { ACCOUNT_KINDS, BANK_ACCOUNT_KINDS, PAYMENT_METHODS, PERSON_TYPES } from './labels';
import { INVALID_CODE_MESSAGE, isAccountCode } from './chart';

const requiredText = (max: number, message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

const requiredId = (message: string) => z.preprocess(emptyToNull, recordId(message));

const optionalId = (message: string) => z.preprocess(emptyToNull, recordId(message).nullable());

const requiredDate = (message: string) =>
  z.preprocess(
    emptyToNull,
    z.string({ error: message }).refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
  );

const optionalDate = () =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: INVALID_DATE_MESSAGE })
      .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
      .nullable(),
  );

/** A positive amount in centavos. */
const amount = (message = 'Informe o valor.') =>
  z.preprocess(
    emptyToNull,
    z
      .number({ error: message })
      .int({ error: 'Valor inválido.' })
      .positive({ error: 'O valor deve ser maior que zero.' })
      .max(MAX_CENTS, { error: 'Valor alto demais.' }),
  );

/** An amount in centavos that may be negative (opening balances, adjustments). */
const signedAmount = (message: string) =>
  z
    .number({ error: message })
    .int({ error: 'Valor inválido.' })
    .min(-MAX_CENTS, { error: 'Valor alto demais.' })
    .max(MAX_CENTS, { error: 'Valor alto demais.' });

const dayOfMonth = (message: string) =>
  z.preprocess(
    emptyToNull,
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(31, {
      error: message,
    }),
  );

const bool = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? fallback : value),
    z.boolean({ error: 'Informe Sim ou Não.' }),
  );

// ---------------------------------------------------------------------------------------------
// Vendors and donors

const partyFields = {
  person_type: z.enum(PERSON_TYPES, { error: 'Escolha Pessoa Física ou Pessoa Jurídica.' }),
  name: requiredText(150, 'Informe o nome.', 'Nome'),
  // CPF: 11 digits; CNPJ: 14 positions, the first 12 may be letters (July 2026).
  document: z.preprocess(
    normalizedOrNull(normalizeCnpj),
    z.string({ error: 'Documento inválido.' }).nullable(),
  ),
  email: optionalEmail(),
  phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.'),
  ...addressFields(),
  notes: optionalText(2000, 'Observações'),
};

/** The document must be a valid CPF for a person and a valid CNPJ for an entity. */
function checkDocument(
  party: { person_type: string; document: string | null },
  ctx: z.RefinementCtx,
) {
  if (!party.document) return;
  if (
    party.person_type === 'person' &&
    !(/^\d{11}$/.test(party.document) && isValidCpf(party.document))
  ) {
    ctx.addIssue({ code: 'custom', path: ['document'], message: 'CPF inválido.' });
  }
  if (party.person_type === 'entity' && !isValidCnpj(party.document)) {
    ctx.addIssue({ code: 'custom', path: ['document'], message: 'CNPJ inválido.' });
  }
}

export const vendorSchema = z
  .object({ ...partyFields, pix_key: optionalText(140, 'Chave Pix') })
  .superRefine(checkDocument);
export type VendorInput = z.infer<typeof vendorSchema>;

export const donorSchema = z
  .object({ ...partyFields, member_id: optionalId('Membro inválido.') })
  .superRefine(checkDocument);
export type DonorInput = z.infer<typeof donorSchema>;

// ---------------------------------------------------------------------------------------------
// Categories, bank accounts, credit cards

/**
 * An account of the plano de contas (a category is one of its income or expense leaves). Without
 * a code the server numbers it under its parent; without a parent, an income or expense account
 * goes under the "diversas" group of its kind.
 */
export const categorySchema = z.object({
  name: requiredText(80, 'Informe o nome da conta.', 'Nome'),
  kind: z.enum(ACCOUNT_KINDS, { error: 'Escolha o tipo da conta.' }),
  code: z.preprocess(
    emptyToNull,
    z
      .string({ error: INVALID_CODE_MESSAGE })
      .trim()
      .refine(isAccountCode, { error: INVALID_CODE_MESSAGE })
      .nullable()
      .default(null),
  ),
  parent_id: optionalId('Conta superior inválida.').default(null),
  active: bool(true),
  /** Its incomes are tithes (the dizimistas' report); income categories only. */
  is_tithe: bool(false),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** A fund: restricted (given for a purpose, its balance kept apart) or free. */
export const fundSchema = z.object({
  name: requiredText(80, 'Informe o nome do fundo.', 'Nome'),
  restricted: bool(true),
  description: optionalText(500, 'Descrição'),
  active: bool(true),
});
export type FundInput = z.infer<typeof fundSchema>;

export const bankAccountSchema = z.object({
  /** The congregation (cost centre); absent: the user's only one, or the sede. */
  congregation_id: optionalId('Congregação inválida.'),
  name: requiredText(80, 'Informe o nome da conta.', 'Nome'),
  kind: z.enum(BANK_ACCOUNT_KINDS, { error: 'Escolha o tipo de conta.' }),
  bank: optionalText(80, 'Banco'),
  agency: optionalText(20, 'Agência'),
  account_number: optionalText(30, 'Número da conta'),
  opening_balance_cents: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? 0 : value),
    signedAmount('Informe o saldo inicial.'),
  ),
  opening_date: requiredDate('Informe a data do saldo inicial.'),
  notes: optionalText(2000, 'Observações'),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

export const creditCardSchema = z.object({
  name: requiredText(80, 'Informe o nome do cartão.', 'Nome'),
  brand: optionalText(40, 'Bandeira'),
  last_digits: optionalDigits([4], 'Informe os 4 últimos dígitos.'),
  closing_day: dayOfMonth('Dia de fechamento: de 1 a 31.'),
  due_day: dayOfMonth('Dia de vencimento: de 1 a 31.'),
  limit_cents: z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? 0 : value),
    z
      .number({ error: 'Limite inválido.' })
      .int({ error: 'Limite inválido.' })
      .min(0, { error: 'O limite não pode ser negativo.' })
      .max(MAX_CENTS, { error: 'Valor alto demais.' }),
  ),
  bank_account_id: requiredId('Escolha a conta que paga a fatura.'),
  active: bool(true),
});
export type CreditCardInput = z.infer<typeof creditCardSchema>;

// ---------------------------------------------------------------------------------------------
// Incomes and expenses

const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'Escolha a forma de pagamento.' });

/** The fund an income or expense belongs to; none: the free resources (recursos livres). */
const fundId = () => optionalId('Fundo inválido.').default(null);

export const incomeSchema = z.object({
  /** The congregation (cost centre); absent: the user's only one, or the sede. */
  congregation_id: optionalId('Congregação inválida.'),
  description: optionalText(200, 'Descrição'),
  category_id: requiredId('Escolha a categoria.'),
  donor_id: optionalId('Contribuinte inválido.'),
  amount_cents: amount(),
  date: requiredDate('Informe a data.'),
  bank_account_id: requiredId('Escolha a conta que recebeu.'),
  payment_method: paymentMethod,
  notes: optionalText(2000, 'Observações'),
  fund_id: fundId(),
});
export type IncomeInput = z.infer<typeof incomeSchema>;

/** Several incomes of one service at once (the offerings counted after a culto). */
export const incomeBatchSchema = z.object({
  /** The congregation (cost centre); absent: the user's only one, or the sede. */
  congregation_id: optionalId('Congregação inválida.'),
  date: requiredDate('Informe a data.'),
  bank_account_id: requiredId('Escolha a conta que recebeu.'),
  description: optionalText(200, 'Descrição'),
  lines: z
    .array(
      z.object({
        category_id: requiredId('Escolha a categoria.'),
        donor_id: optionalId('Contribuinte inválido.'),
        amount_cents: amount(),
        payment_method: paymentMethod,
        description: optionalText(200, 'Descrição'),
        fund_id: fundId(),
      }),
      { error: 'Informe as linhas.' },
    )
    .min(1, { error: 'Informe ao menos uma linha.' })
    .max(100, { error: 'No máximo 100 linhas de uma vez.' }),
});
export type IncomeBatchInput = z.infer<typeof incomeBatchSchema>;

export const expenseSchema = z
  .object({
    /** The congregation (cost centre); absent: the user's only one, or the sede. */
    congregation_id: optionalId('Congregação inválida.'),
    description: requiredText(200, 'Informe a descrição.', 'Descrição'),
    category_id: requiredId('Escolha a categoria.'),
    vendor_id: optionalId('Fornecedor inválido.'),
    amount_cents: amount(),
    /** Competence: the date the expense belongs to (the purchase date on a card). */
    date: requiredDate('Informe a data.'),
    due_date: optionalDate(),
    installments: z.preprocess(
      (value) => (value === null || value === undefined || value === '' ? 1 : value),
      z
        .number({ error: 'Número de parcelas inválido.' })
        .int({ error: 'Número de parcelas inválido.' })
        .min(1, { error: 'Ao menos uma parcela.' })
        .max(MAX_INSTALLMENTS, { error: `No máximo ${MAX_INSTALLMENTS} parcelas.` }),
    ),
    bank_account_id: optionalId('Conta inválida.'),
    credit_card_id: optionalId('Cartão inválido.'),
    payment_method: optionalChoice(PAYMENT_METHODS, 'Forma de pagamento inválida.'),
    /** Set: paid on that day from the account (one instalment only). */
    paid_on: optionalDate(),
    notes: optionalText(2000, 'Observações'),
    fund_id: fundId(),
  })
  .superRefine((expense, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (expense.bank_account_id && expense.credit_card_id) {
      issue('credit_card_id', 'Escolha a conta ou o cartão, não os dois.');
    }
    if (!expense.bank_account_id && !expense.credit_card_id) {
      issue('bank_account_id', 'Escolha a conta bancária ou o cartão de crédito.');
    }
    if (expense.credit_card_id && expense.paid_on) {
      issue('paid_on', 'Compras no cartão são pagas com a fatura.');
    }
    if (expense.installments > 1 && expense.paid_on) {
      issue('paid_on', 'Despesa parcelada: pague cada parcela em Contas a pagar.');
    }
    if (expense.bank_account_id && !expense.paid_on && !expense.due_date) {
      issue('due_date', 'Informe o vencimento.');
    }
  });
export type ExpenseInput = z.infer<typeof expenseSchema>;

// ---------------------------------------------------------------------------------------------
// Payments, transfers and adjustments

export const paySchema = z.object({
  paid_on: requiredDate('Informe a data do pagamento.'),
  bank_account_id: requiredId('Escolha a conta de onde sai o dinheiro.'),
  /** What was really paid (with interest or a discount); the instalment's amount when empty. */
  amount_cents: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Valor inválido.' })
      .int({ error: 'Valor inválido.' })
      .positive({ error: 'O valor deve ser maior que zero.' })
      .max(MAX_CENTS, { error: 'Valor alto demais.' })
      .nullable(),
  ),
});
export type PayInput = z.infer<typeof paySchema>;

export const transferSchema = z
  .object({
    kind: z.literal('transfer'),
    from_account_id: requiredId('Escolha a conta de origem.'),
    to_account_id: requiredId('Escolha a conta de destino.'),
    amount_cents: amount(),
    date: requiredDate('Informe a data.'),
    description: optionalText(200, 'Descrição'),
  })
  .refine((transfer) => transfer.from_account_id !== transfer.to_account_id, {
    path: ['to_account_id'],
    error: 'A conta de destino deve ser diferente da de origem.',
  });
export type TransferInput = z.infer<typeof transferSchema>;

export const adjustmentSchema = z.object({
  kind: z.literal('adjustment'),
  bank_account_id: requiredId('Escolha a conta.'),
  amount_cents: z.preprocess(
    emptyToNull,
    signedAmount('Informe o valor.').refine((value) => value !== 0, {
      error: 'O valor não pode ser zero.',
    }),
  ),
  date: requiredDate('Informe a data.'),
  description: requiredText(200, 'Informe o motivo do ajuste.', 'Descrição'),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

/**
 * Receiving a pending offering (a cell's or an EBD class's, issue 26): the account it goes to;
 * the category (absent: the church's "Ofertas"), the date (absent: the gathering's) and the
 * method (absent: dinheiro).
 */
export const pendingOfferingReceiveSchema = z.object({
  bank_account_id: requiredId('Escolha a conta que recebeu.'),
  category_id: optionalId('Categoria inválida.').default(null),
  date: optionalDate().default(null),
  payment_method: paymentMethod.default('cash'),
});
export type PendingOfferingReceiveInput = z.infer<typeof pendingOfferingReceiveSchema>;

/**
 * The accountant's CSV (issue 27): the journal entries of a period, both days included, in the
 * congregations of `congregation_id` (one or a list; with `include_subtree`, each with those below
 * it) as the reports take them — checked by the server's congregation filter.
 */
export const accountingExportQuery = z
  .object({
    from: requiredDate('Informe o início do período: from=AAAA-MM-DD.'),
    to: requiredDate('Informe o fim do período: to=AAAA-MM-DD.'),
    congregation_id: z.union([z.string(), z.array(z.string())]).optional(),
    include_subtree: z.string().optional(),
  })
  .refine((period) => period.from <= period.to, {
    path: ['to'],
    error: 'O fim do período não pode ser anterior ao início.',
  });
