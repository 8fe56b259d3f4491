// The check-ins a phone made without a connection (issue 26): kept in the browser's localStorage
// and sent again when the connection returns. Each carries the key it was first sent with, so the
// server stores it once however many times it arrives (a reply lost on the way is a replay).
import { HttpError } from 'react-admin';
import type { Attendance, CheckinBody } from '../../providers/churchLifeCalls';

const STORAGE_KEY = 'adamCheckinQueue';

export interface QueuedCheckin {
  gatheringId: number;
  /** Who was marked, as the screen showed them (the server answers the name when sent). */
  name: string;
  body: CheckinBody;
}

/** A new idempotency key for one check-in (the server accepts 8–64 of [A-Za-z0-9_-]). */
export function newClientKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A list kept in the browser's localStorage under `key` (absent when empty). */
export function storedList<T>(key: string) {
  return {
    read(): T[] {
      try {
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? (parsed as T[]) : [];
      } catch {
        return [];
      }
    },
    write(items: T[]) {
      if (items.length === 0) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(items));
    },
  };
}

const checkins = storedList<QueuedCheckin>(STORAGE_KEY);
export const readQueue = checkins.read;
const writeQueue = checkins.write;

export function enqueue(item: QueuedCheckin) {
  writeQueue([...readQueue(), item]);
}

/** Whether a failed call never reached the server (no connection), so it may be sent later. */
export const isOffline = (error: unknown) =>
  !(error instanceof HttpError) || error.status === 0 || error.status >= 500;

/**
 * Sends every queued check-in, oldest first, and keeps those that still find no connection. A
 * check-in the server refuses (4xx) leaves the queue: it would be refused again.
 */
export async function flushQueue(
  send: (gatheringId: number, body: CheckinBody) => Promise<Attendance>,
): Promise<{ sent: number; refused: string[]; left: number }> {
  const queue = readQueue();
  const kept: QueuedCheckin[] = [];
  const refused: string[] = [];
  let sent = 0;
  for (const item of queue) {
    try {
      await send(item.gatheringId, item.body);
      sent += 1;
    } catch (error) {
      if (isOffline(error)) kept.push(item);
      else refused.push(item.name);
    }
  }
  // Check-ins queued while this ran are kept too.
  const added = readQueue().slice(queue.length);
  writeQueue([...kept, ...added]);
  return { sent, refused, left: kept.length + added.length };
}
