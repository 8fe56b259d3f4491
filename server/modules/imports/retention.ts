// How long an import's rows — the file's personal data, CPFs and phones of people who may never
// become members — are kept (issue 22): a dry run's while the wizard may page them (a working
// day, or until the same user analyses another file); an import's, once written, only what its
// undo needs (which member each row created or updated, and the updated member's previous
// state), until the undo window closes; a failed or undone import's, none. The purge runs with
// every upload and once a day (claimed in daily_tasks by one process among several).
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { now, todayIso } from '../../../domain/dates.js';
import { IMPORT_UNDO_DAYS } from '../../../domain/memberImport.js';
import type { Database } from '../../db/schema.js';
import { claimDailyTask, everyHour } from '../../db/dailyTasks.js';

/** A staged row without the file's values: what it read, its errors, its duplicate keys. */
export const FILE_VALUES_CLEARED = {
  member_values: null,
  errors: null,
  key_cpf: null,
  key_email: null,
  key_phone: null,
  key_name: null,
  key_birth: null,
} as const;

/** A dry run's rows are kept this long for the wizard to page them. */
export const DRY_RUN_HOURS = 24;

/** Rows one DELETE removes (a statement holds SQLite's writer; the event loop runs between). */
const DELETE_BATCH = 5_000;

const HOUR_MS = 60 * 60 * 1000;

/** Deletes every row of the import, in batches, and records when. */
export async function clearImportRows(db: Kysely<Database>, importId: number): Promise<void> {
  for (;;) {
    const result = await db
      .deleteFrom('member_import_rows')
      .where('import_id', '=', importId)
      .where(
        'row_number',
        'in',
        db
          .selectFrom('member_import_rows')
          .select('row_number')
          .where('import_id', '=', importId)
          .orderBy('row_number')
          .limit(DELETE_BATCH),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) < DELETE_BATCH) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db
    .updateTable('member_imports')
    .set({ rows_cleared_at: now().toISOString() })
    .where('id', '=', importId)
    .execute();
}

/**
 * An import just written: the rows its undo does not need are deleted, and the ones it needs
 * keep only the member's id and previous state (the file's values, errors and keys go).
 */
export async function keepOnlyUndoRows(db: Kysely<Database>, importId: number): Promise<void> {
  await db
    .deleteFrom('member_import_rows')
    .where('import_id', '=', importId)
    .where((eb) =>
      eb.or([eb('outcome', 'is', null), eb('outcome', 'not in', ['created', 'updated'])]),
    )
    .execute();
  await db
    .updateTable('member_import_rows')
    .set({ name: null, ...FILE_VALUES_CLEARED })
    .where('import_id', '=', importId)
    .execute();
  await db
    .updateTable('member_imports')
    .set({ rows_cleared_at: now().toISOString() })
    .where('id', '=', importId)
    .execute();
}

/** The user's earlier dry runs, left behind by the file she analyses now. */
export async function clearEarlierDryRuns(
  db: Kysely<Database>,
  userId: number | null,
  currentId: number,
): Promise<void> {
  if (userId === null) return;
  const earlier = await db
    .selectFrom('member_imports')
    .select('id')
    .where('user_id', '=', userId)
    .where('dry_run', '=', true)
    .where('status', '=', 'checked')
    .where('id', '<', currentId)
    .where('rows_cleared_at', 'is', null)
    .execute();
  for (const { id } of earlier) await clearImportRows(db, id);
}

/**
 * The rows no longer needed, of every import: dry runs older than DRY_RUN_HOURS, failed and
 * undone imports, and imports past their undo window. Answers how many imports were cleared.
 */
export async function purgeImportRows(db: Kysely<Database>): Promise<number> {
  const moment = now().getTime();
  const dryRunsBefore = new Date(moment - DRY_RUN_HOURS * HOUR_MS).toISOString();
  const undoBefore = new Date(moment - (IMPORT_UNDO_DAYS + 1) * 24 * HOUR_MS).toISOString();
  const stale = await db
    .selectFrom('member_imports')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'checked'), eb('created_at', '<', dryRunsBefore)]),
        eb('status', 'in', ['failed', 'undone', 'partly_undone']),
        eb.and([eb('status', '=', 'done'), eb('finished_at', '<', undoBefore)]),
      ]),
    )
    .where(
      sql<boolean>`exists (select 1 from member_import_rows r where r.import_id = member_imports.id)`,
    )
    .execute();
  for (const { id } of stale) await clearImportRows(db, id);
  return stale.length;
}

const TASK = 'import_rows_purge';

/** Today's purge, by whichever process claims the day first (two servers purge once). */
export async function dailyImportPurge(
  db: Kysely<Database>,
  today: string = todayIso(),
): Promise<number | null> {
  if (!(await claimDailyTask(db, TASK, today))) return null;
  return purgeImportRows(db);
}

/** The server's daily purge of import rows: at start and then every hour (a claimed day is skipped). */
export function startImportPurge(db: Kysely<Database>, log: FastifyBaseLogger): () => void {
  return everyHour(
    () => dailyImportPurge(db),
    (error: unknown) => log.warn({ message: (error as Error).message }, 'member_import_rows purge'),
  );
}
