// The count of a culto's offering (issue 25, contagem do culto): two or three counters count the
// money of one service, line by line (method × category, and named envelopes of a donor), and
// confirm it; closing turns the lines into incomes. The schema the form and the API share, the
// words of its choices, and the totals both sides compute the same way.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from '../dates';
import { emptyToNull, optionalText, recordId } from '../fields';
import { MAX_CENTS } from './installments';

/** How the money of a count arrived: a subset of the incomes' payment methods. */
export const COUNT_METHODS = ['cash', 'pix', 'card', 'check'] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];
export const COUNT_METHOD_LABELS: Record<CountMethod, string> = {
  cash: 'Dinheiro',
  pix: 'Pix',
  card: 'Cartão',
  check: 'Cheque',
};

export const COUNT_STATUSES = ['open', 'closed'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  open: 'Aberta',
  closed: 'Fechada',
};

/** The Real's notes and coins, in centavos (the 1-centavo coin is no longer minted but valid). */
export const DENOMINATIONS = [
  20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 25, 10, 5, 1,
] as const;

/** "Cédula de R$ 20" or "Moeda de 25 centavos". */
export function denominationLabel(cents: number): string {
  if (cents >= 200) return `Cédula de R$ ${cents / 100}`;
  if (cents === 100) return 'Moeda de R$ 1';
  return `Moeda de ${cents} ${cents === 1 ? 'centavo' : 'centavos'}`;
}

export const MIN_COUNTERS = 2;
export const MAX_COUNTERS = 3;
export const MAX_COUNT_LINES = 200;
/** Notes or coins of one kind in one count: far above any offering plate. */
export const MAX_PIECES = 1_000_000;

const requiredId = (message: string) => z.preprocess(emptyToNull, recordId(message));
const optionalId = (message: string) => z.preprocess(emptyToNull, recordId(message).nullable());

const requiredText = (max: number, message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

/**
 * A line's amount in centavos: never zero; negative only in an adjusting count (the service
 * checks that, since it depends on the count).
 */
const lineAmount = z.preprocess(
  emptyToNull,
  z
    .number({ error: 'Informe o valor.' })
    .min(-MAX_CENTS, { error: 'Valor alto demais.' })
    .max(MAX_CENTS, { error: 'Valor alto demais.' })
    .int({ error: 'Valor inválido.' })
    .refine((value) => value !== 0, { error: 'O valor não pode ser zero.' }),
);

export const countCounterSchema = z.object({
  /** A user of Adam who counted, or a member (deacons, or members where there are none). */
  user_id: optionalId('Usuário inválido.'),
  member_id: optionalId('Membro inválido.'),
  /** Kept as text: the termo names who signed, whatever happens to the user or member later. */
  name: requiredText(150, 'Informe o nome do contador.', 'Nome'),
});
export type CountCounterInput = z.infer<typeof countCounterSchema>;

export const countLineSchema = z.object({
  method: z.enum(COUNT_METHODS, { error: 'Escolha dinheiro, Pix, cartão ou cheque.' }),
  category_id: requiredId('Escolha a categoria.'),
  /** Set: a named envelope of this donor (its own income); absent: the loose money. */
  donor_id: optionalId('Contribuinte inválido.'),
  /** The envelope's number or words, as written on it. */
  envelope: optionalText(60, 'Envelope'),
  amount_cents: lineAmount,
});
export type CountLineInput = z.infer<typeof countLineSchema>;

export const countCashSchema = z.object({
  denomination_cents: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Escolha a cédula ou moeda.' })
      .refine((value) => (DENOMINATIONS as readonly number[]).includes(value), {
        error: 'Escolha a cédula ou moeda.',
      }),
  ),
  quantity: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Informe a quantidade.' })
      .int({ error: 'Quantidade inválida.' })
      .min(0, { error: 'A quantidade não pode ser negativa.' })
      .max(MAX_PIECES, { error: 'Quantidade alta demais.' }),
  ),
});
export type CountCashInput = z.infer<typeof countCashSchema>;

export const offeringCountSchema = z.object({
  /** The congregation whose culto it was; absent: the user's only one, or the sede. */
  congregation_id: optionalId('Congregação inválida.'),
  date: z.preprocess(
    emptyToNull,
    z.string({ error: 'Informe a data do culto.' }).refine(isIsoDate, {
      error: INVALID_DATE_MESSAGE,
    }),
  ),
  service_name: requiredText(120, 'Informe o culto.', 'Culto'),
  bank_account_id: requiredId('Escolha a conta ou o caixa que recebe o dinheiro.'),
  notes: optionalText(2000, 'Observações'),
  counters: z
    .array(countCounterSchema, { error: 'Informe os contadores.' })
    .min(MIN_COUNTERS, { error: 'Informe de 2 a 3 contadores.' })
    .max(MAX_COUNTERS, { error: 'Informe de 2 a 3 contadores.' }),
  lines: z
    .array(countLineSchema, { error: 'Informe as linhas.' })
    .max(MAX_COUNT_LINES, { error: `No máximo ${MAX_COUNT_LINES} linhas numa contagem.` })
    .default([]),
  /** Optional: the cash counted by notes and coins, checked against the cash lines on closing. */
  cash: z
    .array(countCashSchema, { error: 'Informe as cédulas e moedas.' })
    .max(DENOMINATIONS.length, { error: 'Uma linha por cédula ou moeda.' })
    .default([]),
});
export type OfferingCountInput = z.infer<typeof offeringCountSchema>;

/** Closing: the counters confirm what they counted. */
export const closeCountSchema = z.object({
  confirmed: z.literal(true, { error: 'Confirme que os contadores conferiram a contagem.' }),
});

/**
 * The deposit of a closed count's cash and cheques: how much, when, and (for a count received in
 * a caixa) the bank account it went into.
 */
export const countDepositSchema = z.object({
  bank_account_id: optionalId('Conta bancária inválida.'),
  deposited_cents: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'Informe o valor depositado.' })
      .int({ error: 'Valor inválido.' })
      .min(0, { error: 'O valor não pode ser negativo.' })
      .max(MAX_CENTS, { error: 'Valor alto demais.' }),
  ),
  deposited_on: z.preprocess(
    emptyToNull,
    z.string({ error: 'Informe a data do depósito.' }).refine(isIsoDate, {
      error: INVALID_DATE_MESSAGE,
    }),
  ),
});
export type CountDepositInput = z.infer<typeof countDepositSchema>;

type Line = Pick<CountLineInput, 'method' | 'category_id' | 'donor_id' | 'amount_cents'>;

export interface CountTotals {
  total_cents: number;
  by_method: Record<CountMethod, number>;
  /** Category id -> centavos. */
  by_category: Record<number, number>;
  envelopes_cents: number;
  /** What is deposited at the bank: the cash and the cheques (PIX and cards arrive by themselves). */
  depositable_cents: number;
}

/** The totals of a count's lines, by method and by category, in exact centavos. */
export function countTotals(lines: readonly Line[]): CountTotals {
  const by_method: Record<CountMethod, number> = { cash: 0, pix: 0, card: 0, check: 0 };
  const by_category: Record<number, number> = {};
  let total_cents = 0;
  let envelopes_cents = 0;
  for (const line of lines) {
    total_cents += line.amount_cents;
    by_method[line.method] += line.amount_cents;
    by_category[line.category_id] = (by_category[line.category_id] ?? 0) + line.amount_cents;
    if (line.donor_id) envelopes_cents += line.amount_cents;
  }
  return {
    total_cents,
    by_method,
    by_category,
    envelopes_cents,
    depositable_cents: by_method.cash + by_method.check,
  };
}

/** The cash counted by notes and coins. */
export const cashTotal = (
  cash: readonly Pick<CountCashInput, 'denomination_cents' | 'quantity'>[],
) => cash.reduce((sum, piece) => sum + piece.denomination_cents * piece.quantity, 0);

export interface CountIncome {
  method: CountMethod;
  category_id: number;
  donor_id: number | null;
  envelope: string | null;
  amount_cents: number;
}

/**
 * The incomes a count's lines become: one per envelope (with its donor), one per category and
 * method for the rest, in the order the lines first name them. Sums of zero (an adjusting count's
 * +x and −x) make none.
 */
export function countIncomes(lines: readonly CountLineInput[]): CountIncome[] {
  const incomes: CountIncome[] = [];
  const loose = new Map<string, CountIncome>();
  for (const line of lines) {
    if (line.donor_id) {
      incomes.push({
        method: line.method,
        category_id: line.category_id,
        donor_id: line.donor_id,
        envelope: line.envelope ?? null,
        amount_cents: line.amount_cents,
      });
      continue;
    }
    const key = `${line.method}:${line.category_id}`;
    const existing = loose.get(key);
    if (existing) existing.amount_cents += line.amount_cents;
    else {
      const income = {
        method: line.method,
        category_id: line.category_id,
        donor_id: null,
        envelope: null,
        amount_cents: line.amount_cents,
      };
      loose.set(key, income);
      incomes.push(income);
    }
  }
  return incomes.filter((income) => income.amount_cents !== 0);
}
