// Retention of the audit trail (LGPD art. 15/16: kept while needed, then erased): entries older
// than the church's `audit_retention_years` are deleted — the only delete the trail knows. The
// server runs it once a day (`startAuditPurge`), `npm run adam -- audit-purge` on demand.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addYears, todayIso } from '../../../domain/dates.js';
import { formatDate } from '../../../domain/formats.js';
import type { Database } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../audit/trail.js';
import { everyHour } from '../../db/dailyTasks.js';

export interface PurgeResult {
  /** Entries before this day were deleted (YYYY-MM-DD). */
  before: string;
  deleted: number;
}

/** Deletes the entries older than the retention, counted from `today` (YYYY-MM-DD). */
export async function purgeAuditLog(db: Kysely<Database>, today: string): Promise<PurgeResult> {
  const { audit_retention_years: years } = await db
    .selectFrom('church')
    .select('audit_retention_years')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const before = addYears(today, -years);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('audit_log')
      .where('created_at', '<', before)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    // The purge itself stays on the trail: how many, up to which day.
    if (deleted > 0) {
      await audit(trx, SYSTEM_ACTOR, {
        action: 'purge',
        resource: 'audit_log',
        record_id: null,
        details: { before, deleted, retention_years: years },
      });
    }
    return { before, deleted };
  });
}

/**
 * Today's purge, by whichever process claims the day first (the church row's
 * `audit_purged_on`, set under the row's lock): two servers on one database purge once.
 */
export async function dailyAuditPurge(
  db: Kysely<Database>,
  today: string = todayIso(),
): Promise<PurgeResult | null> {
  const claimed = await db
    .updateTable('church')
    .set({ audit_purged_on: today })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('audit_purged_on', 'is', null), eb('audit_purged_on', '<', today)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return purgeAuditLog(db, today);
}

/** The server's daily purge: at start and then every hour (a claimed day is skipped). */
export function startAuditPurge(db: Kysely<Database>, log: FastifyBaseLogger): () => void {
  return everyHour(
    async () => {
      const result = await dailyAuditPurge(db);
      if (result && result.deleted > 0) {
        log.info(
          `Registro de auditoria: ${result.deleted} entradas anteriores a ${formatDate(result.before)} apagadas.`,
        );
      }
    },
    (error: unknown) => log.warn({ error }, 'audit_log purge'),
  );
}
