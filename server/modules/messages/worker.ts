// The worker in each API process: claims a due delivery, renders it for its person, sends it and
// records the SMTP server's answer, at the church's pace. Between the SMTP server's acceptance
// and the "sent" commit lies one UPDATE by primary key; a process killed inside that window
// leaves the delivery "sending" with its lease, and it is sent again, with the same Message-ID,
// once the lease runs out (at-least-once in that window only; see the README).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { renderMessage } from '../../../domain/messages.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, MessageDelivery, MessageSettings } from '../../db/schema.js';
import { failureOf, sendMail, unsubscribeUrl } from './mailer.js';
import { churchName } from './service.js';
import { type Claim, claimDelivery, markFailed, markSent, releaseOrphans } from './queue.js';

export interface WorkerOptions {
  /** How long a claimed delivery belongs to this worker. */
  leaseMs: number;
  /** The pause when nothing is due. */
  idleMs: number;
}

export const DEFAULT_WORKER: WorkerOptions = { leaseMs: 60_000, idleMs: 1_000 };

/** The Message-ID's left part: the same for every try of one delivery. */
export const messageIdOf = (delivery: Pick<MessageDelivery, 'id' | 'message_id'>) =>
  `adam.m${delivery.message_id}.d${delivery.id}`;

async function render(db: Kysely<Database>, claim: Claim) {
  const { delivery } = claim;
  const message = await db
    .selectFrom('messages')
    .select(['subject', 'body', 'link_base'])
    .where('id', '=', delivery.message_id)
    .executeTakeFirstOrThrow();
  const congregation = await db
    .selectFrom('congregations')
    .select('name')
    .where('id', '=', delivery.congregation_id)
    .executeTakeFirst();
  const person = {
    name: delivery.name,
    congregation: congregation?.name ?? '',
    church: await churchName(db),
  };
  return {
    to: delivery.address ?? '',
    subject: renderMessage(message.subject, person),
    text: renderMessage(message.body, person),
    id: messageIdOf(delivery),
    unsubscribeUrl: unsubscribeUrl(message.link_base, delivery.token),
  };
}

/** Sends one due delivery; false when none was claimed (nothing due, not configured, pace). */
export async function deliverOne(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  worker: string,
  options: WorkerOptions = DEFAULT_WORKER,
): Promise<{ settings: MessageSettings } | null> {
  const claim = await claimDelivery(db, dialect, worker, options.leaseMs);
  if (!claim) return null;
  try {
    const mail = await render(db, claim);
    await sendMail(claim.settings, mail);
  } catch (error) {
    await markFailed(db, claim.delivery, worker, failureOf(error));
    return { settings: claim.settings };
  }
  await markSent(db, claim.delivery.id, worker);
  return { settings: claim.settings };
}

/**
 * Starts the process's worker: one delivery at a time, 60/rate seconds apart, idle pauses when
 * nothing is due; returns how to stop it (the delivery under way finishes).
 */
export function startMessageWorker(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  log: FastifyBaseLogger,
  options: WorkerOptions = DEFAULT_WORKER,
): () => Promise<void> {
  const worker = `${process.pid}.${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      wake = done;
      timer = setTimeout(done, ms);
      timer.unref();
    });
  const loop = (async () => {
    if (dialect.name === 'sqlite') await releaseOrphans(db).catch(() => 0);
    while (!stopped) {
      try {
        const sent = await deliverOne(db, dialect, worker, options);
        await pause(sent ? 60_000 / sent.settings.rate_per_minute : options.idleMs);
      } catch (error) {
        log.warn({ message: (error as Error).message }, 'message worker');
        await pause(options.idleMs);
      }
    }
  })();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    wake?.();
    await loop;
  };
}
