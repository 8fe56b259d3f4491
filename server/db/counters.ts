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

/**
 * Makes the series continue after `number` (a card or letter recorded with its own number,
 * issued on paper before Adam): the counter becomes the larger of its value and `number`. Run
 * before inserting the record, in its transaction, so that it holds the counter's row (PostgreSQL)
 * and a concurrent issue takes the number after it instead of the same one.
 */
export async function raiseCounter(
  trx: Transaction<Database>,
  series: string,
  number: number,
): Promise<void> {
  await trx
    .insertInto('document_counters')
    .values({ name: series, value: number })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        value: eb
          .case()
          .when('document_counters.value', '<', eb.ref('excluded.value'))
          .then(eb.ref('excluded.value'))
          .else(eb.ref('document_counters.value'))
          .end(),
      })),
    )
    .execute();
}

/** A write refused by a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    (error as { code?: unknown })?.code === '23505' ||
    /UNIQUE constraint failed/i.test(String((error as { message?: unknown })?.message ?? ''))
  );
}
