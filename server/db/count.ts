import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { COUNT_CAP } from '../../domain/constants.js';

/** Counts the rows of `query` up to `cap` + 1: bounded work however many rows match. */
export async function cappedCount<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
  cap = COUNT_CAP,
): Promise<number> {
  const { rows } = await sql<{
    total: number | string;
  }>`select count(*) as total from (${query.limit(cap + 1)}) as capped`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
