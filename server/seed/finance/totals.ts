// What the ledger derives from the movements, computed once at the end: the month totals
// (finance_month_totals, as ledger.ts keeps them), each account's balance, the id sequences
// past the ids the seed chose (PostgreSQL), and fresh statistics for the planner.
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/index.js';
import type { NewFinanceMonthTotal } from '../../db/schema.js';
import { TABLES } from './columns.js';
import { PG_ROWS_PER_INSERT } from './writer.js';

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
  const months = new Map<string, NewFinanceMonthTotal>();
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

export async function deriveTotals(database: AppDatabase) {
  const { db } = database;
  await monthTotals(database);
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
