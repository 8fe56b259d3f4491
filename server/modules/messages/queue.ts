// The durable queue of e-mail deliveries. A worker claims one delivery at a time in a short
// transaction: the settings row is locked first (PostgreSQL: FOR UPDATE; SQLite: its one writer),
// so the pace holds across every process; the delivery is picked with FOR UPDATE SKIP LOCKED and
// leased to the worker (status "sending", lease_until). A lease that runs out — its process died —
// makes the delivery claimable again; it is then sent again with the same Message-ID.
import type { Kysely } from 'kysely';
import type { Database, MessageDelivery, MessageSettings } from '../../db/schema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { canSend } from './settings.js';

/** Tries of a delivery whose failure may pass (a 4xx, a connection refused) before "failed". */
export const MAX_ATTEMPTS = 3;

export interface Claim {
  delivery: MessageDelivery;
  settings: MessageSettings;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims the next due delivery for `worker`, or null: nothing due, e-mail not configured, or the
 * church's pace reached (sent in the last minute plus those being sent).
 */
export async function claimDelivery(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  worker: string,
  leaseMs: number,
  nowMs = Date.now(),
): Promise<Claim | null> {
  return db.transaction().execute(async (trx) => {
    const settings = await dialect
      .forUpdate(trx.selectFrom('message_settings').selectAll().where('id', '=', 1))
      .executeTakeFirstOrThrow();
    if (!canSend(settings)) return null;
    const now = iso(nowMs);
    const { busy } = await trx
      .selectFrom('message_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('busy'))
      .where((eb) =>
        eb.or([
          eb('sent_at', '>', iso(nowMs - 60_000)),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '>', now)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (Number(busy) >= settings.rate_per_minute) return null;

    // A lease run out first (the oldest work), then the queue in order; a row another process
    // holds is passed over.
    const first = (status: 'sending' | 'queued', due: 'lease_until' | 'available_at') =>
      dialect
        .skipLocked(
          trx
            .selectFrom('message_deliveries')
            .select('id')
            .where('status', '=', status)
            .where(due, '<=', now)
            .orderBy('status')
            .orderBy(due)
            .orderBy('id')
            .limit(1),
        )
        .executeTakeFirst();
    const next = (await first('sending', 'lease_until')) ?? (await first('queued', 'available_at'));
    if (!next) return null;
    const delivery = await trx
      .updateTable('message_deliveries')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        lease_until: iso(nowMs + leaseMs),
        leased_by: worker,
      }))
      .where('id', '=', next.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { delivery, settings };
  });
}

/** The SMTP server accepted it: "sent", in one statement right after its answer. */
export async function markSent(db: Kysely<Database>, id: number, worker: string): Promise<void> {
  await db
    .updateTable('message_deliveries')
    .set({ status: 'sent', sent_at: new Date().toISOString(), lease_until: null, error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('leased_by', '=', worker)
    .execute();
}

/**
 * The SMTP server refused it: for good (bounced, failed), or to try again later (a temporary
 * failure, before MAX_ATTEMPTS tries).
 */
export async function markFailed(
  db: Kysely<Database>,
  delivery: MessageDelivery,
  worker: string,
  failure: { status: 'bounced' | 'failed' | 'retry'; error: string },
): Promise<void> {
  const retry = failure.status === 'retry' && delivery.attempts < MAX_ATTEMPTS;
  const waitMs = 60_000 * 2 ** (delivery.attempts - 1);
  await db
    .updateTable('message_deliveries')
    .set({
      status: retry ? 'queued' : failure.status === 'bounced' ? 'bounced' : 'failed',
      available_at: retry ? new Date(Date.now() + waitMs).toISOString() : delivery.available_at,
      lease_until: null,
      error: failure.error.slice(0, 500),
    })
    .where('id', '=', delivery.id)
    .where('status', '=', 'sending')
    .where('leased_by', '=', worker)
    .execute();
}

/**
 * A server on SQLite is the only one on its database (the data folder's lock): deliveries left
 * "sending" by a process that died are its own, claimable at once instead of after their lease.
 */
export async function releaseOrphans(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('message_deliveries')
    .set({ lease_until: new Date(0).toISOString() })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
