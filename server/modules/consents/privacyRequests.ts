// The register of the data subjects' requests (LGPD art. 18): admins record each request, its
// 15-day deadline (computed from the received date) and the answer. A request about a member
// follows that member's congregation (scope.ts): lists show the view's and those about no member
// (church-wide); one outside the rights is a 404 to read and a 403 to change. A church keeps a
// few dozen a year: a list reads them all and filters, sorts and pages in memory, the same on
// both databases and accent-insensitive for q.
import { type Actor, audit } from '../../audit/trail.js';
import type { Kysely } from 'kysely';
import { recordIdOf } from '../../../domain/fields.js';
import {
  CLOSED_STATUSES,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  deadlineState,
  privacyRequestDueOn,
  privacyRequestSchema,
} from '../../../domain/privacyRequests.js';
import { todayIso } from '../../../domain/dates.js';
import { searchText } from '../../../domain/search.js';
import type { Database, PrivacyRequest } from '../../db/schema.js';
import { type Scope, canRead, ensureReadable, ensureWritable } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, invalid, notFound, validated } from '../../plugins/errors.js';

export const REQUEST_NOT_FOUND = 'Pedido não encontrado.';
export const REQUEST_SORTS = [
  'received_on',
  'due_on',
  'status',
  'kind',
  'holder_name',
  'answered_on',
] as const;

type Row = PrivacyRequest & {
  member_name: string | null;
  congregation_id: number | null;
  created_by_name: string | null;
};

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('privacy_requests')
    .leftJoin('members', 'members.id', 'privacy_requests.member_id')
    .leftJoin('users', 'users.id', 'privacy_requests.created_by')
    .selectAll('privacy_requests')
    .select([
      'members.name as member_name',
      'members.congregation_id',
      'users.name as created_by_name',
    ]);
}

function toApi(row: Row, today = todayIso()) {
  const { state, days_left } = deadlineState(row, today);
  return { ...row, deadline_state: state, days_left };
}
export type PrivacyRequestRecord = ReturnType<typeof toApi>;

export async function loadPrivacyRequest(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await baseQuery(db).where('privacy_requests.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return toApi(row);
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function valuesOf(value: unknown, allowed: readonly string[], name: string): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.some((item) => !allowed.includes(item as string))) {
    throw badRequest(`Filtro ${name} inválido: use ${allowed.join(', ')}.`);
  }
  return values as string[];
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string')
    return searchText(a).localeCompare(searchText(b), 'pt-BR');
  return a < b ? -1 : 1;
}

const FILTERS = ['q', 'id', 'status', 'kind', 'overdue', 'member_id'];

/** GET /api/privacy_requests: filters status, kind, overdue (true/false), member_id, q, id. */
export async function listPrivacyRequests(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope,
) {
  const unknown = Object.keys(filter).filter((key) => !FILTERS.includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  const today = todayIso();
  let records = (await baseQuery(db).execute())
    .filter((row) => canRead(view, row.congregation_id))
    .map((row) => toApi(row, today));

  if (present(filter.status)) {
    const statuses = valuesOf(filter.status, PRIVACY_REQUEST_STATUSES, 'status');
    records = records.filter((record) => statuses.includes(record.status));
  }
  if (present(filter.kind)) {
    const kinds = valuesOf(filter.kind, PRIVACY_REQUEST_KINDS, 'kind');
    records = records.filter((record) => kinds.includes(record.kind));
  }
  if (present(filter.overdue)) {
    if (typeof filter.overdue !== 'boolean') {
      throw badRequest('Filtro overdue inválido: use true ou false.');
    }
    const wanted = filter.overdue;
    records = records.filter((record) => (record.deadline_state === 'overdue') === wanted);
  }
  if (present(filter.member_id)) {
    const id = recordIdOf(filter.member_id);
    if (id === null) throw badRequest('Filtro member_id inválido.');
    records = records.filter((record) => record.member_id === id);
  }
  if (present(filter.id)) {
    const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map(recordIdOf);
    records = records.filter((record) => ids.includes(record.id));
  }
  if (present(filter.q)) {
    if (typeof filter.q !== 'string') throw badRequest('Filtro q inválido.');
    const words = searchText(filter.q).split(' ');
    records = records.filter((record) => {
      const text = searchText(
        record.holder_name,
        record.member_name,
        record.holder_contact,
        record.answer,
      );
      return words.every((word) => text.includes(word));
    });
  }
  const direction = sort.order === 'asc' ? 1 : -1;
  const field = sort.field as keyof PrivacyRequestRecord;
  records.sort((a, b) => direction * (compare(a[field], b[field]) || compare(a.id, b.id)));
  return { page: records.slice(range.offset, range.offset + range.limit), total: records.length };
}

/** The member a request is about: it exists (422) and is inside the rights (403). */
async function requestMember(db: Kysely<Database>, memberId: number | null, rights: Scope) {
  if (memberId === null) {
    // A request about no member is the whole church's.
    ensureWritable(rights, null);
    return null;
  }
  const member = await db
    .selectFrom('members')
    .select(['id', 'name', 'congregation_id'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
  ensureWritable(rights, member.congregation_id);
  return member;
}

/** The columns of a valid request: the holder's name from the member when not written. */
async function columnsOf(db: Kysely<Database>, body: unknown, rights: Scope) {
  const input = validated(privacyRequestSchema, body);
  const member = await requestMember(db, input.member_id, rights);
  const receivedOn = input.received_on!;
  return {
    kind: input.kind,
    member_id: member?.id ?? null,
    holder_name: input.holder_name ?? member!.name,
    holder_contact: input.holder_contact,
    received_on: receivedOn,
    due_on: privacyRequestDueOn(receivedOn),
    status: input.status,
    answer: input.answer,
    answered_on: (CLOSED_STATUSES as readonly string[]).includes(input.status)
      ? input.answered_on
      : null,
  };
}

export type RequestWriter = Actor;

export async function createPrivacyRequest(
  db: Kysely<Database>,
  body: Record<string, unknown>,
  writer: RequestWriter,
) {
  const columns = await columnsOf(db, body, writer.rights);
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('privacy_requests')
      .values({ ...columns, created_by: writer.user_id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, writer, {
      action: 'create',
      resource: 'privacy_requests',
      record_id: id,
      member_id: columns.member_id,
      after: columns,
    });
    return id;
  });
  return loadPrivacyRequest(db, id);
}

/** Fields of the stored request a partial update merges with (the computed ones left out). */
const WRITABLE = [
  'kind',
  'member_id',
  'holder_name',
  'holder_contact',
  'received_on',
  'status',
  'answer',
  'answered_on',
] as const;

/**
 * A partial update merged with the stored request. The holder's name follows a new member;
 * the before and after rows are at hand for the audit trail.
 */
export async function updatePrivacyRequest(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  writer: RequestWriter,
) {
  const before = await loadPrivacyRequest(db, id, writer.rights);
  ensureWritable(writer.rights, before.congregation_id);
  const stored = Object.fromEntries(WRITABLE.map((key) => [key, before[key]]));
  // Another member chosen without a name written: the name is the new member's.
  if ('member_id' in changes && !('holder_name' in changes)) {
    const sameMember = recordIdOf(changes.member_id) === before.member_id;
    if (!sameMember) stored.holder_name = null;
  }
  const columns = await columnsOf(db, { ...stored, ...changes }, writer.rights);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('privacy_requests')
      .set({ ...columns, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(trx, writer, {
      action: 'update',
      resource: 'privacy_requests',
      record_id: id,
      member_id: columns.member_id ?? before.member_id,
      before: stored,
      after: columns,
    });
  });
  return loadPrivacyRequest(db, id);
}
