// Livro caixa (issue 27) of one bank account or caixa, by cash: the balance before the period,
// each movement of the period in date order (date, histórico, document, account, entrada, saída)
// with the balance after it, and the closing balance. Every page starts from the opening balance
// plus the movements before it, so the running balance is the same on any page, in the CSV and
// in the PDF.
import type { Kysely } from 'kysely';
import { formatDate } from '../../../domain/formats.js';
import { recordIdOf } from '../../../domain/fields.js';
import type { Database } from '../../db/schema.js';
import { OUTSIDE_READ, canRead } from '../../http/scope.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { cashBefore } from './cashFlow.js';
import {
  BASIS,
  STATEMENT_PARAMETERS,
  basisColumn,
  type PeriodFilter,
  accountLabel,
  ledgerAccounts,
  moneyColumn,
  periodFilter,
  periodText,
} from './financeStatement.js';
import { type ReportContext, type ReportDefinition, assertKnownFilters } from './report.js';

export interface CashBookFilter extends PeriodFilter {
  account_id: number;
}

export interface CashBookRow {
  /** The movement's id; 0 on the opening line, -1 on the closing one. */
  id: number;
  style: 'opening' | 'movement' | 'closing';
  date: string;
  description: string;
  document: string;
  category: string;
  in_cents: number | null;
  out_cents: number | null;
  balance_cents: number;
}

const ACCOUNT_MISSING = 'Conta bancária não encontrada.';

/**
 * The account, inside the report's congregations (else a 404, as a record outside them is). Its
 * opening balance opens the book of a period it was opened by (as in the fluxo de caixa).
 */
async function accountOf({ db, scope }: ReportContext, filter: CashBookFilter) {
  const account = await db
    .selectFrom('bank_accounts')
    .select(['id', 'name', 'congregation_id', 'opening_balance_cents', 'opening_date'])
    .where('id', '=', filter.account_id)
    .executeTakeFirst();
  if (!account) throw notFound(ACCOUNT_MISSING);
  if (!canRead(scope, account.congregation_id)) throw notFound(OUTSIDE_READ);
  const opened = String(account.opening_date).slice(0, 10) <= filter.to;
  return { ...account, opening_balance_cents: opened ? Number(account.opening_balance_cents) : 0 };
}

const movementsOf = (db: Kysely<Database>, filter: CashBookFilter) =>
  db
    .selectFrom('transactions')
    .where('bank_account_id', '=', filter.account_id)
    .where('date', '>=', filter.from)
    .where('date', '<=', filter.to);

/** The movements' entradas, saídas, sum and count in the period (from the account/date index). */
async function periodTotals(db: Kysely<Database>, filter: CashBookFilter) {
  const row = await movementsOf(db, filter)
    .select((eb) => {
      // The sum of the movements on one side (> 0: entradas, < 0: saídas).
      const side = (op: '>' | '<') =>
        eb.fn.coalesce(
          eb.fn.sum<number>(
            eb.case().when('amount_cents', op, 0).then(eb.ref('amount_cents')).else(0).end(),
          ),
          eb.lit(0),
        );
      return [
        side('>').as('inflow'),
        side('<').as('outflow'),
        eb.fn.countAll<number>().as('count'),
      ];
    })
    .executeTakeFirstOrThrow();
  const inflow = Number(row.inflow);
  const outflow = -Number(row.outflow);
  return { inflow, outflow, total: inflow - outflow, count: Number(row.count) };
}

/** The sum of the first `count` movements of the period, in book order. */
async function sumOfFirst(db: Kysely<Database>, filter: CashBookFilter, count: number) {
  if (count <= 0) return 0;
  const first = movementsOf(db, filter)
    .select('amount_cents')
    .orderBy('date')
    .orderBy('id')
    .limit(count)
    .as('first');
  const row = await db
    .selectFrom(first)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** `count` movements from `offset`, in book order, with what the book shows of them. */
async function movementRows(
  db: Kysely<Database>,
  filter: CashBookFilter,
  offset: number,
  count: number,
  balanceBefore: number,
): Promise<CashBookRow[]> {
  if (count <= 0) return [];
  const rows = await movementsOf(db, filter)
    .leftJoin('income_receipts', 'income_receipts.income_id', 'transactions.income_id')
    .select([
      'transactions.id',
      'transactions.date',
      'transactions.description',
      'transactions.amount_cents',
      'transactions.kind',
      'transactions.category_id',
      'transactions.income_id',
      'transactions.expense_id',
      'income_receipts.number as receipt_number',
      'income_receipts.year as receipt_year',
    ])
    .orderBy('transactions.date')
    .orderBy('transactions.id')
    .limit(count)
    .offset(offset)
    .execute();
  const accounts = await ledgerAccounts(db, [
    ...new Set(rows.flatMap((row) => (row.category_id === null ? [] : [row.category_id]))),
  ]);
  let balance = balanceBefore;
  return rows.map((row) => {
    const amount = Number(row.amount_cents);
    balance += amount;
    const account = row.category_id === null ? undefined : accounts.get(row.category_id);
    return {
      id: row.id,
      style: 'movement' as const,
      date: String(row.date).slice(0, 10),
      description: row.description,
      document: documentOf(row),
      category: account ? accountLabel(account) : (KIND_WORDS[row.kind] ?? ''),
      in_cents: amount > 0 ? amount : null,
      out_cents: amount < 0 ? -amount : null,
      balance_cents: balance,
    };
  });
}

/** What a movement without a category is, in words. */
const KIND_WORDS: Record<string, string> = {
  transfer: 'Transferência entre contas',
  adjustment: 'Ajuste de saldo',
  expense: 'Fatura de cartão de crédito',
};

/** The paper behind a movement: the receipt's number, or the record it comes from. */
function documentOf(row: {
  id: number;
  kind: string;
  income_id: number | null;
  expense_id: number | null;
  receipt_number: number | null;
  receipt_year: number | null;
}): string {
  if (row.receipt_number !== null) return `Recibo ${row.receipt_number}/${row.receipt_year}`;
  if (row.income_id !== null) return `Receita nº ${row.income_id}`;
  if (row.expense_id !== null) return `Despesa nº ${row.expense_id}`;
  return `Lançamento nº ${row.id}`;
}

/**
 * The book's figures: the account, the opening balance, the period's entradas, saídas, sum and
 * count (the monthly pack prints them for every account, its lines up to a bound).
 */
export async function bookOf(context: ReportContext, filter: CashBookFilter) {
  const account = await accountOf(context, filter);
  const [opening, totals] = await Promise.all([
    cashBefore(context, [account], filter.from),
    periodTotals(context.db, filter),
  ]);
  return { account, opening, ...totals };
}

const edge = (
  style: 'opening' | 'closing',
  date: string,
  balance: number,
  description: string,
): CashBookRow => ({
  id: style === 'opening' ? 0 : -1,
  style,
  date,
  description,
  document: '',
  category: '',
  in_cents: null,
  out_cents: null,
  balance_cents: balance,
});

/**
 * The book's rows from `offset` (0: the opening line; 1..count: the movements; count + 1: the
 * closing line), at most `limit` of them.
 */
async function rowsFrom(
  context: ReportContext,
  filter: CashBookFilter,
  book: Awaited<ReturnType<typeof bookOf>>,
  offset: number,
  limit: number,
): Promise<CashBookRow[]> {
  const rows: CashBookRow[] = [];
  if (offset === 0 && limit > 0) {
    rows.push(edge('opening', filter.from, book.opening, 'Saldo anterior'));
  }
  const first = Math.max(offset - 1, 0);
  const wanted = Math.min(limit - rows.length, book.count - first);
  const before = book.opening + (await sumOfFirst(context.db, filter, first));
  rows.push(...(await movementRows(context.db, filter, first, wanted, before)));
  if (offset + limit > book.count + 1 && offset <= book.count + 1) {
    rows.push(edge('closing', filter.to, book.opening + book.total, 'Saldo final'));
  }
  return rows;
}

const BATCH = 1_000;

export const cashBookReport: ReportDefinition<CashBookFilter, CashBookRow> = {
  key: 'cash_book',
  filename: (filter) => `livro-caixa-conta-${filter.account_id}-${filter.from}-a-${filter.to}`,
  plainFilters: [...STATEMENT_PARAMETERS, 'account_id'],
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['account_id', 'from', 'to']);
    const account = raw.account_id;
    if (account === undefined || account === null || account === '') {
      throw badRequest('Escolha a conta bancária ou o caixa do livro (filtro account_id).');
    }
    const account_id = recordIdOf(account);
    if (account_id === null)
      throw badRequest('Filtro account_id inválido: use o número de uma conta.');
    return { account_id, ...periodFilter(raw, today) };
  },
  async page(context, filter, range) {
    const book = await bookOf(context, filter);
    return {
      rows: await rowsFrom(context, filter, book, range.offset, range.limit),
      total: book.count + 2,
    };
  },
  async *batches(context, filter, limit) {
    const book = await bookOf(context, filter);
    const total = Math.min(book.count + 2, limit);
    for (let offset = 0; offset < total; offset += BATCH) {
      yield await rowsFrom(context, filter, book, offset, Math.min(BATCH, total - offset));
    }
  },
  columns: [
    { header: 'Data', value: (row) => formatDate(row.date), pdfWidth: 1.1 },
    { header: 'Histórico', value: (row) => row.description, pdfWidth: 3.6 },
    { header: 'Documento', value: (row) => row.document, pdfWidth: 1.5 },
    { header: 'Conta', value: (row) => row.category, pdfWidth: 2.2 },
    moneyColumn('Entrada', (row) => row.in_cents),
    moneyColumn('Saída', (row) => row.out_cents),
    moneyColumn('Saldo', (row) => row.balance_cents),
    basisColumn('cash'),
  ],
  title: () => 'Livro caixa',
  async describe(context, filter) {
    const account = await accountOf(context, filter);
    return `Conta: ${account.name}.`;
  },
  subtitle: (filter) =>
    `Período ${periodText(filter)}. ${BASIS.cash} Saldo anterior: o da conta no início do período; cada linha mostra o saldo depois do movimento.`,
  empty: 'Nenhum movimento.',
  layout: 'landscape',
  strong: (row) => row.style !== 'movement',
};
