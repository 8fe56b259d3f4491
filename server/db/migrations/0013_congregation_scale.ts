// Congregations at campo scale (issue 12: 1,000,000 members in 300 congregations; the bench in
// bench/campo.ts). Migration 0010 indexes members by (congregation_id, sort_name, id); a scoped
// user's other list shapes, the dashboards and reports of one congregation, and the finance
// lists of one congregation need their own: each one the congregation first, then the shape's
// index of migrations 0003/0006, so a congregation's page or count reads its own index range
// instead of filtering the whole church's. The incomes' and expenses' ones carry the amount
// (sums of a period read only the index) and replace 0010's single-column indexes and
// 0012's (congregation, date, id) ones.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export const CONGREGATION_SCALE_INDEXES: Array<[string, string, string[]]> = [
  // Members of one congregation: by status (filter, dashboard counts), birth date, admission
  // (new members per month), registration, birthday (reports, dashboard) and position.
  ['members_congregation_status_name', 'members', ['congregation_id', 'status', 'sort_name', 'id']],
  ['members_congregation_birth_date', 'members', ['congregation_id', 'birth_date', 'id']],
  [
    'members_congregation_status_birth_date',
    'members',
    ['congregation_id', 'status', 'birth_date', 'id'],
  ],
  ['members_congregation_admission', 'members', ['congregation_id', 'admission_date', 'id']],
  ['members_congregation_created_at', 'members', ['congregation_id', 'created_at', 'id']],
  ['members_congregation_birth_md', 'members', ['congregation_id', 'birth_md', 'id']],
  [
    'members_congregation_position',
    'members',
    ['congregation_id', 'position_id', 'sort_name', 'id'],
  ],
  // Finance of one congregation: a period's incomes and expenses (lists by date, sums), the
  // open payables by due date.
  [
    'incomes_congregation_date_amount',
    'incomes',
    ['congregation_id', 'date', 'id', 'amount_cents'],
  ],
  [
    'expenses_congregation_date_amount',
    'expenses',
    ['congregation_id', 'date', 'id', 'amount_cents'],
  ],
  [
    'payables_congregation_status_due',
    'accounts_payable',
    ['congregation_id', 'status', 'due_date', 'id'],
  ],
];

/** Earlier indexes that the ones above begin with: 0010's single columns, 0012's by date. */
export const REPLACED_INDEXES: Array<[string, string, string[]]> = [
  ['incomes_congregation', 'incomes', ['congregation_id']],
  ['expenses_congregation', 'expenses', ['congregation_id']],
  ['accounts_payable_congregation', 'accounts_payable', ['congregation_id']],
  ['incomes_congregation_date', 'incomes', ['congregation_id', 'date', 'id']],
  ['expenses_congregation_date', 'expenses', ['congregation_id', 'date', 'id']],
];

export function congregationScaleMigration(_d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of CONGREGATION_SCALE_INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      for (const [name] of REPLACED_INDEXES) await db.schema.dropIndex(name).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name, table, columns] of REPLACED_INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      for (const [name] of CONGREGATION_SCALE_INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
