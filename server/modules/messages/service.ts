// Messages: the preview of an audience, the queueing of a message (one INSERT … SELECT), the list
// with each message's counts, a message's per-person log, the WhatsApp links marked as sent, and
// the public unsubscribe. Everything a person's data touches follows the reader's congregations.
import { type Kysely, sql } from 'kysely';
import {
  type Audience,
  type MessageChannel,
  type MessageInput,
  messageSchema,
  messageWhatsappUrl,
  renderMessage,
} from '../../../domain/messages.js';
import { type Actor, SYSTEM_ACTOR, audit } from '../../audit/trail.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Message } from '../../db/schema.js';
import {
  OUTSIDE_SCOPE,
  type Scope,
  ensureReadable,
  ensureWritable,
  inScope,
} from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, forbidden, notFound, validated } from '../../plugins/errors.js';
import { congregationNames } from '../members/index.js';
import { audienceCounts, audienceQueries, queueRows } from './audience.js';

export const MESSAGE_NOT_FOUND = 'Mensagem não encontrada.';
const PREVIEW_PEOPLE = 10;

/** The congregation a message belongs to: its audience's one, or the reader's only one. */
function messageCongregation(audience: Audience, view: Scope): number | null {
  if (audience.congregation_id !== null) return audience.congregation_id;
  return view !== null && view.length === 1 ? view[0] : null;
}

/** An audience named outside the reader's congregations: 403, as writing there would be. */
function checkAudience(audience: Audience, view: Scope) {
  if (audience.congregation_id !== null) ensureWritable(view, audience.congregation_id);
}

/** The church's name, for the {igreja} field. */
export async function churchName(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('church').select('name').where('id', '=', 1).executeTakeFirst();
  return row?.name ?? '';
}

/** POST /api/messages/preview: the counts by state, the first people and one rendered text. */
export async function previewMessage(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  body: unknown,
  view: Scope,
  actor: Actor,
) {
  const input = validated(messageSchema, body);
  checkAudience(input.audience, view);
  const target = { messageId: 0, channel: input.channel, at: new Date().toISOString() };
  const queries = audienceQueries(db, dialect, input.audience, view, target);
  const counts = await audienceCounts(db, queries);
  const people: Array<{
    name: string;
    address: string | null;
    status: string;
    congregation_id: number;
  }> = [];
  for (const query of queries) {
    if (people.length >= PREVIEW_PEOPLE) break;
    const rows = (await db
      .selectFrom(query.as('audience') as never)
      .select([
        sql<string>`name`.as('name'),
        sql`address`.as('address'),
        sql`status`.as('status'),
        sql`congregation_id`.as('congregation_id'),
      ])
      .orderBy(sql`name`)
      .limit(PREVIEW_PEOPLE - people.length)
      .execute()) as typeof people;
    people.push(...rows);
  }
  const sample =
    people.find((person) => person.status === 'queued' || person.status === 'pending') ?? people[0];
  let rendered: { subject: string; body: string } | null = null;
  if (sample) {
    const congregation = await db
      .selectFrom('congregations')
      .select('name')
      .where('id', '=', sample.congregation_id)
      .executeTakeFirst();
    const person = {
      name: sample.name,
      congregation: congregation?.name ?? '',
      church: await churchName(db),
    };
    rendered = {
      subject: renderMessage(input.subject, person),
      body: renderMessage(input.body, person),
    };
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  // The first people's names and addresses were shown: a read of personal data, audited.
  await audit(db, actor, {
    action: 'view',
    resource: 'messages',
    record_id: null,
    details: { audience: input.audience, rows: total },
  });
  return { total, counts, people, sample: sample ? { name: sample.name, ...rendered } : null };
}

/** POST /api/messages: the message and every delivery, in one transaction. */
export async function createMessage(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  body: unknown,
  view: Scope,
  actor: Actor,
  linkBase: string,
) {
  const input: MessageInput = validated(messageSchema, body);
  checkAudience(input.audience, view);
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const message = await trx
      .insertInto('messages')
      .values({
        kind: 'manual',
        channel: input.channel,
        subject: input.subject,
        body: input.body,
        audience: JSON.stringify(input.audience),
        congregation_id: messageCongregation(input.audience, view),
        link_base: linkBase,
        birthday_on: null,
        created_by: actor.user_id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const target = { messageId: message.id, channel: input.channel, at: now };
    await queueRows(trx, audienceQueries(trx, dialect, input.audience, view, target));
    await audit(trx as Kysely<Database>, actor, {
      action: 'create',
      resource: 'messages',
      record_id: message.id,
      after: { channel: input.channel, subject: input.subject, body: input.body },
      details: { audience: input.audience },
    });
    return message.id;
  });
  return loadMessage(db, id, actor.rights, actor.user_id);
}

/** A message the reader may see: of his congregations, the whole church's for the whole church, or his own. */
function visible<Q extends { where: (...args: never[]) => unknown }>(
  query: Q,
  rights: Scope,
  userId: number | null,
): Q {
  if (rights === null) return query;
  const ids = rights.length > 0 ? rights : [0];
  return (query as unknown as { where(expression: unknown): Q }).where(
    sql<boolean>`(messages.congregation_id in (${sql.join(ids)}) or messages.created_by = ${userId ?? 0})`,
  );
}

/** Each message's deliveries counted by state (only the people inside the reader's rights). */
async function countsOf(db: Kysely<Database>, ids: number[], rights: Scope) {
  if (ids.length === 0) return new Map<number, Record<string, number>>();
  const rows = await inScope(
    db
      .selectFrom('message_deliveries')
      .select(['message_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('message_id', 'in', ids)
      .groupBy(['message_id', 'status']),
    'message_deliveries.congregation_id',
    rights,
  ).execute();
  const counts = new Map<number, Record<string, number>>();
  for (const row of rows) {
    const own = counts.get(row.message_id) ?? {};
    own[row.status] = Number(row.count);
    counts.set(row.message_id, own);
  }
  return counts;
}

function answerOf(
  message: Message & { created_by_name?: string | null },
  counts: Record<string, number>,
) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return { ...message, audience: JSON.parse(message.audience) as Audience, counts, total };
}

export async function loadMessage(
  db: Kysely<Database>,
  id: number,
  rights: Scope,
  userId: number | null,
) {
  const message = await visible(
    db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.created_by')
      .selectAll('messages')
      .select('users.name as created_by_name')
      .where('messages.id', '=', id),
    rights,
    userId,
  ).executeTakeFirst();
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  const counts = await countsOf(db, [id], rights);
  return answerOf(message, counts.get(id) ?? {});
}

export const MESSAGE_SORTS = ['id', 'created_at', 'subject'] as const;

/** GET /api/messages: newest first by default, filtered by channel or kind. */
export async function listMessages(
  db: Kysely<Database>,
  params: ListParams,
  rights: Scope,
  userId: number | null,
) {
  const unknown = Object.keys(params.filter).filter(
    (key) => !['channel', 'kind', 'q'].includes(key),
  );
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  let query = visible(db.selectFrom('messages'), rights, userId);
  const { channel, kind, q } = params.filter;
  if (typeof channel === 'string' && channel) query = query.where('messages.channel', '=', channel);
  if (typeof kind === 'string' && kind) query = query.where('messages.kind', '=', kind);
  if (typeof q === 'string' && q.trim())
    query = query.where('messages.subject', 'like', `%${q.trim()}%`);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('users', 'users.id', 'messages.created_by')
    .selectAll('messages')
    .select('users.name as created_by_name')
    .orderBy(`messages.${params.sort.field}` as 'messages.id', params.sort.order)
    .orderBy('messages.id', 'desc')
    .limit(params.range.limit)
    .offset(params.range.offset)
    .execute();
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
    rights,
  );
  return { rows: rows.map((row) => answerOf(row, counts.get(row.id) ?? {})), total: Number(total) };
}

/** GET /api/messages/:id/deliveries: the per-person log, with each WhatsApp link. */
export async function listDeliveries(
  db: Kysely<Database>,
  messageId: number,
  params: ListParams,
  rights: Scope,
  userId: number | null,
) {
  const message = await loadMessage(db, messageId, rights, userId);
  const unknown = Object.keys(params.filter).filter((key) => !['status', 'q'].includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  let query = inScope(
    db.selectFrom('message_deliveries').where('message_id', '=', messageId),
    'message_deliveries.congregation_id',
    rights,
  );
  const { status, q } = params.filter;
  if (typeof status === 'string' && status) query = query.where('status', '=', status);
  if (Array.isArray(status) && status.length > 0)
    query = query.where('status', 'in', status.map(String));
  if (typeof q === 'string' && q.trim()) query = query.where('name', 'like', `%${q.trim()}%`);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'id',
      'message_id',
      'member_id',
      'visitor_id',
      'congregation_id',
      'name',
      'address',
      'status',
      'attempts',
      'error',
      'sent_at',
    ])
    .orderBy(params.sort.field === 'name' ? 'name' : 'id', params.sort.order)
    .limit(params.range.limit)
    .offset(params.range.offset)
    .execute();
  const church = message.channel === 'whatsapp' ? await churchName(db) : '';
  const names = await congregationNames(
    db,
    rows.map((row) => row.congregation_id),
  );
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      ...row,
      whatsapp_url:
        message.channel === 'whatsapp' && (row.status === 'pending' || row.status === 'sent')
          ? messageWhatsappUrl(
              row.address,
              renderMessage(message.body, {
                name: row.name,
                congregation: names.get(row.congregation_id) ?? '',
                church,
              }),
            )
          : null,
    })),
  };
}

/** POST /api/messages/:id/deliveries/:delivery/sent: a WhatsApp link opened, the person reached. */
export async function markWhatsappSent(
  db: Kysely<Database>,
  messageId: number,
  deliveryId: number,
  actor: Actor,
  userId: number | null,
) {
  const message = await loadMessage(db, messageId, actor.rights, userId).catch(async (error) => {
    // Another congregation's message: not the reader's to change (403), as any record outside.
    const exists = await db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', messageId)
      .executeTakeFirst();
    throw exists ? forbidden(OUTSIDE_SCOPE) : error;
  });
  if ((message.channel as MessageChannel) !== 'whatsapp') {
    throw badRequest('Só uma mensagem de WhatsApp é marcada como enviada pelo link.');
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('message_deliveries')
      .select(['id', 'status', 'congregation_id', 'member_id'])
      .where('id', '=', deliveryId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    if (!row) throw notFound('Envio não encontrado.');
    ensureReadable(actor.rights, row.congregation_id);
    if (row.status === 'pending') {
      const at = new Date().toISOString();
      await trx
        .updateTable('message_deliveries')
        .set({ status: 'sent', sent_at: at })
        .where('id', '=', deliveryId)
        .execute();
      await audit(trx as Kysely<Database>, actor, {
        action: 'update',
        resource: 'message_deliveries',
        record_id: deliveryId,
        member_id: row.member_id,
        changes: { status: ['pending', 'sent'] },
        details: { message_id: messageId },
      });
    } else if (row.status !== 'sent') {
      throw badRequest(
        'Esta pessoa não recebe a mensagem (sem telefone, descadastrada ou sem consentimento).',
      );
    }
    return { id: deliveryId, status: 'sent' };
  });
}

/** The person behind an unsubscribe link (404 for an unknown token). */
async function deliveryByToken(db: Kysely<Database>, token: string) {
  if (!/^[0-9a-f]{32}$/.test(token)) throw notFound('Link de descadastro inválido.');
  const row = await db
    .selectFrom('message_deliveries')
    .select(['id', 'member_id', 'visitor_id', 'name'])
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) throw notFound('Link de descadastro inválido.');
  return row;
}

async function optedOut(
  db: Kysely<Database>,
  row: { member_id: number | null; visitor_id: number | null },
) {
  const found = await db
    .selectFrom('message_opt_outs')
    .select('id')
    .where((eb) =>
      row.member_id !== null
        ? eb('member_id', '=', row.member_id)
        : eb('visitor_id', '=', row.visitor_id),
    )
    .executeTakeFirst();
  return Boolean(found);
}

/** GET /api/public/unsubscribe/:token: the first name and the church, nothing more. */
export async function unsubscribeInfo(db: Kysely<Database>, token: string) {
  const row = await deliveryByToken(db, token);
  return {
    first_name: row.name.trim().split(/\s+/)[0] ?? '',
    church: await churchName(db),
    unsubscribed: await optedOut(db, row),
  };
}

/** POST /api/public/unsubscribe/:token: no more messages to this person (idempotent). */
export async function unsubscribe(
  db: Kysely<Database>,
  token: string,
  actor: Actor = SYSTEM_ACTOR,
) {
  const row = await deliveryByToken(db, token);
  await db.transaction().execute(async (trx) => {
    if (await optedOut(trx as Kysely<Database>, row)) return;
    const created = await trx
      .insertInto('message_opt_outs')
      .values({
        member_id: row.member_id,
        visitor_id: row.visitor_id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Deliveries not yet made to the person are dropped from the queue.
    await trx
      .updateTable('message_deliveries')
      .set({ status: 'unsubscribed' })
      .where(
        row.member_id !== null ? 'member_id' : 'visitor_id',
        '=',
        row.member_id ?? row.visitor_id!,
      )
      .where('status', 'in', ['queued', 'pending'])
      .execute();
    await audit(trx as Kysely<Database>, actor, {
      action: 'create',
      resource: 'message_opt_outs',
      record_id: created.id,
      member_id: row.member_id,
      details: { visitor_id: row.visitor_id, delivery_id: row.id },
    });
  });
  return { unsubscribed: true };
}
