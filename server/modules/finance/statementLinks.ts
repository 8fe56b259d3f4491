// Movements a bank statement's line was reconciled with carry that line's id (issue 14): the
// transactions list and an account's statement mark them as reconciled.
import type { Db } from './types.js';

export async function withStatementLines<T extends { id: number }>(
  db: Db,
  rows: T[],
): Promise<Array<T & { statement_line_id: number | null }>> {
  const ids = rows.map((row) => row.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .selectFrom('statement_lines')
          .select(['id', 'transaction_id'])
          .where('transaction_id', 'in', ids)
          .execute();
  const lineOf = new Map(lines.map((line) => [line.transaction_id, line.id]));
  return rows.map((row) => ({ ...row, statement_line_id: lineOf.get(row.id) ?? null }));
}
