// What the messages keep about a person (LGPD, issue 28), for the data subject's export and the
// anonymization: each message sent or not sent to them (subject, channel, state, the address used,
// the SMTP server's answer) and their unsubscribe.
import type { Kysely, Transaction } from 'kysely';
import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  MESSAGE_CHANNEL_LABELS,
  type MessageChannel,
} from '../../../domain/messages.js';
import type { Database } from '../../db/schema.js';

type Person = { memberId: number } | { visitorId: number };

const whose = (person: Person) =>
  'memberId' in person
    ? (['member_id', person.memberId] as const)
    : (['visitor_id', person.visitorId] as const);

/** The person's deliveries, newest first, and when they unsubscribed (null: never). */
export async function messageHistoryOf(db: Kysely<Database>, person: Person) {
  const [column, id] = whose(person);
  const deliveries = await db
    .selectFrom('message_deliveries')
    .innerJoin('messages', 'messages.id', 'message_deliveries.message_id')
    .select([
      'message_deliveries.id',
      'messages.channel',
      'messages.subject',
      'messages.created_at',
      'message_deliveries.address',
      'message_deliveries.status',
      'message_deliveries.error',
      'message_deliveries.sent_at',
    ])
    .where(`message_deliveries.${column}`, '=', id)
    .orderBy('message_deliveries.id', 'desc')
    .execute();
  const optOut = await db
    .selectFrom('message_opt_outs')
    .select('created_at')
    .where(column, '=', id)
    .executeTakeFirst();
  return {
    deliveries: deliveries.map((row) => ({
      ...row,
      channel_label: MESSAGE_CHANNEL_LABELS[row.channel as MessageChannel] ?? row.channel,
      status_label: DELIVERY_STATUS_LABELS[row.status as DeliveryStatus] ?? row.status,
    })),
    unsubscribed_at: optOut?.created_at ?? null,
  };
}

/**
 * Anonymization: the person's deliveries keep their facts (a message went, or not) under the
 * anonymized name, without the address or the SMTP server's answer (which may name it); queued
 * ones are dropped from the queue.
 */
export async function anonymizeDeliveries(
  trx: Transaction<Database>,
  person: Person,
  name: string,
): Promise<void> {
  const [column, id] = whose(person);
  await trx
    .updateTable('message_deliveries')
    .set({ status: 'no_address' })
    .where(column, '=', id)
    .where('status', 'in', ['queued', 'pending'])
    .execute();
  await trx
    .updateTable('message_deliveries')
    .set({ name, address: null, error: null })
    .where(column, '=', id)
    .execute();
}
