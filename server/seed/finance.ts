// Ten years of a large church's finance for development and the benchmark: about a million
// transactions (tithes and offerings, bills, instalments, card purchases and invoices,
// transfers), consistent with what the API itself would write: each income has its movement,
// each paid instalment or invoice its payment, and every balance is its opening balance plus
// its movements. Rows go in with batched inserts inside transactions (one prepared statement
// on SQLite, multi-row INSERTs on PostgreSQL).
//
//   import { seedFinance } from './seed/finance.js';
//   await seedFinance(database, { transactions: 1_000_000, years: 10, log: console.log });
import { sql } from 'kysely';
import { todayIso } from '../../domain/dates.js';
import { isValidCnpj, isValidCpf } from '../../domain/taxIds.js';
import { formatDocument } from '../../domain/formats.js';
import {
  addMonths,
  dateWithDay,
  daysInMonth,
  installmentDueDates,
  splitAmount,
} from '../../domain/finance/installments.js';
import { invoiceFor } from '../../domain/finance/invoices.js';
import { monthName } from '../../domain/calendar.js';
import { searchText } from '../../domain/search.js';
import type { AppDatabase } from '../db/index.js';

export interface FinanceSeedOptions {
  /** About how many transactions to write (default 1,000,000). */
  transactions?: number;
  /** How many years back from today (default 10). */
  years?: number;
  /** The same number gives the same data (default 2026). */
  seed?: number;
  /** Deletes the finance records first (categories stay); otherwise refuses when any exist. */
  reset?: boolean;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface FinanceSeedResult {
  transactions: number;
  incomes: number;
  expenses: number;
  payables: number;
  donors: number;
  vendors: number;
  elapsedMs: number;
}

export class FinanceSeedRefused extends Error {}

type Row = Record<string, string | number | boolean | null>;

/** Insertion order: parents before the rows that point at them (foreign keys are on). */
const TABLES = [
  'vendors',
  'donors',
  'bank_accounts',
  'credit_cards',
  'incomes',
  'expenses',
  'accounts_payable',
  'card_charges',
  'transactions',
] as const;
type Table = (typeof TABLES)[number];

const COLUMNS: Record<Table, string[]> = {
  vendors: [
    'id',
    'person_type',
    'name',
    'sort_name',
    'search',
    'document',
    'email',
    'phone',
    'city',
    'state',
    'pix_key',
    'created_at',
    'updated_at',
  ],
  donors: [
    'id',
    'person_type',
    'name',
    'sort_name',
    'search',
    'document',
    'email',
    'phone',
    'city',
    'state',
    'created_at',
    'updated_at',
  ],
  bank_accounts: [
    'id',
    'name',
    'kind',
    'bank',
    'agency',
    'account_number',
    'opening_balance_cents',
    'opening_date',
    'balance_cents',
    'active',
    'created_at',
    'updated_at',
  ],
  credit_cards: [
    'id',
    'name',
    'brand',
    'last_digits',
    'closing_day',
    'due_day',
    'limit_cents',
    'bank_account_id',
    'active',
    'created_at',
    'updated_at',
  ],
  incomes: [
    'id',
    'description',
    'category_id',
    'donor_id',
    'amount_cents',
    'date',
    'bank_account_id',
    'payment_method',
    'created_at',
    'updated_at',
  ],
  expenses: [
    'id',
    'description',
    'search',
    'category_id',
    'vendor_id',
    'amount_cents',
    'date',
    'due_date',
    'installments',
    'bank_account_id',
    'credit_card_id',
    'payment_method',
    'status',
    'paid_on',
    'created_at',
    'updated_at',
  ],
  accounts_payable: [
    'id',
    'kind',
    'expense_id',
    'installment',
    'installments',
    'credit_card_id',
    'closing_date',
    'description',
    'vendor_id',
    'category_id',
    'amount_cents',
    'due_date',
    'status',
    'paid_on',
    'paid_amount_cents',
    'bank_account_id',
    'transaction_id',
    'created_at',
    'updated_at',
  ],
  card_charges: [
    'id',
    'expense_id',
    'credit_card_id',
    'invoice_id',
    'installment',
    'installments',
    'amount_cents',
    'date',
  ],
  transactions: [
    'id',
    'bank_account_id',
    'date',
    'description',
    'amount_cents',
    'kind',
    'category_id',
    'income_id',
    'expense_id',
    'payable_id',
    'linked_id',
    'created_at',
  ],
};

const BATCH = 20_000;
const PG_ROWS_PER_INSERT = 1000;
const number = (value: number) => value.toLocaleString('pt-BR');

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** Money in centavos, skewed like real gifts and bills: many small, a few large. */
    money: (min: number, max: number) => Math.round((min + (max - min) * next() ** 2.2) * 100),
  };
}
type Random = ReturnType<typeof random>;

const digits = (rand: Random, count: number) =>
  Array.from({ length: count }, () => rand.int(0, 9)).join('');

function documentOf(rand: Random, entity: boolean): string {
  const base = entity ? `${digits(rand, 8)}0001` : digits(rand, 9);
  for (let check = 0; check < 100; check++) {
    const candidate = base + String(check).padStart(2, '0');
    if (entity ? isValidCnpj(candidate) : isValidCpf(candidate)) return candidate;
  }
  return entity ? '11222333000181' : '52998224725';
}

const FIRST = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
  'Márcia',
  'Pedro',
  'Raquel',
  'Lucas',
  'Débora',
  'Gabriel',
  'Sara',
  'Mateus',
  'Rute',
  'Davi',
  'Ester',
  'Samuel',
  'Priscila',
  'Elias',
];
const LAST = [
  'da Silva',
  'dos Santos',
  'de Oliveira',
  'de Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Nascimento',
  'Conceição',
  'Moreira',
];
const COMPANIES = [
  'Papelaria',
  'Distribuidora',
  'Materiais de Construção',
  'Elétrica',
  'Gráfica',
  'Supermercado',
  'Som e Luz',
  'Informática',
  'Limpeza',
  'Transportes',
  'Refrigeração',
  'Vidraçaria',
];
const CITIES: Array<[string, string]> = [
  ['São Paulo', 'SP'],
  ['Campinas', 'SP'],
  ['Guarulhos', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
];

const personName = (rand: Random) => `${rand.pick(FIRST)} ${rand.pick(LAST)} ${rand.pick(LAST)}`;

/** Buffers rows per table and writes them in batches, parents first. */
class Writer {
  private readonly buffers = new Map<Table, Row[]>(TABLES.map((table) => [table, []]));
  private buffered = 0;
  readonly counts = new Map<Table, number>(TABLES.map((table) => [table, 0]));

  constructor(private readonly database: AppDatabase) {}

  async add(table: Table, row: Row) {
    this.buffers.get(table)!.push(row);
    this.counts.set(table, this.counts.get(table)! + 1);
    if (++this.buffered >= BATCH) await this.flush();
  }

  async flush() {
    for (const table of TABLES) {
      const rows = this.buffers.get(table)!;
      if (rows.length === 0) continue;
      this.buffers.set(table, []);
      await this.write(table, rows);
    }
    this.buffered = 0;
  }

  private async write(table: Table, rows: Row[]) {
    const columns = COLUMNS[table];
    const raw = this.database.sqlite;
    if (raw) {
      const statement = raw.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      raw.transaction(() => {
        for (const row of rows) {
          statement.run(
            columns.map((column) => {
              const value = row[column] ?? null;
              return typeof value === 'boolean' ? (value ? 1 : 0) : value;
            }),
          );
        }
      })();
      return;
    }
    await this.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += PG_ROWS_PER_INSERT) {
        const chunk = rows
          .slice(i, i + PG_ROWS_PER_INSERT)
          .map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null])));
        await trx
          .insertInto(table as 'transactions')
          .values(chunk as never)
          .execute();
      }
    });
  }
}

async function financeRecordsExist(database: AppDatabase): Promise<boolean> {
  const { db } = database;
  for (const table of [
    'transactions',
    'incomes',
    'expenses',
    'bank_accounts',
    'vendors',
    'donors',
  ] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}

async function resetFinance(database: AppDatabase) {
  const { db } = database;
  await db.transaction().execute(async (trx) => {
    for (const table of [
      'transactions',
      'card_charges',
      'receipts',
      'accounts_payable',
      'expenses',
      'incomes',
      'credit_cards',
      'bank_accounts',
      'donors',
      'vendors',
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    await trx
      .deleteFrom('audit_log')
      .where('resource', 'in', [
        'vendors',
        'donors',
        'finance_categories',
        'bank_accounts',
        'credit_cards',
        'incomes',
        'expenses',
        'accounts_payable',
        'transactions',
      ])
      .execute();
  });
}

async function nextIds(database: AppDatabase) {
  const ids = new Map<Table, number>();
  for (const table of TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    ids.set(table, Number(row?.max ?? 0) + 1);
  }
  return {
    next(table: Table) {
      const id = ids.get(table)!;
      ids.set(table, id + 1);
      return id;
    },
  };
}

/** finance_month_totals from the movements, as the ledger keeps them (see ledger.ts). */
async function monthTotals(database: AppDatabase) {
  const { db } = database;
  const daily = await db
    .selectFrom('transactions')
    .select((eb) => [
      'bank_account_id',
      'date',
      'kind',
      eb.fn.sum<number>('amount_cents').as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['bank_account_id', 'date', 'kind'])
    .execute();
  const months = new Map<
    string,
    { bank_account_id: number; month: string; kind: string; total_cents: number; count: number }
  >();
  for (const day of daily) {
    const key = `${day.bank_account_id}|${String(day.date).slice(0, 7)}|${day.kind}`;
    const entry = months.get(key) ?? {
      bank_account_id: day.bank_account_id,
      month: String(day.date).slice(0, 7),
      kind: day.kind,
      total_cents: 0,
      count: 0,
    };
    entry.total_cents += Number(day.total);
    entry.count += Number(day.count);
    months.set(key, entry);
  }
  const rows = [...months.values()];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('finance_month_totals').execute();
    for (let i = 0; i < rows.length; i += PG_ROWS_PER_INSERT) {
      await trx
        .insertInto('finance_month_totals')
        .values(rows.slice(i, i + PG_ROWS_PER_INSERT))
        .execute();
    }
  });
}

export async function seedFinance(
  database: AppDatabase,
  options: FinanceSeedOptions = {},
): Promise<FinanceSeedResult> {
  const started = Date.now();
  const target = options.transactions ?? 1_000_000;
  const years = options.years ?? 10;
  const log = options.log ?? (() => {});
  const rand = random(options.seed ?? 2026);
  const { db } = database;

  if (options.reset) await resetFinance(database);
  else if (await financeRecordsExist(database)) {
    throw new FinanceSeedRefused(
      'Já há registros financeiros neste banco: use reset para apagá-los antes de gerar outros.',
    );
  }

  const categories = new Map(
    (await db.selectFrom('finance_categories').select(['id', 'name']).execute()).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const category = (name: string) => {
    const id = categories.get(name);
    if (!id) throw new Error(`Categoria ${name} não encontrada: rode as migrações.`);
    return id;
  };

  const ids = await nextIds(database);
  const writer = new Writer(database);
  // SQLite builds an index from sorted data much faster than it updates it row by row.
  const indexes = database.sqlite
    ? (database.sqlite
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${TABLES.map((table) => `'${table}'`).join(', ')})`,
        )
        .all() as Array<{ name: string; sql: string }>)
    : [];
  for (const index of indexes) database.sqlite!.exec(`drop index ${index.name}`);
  const today = todayIso();
  const now = new Date().toISOString();
  const months = years * 12;
  const firstMonth = addMonths(`${today.slice(0, 7)}-01`, -(months - 1));
  const stamp = (date: string) => `${date}T12:00:00.000Z`;

  // Accounts and a card.
  const account = async (name: string, kind: string, bank: string | null, opening: number) => {
    const id = ids.next('bank_accounts');
    await writer.add('bank_accounts', {
      id,
      name,
      kind,
      bank,
      agency: bank ? `${rand.int(1000, 9999)}-${rand.int(0, 9)}` : null,
      account_number: bank ? `${rand.int(10000, 99999)}-${rand.int(0, 9)}` : null,
      opening_balance_cents: opening,
      opening_date: firstMonth,
      balance_cents: opening,
      active: true,
      created_at: now,
      updated_at: now,
    });
    return id;
  };
  const checking = await account(
    'Conta corrente principal',
    'checking',
    'Banco do Brasil',
    2_000_000,
  );
  const cash = await account('Caixa da tesouraria', 'cash', null, 50_000);
  const savings = await account('Poupança', 'savings', 'Caixa Econômica Federal', 1_000_000);
  const missions = await account('Conta de missões', 'checking', 'Bradesco', 300_000);
  const cardDays = { closing_day: 5, due_day: 15 };
  const card = { id: ids.next('credit_cards'), name: 'Cartão da tesouraria', last_digits: '4321' };
  await writer.add('credit_cards', {
    ...card,
    brand: 'Mastercard',
    ...cardDays,
    limit_cents: 2_000_000,
    bank_account_id: checking,
    active: true,
    created_at: now,
    updated_at: now,
  });

  // People.
  const tithesShare = 0.62;
  const perMonth = (share: number) => Math.max(1, Math.round((target * share) / months));
  const donorCount = Math.max(20, Math.round(perMonth(tithesShare) / 0.9));
  const donors: Array<{ id: number; name: string; tithe: number }> = [];
  for (let i = 0; i < donorCount; i++) {
    const id = ids.next('donors');
    const name = personName(rand);
    const document = rand.chance(0.7) ? documentOf(rand, false) : null;
    const [city, state] = rand.pick(CITIES);
    donors.push({ id, name, tithe: rand.money(30, 1500) });
    await writer.add('donors', {
      id,
      person_type: 'person',
      name,
      sort_name: searchText(name),
      search: searchText(name, document, formatDocument(document)),
      document,
      email: null,
      phone: rand.chance(0.6) ? `119${digits(rand, 8)}` : null,
      city,
      state,
      created_at: now,
      updated_at: now,
    });
  }
  const vendors: Array<{ id: number; name: string }> = [];
  for (let i = 0; i < 250; i++) {
    const id = ids.next('vendors');
    const entity = rand.chance(0.65);
    const name = entity
      ? `${rand.pick(COMPANIES)} ${rand.pick(LAST).replace(/^d[aeo]s? /, '')} Ltda.`
      : personName(rand);
    const document = documentOf(rand, entity);
    const [city, state] = rand.pick(CITIES);
    vendors.push({ id, name });
    await writer.add('vendors', {
      id,
      person_type: entity ? 'entity' : 'person',
      name,
      sort_name: searchText(name),
      search: searchText(name, document, formatDocument(document)),
      document,
      email: null,
      phone: null,
      city,
      state,
      pix_key: entity ? null : document,
      created_at: now,
      updated_at: now,
    });
  }
  const bills: Array<{
    name: string;
    category: string;
    vendor: (typeof vendors)[number];
    base: number;
  }> = [
    { name: 'Aluguel do templo', category: 'Aluguel', vendor: vendors[0], base: 450_000 },
    { name: 'Conta de água', category: 'Água', vendor: vendors[1], base: 38_000 },
    { name: 'Conta de energia', category: 'Energia', vendor: vendors[2], base: 145_000 },
    {
      name: 'Telefone e internet',
      category: 'Telefone e internet',
      vendor: vendors[3],
      base: 29_990,
    },
    { name: 'Prebenda pastoral', category: 'Prebenda pastoral', vendor: vendors[4], base: 850_000 },
    { name: 'Contador', category: 'Impostos e taxas', vendor: vendors[5], base: 120_000 },
  ];

  let transactions = 0;
  const movement = async (row: Omit<Row, 'id' | 'created_at'>) => {
    const id = ids.next('transactions');
    transactions += 1;
    await writer.add('transactions', {
      id,
      linked_id: null,
      income_id: null,
      expense_id: null,
      payable_id: null,
      category_id: null,
      ...row,
      created_at: stamp(String(row.date)),
    });
    return id;
  };
  const income = async (
    date: string,
    categoryName: string,
    donor: (typeof donors)[number] | null,
    amount: number,
    viaCash: boolean,
    description: string | null,
  ) => {
    const id = ids.next('incomes');
    const categoryId = category(categoryName);
    const accountId = viaCash ? cash : checking;
    await writer.add('incomes', {
      id,
      description,
      category_id: categoryId,
      donor_id: donor?.id ?? null,
      amount_cents: amount,
      date,
      bank_account_id: accountId,
      payment_method: viaCash ? 'cash' : rand.chance(0.85) ? 'pix' : 'transfer',
      created_at: stamp(date),
      updated_at: stamp(date),
    });
    await movement({
      bank_account_id: accountId,
      date,
      kind: 'income',
      amount_cents: amount,
      category_id: categoryId,
      income_id: id,
      description: description ?? (donor ? `${categoryName} – ${donor.name}` : categoryName),
    });
  };

  /** An expense paid from an account, in `count` instalments from `due`; paid when due is past. */
  const accountExpense = async (
    date: string,
    due: string,
    description: string,
    categoryName: string,
    vendor: (typeof vendors)[number] | null,
    amount: number,
    count: number,
    accountId: number,
    method: string,
  ) => {
    const id = ids.next('expenses');
    const categoryId = category(categoryName);
    const parts = splitAmount(amount, count);
    const dues = installmentDueDates(due, count);
    // What is due is paid on the day, except a few bills left overdue in the last months.
    const paidParts = dues.map(
      (dueDate) => dueDate <= today && !(dueDate > addMonths(today, -2) && rand.chance(0.03)),
    );
    const paid = paidParts.filter(Boolean).length;
    const status = paid === 0 ? 'pending' : paid === count ? 'paid' : 'partial';
    // The expense first: its instalments and movements point at it.
    await writer.add('expenses', {
      id,
      description,
      search: searchText(description),
      category_id: categoryId,
      vendor_id: vendor?.id ?? null,
      amount_cents: amount,
      date,
      due_date: due,
      installments: count,
      bank_account_id: accountId,
      credit_card_id: null,
      payment_method: method,
      status,
      paid_on: status === 'paid' ? dues[count - 1] : null,
      created_at: stamp(date),
      updated_at: stamp(date),
    });
    for (const [k, part] of parts.entries()) {
      const payableId = ids.next('accounts_payable');
      const isPaid = paidParts[k];
      const label = count > 1 ? `${description} (${k + 1}/${count})` : description;
      const transactionId = isPaid ? ids.next('transactions') : null;
      await writer.add('accounts_payable', {
        id: payableId,
        kind: 'installment',
        expense_id: id,
        installment: k + 1,
        installments: count,
        credit_card_id: null,
        closing_date: null,
        description: label,
        vendor_id: vendor?.id ?? null,
        category_id: categoryId,
        amount_cents: part,
        due_date: dues[k],
        status: isPaid ? 'paid' : 'pending',
        paid_on: isPaid ? dues[k] : null,
        paid_amount_cents: isPaid ? part : null,
        bank_account_id: accountId,
        transaction_id: transactionId,
        created_at: stamp(date),
        updated_at: stamp(date),
      });
      if (transactionId) {
        transactions += 1;
        await writer.add('transactions', {
          id: transactionId,
          bank_account_id: accountId,
          date: dues[k],
          kind: 'expense',
          amount_cents: -part,
          category_id: categoryId,
          income_id: null,
          expense_id: id,
          payable_id: payableId,
          linked_id: null,
          description: vendor ? `${label} – ${vendor.name}` : label,
          created_at: stamp(dues[k]),
        });
      }
    }
  };

  // Card purchases: charges gathered by invoice, written at the end with their invoices.
  const invoices = new Map<
    string,
    { id: number; closing: string; due: string; amount: number; expenses: Set<number> }
  >();
  const charges: Row[] = [];
  const cardExpenses: Array<{ row: Row; invoiceKeys: string[] }> = [];
  const cardPurchase = async (
    date: string,
    description: string,
    categoryName: string,
    vendor: (typeof vendors)[number],
    amount: number,
    count: number,
  ) => {
    const id = ids.next('expenses');
    const parts = splitAmount(amount, count);
    const keys: string[] = [];
    for (const [k, part] of parts.entries()) {
      const dates = invoiceFor(date, cardDays, k);
      let invoice = invoices.get(dates.closing_date);
      if (!invoice) {
        invoice = {
          id: ids.next('accounts_payable'),
          closing: dates.closing_date,
          due: dates.due_date,
          amount: 0,
          expenses: new Set(),
        };
        invoices.set(dates.closing_date, invoice);
      }
      invoice.amount += part;
      invoice.expenses.add(id);
      keys.push(dates.closing_date);
      charges.push({
        id: ids.next('card_charges'),
        expense_id: id,
        credit_card_id: card.id,
        invoice_id: invoice.id,
        installment: k + 1,
        installments: count,
        amount_cents: part,
        date,
      });
    }
    cardExpenses.push({
      invoiceKeys: keys,
      row: {
        id,
        description,
        search: searchText(description),
        category_id: category(categoryName),
        vendor_id: vendor.id,
        amount_cents: amount,
        date,
        due_date: invoices.get(keys[0])!.due,
        installments: count,
        bank_account_id: null,
        credit_card_id: card.id,
        payment_method: 'card',
        created_at: stamp(date),
        updated_at: stamp(date),
      },
    });
  };

  const incomeShare = 0.3;
  const expenseShare = 0.05;
  for (let m = 0; m < months; m++) {
    const monthStart = addMonths(firstMonth, m);
    const [year, month] = monthStart.split('-').map(Number);
    const lastDay =
      monthStart.slice(0, 7) === today.slice(0, 7)
        ? Number(today.slice(8, 10))
        : daysInMonth(year, month);
    const day = () => dateWithDay(year, month, rand.int(1, lastDay));

    // Tithes: most donors give every month.
    for (const donor of donors) {
      if (!rand.chance(0.9)) continue;
      const amount = Math.max(500, Math.round(donor.tithe * (0.9 + rand.next() * 0.2)));
      await income(day(), 'Dízimos', donor, amount, rand.chance(0.2), null);
    }
    // Offerings by PIX during the month, and the plates of each service (Sundays, Wednesdays).
    for (let i = 0; i < perMonth(incomeShare); i++) {
      const roll = rand.next();
      const name = roll < 0.7 ? 'Ofertas' : roll < 0.9 ? 'Ofertas missionárias' : 'Campanhas';
      await income(
        day(),
        name,
        rand.chance(0.6) ? rand.pick(donors) : null,
        rand.money(5, 500),
        false,
        null,
      );
    }
    let cashOfMonth = 0;
    for (let d = 1; d <= lastDay; d++) {
      const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
      if (weekday !== 0 && weekday !== 3) continue;
      const date = dateWithDay(year, month, d);
      const service = weekday === 0 ? 'Culto de domingo' : 'Culto de quarta-feira';
      const plate = rand.money(300, 4000);
      cashOfMonth += plate;
      await income(date, 'Ofertas', null, plate, true, service);
      if (rand.chance(0.4))
        await income(date, 'Ofertas missionárias', null, rand.money(50, 800), true, service);
      if (weekday === 0 && rand.chance(0.15))
        await income(date, 'Eventos', null, rand.money(100, 2000), true, service);
    }
    // The cash is deposited each month: two linked movements.
    if (cashOfMonth > 0) {
      const date = dateWithDay(year, month, Math.min(lastDay, 28));
      const outId = ids.next('transactions');
      const inId = await movement({
        bank_account_id: checking,
        date,
        kind: 'transfer',
        amount_cents: cashOfMonth,
        description: 'Depósito das ofertas em dinheiro',
        linked_id: outId,
      });
      transactions += 1;
      await writer.add('transactions', {
        id: outId,
        bank_account_id: cash,
        date,
        kind: 'transfer',
        amount_cents: -cashOfMonth,
        description: 'Depósito das ofertas em dinheiro',
        linked_id: inId,
        category_id: null,
        income_id: null,
        expense_id: null,
        payable_id: null,
        created_at: stamp(date),
      });
    }
    // Missions money to its own account, and a little to savings.
    for (const [to, label, amount] of [
      [missions, 'Repasse para missões', rand.money(1000, 8000)],
      [savings, 'Reserva na poupança', rand.money(500, 5000)],
    ] as const) {
      const date = dateWithDay(year, month, Math.min(lastDay, 20));
      const outId = ids.next('transactions');
      const inId = await movement({
        bank_account_id: to,
        date,
        kind: 'transfer',
        amount_cents: amount,
        description: `Transferência de Conta corrente principal`,
        linked_id: outId,
      });
      transactions += 1;
      await writer.add('transactions', {
        id: outId,
        bank_account_id: checking,
        date,
        kind: 'transfer',
        amount_cents: -amount,
        description: `${label}`,
        linked_id: inId,
        category_id: null,
        income_id: null,
        expense_id: null,
        payable_id: null,
        created_at: stamp(date),
      });
    }
    // Monthly bills, due on the 10th.
    for (const bill of bills) {
      const amount = Math.round(bill.base * (0.85 + rand.next() * 0.3));
      await accountExpense(
        monthStart,
        dateWithDay(year, month, 10),
        bill.name,
        bill.category,
        bill.vendor,
        amount,
        1,
        checking,
        'boleto',
      );
    }
    // Everything else: mostly paid at once, some in instalments, some on the card.
    for (let i = 0; i < perMonth(expenseShare); i++) {
      const date = day();
      const vendor = rand.pick(vendors);
      const categoryName = rand.pick([
        'Manutenção',
        'Material de escritório',
        'Ação social',
        'Missões',
        'Outras despesas',
      ]);
      const description = rand.pick([
        'Compra de materiais',
        'Serviço de manutenção',
        'Cestas básicas',
        'Material de limpeza',
        'Impressos',
        'Lanche do evento',
        'Peças e reparos',
      ]);
      const roll = rand.next();
      if (roll < 0.85) {
        await accountExpense(
          date,
          date,
          description,
          categoryName,
          vendor,
          rand.money(20, 1500),
          1,
          rand.chance(0.7) ? checking : cash,
          rand.pick(['pix', 'cash', 'boleto', 'transfer']),
        );
      } else if (roll < 0.95) {
        const due = dateWithDay(year, month + 1, 10);
        await accountExpense(
          date,
          due,
          description,
          categoryName,
          vendor,
          rand.money(600, 9000),
          rand.int(2, 6),
          checking,
          'boleto',
        );
      } else {
        await cardPurchase(
          date,
          description,
          categoryName,
          vendor,
          rand.money(50, 3000),
          rand.int(1, 3),
        );
      }
    }
    if (m % 12 === 11 || m === months - 1) {
      log(`  ${monthName(monthStart)}: ${number(transactions)} lançamentos até aqui`);
    }
  }

  // The card's invoices, their charges and purchases, and the payments of those already due.
  const paidInvoices = new Set<number>();
  for (const invoice of [...invoices.values()].sort((a, b) => a.closing.localeCompare(b.closing))) {
    const isPaid = invoice.due <= today;
    let transactionId: number | null = null;
    const description = `Fatura de ${monthName(invoice.closing)} – ${card.name} (final ${card.last_digits})`;
    if (isPaid) {
      paidInvoices.add(invoice.id);
      transactionId = ids.next('transactions');
    }
    await writer.add('accounts_payable', {
      id: invoice.id,
      kind: 'invoice',
      expense_id: null,
      installment: null,
      installments: null,
      credit_card_id: card.id,
      closing_date: invoice.closing,
      description,
      vendor_id: null,
      category_id: null,
      amount_cents: invoice.amount,
      due_date: invoice.due,
      status: isPaid ? 'paid' : 'pending',
      paid_on: isPaid ? invoice.due : null,
      paid_amount_cents: isPaid ? invoice.amount : null,
      bank_account_id: checking,
      transaction_id: transactionId,
      created_at: stamp(invoice.closing),
      updated_at: stamp(invoice.closing),
    });
    if (transactionId) {
      transactions += 1;
      await writer.add('transactions', {
        id: transactionId,
        bank_account_id: checking,
        date: invoice.due,
        kind: 'expense',
        amount_cents: -invoice.amount,
        description,
        category_id: null,
        income_id: null,
        expense_id: null,
        payable_id: invoice.id,
        linked_id: null,
        created_at: stamp(invoice.due),
      });
    }
  }
  for (const { row, invoiceKeys } of cardExpenses) {
    const invoiceIds = invoiceKeys.map((key) => invoices.get(key)!.id);
    const paid = invoiceIds.filter((id) => paidInvoices.has(id)).length;
    const status = paid === 0 ? 'pending' : paid === invoiceIds.length ? 'paid' : 'partial';
    const lastDue = invoices.get(invoiceKeys[invoiceKeys.length - 1])!.due;
    await writer.add('expenses', { ...row, status, paid_on: status === 'paid' ? lastDue : null });
  }
  await writer.flush();
  for (const charge of charges) await writer.add('card_charges', charge);
  await writer.flush();

  if (indexes.length > 0) log(`  recriando ${indexes.length} índices…`);
  for (const index of indexes) database.sqlite!.exec(index.sql);
  await monthTotals(database);

  // Balances: opening balance plus the account's movements; fresh statistics for the planner.
  await sql`update bank_accounts set balance_cents = opening_balance_cents + coalesce((select sum(t.amount_cents) from transactions t where t.bank_account_id = bank_accounts.id), 0)`.execute(
    db,
  );
  if (database.dialect.name === 'postgres') {
    for (const table of TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
        db,
      );
    }
  }
  await sql`analyze`.execute(db);

  const counts = writer.counts;
  return {
    transactions: counts.get('transactions')!,
    incomes: counts.get('incomes')!,
    expenses: counts.get('expenses')!,
    payables: counts.get('accounts_payable')!,
    donors: counts.get('donors')!,
    vendors: counts.get('vendors')!,
    elapsedMs: Date.now() - started,
  };
}
