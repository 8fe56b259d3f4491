// The daily fold of the named presence (migration 0048): the slots of the gatherings of the days
// gone by are moved into their rows (`folded_*`), so that the slots hold only the days still being
// checked in and the pastor's year reads one row per gathering. The slots are signed deltas, so the
// fold never changes a count, whenever it runs: what a DELETE takes away (RETURNING says exactly
// what, even while a late offline check-in writes a slot) is what the rows gain, in one
// transaction. A check-in after the fold starts a fresh slot.
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { claimDailyTask, everyHour } from '../../db/dailyTasks.js';

const TASK = 'presence_fold';

/** Gatherings one UPDATE folds (two parameters each, within SQLite's limit). */
const BATCH = 500;

interface Named {
  members: number;
  visitors: number;
}

/**
 * Folds the slots of every gathering dated before `before` (YYYY-MM-DD) into its row; answers
 * how many gatherings had slots.
 */
export async function foldPresence(db: Executor, before: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .deleteFrom('gathering_presence')
      .where('gathering_id', 'in', (eb) =>
        eb.selectFrom('gatherings').select('id').where('date', '<', before),
      )
      .returning(['gathering_id', 'members', 'visitors'])
      .execute();
    const sums = new Map<number, Named>();
    for (const row of moved) {
      const sum = sums.get(row.gathering_id) ?? { members: 0, visitors: 0 };
      sum.members += row.members;
      sum.visitors += row.visitors;
      sums.set(row.gathering_id, sum);
    }
    const entries = [...sums];
    for (let start = 0; start < entries.length; start += BATCH) {
      const batch = entries.slice(start, start + BATCH);
      const each = (column: keyof Named) =>
        sql<number>`case ${sql.ref('id')} ${sql.join(
          batch.map(([id, sum]) => sql`when ${id} then ${sum[column]}`),
          sql` `,
        )} else 0 end`;
      await trx
        .updateTable('gatherings')
        .set((eb) => ({
          folded_members: eb('folded_members', '+', each('members')),
          folded_visitors: eb('folded_visitors', '+', each('visitors')),
        }))
        .where(
          'id',
          'in',
          batch.map(([id]) => id),
        )
        .execute();
    }
    return sums.size;
  });
}

/**
 * Today's fold of the days before it (São Paulo), by whichever process claims the day first;
 * null when another did. The claim and the fold commit together.
 */
export async function dailyPresenceFold(
  db: Kysely<Database>,
  today: string = todayIso(),
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimDailyTask(trx, TASK, today))) return null;
    return foldPresence(trx, today);
  });
}

/** The server's daily fold: at start and then every hour (a claimed day is skipped). */
export function startPresenceFold(db: Kysely<Database>, log: FastifyBaseLogger): () => void {
  return everyHour(
    () => dailyPresenceFold(db),
    (error: unknown) => log.warn({ message: (error as Error).message }, 'gathering_presence fold'),
  );
}
