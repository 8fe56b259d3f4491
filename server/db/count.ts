import { type QueryExecutorProvider, type SelectQueryBuilder, sql } from 'kysely';
import { COUNT_CAP } from '../../domain/constants.js';
import { countCapFor } from '../../domain/listTotals.js';

/**
 * Counts the rows of `query` up to a cap + 1: bounded work however many rows match. The cap is
 * a number, or a list page's range: then the page's step of domain/listTotals.ts (100 for the
 * first pages), so a page reads a hundred-odd rows to count, not 10,001, and a total of
 * cap + 1 reads "mais de <cap>" on the screens.
 */
export async function cappedCount<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
  cap: number | { offset: number; limit: number } = COUNT_CAP,
): Promise<number> {
  const limit = typeof cap === 'number' ? cap : countCapFor(cap);
  const { rows } = await sql<{
    total: number | string;
  }>`select count(*) as total from (${query.limit(limit + 1)}) as capped`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
