// Issue 27, two things under one number:
// 1. The treasurer's name in the church's settings (`church.treasurer_name`): the monthly pack's,
//    the receipts' and the donor statements' "Tesoureiro(a)" signature line carries it.
// 2. The consolidated balancete of a month at campo scale: finance_month_totals keys each
// movement's side and its transfer's other leg, so a month's debits and credits per account come
// from its sums, not from the month's movements (PostgreSQL, 1,000,000 members: 18,000 rows read,
// joined and grouped for every consolidated balancete). Two more key columns, kept by the ledger
// (server/modules/finance/ledger.ts) in the write's own transaction:
// - `positive`: 1 for a movement of a positive amount (money in: the bank's account debited), 0
//   otherwise (credited). A sum of like movements no longer nets a count lowered against the
//   incomes, nor a transfer's two legs.
// - `linked_account_id`: a transfer's other leg's bank account (0: none, or that leg is gone),
//   whose congregation says whether the transfer goes through 1.3 Transferências em trânsito.
// The sums by year keep their key: the opening balances net every side.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect, MigrationDialectName } from './dialect.js';
import {
  SIDE_COLUMNS,
  fillMonthTotals,
  rebuildMonthTotals,
  refillLedgerTotals as refillAsOf0047,
} from './0047_ledger_month_totals.js';

export const LEG_COLUMNS = ['positive', 'linked_account_id'];

/** Every table of sums computed again from the books, as the ledger keeps them now (the seed). */
export const refillLedgerTotals = (db: Kysely<unknown>, name: MigrationDialectName) =>
  refillAsOf0047(db, name, { legs: true });

export function monthLegsTreasurerMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('church').addColumn('treasurer_name', 'text').execute();
      await rebuildMonthTotals(db, d, [...SIDE_COLUMNS, ...LEG_COLUMNS], false);
      await fillMonthTotals(db, d.name, true);
      await sql`analyze finance_month_totals`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await rebuildMonthTotals(db, d, SIDE_COLUMNS, true);
      await db.schema.alterTable('church').dropColumn('treasurer_name').execute();
    },
  };
}
