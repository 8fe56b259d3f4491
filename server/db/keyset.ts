// Long sorted lists (the CSV exports, up to 250,000 rows) read in keyset batches: each batch
// starts after the sort key of the previous batch's last row, so every batch costs the same,
// where OFFSET would walk past every row before it again (quadratic over a whole export).
// Kysely's .stream() would hold the connection for the whole download (better-sqlite3 has only
// one); short batches leave it to the other requests between two of them.
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

export const BATCH_SIZE = 2000;

/** A run of a sorted list: at most `size` rows after `after` (the previous batch's last row). */
export type Segment<Row> = (after: Row | undefined, size: number) => Promise<Row[]>;

/** The rows of each segment in turn, a batch at a time, `limit` rows at most in all. */
export async function* keysetBatches<Row>(
  segments: Segment<Row>[],
  limit: number,
  size = BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let left = limit;
  for (const segment of segments) {
    let last: Row | undefined;
    while (left > 0) {
      const wanted = Math.min(size, left);
      const rows = await segment(last, wanted);
      if (rows.length > 0) {
        left -= rows.length;
        last = rows[rows.length - 1];
        yield rows;
      }
      if (rows.length < wanted) break;
    }
  }
}

/**
 * `query` sorted by `columns` in one direction (the last column unique, none NULL in the rows it
 * reads), from just after the row whose values of those columns are `after`, `size` rows at most.
 * The row-value comparison reads the matching index from that key on, in both databases.
 */
export function seek<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: readonly string[],
  order: 'asc' | 'desc',
  after: readonly unknown[] | undefined,
  size: number,
): SelectQueryBuilder<DB, TB, O> {
  const refs = columns.map((column) => sql.ref(column));
  let sorted = query;
  if (after) {
    const values = after.map((value) => sql.val(value));
    sorted = sorted.where(
      sql<SqlBool>`(${sql.join(refs)}) ${order === 'asc' ? sql`>` : sql`<`} (${sql.join(values)})`,
    );
  }
  for (const ref of refs) sorted = sorted.orderBy(ref, order);
  return sorted.limit(size);
}

/** The segment of `query` sorted by `columns`; `keyOf` reads those columns' values in a row. */
export function keysetSegment<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: readonly string[],
  order: 'asc' | 'desc',
  keyOf: (row: O) => readonly unknown[],
): Segment<O> {
  return (after, size) =>
    seek(query, columns, order, after && keyOf(after), size).execute() as Promise<O[]>;
}
