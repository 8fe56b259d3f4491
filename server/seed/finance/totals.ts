// What the ledger derives from the movements, computed once at the end: the month totals
// (finance_month_totals and finance_month_results, as ledger.ts keeps them, by the same SQL that
// filled them in migrations 0047 and 0054), each account's balance, the id sequences
// past the ids the seed chose (PostgreSQL), and fresh statistics for the planner.
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/index.js';
import { refillLedgerTotals } from '../../db/migrations/0054_month_legs_treasurer.js';
import { TABLES } from './columns.js';

export async function deriveTotals(database: AppDatabase) {
  const { db } = database;
  await refillLedgerTotals(db as never, database.dialect.name);
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
}
