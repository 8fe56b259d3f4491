// Issue 27, the treasurer's statements: the fluxo de caixa sums a period's movements of the
// report's accounts by kind and category, and nets out the transfers between them (linked_id).
// The account/date index (0006) had amount and kind but not category_id and linked_id, so a
// year's DFC read every movement's row as well (107,000 on a campo's year: 280 ms of its 320).
// The same index, with those two columns added at its end: the statements read only the index,
// and a movement's write keeps one index, not two.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const NAME = 'transactions_account_date';
const BEFORE = ['bank_account_id', 'date', 'id', 'amount_cents', 'kind'];
const AFTER = [...BEFORE, 'category_id', 'linked_id'];

async function replace(db: Kysely<unknown>, columns: string[]) {
  await db.schema.dropIndex(NAME).execute();
  await db.schema.createIndex(NAME).on('transactions').columns(columns).execute();
}

export function statementIndexesMigration(_d: MigrationDialect) {
  return {
    up: (db: Kysely<unknown>) => replace(db, AFTER),
    down: (db: Kysely<unknown>) => replace(db, BEFORE),
  };
}
