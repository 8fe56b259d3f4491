// Consolidação (/igreja/consolidacao): each consenting visitor's steps through the church's
// pipeline (followupStages.ts), with an owner and a due date; "Minhas tarefas" (the signed-in
// user's open steps by due date), the overdue list, a WhatsApp link on each open step while the
// visitor's consent stands. Steps follow their visitor's congregation (scope) and stay with the
// visitor after the conversion to a member.
import type { Kysely, Transaction } from 'kysely';
import { hasAccess, SECRETARY_ACCESS } from '../../../domain/access.js';
import { addDays, todayIso } from '../../../domain/dates.js';
import {
  CONSENT_WITHDRAWN_NOTE,
  FOLLOWUP_NEEDS_CONSENT,
  FOLLOWUP_NOT_OPEN,
  FOLLOWUP_STATUSES,
  followupChangeSchema,
  followupCloseSchema,
  followupGreeting,
} from '../../../domain/followups.js';
import { whatsappUrl } from '../../../domain/reports.js';
import type { Database, Followup } from '../../db/schema.js';
import { inTransaction } from '../../db/executor.js';
import { applyFilters, dateFilter, inPageOrder, pageOf, totalOf } from '../../http/listFilters.js';
import { type Scope, canWrite, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit, auditMany } from '../../audit/trail.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { congregationNames, listCongregations } from '../members/index.js';

type Db = Kysely<Database> | Transaction<Database>;

export const FOLLOWUP_NOT_FOUND = 'Etapa da consolidação não encontrada.';
export const FOLLOWUP_SORTS = ['due_on', 'sort_order', 'created_at', 'id'] as const;

/** The visitor ids inside `scope` (a subquery: the steps carry no congregation of their own). */
const visitorsIn = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('visitors').select('visitors.id'), 'visitors.congregation_id', scope);

async function toApi(db: Db, rows: Followup[], today: string) {
  const visitorIds = [0, ...new Set(rows.map((row) => row.visitor_id))];
  const userIds = [0, ...rows.flatMap((row) => [row.owner_id ?? [], row.closed_by ?? []].flat())];
  const [visitors, users, church] = await Promise.all([
    db
      .selectFrom('visitors')
      .select(['id', 'name', 'phone', 'contact_consent', 'congregation_id', 'member_id'])
      .where('id', 'in', visitorIds)
      .execute(),
    db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
    db.selectFrom('church').select('name').where('id', '=', 1).executeTakeFirst(),
  ]);
  const visitor = new Map(visitors.map((row) => [row.id, row]));
  const user = new Map(users.map((row) => [row.id, row.name]));
  const names = await congregationNames(
    db as Kysely<Database>,
    visitors.map((row) => row.congregation_id),
  );
  return rows.map((row) => {
    const person = visitor.get(row.visitor_id)!;
    const owner = row.owner_id === null ? null : (user.get(row.owner_id) ?? null);
    const open = row.status === 'open';
    // Contact only while the consent stands (a withdrawal also erases the phone).
    const contact = open && Boolean(person.contact_consent) && person.phone !== null;
    return {
      ...row,
      visitor_name: person.name,
      visitor_member_id: person.member_id,
      congregation_id: person.congregation_id,
      congregation_name: names.get(person.congregation_id) ?? '',
      owner_name: owner,
      closed_by_name: row.closed_by === null ? null : (user.get(row.closed_by) ?? null),
      overdue: open && row.due_on < today,
      whatsapp_url: contact
        ? whatsappUrl(person.phone, followupGreeting(person.name, owner, church?.name ?? ''))
        : null,
    };
  });
}

/** A step with its visitor's congregation; one outside `rights` does not exist (404). */
export async function loadFollowup(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await db.selectFrom('followups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(FOLLOWUP_NOT_FOUND);
  const { congregation_id } = await db
    .selectFrom('visitors')
    .select('congregation_id')
    .where('id', '=', row.visitor_id)
    .executeTakeFirstOrThrow();
  ensureReadable(rights, congregation_id);
  const [record] = await toApi(db, [row], todayIso());
  return record;
}

/** A visitor's steps in the pipeline's order (the visitor page). */
export async function visitorFollowups(db: Db, visitorId: number) {
  const rows = await db
    .selectFrom('followups')
    .selectAll()
    .where('visitor_id', '=', visitorId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return toApi(db, rows, todayIso());
}

/**
 * GET /api/followups: steps in the view, by due date. Filters: `mine` (the signed-in user's),
 * `overdue` (open and past due), `status`, `owner_id`, `visitor_id`, `due_on_lte`, congregation.
 */
export async function listFollowups(
  db: Kysely<Database>,
  params: ListParams,
  view: Scope,
  userId: number | null,
) {
  const { sort, range, filter } = params;
  const today = todayIso();
  const { congregation_id: _congregations, ...fields } = filter;
  let query = db
    .selectFrom('followups')
    .where('visitor_id', 'in', visitorsIn(db, listCongregations(filter, view)));
  query = applyFilters(query, fields, {
    id: 'ids',
    owner_id: 'reference',
    visitor_id: 'reference',
    status: FOLLOWUP_STATUSES,
    due_on_lte: (applied, value) => applied.where('due_on', '<=', dateFilter(value, 'due_on_lte')),
    mine: (applied, value) =>
      value === true || value === 'true' ? applied.where('owner_id', '=', userId ?? 0) : applied,
    overdue: (applied, value) =>
      value === true || value === 'true'
        ? applied.where('status', '=', 'open').where('due_on', '<', today)
        : applied,
  });
  const [ids, total] = await Promise.all([
    pageOf(query.select('followups.id'), sort.field, sort, range).execute(),
    totalOf(db, query.select('followups.id')),
  ]);
  const page = await inPageOrder(ids, async (wanted) =>
    toApi(
      db,
      await db.selectFrom('followups').selectAll().where('id', 'in', wanted).execute(),
      today,
    ),
  );
  return { page, total };
}

/**
 * The steps a visitor still lacks, one per active stage not yet open, done or skipped (canceled
 * steps are history: a new consent starts them again), owned by the actor and due after the
 * stage's days from today. Returns how many were made.
 */
export async function startFollowups(trx: Transaction<Database>, visitorId: number, actor: Actor) {
  const [stages, taken] = await Promise.all([
    trx
      .selectFrom('followup_stages')
      .selectAll()
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('followups')
      .select('stage_id')
      .where('visitor_id', '=', visitorId)
      .where('status', '!=', 'canceled')
      .execute(),
  ]);
  const have = new Set(taken.map((row) => row.stage_id));
  const today = todayIso();
  const now = new Date().toISOString();
  const rows = stages
    .filter((stage) => !have.has(stage.id))
    .map((stage) => ({
      visitor_id: visitorId,
      stage_id: stage.id,
      name: stage.name,
      sort_order: stage.sort_order,
      owner_id: actor.user_id,
      due_on: addDays(today, stage.due_days),
      status: 'open',
      created_by: actor.user_id,
      created_at: now,
      updated_at: now,
    }));
  if (rows.length === 0) return 0;
  const made = await trx.insertInto('followups').values(rows).returning('id').execute();
  await auditMany(
    trx,
    actor,
    made.map(({ id }, index) => ({
      action: 'create' as const,
      resource: 'followups',
      record_id: id,
      after: {
        visitor_id: visitorId,
        name: rows[index].name,
        owner_id: rows[index].owner_id,
        due_on: rows[index].due_on,
      },
    })),
  );
  return rows.length;
}

/** The open steps of a visitor whose consent was withdrawn: canceled, in the same transaction. */
export async function cancelFollowups(trx: Transaction<Database>, visitorId: number, actor: Actor) {
  const now = new Date().toISOString();
  const canceled = await trx
    .updateTable('followups')
    .set({
      status: 'canceled',
      note: CONSENT_WITHDRAWN_NOTE,
      closed_at: now,
      closed_by: actor.user_id,
      updated_at: now,
    })
    .where('visitor_id', '=', visitorId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  await auditMany(
    trx,
    actor,
    canceled.map(({ id }) => ({
      action: 'update' as const,
      resource: 'followups',
      record_id: id,
      changes: { status: ['open', 'canceled'] },
    })),
  );
}

/** POST /api/visitors/:id/followups: the pipeline started (or completed with new stages). */
export async function startVisitorFollowups(db: Kysely<Database>, visitorId: number, actor: Actor) {
  const visitor = await db
    .selectFrom('visitors')
    .select(['id', 'congregation_id', 'contact_consent'])
    .where('id', '=', visitorId)
    .executeTakeFirst();
  if (!visitor) throw notFound('Visitante não encontrado.');
  ensureWritable(actor.rights, visitor.congregation_id);
  if (!visitor.contact_consent) throw conflict(FOLLOWUP_NEEDS_CONSENT);
  const made = await db.transaction().execute((trx) => startFollowups(trx, visitorId, actor));
  return { created: made, steps: await visitorFollowups(db, visitorId) };
}

/** The stored step a user may change (404 missing, 403 another congregation), with its visitor. */
async function writableFollowup(db: Kysely<Database>, id: number, rights: Scope) {
  const row = await db
    .selectFrom('followups')
    .innerJoin('visitors', 'visitors.id', 'followups.visitor_id')
    .selectAll('followups')
    .select(['visitors.congregation_id', 'visitors.contact_consent'])
    .where('followups.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(FOLLOWUP_NOT_FOUND);
  ensureWritable(rights, row.congregation_id);
  if (row.status !== 'open') throw conflict(FOLLOWUP_NOT_OPEN);
  return row;
}

/** The users who may own a step of `congregationId`: active, secretary access, in scope. */
export async function followupOwners(db: Kysely<Database>, congregationId: number | null) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'roles', 'congregation_ids'])
    .where('active', '=', true)
    .orderBy('name')
    .execute();
  return users
    .filter((user) => {
      const roles = JSON.parse(user.roles) as string[];
      const ids = JSON.parse(user.congregation_ids) as number[];
      const rights = ids.length === 0 ? null : ids;
      return (
        hasAccess(roles, SECRETARY_ACCESS) &&
        (congregationId === null ? rights === null : canWrite(rights, congregationId))
      );
    })
    .map(({ id, name }) => ({ id, name }));
}

/** PUT /api/followups/:id: another owner or due date, while the step is open. */
export async function changeFollowup(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  const row = await writableFollowup(db, id, actor.rights);
  const stored = { owner_id: row.owner_id, due_on: row.due_on };
  const input = validated(followupChangeSchema, { ...stored, ...changes });
  if (input.owner_id !== row.owner_id) {
    const owners = await followupOwners(db, row.congregation_id);
    if (!owners.some((owner) => owner.id === input.owner_id)) {
      throw invalid({
        owner_id:
          'Responsável inválido: escolha um usuário ativo com acesso de secretaria nesta congregação.',
      });
    }
  }
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('followups')
      .set({ ...input, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'followups',
      record_id: id,
      before: stored,
      after: input,
    });
  });
  return loadFollowup(db, id);
}

/** POST /api/followups/:id/close: done or skipped, by whom and when, with a note; once. */
export async function closeFollowup(db: Kysely<Database>, id: number, body: unknown, actor: Actor) {
  await writableFollowup(db, id, actor.rights);
  const { status, note } = validated(followupCloseSchema, body ?? {});
  const now = new Date().toISOString();
  await inTransaction(db, async (trx) => {
    // Conditional on the step still open: of two phones closing it at once, one does.
    const closed = await trx
      .updateTable('followups')
      .set({ status, note, closed_at: now, closed_by: actor.user_id, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict(FOLLOWUP_NOT_OPEN);
    await audit(trx, actor, {
      action: 'update',
      resource: 'followups',
      record_id: id,
      changes: { status: ['open', status], ...(note ? { note: [null, note] } : {}) },
    });
  });
  return loadFollowup(db, id);
}
