// The books as journal entries (issue 27): the money facts of a period — bank movements,
// expenses incurred, opening balances — read month by month (one month in memory at a time, so
// ten years stream), each through the one double-entry mapping (domain/finance/doubleEntry.ts).
// Every query goes through the congregation scope: a cash movement belongs to its bank
// account's congregation, an expense to its own.
import { sql } from 'kysely';
import { addMonths, monthRange } from '../../../domain/finance/installments.js';
import { lastDayOf } from '../../../domain/reports.js';
import {
  type JournalEntry,
  type LedgerAccounts,
  type MoneyFact,
  type MovementFact,
  journalEntries,
} from '../../../domain/finance/doubleEntry.js';
import { type Scope, inScope } from '../../http/scope.js';
import type { Db } from './types.js';

/** The accounts the mapping finds by role, and each bank account's own (migration 0043). */
export async function ledgerAccounts(db: Db): Promise<LedgerAccounts> {
  const roles = new Map(
    (
      await db
        .selectFrom('finance_categories')
        .select(['id', 'role'])
        .where('role', 'is not', null)
        .execute()
    ).map((row) => [row.role!, row.id]),
  );
  const banks = new Map(
    (await db.selectFrom('bank_accounts').select(['id', 'ledger_account_id']).execute()).map(
      (row) => [row.id, row.ledger_account_id],
    ),
  );
  const role = (name: string) => {
    const id = roles.get(name);
    if (id === undefined) throw new Error(`O plano de contas não tem a conta de papel ${name}.`);
    return id;
  };
  return {
    bank(id) {
      const ledger = banks.get(id);
      if (!ledger) throw new Error(`A conta bancária ${id} não tem conta contábil.`);
      return ledger;
    },
    payables: role('payables'),
    cards: role('cards'),
    equity: role('equity'),
    transit: role('transit'),
  };
}

/** The bank movements with what the mapping reads beside them: the account's congregation, the
 * transfer's other side, the payable paid (a card's invoice or a bill). The payable's kind is
 * looked up per movement: joined, PostgreSQL hashed every payable of ten years for a month. */
const withSides = (db: Db) =>
  db
    .selectFrom('transactions as t')
    .innerJoin('bank_accounts as b', 'b.id', 't.bank_account_id')
    .leftJoin('transactions as l', 'l.id', 't.linked_id')
    .leftJoin('bank_accounts as lb', 'lb.id', 'l.bank_account_id')
    .select((eb) => [
      't.kind',
      't.bank_account_id',
      't.category_id',
      'b.congregation_id',
      eb
        .selectFrom('accounts_payable as p')
        .select('p.kind')
        .whereRef('p.id', '=', 't.payable_id')
        .as('payable_kind'),
      'l.bank_account_id as linked_account',
      'lb.congregation_id as linked_congregation',
    ]);

/** A bank movement (or a sum of like ones) read with its sides, as the mapping's fact. */
function movementFact(
  row: {
    kind: string;
    bank_account_id: number;
    category_id: number | null;
    congregation_id: unknown;
    payable_kind: string | null;
    linked_account: number | null;
    linked_congregation: unknown;
  },
  date: string,
  description: string,
  amount: unknown,
): MovementFact {
  return {
    source: 'movement',
    date,
    description,
    amount_cents: Number(amount),
    kind: row.kind as MovementFact['kind'],
    bank_account_id: row.bank_account_id,
    congregation_id: Number(row.congregation_id),
    category_id: row.category_id,
    invoice: row.payable_kind === 'invoice',
    linked:
      row.linked_account === null
        ? null
        : { bank_account_id: row.linked_account, congregation_id: Number(row.linked_congregation) },
  };
}

/** The facts dated from..to (inclusive), in date order. */
async function factsOf(db: Db, scope: Scope, from: string, to: string): Promise<MoneyFact[]> {
  const [openings, movements, expenses] = await Promise.all([
    inScope(
      db
        .selectFrom('bank_accounts')
        .select(['id', 'name', 'opening_date', 'opening_balance_cents', 'congregation_id'])
        .where('opening_date', '>=', from)
        .where('opening_date', '<=', to),
      'congregation_id',
      scope,
    ).execute(),
    inScope(
      withSides(db)
        .select(['t.id', 't.date', 't.description', 't.amount_cents'])
        .where('t.date', '>=', from)
        .where('t.date', '<=', to),
      'b.congregation_id',
      scope,
    ).execute(),
    inScope(
      db
        .selectFrom('expenses')
        .select([
          'id',
          'date',
          'description',
          'amount_cents',
          'category_id',
          'congregation_id',
          sql<boolean>`credit_card_id is not null`.as('on_card'),
        ])
        .where('date', '>=', from)
        .where('date', '<=', to),
      'congregation_id',
      scope,
    ).execute(),
  ]);
  const facts: Array<MoneyFact & { order: number }> = [
    ...openings.map((row) => ({
      source: 'opening' as const,
      order: row.id,
      date: row.opening_date,
      description: `Saldo inicial – ${row.name}`,
      amount_cents: Number(row.opening_balance_cents),
      bank_account_id: row.id,
      congregation_id: Number(row.congregation_id),
    })),
    ...expenses.map((row) => ({
      source: 'expense' as const,
      order: row.id,
      date: row.date,
      description: row.description,
      amount_cents: Number(row.amount_cents),
      category_id: row.category_id,
      congregation_id: Number(row.congregation_id),
      on_card: Boolean(row.on_card),
    })),
    ...movements.map((row) => ({
      ...movementFact(row, row.date, row.description, row.amount_cents),
      order: row.id,
    })),
  ];
  const rank = { opening: 0, expense: 1, movement: 2 };
  return facts.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      rank[a.source] - rank[b.source] ||
      a.order - b.order,
  );
}

/**
 * The first day of the first month and the last day of the last month with a money fact in the
 * scope, or null when the books are empty: a period asked for (any dates, 1900 to 9999) is read
 * only where there are facts. The months come from the ledger's monthly sums (migration 0047).
 */
async function booksSpan(db: Db, scope: Scope): Promise<{ first: string; last: string } | null> {
  const [opening, movement, expense] = await Promise.all([
    inScope(
      db
        .selectFrom('bank_accounts')
        .select((eb) => [
          eb.fn.min('opening_date').as('first'),
          eb.fn.max('opening_date').as('last'),
        ]),
      'congregation_id',
      scope,
    ).executeTakeFirst(),
    inScope(
      db
        .selectFrom('finance_month_totals as m')
        .innerJoin('bank_accounts as b', 'b.id', 'm.bank_account_id')
        .select((eb) => [eb.fn.min('m.month').as('first'), eb.fn.max('m.month').as('last')])
        .where('m.count', '<>', 0),
      'b.congregation_id',
      scope,
    ).executeTakeFirst(),
    inScope(
      db
        .selectFrom('finance_month_results')
        .select((eb) => [eb.fn.min('month').as('first'), eb.fn.max('month').as('last')])
        .where('source', '=', 'expense')
        .where('count', '<>', 0),
      'congregation_id',
      scope,
    ).executeTakeFirst(),
  ]);
  const present = (day: unknown): day is string | Date => day !== null && day !== undefined;
  const firsts = [
    opening?.first,
    ...[movement?.first, expense?.first].map((month) => (present(month) ? `${month}-01` : null)),
  ]
    .filter(present)
    .map((day) => String(day).slice(0, 10))
    .sort();
  const lasts = [
    opening?.last,
    ...[movement?.last, expense?.last].map((month) =>
      present(month) ? lastDayOf(String(month)) : null,
    ),
  ]
    .filter(present)
    .map((day) => String(day).slice(0, 10))
    .sort();
  return firsts.length === 0 ? null : { first: firsts[0], last: lasts[lasts.length - 1] };
}

/**
 * The journal entries dated from..to, a month per batch, in date order; `from` null: from the
 * first fact of the books.
 */
export async function* journal(
  db: Db,
  scope: Scope,
  from: string | null,
  to: string,
): AsyncGenerator<JournalEntry[]> {
  const books = await booksSpan(db, scope);
  if (books === null) return;
  const start = from === null || from < books.first ? books.first : from;
  const last = to < books.last ? to : books.last;
  if (start > last) return;
  const accounts = await ledgerAccounts(db);
  for (let day = start; day <= last; day = addMonths(monthRange(day).start, 1)) {
    const { end } = monthRange(day);
    const facts = await factsOf(db, scope, day, end < last ? end : last);
    yield facts.flatMap((fact) => journalEntries(fact, accounts));
  }
}

/**
 * Every account's balance before `month` (YYYY-MM; signed: debit balances positive), from the
 * sums by year and by month the ledger keeps (migration 0047): the movements by account, kind, an income's
 * category and a card invoice's payment; the expenses by category and card. Each sum is mapped
 * as one fact, so a month's balancete reads ten years as a few thousand sums, not two million
 * rows. A balance needs no cost centre: the sums are not split by congregation (the scope still
 * picks the rows). A transfer's sum is mapped leg by leg through the transit account: both legs
 * of a transfer share its date, so within one congregation the transit account's two sides cancel
 * and each bank account keeps exactly its own leg, as the journal's one entry gives it.
 * Receitas and despesas of the years before `month`'s are the accumulated result's (`surplus`).
 */
export async function balancesBefore(
  db: Db,
  scope: Scope,
  month: string,
  carry: { surplus: number; isResult(account: number): boolean },
  accounts: LedgerAccounts,
): Promise<Map<number, number>> {
  const start = `${month}-01`;
  const year = month.slice(0, 4);
  // The sums of `span` from `lower` (inclusive; null: the first) to `upper` (exclusive).
  type Bounds = [span: 'year' | 'month', lower: string | null, upper: string];
  // The earlier years' receitas and despesas are the accumulated result's: summed without their
  // account (0) and posted to it straight — the same entries, fewer sums.
  const lumping = carry.surplus > 0;
  const category = (alias: string, lumped: boolean) =>
    lumped
      ? sql<number>`0`.as('category_id')
      : sql<number>`${sql.ref(`${alias}.category_id`)}`.as('category_id');
  const movementsOf = ([span, lower, upper]: Bounds, lumped: boolean) =>
    db
      .selectFrom(`finance_${span}_totals as m` as 'finance_year_totals as m')
      .select([
        'm.kind',
        'm.bank_account_id',
        category('m', lumped),
        'm.invoice',
        (eb) => eb.fn.sum<number>('m.total_cents').as('total'),
      ])
      .$if(scope !== null, (query) =>
        query.where(
          'm.bank_account_id',
          'in',
          inScope(db.selectFrom('bank_accounts').select('id'), 'congregation_id', scope),
        ),
      )
      .$if(lower !== null, (query) => query.where(sql.ref(`m.${span}`), '>=', lower!))
      .where(sql.ref(`m.${span}`), '<', upper)
      .groupBy(['m.kind', 'm.bank_account_id', 'm.invoice'])
      .$if(!lumped, (query) => query.groupBy('m.category_id'))
      .execute();
  const expensesOf = ([span, lower, upper]: Bounds, lumped: boolean) =>
    inScope(
      db
        .selectFrom(`finance_${span}_results as r` as 'finance_year_results as r')
        .select([
          category('r', lumped),
          'r.on_card',
          (eb) => eb.fn.sum<number>('r.total_cents').as('total'),
        ])
        .where('r.source', '=', 'expense')
        .$if(lower !== null, (query) => query.where(sql.ref(`r.${span}`), '>=', lower!))
        .where(sql.ref(`r.${span}`), '<', upper)
        .groupBy('r.on_card')
        .$if(!lumped, (query) => query.groupBy('r.category_id')),
      'r.congregation_id',
      scope,
    ).execute();
  // The years before `month`'s from the sums by year (early: their results are the surplus's);
  // the months of its year before it from the sums by month — or, late in the year, its year's
  // sums less the months from `month` on, the fewer rows.
  const nextYear = String(Number(year) + 1);
  const parts: Array<{ bounds: Bounds; early: boolean; sign: 1 | -1 }> = [
    { bounds: ['year', null, year], early: true, sign: 1 },
    ...(Number(month.slice(5, 7)) <= 6
      ? [{ bounds: ['month', `${year}-01`, month] as Bounds, early: false, sign: 1 as const }]
      : [
          { bounds: ['year', year, nextYear] as Bounds, early: false, sign: 1 as const },
          { bounds: ['month', month, `${nextYear}-01`] as Bounds, early: false, sign: -1 as const },
        ]),
  ];
  const [openings, movementParts, expenseParts] = await Promise.all([
    inScope(
      db
        .selectFrom('bank_accounts')
        .select(['id', 'opening_balance_cents', 'congregation_id'])
        .where('opening_date', '<', start),
      'congregation_id',
      scope,
    ).execute(),
    Promise.all(parts.map((part) => movementsOf(part.bounds, lumping && part.early))),
    Promise.all(parts.map((part) => expensesOf(part.bounds, lumping && part.early))),
  ]);
  const balances = new Map<number, number>();
  const post = (fact: MoneyFact, isEarly: boolean) => {
    for (const entry of journalEntries(fact, accounts)) {
      const debit = isEarly && carry.isResult(entry.debit) ? carry.surplus : entry.debit;
      const credit = isEarly && carry.isResult(entry.credit) ? carry.surplus : entry.credit;
      balances.set(debit, (balances.get(debit) ?? 0) + entry.amount_cents);
      balances.set(credit, (balances.get(credit) ?? 0) - entry.amount_cents);
    }
  };
  // No cost centre (0): a balance does not read it.
  const common = { date: start, description: '' };
  for (const row of openings) {
    post(
      {
        ...common,
        source: 'opening',
        amount_cents: Number(row.opening_balance_cents),
        bank_account_id: row.id,
        congregation_id: Number(row.congregation_id),
      },
      false,
    );
  }
  const dated = <Row>(rows: Row[][]) =>
    rows.flatMap((part, i) => part.map((row) => ({ row, ...parts[i] })));
  for (const { row, early, sign } of dated(expenseParts)) {
    post(
      {
        ...common,
        source: 'expense',
        amount_cents: sign * Number(row.total),
        category_id: lumping && early ? carry.surplus : Number(row.category_id),
        congregation_id: 0,
        on_card: Number(row.on_card) === 1,
      },
      early,
    );
  }
  for (const { row, early, sign } of dated(movementParts)) {
    post(
      {
        ...common,
        source: 'movement',
        amount_cents: sign * Number(row.total),
        kind: row.kind as MovementFact['kind'],
        bank_account_id: row.bank_account_id,
        congregation_id: 0,
        category_id:
          row.kind === 'income' && lumping && early
            ? carry.surplus
            : Number(row.category_id) === 0
              ? null
              : Number(row.category_id),
        invoice: Number(row.invoice) === 1,
        linked: null,
      },
      early,
    );
  }
  return balances;
}

/**
 * Each account's debits and credits in `month` (YYYY-MM), as the journal's entries sum them, from
 * the month's sums the ledger keeps: the movements by account, kind, an income's category, a card
 * invoice's payment, side (so debits and credits are not netted) and a transfer's other leg
 * (migration 0054); the expenses by congregation, category and card (each expense is positive, so
 * a sum of them is one side); the bank accounts opened in the month. Each sum is mapped as one
 * fact: a consolidated month is a few thousand sums, not every movement of the month.
 */
export async function monthTotals(
  db: Db,
  scope: Scope,
  month: string,
  accounts: LedgerAccounts,
): Promise<Map<number, { debit_cents: number; credit_cents: number }>> {
  const { start, end } = monthRange(`${month}-01`);
  const [openings, movements, expenses] = await Promise.all([
    inScope(
      db
        .selectFrom('bank_accounts')
        .select(['id', 'opening_balance_cents', 'congregation_id'])
        .where('opening_date', '>=', start)
        .where('opening_date', '<=', end),
      'congregation_id',
      scope,
    ).execute(),
    inScope(
      db
        .selectFrom('finance_month_totals as m')
        .innerJoin('bank_accounts as b', 'b.id', 'm.bank_account_id')
        .leftJoin('bank_accounts as lb', 'lb.id', 'm.linked_account_id')
        .select([
          'm.kind',
          'm.bank_account_id',
          'm.category_id',
          'm.invoice',
          'm.linked_account_id',
          'm.total_cents',
          'b.congregation_id',
          'lb.congregation_id as linked_congregation',
        ])
        .where('m.month', '=', month)
        .where('m.total_cents', '<>', 0),
      'b.congregation_id',
      scope,
    ).execute(),
    inScope(
      db
        .selectFrom('finance_month_results')
        .select([
          'category_id',
          'congregation_id',
          'on_card',
          (eb) => eb.fn.sum<number>('total_cents').as('total'),
        ])
        .where('month', '=', month)
        .where('source', '=', 'expense')
        .groupBy(['category_id', 'congregation_id', 'on_card']),
      'congregation_id',
      scope,
    ).execute(),
  ]);
  const common = { date: start, description: '' };
  const facts: MoneyFact[] = [
    ...openings.map((row) => ({
      ...common,
      source: 'opening' as const,
      amount_cents: Number(row.opening_balance_cents),
      bank_account_id: row.id,
      congregation_id: Number(row.congregation_id),
    })),
    ...expenses.map((row) => ({
      ...common,
      source: 'expense' as const,
      amount_cents: Number(row.total),
      category_id: row.category_id,
      congregation_id: Number(row.congregation_id),
      on_card: Number(row.on_card) === 1,
    })),
    ...movements.map((row) =>
      movementFact(
        {
          kind: row.kind,
          bank_account_id: row.bank_account_id,
          category_id: Number(row.category_id) === 0 ? null : Number(row.category_id),
          congregation_id: row.congregation_id,
          payable_kind: Number(row.invoice) === 1 ? 'invoice' : null,
          linked_account: Number(row.linked_account_id) === 0 ? null : row.linked_account_id,
          linked_congregation: row.linked_congregation,
        },
        start,
        '',
        row.total_cents,
      ),
    ),
  ];
  const totals = new Map<number, { debit_cents: number; credit_cents: number }>();
  const of = (id: number) =>
    totals.get(id) ?? totals.set(id, { debit_cents: 0, credit_cents: 0 }).get(id)!;
  for (const entry of facts.flatMap((fact) => journalEntries(fact, accounts))) {
    of(entry.debit).debit_cents += entry.amount_cents;
    of(entry.credit).credit_cents += entry.amount_cents;
  }
  return totals;
}
