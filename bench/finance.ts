// The finance side of the benchmark (issue 5): ten years of finance seeded next to the
// members (about five transactions a member, a million at 200,000), and the screens' own
// requests — a month of one account's transactions with its totals, the open payables with
// theirs, and the financial dashboard.
import { sql } from 'kysely';
import { todayIso } from '../domain/dates.js';
import { addMonths, monthRange } from '../domain/finance/installments.js';
import type { AppDatabase } from '../server/db/index.js';
import { seedFinance } from '../server/seed/finance/index.js';

/** Seeds the finance when the database has none (or when `reset`); returns the seconds taken. */
export async function seedFinanceOnce(
  database: AppDatabase,
  transactions: number,
  { reset, log }: { reset: boolean; log: (line: string) => void },
): Promise<number | null> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from transactions`.execute(database.db);
  const existing = Number(rows[0].n);
  if (existing > 0 && !reset) {
    log(`Reusing ${existing.toLocaleString('en')} finance transactions.`);
    return null;
  }
  if (transactions === 0) return null;
  log(`Seeding about ${transactions.toLocaleString('en')} finance transactions…`);
  const result = await seedFinance(database, { transactions, years: 10, reset: true, log });
  log(
    `Seeded ${result.transactions.toLocaleString('en')} transactions, ${result.incomes.toLocaleString('en')} incomes, ${result.expenses.toLocaleString('en')} expenses in ${(result.elapsedMs / 1000).toFixed(1)} s.`,
  );
  return result.elapsedMs / 1000;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The busiest account and last month: what a treasurer reconciles. */
export async function financeScenarios(database: AppDatabase) {
  const account = await database.db
    .selectFrom('transactions')
    .select(['bank_account_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('bank_account_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!account) return [];
  const { start, end } = monthRange(addMonths(todayIso(), -1));
  const month = { bank_account_id: account.bank_account_id, date_gte: start, date_lte: end };
  const open = { status: 'open' };
  return [
    {
      name: 'Transactions: account + month',
      path: `/api/transactions?sort=${q(['date', 'DESC'])}&range=${q([0, 49])}&filter=${q(month)}`,
      kind: 'finance list' as const,
    },
    {
      name: 'Transactions: their totals',
      path: `/api/transactions/summary?filter=${q(month)}`,
      kind: 'finance list' as const,
    },
    {
      name: 'Accounts payable: open by due date',
      path: `/api/accounts_payable?sort=${q(['due_date', 'ASC'])}&range=${q([0, 24])}&filter=${q(open)}`,
      kind: 'finance list' as const,
    },
    {
      name: 'Accounts payable: their totals',
      path: `/api/accounts_payable/summary?filter=${q(open)}`,
      kind: 'finance list' as const,
    },
    {
      name: 'Financial dashboard',
      path: '/api/finance/overview',
      kind: 'finance dashboard' as const,
    },
  ];
}
