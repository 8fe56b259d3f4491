// Sequential document numbers (credentials, letters per year) without gaps from races: the
// counter row is created if missing and incremented with UPDATE … RETURNING inside the caller's
// transaction. PostgreSQL holds the row lock until commit; SQLite's writer lock serializes.
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

export async function nextNumber(trx: Transaction<Database>, series: string): Promise<number> {
  await trx
    .insertInto('document_counters')
    .values({ name: series, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const { value } = await trx
    .updateTable('document_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', series)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value);
}
