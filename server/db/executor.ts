// What a service works on (DESIGN §1): the database, or a transaction a caller already opened,
// so a write that spans modules (create a movement and link it to a bank line) is one unit.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` in a transaction: the caller's, when `db` is one already (Kysely does not nest
 * them), else a new one that commits when `work` resolves and rolls back when it throws.
 */
export function inTransaction<T>(
  db: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}
