// Bank reconciliation (issue 14): the rules that match a bank statement's line with a movement
// already in Adam or with an open payable, and the words a description is known by. Pure: the
// server feeds it the lines and the candidates, the screen shows what it found.
import { z } from 'zod';
import { emptyToNull, optionalChoice, optionalText, recordId } from '../fields';
import { searchText, searchTokens } from '../search';
import { PAYMENT_METHODS } from './labels';
import { PIX_PURPOSES, memoTokens } from './pix';

/** A movement matches a line with the same amount dated up to this many days apart. */
export const MATCH_DAYS = 3;
/** An open payable matches a debit of its amount due up to this many days from the line. */
export const PAYABLE_DAYS = 7;

/** Line statuses, in the order the screen's filter offers them. */
export const STATEMENT_LINE_STATUSES = ['pending', 'reconciled', 'ignored'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];
export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  pending: 'Pendente',
  reconciled: 'Conciliada',
  ignored: 'Ignorada',
};

/** How a reconciled line was settled. */
export const RECONCILED_HOW = ['matched', 'payable', 'created'] as const;
export type ReconciledHow = (typeof RECONCILED_HOW)[number];
export const RECONCILED_HOW_LABELS: Record<ReconciledHow, string> = {
  matched: 'Com um lançamento existente',
  payable: 'Pagando uma conta a pagar',
  created: 'Com uma receita ou despesa criada da linha',
};

/** Words too short or too common to tell two descriptions apart. */
const STOP_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em', 'para', 'por', 'com']);

/**
 * Words every bank puts on many lines ("PIX RECEBIDO", "PAGTO BOLETO"): kept in a description's
 * key (the category memory tells "tarifa pacote" from "tarifa pix"), but two descriptions that
 * share only these are not similar.
 */
const BANK_WORDS = new Set([
  'pix',
  'ted',
  'doc',
  'tev',
  'transf',
  'transferencia',
  'recebido',
  'recebida',
  'enviado',
  'enviada',
  'pagamento',
  'pagto',
  'pgto',
  'pag',
  'boleto',
  'compra',
  'debito',
  'credito',
  'deposito',
  'dep',
  'saque',
  'conta',
  'cartao',
  'cx',
  'int',
  'internet',
  'banking',
  'des',
  'rem',
  'cred',
  'deb',
]);

/**
 * The words a description is known by: lowercase, accents stripped, letters only (dates, codes
 * and amounts left out), common short words dropped, each once, in order. "PIX RECEBIDO 12/03
 * João da Silva" -> "pix recebido joao silva".
 */
export function descriptionWords(description: string): string {
  return searchTokens(searchText(description))
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .join(' ');
}

/** The words of `words` that tell a description apart (the banks' common words left out). */
function telling(words: string): string[] {
  return words.split(' ').filter((word) => word.length > 2 && !BANK_WORDS.has(word));
}

/** How many telling words two descriptions' `descriptionWords` share (0: not similar). */
export function sharedWords(a: string, b: string): number {
  const left = new Set(telling(a));
  let count = 0;
  for (const word of new Set(telling(b))) if (left.has(word)) count += 1;
  return count;
}

/** The longest name a memo is searched for: "maria das gracas de oliveira santos" and two more. */
const PAYER_MAX_WORDS = 8;
const NOT_A_NAME = new Set(['txid', ...PIX_PURPOSES.map((purpose) => purpose.toLowerCase())]);

/**
 * The names a bank memo may give its payer, as donors' `sort_name` holds them: every run of two or
 * more words between the bank's own words, the txid and its purpose, numbers and dates ("PIX
 * RECEBIDO 02/03 JOAO DA SILVA DIZIMO" -> "joao da", "joao da silva", "da silva").
 */
export function payerNames(text: string): string[] {
  const names = new Set<string>();
  const runs: string[][] = [[]];
  for (const token of memoTokens(text)) {
    if (BANK_WORDS.has(token) || NOT_A_NAME.has(token) || /\d/.test(token)) runs.push([]);
    else runs[runs.length - 1].push(token);
  }
  for (const run of runs) {
    for (let start = 0; start < run.length; start++) {
      const end = Math.min(run.length, start + PAYER_MAX_WORDS);
      for (let stop = start + 2; stop <= end; stop++) names.add(run.slice(start, stop).join(' '));
    }
  }
  return [...names];
}

/** Days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export interface MatchableLine {
  id: number;
  date: string;
  amount_cents: number;
  words: string;
}

export interface MatchCandidate {
  id: number;
  /** The movement's date, or the payable's due date. */
  date: string;
  /** Signed as the line would be: a payable's amount as a debit (negative). */
  amount_cents: number;
  words: string;
}

export interface Match {
  id: number;
  /** Days between the line and the candidate (absolute). */
  days: number;
  /** Telling words the two descriptions share. */
  shared: number;
}

/**
 * Each line's best candidate under the rules: the same amount, dated within `withinDays`, and
 * not taken by another line; among several, the most similar description, then the nearest
 * date, then the oldest record. Lines are served in date order, each candidate once, so two
 * equal bank lines are offered two different movements.
 */
export function matchLines(
  lines: readonly MatchableLine[],
  candidates: readonly MatchCandidate[],
  withinDays: number,
): Map<number, Match> {
  const byAmount = new Map<number, MatchCandidate[]>();
  for (const candidate of candidates) {
    const list = byAmount.get(candidate.amount_cents);
    if (list) list.push(candidate);
    else byAmount.set(candidate.amount_cents, [candidate]);
  }
  const taken = new Set<number>();
  const found = new Map<number, Match>();
  const ordered = [...lines].sort((a, b) =>
    a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1,
  );
  for (const line of ordered) {
    let best: Match | undefined;
    for (const candidate of byAmount.get(line.amount_cents) ?? []) {
      if (taken.has(candidate.id)) continue;
      const days = Math.abs(daysBetween(line.date, candidate.date));
      if (days > withinDays) continue;
      const match = { id: candidate.id, days, shared: sharedWords(line.words, candidate.words) };
      if (!best || better(match, best)) best = match;
    }
    if (best) {
      taken.add(best.id);
      found.set(line.id, best);
    }
  }
  return found;
}

function better(a: Match, b: Match): boolean {
  if (a.shared !== b.shared) return a.shared > b.shared;
  if (a.days !== b.days) return a.days < b.days;
  return a.id < b.id;
}

// ---------------------------------------------------------------------------------------------
// POST /api/statement_lines/{id}/reconcile

const optionalId = (message: string) => z.preprocess(emptyToNull, recordId(message).nullish());

/** An income or an expense made from a line: its amount, date and account are the line's. */
export const statementCreateSchema = z.object({
  kind: z.enum(['income', 'expense'], { error: 'Escolha receita ou despesa.' }),
  category_id: z.preprocess(emptyToNull, recordId('Escolha a categoria.')),
  /** The line's description when empty. */
  description: optionalText(200, 'Descrição'),
  donor_id: optionalId('Contribuinte inválido.'),
  vendor_id: optionalId('Fornecedor inválido.'),
  payment_method: optionalChoice(PAYMENT_METHODS, 'Forma de pagamento inválida.'),
  /** The account's congregation when empty. */
  congregation_id: optionalId('Congregação inválida.'),
  notes: optionalText(2000, 'Observações'),
});
export type StatementCreateInput = z.infer<typeof statementCreateSchema>;

export const RECONCILE_CHOICE_MESSAGE =
  'Escolha uma ação: um lançamento, uma conta a pagar, criar receita ou despesa, ou ignorar.';

/** One of: a movement, an open payable paid from the account, a new income/expense, ignore. */
export const reconcileSchema = z
  .object({
    transaction_id: optionalId('Lançamento inválido.'),
    payable_id: optionalId('Conta a pagar inválida.'),
    bank_account_id: optionalId('Conta bancária inválida.'),
    create: statementCreateSchema.nullish(),
    ignore: z.boolean({ error: 'ignore: verdadeiro ou falso.' }).nullish(),
  })
  .superRefine((body, ctx) => {
    const chosen = [
      body.transaction_id != null,
      body.payable_id != null,
      body.create != null,
      body.ignore === true,
    ].filter(Boolean).length;
    if (chosen !== 1) ctx.addIssue({ code: 'custom', path: [], message: RECONCILE_CHOICE_MESSAGE });
    if (body.payable_id != null && body.bank_account_id == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank_account_id'],
        message: 'Escolha a conta de onde saiu o pagamento.',
      });
    }
  });
export type ReconcileInput = z.infer<typeof reconcileSchema>;
