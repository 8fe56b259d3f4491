// Ten years of a large church's finance for development and the benchmark: about a million
// transactions (tithes and offerings, bills, instalments, card purchases and invoices,
// transfers), consistent with what the API itself would write: each income has its movement,
// each paid instalment or invoice its payment, and every balance is its opening balance plus
// its movements. One generator per table group, called month by month from here.
//
//   import { seedFinance } from './seed/finance/index.js';
//   await seedFinance(database, { transactions: 1_000_000, years: 10, log: console.log });
import { todayIso } from '../../../domain/dates.js';
import { addMonths } from '../../../domain/finance/installments.js';
import { monthName } from '../../../domain/calendar.js';
import type { AppDatabase } from '../../db/index.js';
import { openAccounts } from './accounts.js';
import { linkMissingLedgerAccounts } from '../../db/ledgerAccounts.js';
import { monthAt } from './calendar.js';
import { CardInvoices } from './cards.js';
import { TABLES } from './columns.js';
import { billsOf, monthExpenses } from './expenses.js';
import { monthIncomes } from './incomes.js';
import { FinanceLedger } from './ledger.js';
import { addDonors, addVendors } from './parties.js';
import { random } from './random.js';
import { FinanceSeedRefused, financeRecordsExist, resetFinance } from './reset.js';
import { deriveTotals } from './totals.js';
import { monthTransfers } from './transfers.js';
import { Writer, nextIds } from './writer.js';

export { FinanceSeedRefused };

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

const number = (value: number) => value.toLocaleString('pt-BR');

/** Shares of the transactions: tithes, other incomes, other expenses (the rest follows). */
const TITHES_SHARE = 0.62;
const INCOME_SHARE = 0.3;
const EXPENSE_SHARE = 0.05;
const VENDORS = 250;

export async function seedFinance(
  database: AppDatabase,
  options: FinanceSeedOptions = {},
): Promise<FinanceSeedResult> {
  const started = Date.now();
  const target = options.transactions ?? 1_000_000;
  const years = options.years ?? 10;
  const log = options.log ?? (() => {});
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
  const writer = new Writer(database);
  const ledger = new FinanceLedger(
    random(options.seed ?? 2026),
    await nextIds(database),
    writer,
    todayIso(),
    new Date().toISOString(),
    categories,
  );
  // SQLite builds an index from sorted data much faster than it updates it row by row.
  const indexes = database.sqlite
    ? (database.sqlite
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${TABLES.map((table) => `'${table}'`).join(', ')})`,
        )
        .all() as Array<{ name: string; sql: string }>)
    : [];
  for (const index of indexes) database.sqlite!.exec(`drop index ${index.name}`);
  const { today } = ledger;
  const months = years * 12;
  const firstMonth = addMonths(`${today.slice(0, 7)}-01`, -(months - 1));

  const { accounts, card } = await openAccounts(ledger, firstMonth);
  const perMonth = (share: number) => Math.max(1, Math.round((target * share) / months));
  const donorCount = Math.max(20, Math.round(perMonth(TITHES_SHARE) / 0.9));
  // Most donors are the church's members (the dizimistas, issue 25): the first active ones.
  const members = await db
    .selectFrom('members')
    .select(['id', 'name', 'cpf'])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(donorCount)
    .execute();
  const donors = await addDonors(ledger, donorCount, members);
  const vendors = await addVendors(ledger, VENDORS);
  const bills = billsOf(vendors);
  const invoices = new CardInvoices(ledger, card, accounts.checking);

  for (let m = 0; m < months; m++) {
    const month = monthAt(firstMonth, m, today, ledger.rand);
    const cash = await monthIncomes(ledger, accounts, month, donors, perMonth(INCOME_SHARE));
    await monthTransfers(ledger, accounts, month, cash);
    await monthExpenses(ledger, accounts, month, bills, vendors, perMonth(EXPENSE_SHARE), invoices);
    if (m % 12 === 11 || m === months - 1) {
      log(`  ${monthName(month.start)}: ${number(ledger.transactions)} lançamentos até aqui`);
    }
  }
  await invoices.write();

  if (indexes.length > 0) log(`  recriando ${indexes.length} índices…`);
  for (const index of indexes) database.sqlite!.exec(index.sql);
  await deriveTotals(database);
  await linkMissingLedgerAccounts(db);

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
