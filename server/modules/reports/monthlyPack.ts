// The monthly pack (prestação de contas do mês, issue 27): what the treasurer presents to the
// conselho fiscal and the assembly for one month and one scope (a congregation, a sede with the
// congregations below it, or the user's whole view): the cover with the state of the month, the
// DRP, the balancete, the DFC, the livro caixa of each account, the restricted funds, the
// repasses, orçado × realizado (the month and the year to date), the payables open at the month's
// end, the expenses without a comprovante, and the parecer with the signature lines.
// Each statement's rows are its report's own (the same definition, filter and scope), so the pack
// equals the reports by construction.
//
// The livros caixa are bounded: every account's summary (saldo anterior, entradas, saídas, saldo
// final) always; its movements when it has at most BOOK_LINES in the month and the pack's printed
// movements stay within PDF_LIMIT (the bound of every report's PDF); otherwise a note sends the
// reader to the livro caixa's CSV. The two lists stop at LIST_LIMIT rows, their totals always whole.
import { monthName } from '../../../domain/calendar.js';
import { MONTH_PATTERN, monthLabel } from '../../../domain/finance/periods.js';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/formats.js';
import { daysBetween, lastDayOf } from '../../../domain/reports.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { OUTSIDE_READ, type Scope, inScope } from '../../http/scope.js';
import { invalid, notFound } from '../../plugins/errors.js';
import {
  type PackCover,
  type PackOpinion,
  type PackTable,
  type PrintedRow,
  OPINION,
  monthlyPackPdf,
} from '../../pdf/monthlyPack.js';
import type { PdfColumn } from '../../pdf/report.js';
import { payableIn, scoped, withCongregationNames } from '../finance/index.js';
import { budgetReport } from './budget.js';
import { bookOf, cashBookReport } from './cashBook.js';
import { cashFlowReport, reportAccounts } from './cashFlow.js';
import { congregationsInView } from './congregations.js';
import { congregationFilter, subtreeFilter } from '../../http/congregationScope.js';
import { fundsReport } from './funds.js';
import { repassesReport } from './repasses.js';
import {
  PDF_LIMIT,
  assertKnownFilters,
  type ReportContext,
  type ReportDefinition,
  collect,
  pdfColumns,
  scopeText,
} from './report.js';
import { statementOfActivitiesReport } from './statementOfActivities.js';
import { TOTAL_LABEL } from './congregationTable.js';
import { trialBalanceReport } from './trialBalance.js';

/** An account's movements the pack prints at most; a longer book goes to the CSV. */
export const BOOK_LINES = 500;
/** Rows of each list (open payables, expenses without a comprovante) the pack prints at most. */
export const LIST_LIMIT = 500;

/** One section: its rows as the API answers them (format=json) and as the PDF prints them. */
export interface PackSection {
  key: string;
  title: string;
  rows: unknown[];
  /** A section's own figures (a list's count and total, a book's summary). */
  figures?: Record<string, unknown>;
  table: PackTable;
}

interface SectionSpec<Row> {
  key: string;
  title: string;
  subtitle: string;
  layout?: 'portrait' | 'landscape';
  columns: PdfColumn<Row>[];
  rows: Row[];
  empty: string;
  strong?(row: Row): boolean;
  /** Printed after the rows (a list's totals), not in the JSON rows. */
  totals?: string[];
  figures?: Record<string, unknown>;
  note?: string;
  follows?: boolean;
}

function section<Row>(spec: SectionSpec<Row>): PackSection {
  const printed: PrintedRow[] = spec.rows.map((row) => ({
    cells: spec.columns.map((column) => column.value(row)),
    strong: spec.strong?.(row) ?? false,
  }));
  if (spec.totals) printed.push({ cells: spec.totals, strong: true });
  return {
    key: spec.key,
    title: spec.title,
    rows: spec.rows,
    figures: spec.figures,
    table: {
      key: spec.key,
      title: spec.title,
      subtitle: spec.subtitle,
      layout: spec.layout ?? 'portrait',
      columns: spec.columns.map(({ header, width, align }) => ({ header, width, align })),
      rows: printed,
      empty: spec.empty,
      note: spec.note,
      follows: spec.follows,
    },
  };
}

/** A report of the month as a section: the report's rows, columns, title and subtitle. */
async function fromReport<Filter, Row>(
  context: ReportContext,
  report: ReportDefinition<Filter, Row>,
  filter: Filter,
  options: { key?: string; follows?: boolean; layout?: 'portrait' | 'landscape' } = {},
): Promise<PackSection> {
  const rows = await collect(report.batches(context, filter, PDF_LIMIT));
  const described = await report.describe?.(context, filter);
  return section({
    key: options.key ?? report.key,
    title: report.title(filter),
    subtitle: [described, report.subtitle(filter, context.today)].filter(Boolean).join(' '),
    layout: options.layout ?? report.layout,
    columns: pdfColumns(report, filter, context.today),
    rows,
    empty: report.empty,
    strong: report.strong,
    follows: options.follows,
  });
}

const money = (header: string, width = 1.6) => ({ header, width, align: 'right' as const });

/** The bank accounts and caixas of the pack with each one's book of the month, summed. */
async function cashBooks(context: ReportContext, month: string) {
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const accounts = await withCongregationNames(context.db, await reportAccounts(context, to));
  // In the order of every breakdown: the sede first, then the congregations by name.
  const order = new Map(
    (await congregationsInView(context.db, context.scope)).map((row, index) => [row.id, index]),
  );
  accounts.sort(
    (a, b) =>
      (order.get(a.congregation_id) ?? 0) - (order.get(b.congregation_id) ?? 0) ||
      a.name.localeCompare(b.name, 'pt-BR') ||
      a.id - b.id,
  );
  // A few accounts at a time (PostgreSQL answers them side by side), in order.
  const figures: Array<Awaited<ReturnType<typeof bookOf>>> = [];
  for (let start = 0; start < accounts.length; start += BOOKS_AT_ONCE) {
    figures.push(
      ...(await Promise.all(
        accounts
          .slice(start, start + BOOKS_AT_ONCE)
          .map((account) => bookOf(context, { account_id: account.id, from, to })),
      )),
    );
  }
  let printed = 0;
  return accounts.map((account, index) => {
    const book = figures[index];
    const listed = book.count <= BOOK_LINES && printed + book.count <= PDF_LIMIT;
    if (listed) printed += book.count;
    return {
      account_id: account.id,
      name: account.name,
      congregation_name: account.congregation_name ?? '',
      opening_cents: book.opening,
      in_cents: book.inflow,
      out_cents: book.outflow,
      closing_cents: book.opening + book.total,
      count: book.count,
      listed,
    };
  });
}

/** The accounts whose month the pack reads at once. */
const BOOKS_AT_ONCE = 8;

type Book = Awaited<ReturnType<typeof cashBooks>>[number];

function booksSummary(books: Book[], month: string): PackSection {
  const sum = (field: 'opening_cents' | 'in_cents' | 'out_cents' | 'closing_cents') =>
    books.reduce((total, book) => total + book[field], 0);
  const left = books.filter((book) => !book.listed);
  return section<Book>({
    key: 'cash_books',
    title: 'Livros caixa: resumo das contas',
    subtitle:
      `Mês ${monthLabel(month)}. Regime de caixa: cada valor na data em que o dinheiro entrou ou ` +
      'saiu da conta. Cada conta bancária e caixa das congregações desta prestação de contas, ' +
      'com o saldo no início do mês, as entradas, as saídas e o saldo no fim do mês. As ' +
      'entradas e saídas incluem as transferências entre as próprias contas, que o fluxo de ' +
      'caixa deixa de fora.',
    layout: 'landscape',
    columns: [
      { header: 'Conta', width: 3, value: (book) => book.name },
      { header: 'Congregação', width: 2.6, value: (book) => book.congregation_name },
      { ...money('Saldo anterior'), value: (book) => formatMoney(book.opening_cents) },
      { ...money('Entradas'), value: (book) => formatMoney(book.in_cents) },
      { ...money('Saídas'), value: (book) => formatMoney(book.out_cents) },
      { ...money('Saldo final'), value: (book) => formatMoney(book.closing_cents) },
      { header: 'Movimentos', width: 1.1, align: 'right', value: (book) => String(book.count) },
    ],
    rows: books,
    empty: 'Nenhuma conta bancária ou caixa.',
    totals: [
      TOTAL_LABEL,
      '',
      formatMoney(sum('opening_cents')),
      formatMoney(sum('in_cents')),
      formatMoney(sum('out_cents')),
      formatMoney(sum('closing_cents')),
      String(books.reduce((total, book) => total + book.count, 0)),
    ],
    figures: {
      opening_cents: sum('opening_cents'),
      in_cents: sum('in_cents'),
      out_cents: sum('out_cents'),
      closing_cents: sum('closing_cents'),
    },
    note:
      left.length === 0
        ? undefined
        : `Movimentos não impressos (mais de ${BOOK_LINES.toLocaleString('pt-BR')} no mês numa ` +
          `conta, ou mais de ${PDF_LIMIT.toLocaleString('pt-BR')} no total): ` +
          `${left.map((book) => book.name).join(', ')}. O livro completo de cada uma está no ` +
          'CSV do livro caixa (Financeiro › Livro caixa › Planilha).',
  });
}

/** The payables due by the month's last day and not paid by then. */
async function openPayables({ db, scope }: ReportContext, month: string) {
  const end = lastDayOf(month);
  const open = scoped(
    db
      .selectFrom('accounts_payable')
      .where('accounts_payable.due_date', '<=', end)
      .where((eb) =>
        eb.or([
          eb('accounts_payable.status', '=', 'pending'),
          eb('accounts_payable.paid_on', '>', end),
        ]),
      ),
    scope,
    payableIn,
  );
  const [totals, rows] = await Promise.all([
    open
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('accounts_payable.amount_cents'), eb.lit(0)).as('total'),
      ])
      .executeTakeFirstOrThrow(),
    open
      .leftJoin('vendors', 'vendors.id', 'accounts_payable.vendor_id')
      .select([
        'accounts_payable.id',
        'accounts_payable.congregation_id',
        'accounts_payable.description',
        'accounts_payable.due_date',
        'accounts_payable.amount_cents',
        'vendors.name as vendor_name',
      ])
      .orderBy('accounts_payable.due_date')
      .orderBy('accounts_payable.id')
      .limit(LIST_LIMIT)
      .execute(),
  ]);
  const named = await withCongregationNames(db, rows);
  return {
    count: Number(totals.count),
    total_cents: Number(totals.total),
    rows: named.map((row) => ({
      id: row.id,
      description: row.description,
      vendor_name: row.vendor_name ?? '',
      congregation_name: row.congregation_name ?? '',
      due_date: String(row.due_date).slice(0, 10),
      days_overdue: Math.max(daysBetween(String(row.due_date).slice(0, 10), end), 0),
      amount_cents: Number(row.amount_cents),
    })),
  };
}

/** A list the pack prints up to LIST_LIMIT rows of, with its count and total always whole. */
interface CappedList<Row> {
  count: number;
  total_cents: number;
  rows: Row[];
}

/**
 * A capped list's totals row (the count under the first column, the total under the last of
 * `columns`), its figures and, when it was cut, where the whole list is.
 */
function listParts<Row>(list: CappedList<Row>, columns: number, where: string) {
  return {
    totals:
      list.count === 0
        ? undefined
        : [
            `${TOTAL_LABEL} (${list.count})`,
            ...Array<string>(columns - 2).fill(''),
            formatMoney(list.total_cents),
          ],
    figures: { count: list.count, total_cents: list.total_cents },
    note:
      list.count > list.rows.length
        ? `A lista mostra as primeiras ${list.rows.length.toLocaleString('pt-BR')} de ` +
          `${list.count.toLocaleString('pt-BR')}; o total acima soma todas. A lista completa está em ${where}.`
        : undefined,
  };
}

function payablesSection(payables: Awaited<ReturnType<typeof openPayables>>, month: string) {
  type Row = (typeof payables.rows)[number];
  return section<Row>({
    follows: true,
    key: 'open_payables',
    title: 'Contas a pagar em aberto no fim do mês',
    subtitle:
      `Parcelas e faturas com vencimento até ${formatDate(lastDayOf(month))} que não estavam ` +
      'pagas nesse dia, com os dias de atraso contados até o fim do mês.',
    layout: 'landscape',
    columns: [
      { header: 'Vencimento', width: 1.1, value: (row) => formatDate(row.due_date) },
      { header: 'Descrição', width: 3.6, value: (row) => row.description },
      { header: 'Fornecedor', width: 2.2, value: (row) => row.vendor_name },
      { header: 'Congregação', width: 2.2, value: (row) => row.congregation_name },
      {
        header: 'Dias em atraso',
        width: 1.1,
        align: 'right',
        value: (row) => String(row.days_overdue),
      },
      { ...money('Valor'), value: (row) => formatMoney(row.amount_cents) },
    ],
    rows: payables.rows,
    empty: 'Nenhuma conta a pagar em aberto no fim do mês.',
    ...listParts(payables, 6, 'Financeiro › Contas a pagar'),
  });
}

/**
 * The month's expenses without a comprovante attached: those incurred in the month (their whole
 * amount), and those paid in it — at once (the whole amount) or by instalments (the instalments
 * paid in it) — with no receipt file.
 */
async function withoutReceipt({ db, scope }: ReportContext, month: string) {
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const expenses = () =>
    inScope(
      db
        .selectFrom('expenses')
        .leftJoin('receipts', 'receipts.expense_id', 'expenses.id')
        .leftJoin('vendors', 'vendors.id', 'expenses.vendor_id')
        .where('receipts.expense_id', 'is', null)
        .select([
          'expenses.id',
          'expenses.congregation_id',
          'expenses.description',
          'expenses.date',
          'expenses.paid_on',
          'expenses.amount_cents',
          'vendors.name as vendor_name',
        ]),
      'expenses.congregation_id',
      scope,
    );
  const [incurred, paid] = await Promise.all([
    expenses().where('expenses.date', '>=', from).where('expenses.date', '<=', to).execute(),
    expenses()
      .where((eb) =>
        eb.or([
          eb.and([eb('expenses.paid_on', '>=', from), eb('expenses.paid_on', '<=', to)]),
          eb(
            'expenses.id',
            'in',
            eb
              .selectFrom('accounts_payable')
              .select('accounts_payable.expense_id')
              .where('accounts_payable.paid_on', '>=', from)
              .where('accounts_payable.paid_on', '<=', to)
              .where('accounts_payable.expense_id', 'is not', null)
              .$narrowType<{ expense_id: number }>(),
          ),
        ]),
      )
      .where((eb) => eb.or([eb('expenses.date', '<', from), eb('expenses.date', '>', to)]))
      .execute(),
  ]);
  const day = (value: unknown) => (value === null ? null : String(value).slice(0, 10));
  const paidOn = (row: (typeof paid)[number]) => day(row.paid_on);
  const paidAtOnce = (row: (typeof paid)[number]) => {
    const on = paidOn(row);
    return on !== null && on >= from && on <= to;
  };
  // An expense made in another month is the month's by the instalments paid in it: their sum.
  const byInstalment = paid.filter((row) => !paidAtOnce(row)).map((row) => row.id);
  const instalments =
    byInstalment.length === 0
      ? []
      : await db
          .selectFrom('accounts_payable')
          .select(['expense_id', 'installment', 'installments', 'amount_cents'])
          .where('expense_id', 'in', byInstalment)
          .where('paid_on', '>=', from)
          .where('paid_on', '<=', to)
          .orderBy('installment')
          .execute();
  const instalmentsOf = (id: number) => {
    const own = instalments.filter((row) => row.expense_id === id);
    const numbers = own.map((row) => row.installment ?? 1);
    const of = own[0]?.installments ?? 1;
    return {
      amount_cents: own.reduce((sum, row) => sum + Number(row.amount_cents), 0),
      reason:
        numbers.length === 1
          ? `Parcela ${numbers[0]} de ${of} paga no mês`
          : `Parcelas ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)} de ${of} pagas no mês`,
    };
  };
  const all = [
    ...incurred.map((row) => ({ ...row, reason: 'Feita no mês' })),
    ...paid.map((row) =>
      paidAtOnce(row)
        ? { ...row, reason: `Paga em ${formatDate(paidOn(row)!)}` }
        : { ...row, ...instalmentsOf(row.id) },
    ),
  ]
    .map((row) => ({ ...row, date: String(row.date).slice(0, 10) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const named = await withCongregationNames(db, all.slice(0, LIST_LIMIT));
  return {
    count: all.length,
    total_cents: all.reduce((total, row) => total + Number(row.amount_cents), 0),
    rows: named.map((row) => ({
      id: row.id,
      date: row.date,
      description: row.description,
      vendor_name: row.vendor_name ?? '',
      congregation_name: row.congregation_name ?? '',
      paid_on: day(row.paid_on),
      /** Why it is the month's: incurred in it, paid in it, or instalments paid in it. */
      reason: row.reason,
      amount_cents: Number(row.amount_cents),
    })),
  };
}

function receiptsSection(missing: Awaited<ReturnType<typeof withoutReceipt>>) {
  type Row = (typeof missing.rows)[number];
  return section<Row>({
    follows: true,
    key: 'without_receipt',
    title: 'Despesas sem comprovante',
    subtitle:
      'Despesas feitas ou pagas no mês sem o comprovante (nota fiscal, recibo) anexado no ' +
      'sistema. Anexe-o na despesa ou explique a falta ao conselho fiscal.',
    layout: 'landscape',
    columns: [
      { header: 'Data', width: 1.1, value: (row) => formatDate(row.date) },
      { header: 'Despesa nº', width: 1, value: (row) => String(row.id) },
      { header: 'Descrição', width: 3, value: (row) => row.description },
      { header: 'Fornecedor', width: 2.2, value: (row) => row.vendor_name },
      { header: 'Congregação', width: 2, value: (row) => row.congregation_name },
      { header: 'No mês', width: 1.8, value: (row) => row.reason },
      { ...money('Valor'), value: (row) => formatMoney(row.amount_cents) },
    ],
    rows: missing.rows,
    empty: 'Todas as despesas do mês têm comprovante.',
    ...listParts(missing, 7, 'Financeiro › Despesas'),
  });
}

/** The month's close and reopens, oldest first, in words; "Aberto" when never closed. */
async function monthState({ db }: ReportContext, month: string) {
  const [period, events] = await Promise.all([
    db.selectFrom('finance_periods').selectAll().where('month', '=', month).executeTakeFirst(),
    db
      .selectFrom('finance_period_events')
      .selectAll()
      .where('month', '=', month)
      .orderBy('id')
      .execute(),
  ]);
  const who = (name: string | null) => name ?? 'um administrador';
  const lines = events.map((event) =>
    event.action === 'close'
      ? `Fechado em ${formatDateTime(event.at)} por ${who(event.user_name)}, com a aprovação do ` +
        `conselho fiscal em ${formatDate(event.approved_on)} (${event.approvers ?? ''}).`
      : `Reaberto em ${formatDateTime(event.at)} por ${who(event.user_name)}, motivo: ${event.reason ?? ''}`,
  );
  const status = period?.status ?? 'open';
  const now =
    status === 'closed'
      ? 'Situação: fechado.'
      : status === 'reopened'
        ? 'Situação: reaberto — os lançamentos do mês podem ter mudado desde a aprovação.'
        : 'Situação: aberto — o mês ainda não foi fechado com a aprovação do conselho fiscal.';
  return { status, period, lines: [now, ...lines] };
}

/** The conselho fiscal's members named in the close ("Ana, Bruno e Carla"), one per line. */
function approverNames(approvers: string | null | undefined): string[] {
  return (approvers ?? '')
    .split(/\s*(?:,|;|\n|\se\s)\s*/)
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, 6);
}

/** The congregations of the pack, in words, for the cover. */
async function scopeWords(
  context: ReportContext,
  requested: number[] | undefined,
  subtree: boolean,
): Promise<string> {
  if (requested === undefined) {
    if (context.scope === null) return 'Abrangência: toda a igreja (consolidado).';
    return `Abrangência: ${(await scopeText(context)).replace(/^Congrega\S+: /, '')}`;
  }
  const named = (await congregationsInView(context.db, requested)).map((row) => row.name);
  const count = context.scope?.length ?? 0;
  return subtree
    ? `Abrangência: ${named.join(', ')}, com as congregações abaixo dela (${count} ${count === 1 ? 'congregação' : 'congregações'}).`
    : `Abrangência: ${named.join(', ')}.`;
}

/** "1 conta", "12 contas". */
const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

/** A statement line's amount by its label (the DRP's and the DFC's totals). */
function amountOf(rows: unknown[], label: RegExp, field: string): number | undefined {
  const row = (rows as Array<Record<string, unknown>>).find((line) =>
    label.test(String(line.label)),
  );
  return row === undefined ? undefined : Number(row[field]);
}

/**
 * The pack's parameters: `month` (AAAA-MM, required), `format` (pdf or json) and the reports'
 * congregation filter. A congregation outside the user's view is not his to print: 404, as a
 * record outside it.
 */
export async function packRequest(
  db: Kysely<Database>,
  view: Scope,
  query: Record<string, string | undefined>,
): Promise<MonthlyPackRequest & { format: 'pdf' | 'json' }> {
  // As every report: a parameter it does not know is a 400, not silently a pack of something else.
  assertKnownFilters(query, ['month', 'format', 'congregation_id', 'include_subtree']);
  const month = query.month ?? '';
  if (!MONTH_PATTERN.test(month)) {
    throw invalid({ month: 'Informe o mês da prestação de contas como AAAA-MM (ex.: 2026-10).' });
  }
  const format = query.format ?? 'pdf';
  if (format !== 'pdf' && format !== 'json') {
    throw invalid({ format: 'Formato inválido: use pdf ou json.' });
  }
  const requested = congregationFilter(query.congregation_id);
  if (requested !== undefined) {
    const found = await db
      .selectFrom('congregations')
      .select('id')
      .where('id', 'in', requested)
      .execute();
    if (found.length < requested.length) throw notFound('Congregação não encontrada.');
    if (view !== null && requested.some((id) => !view.includes(id))) throw notFound(OUTSIDE_READ);
  }
  return { month, format, requested, subtree: subtreeFilter(query.include_subtree) };
}

export interface MonthlyPackRequest {
  month: string;
  /** The congregation filter as given (undefined: the whole view). */
  requested?: number[];
  subtree: boolean;
}

/**
 * The pack of `month` for the report context's scope: the cover, the sections in order (the
 * livros caixa read as they are printed) and the parecer.
 */
export async function monthlyPack(context: ReportContext, request: MonthlyPackRequest) {
  const { month } = request;
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const church = await context.db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const activities = await fromReport(context, statementOfActivitiesReport, { from, to });
  const balance = await fromReport(context, trialBalanceReport, { month });
  const flow = await fromReport(context, cashFlowReport, { from, to }, { follows: true });
  const books = await cashBooks(context, month);
  // The short sections share landscape pages, one after another.
  const funds = await fromReport(context, fundsReport, { from, to }, { layout: 'landscape' });
  const repasses = await fromReport(context, repassesReport, { month }, { follows: true });
  const budgetMonth = await fromReport(
    context,
    budgetReport,
    { year, month: monthNumber },
    { key: 'budget_month', follows: true },
  );
  const budgetYear = await fromReport(
    context,
    budgetReport,
    { year, month: monthNumber, year_to_date: true },
    { key: 'budget_year_to_date', follows: true },
  );
  const payables = await openPayables(context, month);
  const missing = await withoutReceipt(context, month);
  const state = await monthState(context, month);

  const head = [activities, balance, flow, booksSummary(books, month)];
  // The repasses are the sede's: shown when a congregation of the pack sends its share to one.
  const tail = [
    funds,
    ...(repasses.rows.length > 1 ? [repasses] : []),
    budgetMonth,
    budgetYear,
    payablesSection(payables, month),
    receiptsSection(missing),
  ];
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents));
  const title = `Prestação de contas de ${monthName(month)}`;
  const cover: PackCover = {
    title,
    scope: await scopeWords(context, request.requested, request.subtree),
    state: state.lines,
    figures: [
      [
        'Receitas do mês (competência)',
        money(amountOf(activities.rows, /^Total das receitas$/, 'current_cents')),
      ],
      [
        'Despesas do mês (competência, pagas ou não)',
        money(amountOf(activities.rows, /^Total das despesas$/, 'current_cents')),
      ],
      [
        'Superávit (déficit) do mês',
        money(amountOf(activities.rows, /^Superávit \(déficit\) do período$/, 'current_cents')),
      ],
      [
        'Dinheiro em caixa e bancos no início do mês',
        money(amountOf(flow.rows, /^Saldo inicial de caixa/, 'amount_cents')),
      ],
      [
        'Dinheiro em caixa e bancos no fim do mês',
        money(amountOf(flow.rows, /^Saldo final de caixa/, 'amount_cents')),
      ],
      [
        `Contas a pagar em aberto no fim do mês: ${counted(payables.count, 'conta', 'contas')}`,
        money(payables.total_cents),
      ],
      [
        `Despesas sem comprovante: ${counted(missing.count, 'despesa', 'despesas')}`,
        money(missing.total_cents),
      ],
    ],
    contents: [
      ...head,
      ...(books.some((book) => book.listed)
        ? [{ key: 'cash_book', title: 'Livro caixa de cada conta' }]
        : []),
      ...tail,
      { key: OPINION, title: 'Parecer do conselho fiscal e assinaturas' },
    ].map(({ key, title }) => ({ key, title })),
  };
  const closed = state.status === 'closed' ? state.period : undefined;
  const members = approverNames(closed?.approvers);
  const opinion: PackOpinion = {
    opinion: closed?.opinion ?? null,
    approval: closed
      ? `Aprovado pelo conselho fiscal em ${formatDate(closed.approved_on)}.`
      : 'Aprovado pelo conselho fiscal em ____/____/________.',
    signers: [
      { name: church.treasurer_name, role: 'Tesoureiro(a)' },
      { name: church.pastor_name, role: 'Pastor(a)' },
      ...(members.length > 0 ? members : ['', '', '']).map((name) => ({
        name: name || null,
        role: 'Conselho fiscal',
      })),
    ],
  };

  /** Each listed account's livro caixa, read when its turn comes. */
  async function* bookSections(): AsyncGenerator<PackSection> {
    let first = true;
    for (const book of books.filter((item) => item.listed)) {
      const part = await fromReport(
        context,
        cashBookReport,
        { account_id: book.account_id, from, to },
        { key: 'cash_book', follows: !first },
      );
      part.table.title = `Livro caixa: ${book.name} (${book.congregation_name})`;
      part.figures = { account_id: book.account_id };
      first = false;
      yield part;
    }
  }
  async function* sections(): AsyncGenerator<PackSection> {
    yield* head;
    yield* bookSections();
    yield* tail;
  }
  return { church, month, cover, state: state.status, books, sections, opinion };
}

/** The pack as the API's JSON: every section's rows and figures (the livros caixa included). */
export async function monthlyPackJson(pack: Awaited<ReturnType<typeof monthlyPack>>) {
  const sections = [];
  for await (const part of pack.sections()) {
    sections.push({
      key: part.key,
      title: part.table.title,
      rows: part.rows,
      figures: part.figures,
    });
  }
  return {
    month: pack.month,
    title: pack.cover.title,
    scope: pack.cover.scope,
    state: pack.state,
    state_lines: pack.cover.state,
    sections,
    opinion: pack.opinion,
  };
}

/** The pack as one PDF, streamed (its sections' rows read first: they are bounded). */
export async function monthlyPackDocument(pack: Awaited<ReturnType<typeof monthlyPack>>) {
  const sections: PackTable[] = [];
  for await (const part of pack.sections()) sections.push(part.table);
  return monthlyPackPdf({
    church: pack.church,
    cover: pack.cover,
    sections,
    opinion: pack.opinion,
  });
}
