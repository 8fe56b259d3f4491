// Issue 27, the accounts at scale: opening balances and cumulative figures as sums of months, not
// of ten years of movements. Two tables of monthly sums, each kept by the ledger in the same
// transaction as every write that changes it (server/modules/finance/ledger.ts), refilled here
// from the books:
// - finance_month_totals (0006) gains what the double-entry mapping reads of a bank movement
//   besides its account and kind: an income's category (`category_id`, 0 for other kinds) and
//   whether an expense movement pays a card's invoice (`invoice`, 1) or a bill (0). The balancete
//   maps each sum as one fact (domain/finance/doubleEntry.ts).
// - finance_month_results: the incomes and expenses (competência) per congregation (the cost
//   centre), month, category, fund (0: recursos livres) and, for an expense, whether it was made
//   on a card (`on_card`): the balancete's expenses, the repasses' base, the funds' balances and
//   the statements' whole months.
// Beside each, the same sums by year (finance_year_totals, finance_year_results): ten years of
// history are ten rows per key, the months of the year in course read from the monthly ones.
// Key columns hold 0 instead of NULL: a NULL never matches another in a unique key, and the
// upsert needs them to.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { MigrationDialect, MigrationDialectName } from './dialect.js';

const monthOf = (name: MigrationDialectName, column: string) =>
  sql.raw(name === 'sqlite' ? `substr(${column}, 1, 7)` : `to_char(${column}, 'YYYY-MM')`);

const MOVEMENT_KEY = ['bank_account_id', 'kind', 'category_id', 'invoice'];
const RESULT_KEY = ['congregation_id', 'source', 'category_id', 'fund_id', 'on_card'];

/** finance_month_totals computed again from the movements (`legs`: with 0054's key). */
export async function fillMonthTotals(
  db: Kysely<unknown>,
  name: MigrationDialectName,
  legs: boolean,
) {
  const leg = legs
    ? {
        columns: sql.raw(', positive, linked_account_id'),
        values: sql.raw(
          ', case when t.amount_cents > 0 then 1 else 0 end, coalesce(l.bank_account_id, 0)',
        ),
        join: sql.raw('left join transactions l on l.id = t.linked_id'),
        groups: sql.raw(', 6, 7'),
      }
    : { columns: sql.raw(''), values: sql.raw(''), join: sql.raw(''), groups: sql.raw('') };
  await sql`delete from finance_month_totals`.execute(db);
  await sql`insert into finance_month_totals
      (bank_account_id, month, kind, category_id, invoice${leg.columns}, total_cents, count)
    select t.bank_account_id, ${monthOf(name, 't.date')},
           t.kind,
           case when t.kind = 'income' then coalesce(t.category_id, 0) else 0 end,
           case when t.kind = 'expense' and p.kind = 'invoice' then 1 else 0 end${leg.values},
           sum(t.amount_cents), count(*)
      from transactions t
      left join accounts_payable p on p.id = t.payable_id
      ${leg.join}
     group by 1, 2, 3, 4, 5${leg.groups}`.execute(db);
}

/**
 * The tables computed again from the movements, incomes and expenses (the migration, the seed).
 * `legs`: finance_month_totals keyed as migration 0054 keys it, by each movement's side and its
 * transfer's other leg.
 */
export async function refillLedgerTotals(
  db: Kysely<unknown>,
  name: MigrationDialectName,
  { legs = false }: { legs?: boolean } = {},
) {
  await fillMonthTotals(db, name, legs);
  await sql`delete from finance_month_results`.execute(db);
  await sql`insert into finance_month_results
      (congregation_id, month, source, category_id, fund_id, on_card, total_cents, count)
    select congregation_id, ${monthOf(name, 'date')}, 'income', category_id,
           coalesce(fund_id, 0), 0, sum(amount_cents), count(*)
      from incomes
     group by 1, 2, 3, 4, 5, 6`.execute(db);
  await sql`insert into finance_month_results
      (congregation_id, month, source, category_id, fund_id, on_card, total_cents, count)
    select congregation_id, ${monthOf(name, 'date')}, 'expense', category_id,
           coalesce(fund_id, 0), case when credit_card_id is null then 0 else 1 end,
           sum(amount_cents), count(*)
      from expenses
     group by 1, 2, 3, 4, 5, 6`.execute(db);
  for (const [table, key] of [
    ['totals', MOVEMENT_KEY],
    ['results', RESULT_KEY],
  ] as const) {
    const columns = sql.raw(key.join(', '));
    await sql`delete from ${sql.table(`finance_year_${table}`)}`.execute(db);
    await sql`insert into ${sql.table(`finance_year_${table}`)} (${columns}, year, total_cents, count)
      select ${columns}, substr(month, 1, 4), sum(total_cents), sum(count)
        from ${sql.table(`finance_month_${table}`)}
       group by ${columns}, substr(month, 1, 4)`.execute(db);
  }
}

/** A table of sums by year: the monthly table's key with `year` for `month`. */
async function createYearTable(
  db: Kysely<unknown>,
  d: MigrationDialect,
  table: string,
  key: readonly string[],
) {
  let builder = db.schema.createTable(table) as CreateTableBuilder<string, string>;
  for (const column of key) {
    builder = builder.addColumn(
      column,
      column === 'kind' || column === 'source' ? 'text' : 'integer',
      (col) => col.notNull(),
    );
  }
  await builder
    .addColumn('year', 'text', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${table}_key`, [...key.slice(0, 1), 'year', ...key.slice(1)])
    .modifyEnd(clustered(d))
    .execute();
}

/** SQLite keeps a table of sums clustered by its key: a scan reads the sums, not row ids. */
const clustered = (d: MigrationDialect) => sql.raw(d.name === 'sqlite' ? 'without rowid' : '');

/** What the mapping reads of a movement besides its account and kind (0047). */
export const SIDE_COLUMNS = ['category_id', 'invoice'];

/** finance_month_totals keyed by account, month, kind and `extra` (integer) columns. */
async function createMonthTotals(
  db: Kysely<unknown>,
  d: MigrationDialect,
  table: string,
  extra: readonly string[],
) {
  let builder = db.schema
    .createTable(table)
    .addColumn('bank_account_id', 'integer', (col) => col.notNull().references('bank_accounts.id'))
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull()) as CreateTableBuilder<string, string>;
  for (const column of extra) {
    builder = builder.addColumn(column, 'integer', (col) => col.notNull().defaultTo(0));
  }
  await builder
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${table}_key`, ['bank_account_id', 'month', 'kind', ...extra])
    .modifyEnd(clustered(d))
    .execute();
}

/**
 * finance_month_totals rebuilt keyed by `extra` besides account, month and kind; `carry`: its
 * sums carried over (`extra` a part of the old key), or left empty for the caller to fill.
 */
export async function rebuildMonthTotals(
  db: Kysely<unknown>,
  d: MigrationDialect,
  extra: readonly string[],
  carry: boolean,
) {
  await createMonthTotals(db, d, 'finance_month_totals_next', extra);
  if (carry) {
    const key = sql.raw(['bank_account_id', 'month', 'kind', ...extra].join(', '));
    await sql`insert into finance_month_totals_next (${key}, total_cents, count)
      select ${key}, sum(total_cents), sum(count)
        from finance_month_totals group by ${key}`.execute(db);
  }
  await db.schema.dropTable('finance_month_totals').execute();
  await db.schema
    .alterTable('finance_month_totals_next')
    .renameTo('finance_month_totals')
    .execute();
  // PostgreSQL names the key's index as a relation of its own: it keeps 0006's name.
  if (d.name === 'postgres') {
    await sql`alter table finance_month_totals rename constraint finance_month_totals_next_key to finance_month_totals_pk`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('finance_month_totals_month')
    .on('finance_month_totals')
    // A month's sums of every account read from the index alone (with the mapping's sides).
    .columns(['month', 'kind', 'bank_account_id', ...extra, 'total_cents'])
    .execute();
}

export function ledgerMonthTotalsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await rebuildMonthTotals(db, d, SIDE_COLUMNS, false);
      await db.schema
        .createTable('finance_month_results')
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('fund_id', 'integer', (col) => col.notNull())
        .addColumn('on_card', 'integer', (col) => col.notNull())
        .addColumn('total_cents', 'bigint', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('finance_month_results_key', [
          'congregation_id',
          'month',
          'source',
          'category_id',
          'fund_id',
          'on_card',
        ])
        .modifyEnd(clustered(d))
        .execute();
      await db.schema
        .createIndex('finance_month_results_month')
        .on('finance_month_results')
        .columns([
          'month',
          'source',
          'congregation_id',
          'category_id',
          'fund_id',
          'on_card',
          'total_cents',
        ])
        .execute();
      await createYearTable(db, d, 'finance_year_totals', MOVEMENT_KEY);
      await createYearTable(db, d, 'finance_year_results', RESULT_KEY);
      await refillLedgerTotals(db, d.name);
      for (const table of ['month_totals', 'month_results', 'year_totals', 'year_results']) {
        await sql`analyze ${sql.table(`finance_${table}`)}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('finance_year_results').execute();
      await db.schema.dropTable('finance_year_totals').execute();
      await db.schema.dropTable('finance_month_results').execute();
      await rebuildMonthTotals(db, d, [], true);
    },
  };
}
