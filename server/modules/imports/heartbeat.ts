// Which imports this process is running. While one runs, its row's heartbeat_at is stamped every
// few seconds; a server starting beside it (two processes on one PostgreSQL) recovers only the
// imports whose heartbeat stopped — their process is gone — and leaves the live ones alone.
import type { Kysely } from 'kysely';
import { now } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';

/** How often a running import is stamped. */
const BEAT_MS = 5_000;
/** A heartbeat older than this is a stopped process's (many beats missed, even under load). */
export const STALE_MS = 60_000;

const live = new Set<number>();
let timer: NodeJS.Timeout | null = null;

async function beat(db: Kysely<Database>) {
  if (live.size === 0) return;
  await db
    .updateTable('member_imports')
    .set({ heartbeat_at: now().toISOString() })
    .where('id', 'in', [...live])
    .execute();
}

/** Marks `id` as running here until the returned function is called. */
export function holdImport(db: Kysely<Database>, id: number): () => void {
  live.add(id);
  if (timer === null) {
    timer = setInterval(() => {
      beat(db).catch(() => {
        // A missed beat is made up by the next one.
      });
    }, BEAT_MS);
    timer.unref();
  }
  return () => {
    live.delete(id);
    if (live.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The moment before which a heartbeat counts as stopped. */
export const staleBefore = () => new Date(now().getTime() - STALE_MS).toISOString();
