// Issue 25, the count of a culto's offering (contagem do culto): the count with its congregation,
// account and state; its counters (names kept as text); its lines (method × category, or a named
// envelope of a donor); the cash by notes and coins; and the incomes its closing created.
// References to other areas' records (congregation, account, category, donor, user, member) carry
// no foreign key: their own deletes check only their own area's references, and a count keeps
// the names it printed; the service checks each reference when a count is saved and closed.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function offeringCountsMigration(d: MigrationDialect) {
  const { date, timestamp } = d.types;
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('offering_counts'))
        .addColumn('congregation_id', 'integer', (col) => col.notNull())
        .addColumn('date', date, (col) => col.notNull())
        .addColumn('service_name', 'text', (col) => col.notNull())
        .addColumn('bank_account_id', 'integer', (col) => col.notNull())
        .addColumn('notes', 'text')
        // open (editable) or closed (its incomes written, never changed again).
        .addColumn('status', 'text', (col) => col.notNull())
        // An adjusting count corrects a closed one: its lines are the difference.
        .addColumn('adjusts_id', 'integer', (col) => col.references('offering_counts.id'))
        .addColumn('total_cents', 'bigint', (col) => col.notNull())
        .addColumn('depositable_cents', 'bigint', (col) => col.notNull())
        .addColumn('closed_at', timestamp)
        .addColumn('closed_by', 'integer')
        .addColumn('closed_by_name', 'text')
        .addColumn('deposited_cents', 'bigint')
        .addColumn('deposited_on', date)
        // depositable_cents − deposited_cents, kept as it was when the deposit was recorded.
        .addColumn('deposit_difference_cents', 'bigint')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('offering_count_counters'))
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('offering_counts.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('member_id', 'integer')
        .addColumn('name', 'text', (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('offering_count_lines'))
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('offering_counts.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('donor_id', 'integer')
        .addColumn('envelope', 'text')
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('offering_count_cash')
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('offering_counts.id').onDelete('cascade'),
        )
        .addColumn('denomination_cents', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('offering_count_cash_pk', ['count_id', 'denomination_cents'])
        .execute();

      // The incomes a closing wrote (or, for an adjusting count, lowered): no foreign key to
      // incomes, whose own screen may still delete one; the count keeps its record.
      await db.schema
        .createTable('offering_count_incomes')
        .addColumn('count_id', 'integer', (col) =>
          col.notNull().references('offering_counts.id').onDelete('cascade'),
        )
        .addColumn('income_id', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('offering_count_incomes_pk', ['count_id', 'income_id'])
        .execute();

      const indexes: Array<[string, string, string[]]> = [
        ['offering_counts_congregation_date', 'offering_counts', ['congregation_id', 'date', 'id']],
        ['offering_counts_date', 'offering_counts', ['date', 'id']],
        ['offering_counts_adjusts', 'offering_counts', ['adjusts_id']],
        ['offering_count_counters_count', 'offering_count_counters', ['count_id', 'position']],
        ['offering_count_lines_count', 'offering_count_lines', ['count_id', 'position']],
        ['offering_count_incomes_income', 'offering_count_incomes', ['income_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'offering_count_incomes',
        'offering_count_cash',
        'offering_count_lines',
        'offering_count_counters',
        'offering_counts',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
