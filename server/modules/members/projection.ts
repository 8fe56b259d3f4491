// The one projection of member answers by role (issue 13, least access): every route that
// answers member rows — the list and its getMany, the record, the ministry workers, the
// dashboard's birthdays — asks memberReader() who reads and passes its rows through it. A user
// without secretary access gets the reduced record (domain/memberAccess.ts) and only the list
// filters and sorts that reveal nothing hidden; `q` is then matched against the name alone.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  REDUCED_MEMBER_FILTERS,
  REDUCED_MEMBER_KEYS,
  REDUCED_MEMBER_SORTS,
  REDUCED_MINISTRY_WORKER_KEYS,
  PENDING_HIDDEN_MESSAGE,
  SETTLED_MEMBER_STATUSES,
  hiddenFieldLabel,
  readsPendingRegistrations,
  readsWholeMembers,
} from '../../../domain/memberAccess.js';
import type { Database } from '../../db/schema.js';
import type { ListParams } from '../../http/simpleRest.js';
import { forbidden, notFound } from '../../plugins/errors.js';

export interface MemberReader {
  /** Secretary access: every field, every filter. */
  whole: boolean;
  /** The custom fields the reduced record carries (visible to every role). */
  visibleCustomFields: ReadonlySet<string>;
  /** Sees self-registrations waiting for review (status "pending"): secretary access. */
  pending: boolean;
}

const WHOLE: MemberReader = { whole: true, visibleCustomFields: new Set(), pending: true };

/** Who reads the members of this request (the custom fields' table read once per request). */
export async function memberReader(
  request: FastifyRequest,
  db: Kysely<Database>,
): Promise<MemberReader> {
  const roles = request.user?.roles;
  if (readsWholeMembers(roles) && readsPendingRegistrations(roles)) return WHOLE;
  const rows = await db
    .selectFrom('custom_fields')
    .select('key')
    .where('visible_to_all', '=', true)
    .execute();
  return {
    whole: readsWholeMembers(roles),
    visibleCustomFields: new Set(rows.map((row) => row.key)),
    pending: readsPendingRegistrations(roles),
  };
}

function pick(row: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(row, key)) out[key] = row[key];
  return out;
}

/** A member answer as `reader` may see it (the record, or a list row). */
export function projectMember<T extends Record<string, unknown>>(
  reader: MemberReader,
  row: T,
): T | Record<string, unknown> {
  if (reader.whole) return row;
  const reduced = pick(row, REDUCED_MEMBER_KEYS);
  const values = row.custom_fields;
  if (values && typeof values === 'object') {
    reduced.custom_fields = pick(
      values as Record<string, unknown>,
      [...reader.visibleCustomFields].filter((key) => Object.hasOwn(values, key)),
    );
  }
  return reduced;
}

/** A row of the ministry workers' list as `reader` may see it. */
export function projectMinistryWorker<T extends Record<string, unknown>>(
  reader: MemberReader,
  row: T,
): T | Record<string, unknown> {
  return reader.whole ? row : pick(row, REDUCED_MINISTRY_WORKER_KEYS);
}

/**
 * The list's parameters for `reader`: a filter or sort that would reveal a hidden field is a 403
 * in words; `q` keeps finding through the search index but must match the name (`name`), so CPF
 * digits, an e-mail or a phone find nobody.
 */
export function readerListParams(reader: MemberReader, params: ListParams): ListParams {
  const settled = reader.pending ? params : withoutPending(params);
  return reader.whole ? settled : reducedListParams(settled);
}

/**
 * A member `reader` may not see: a registration waiting for review, for a reader without
 * secretary access — as absent as a member of another congregation (404).
 */
export function ensureMemberVisible(reader: MemberReader, member: { status: string }): void {
  if (!reader.pending && member.status === 'pending') throw notFound();
}

/** The list without the pending registrations: its status filter narrowed to the settled ones. */
function withoutPending(params: ListParams): ListParams {
  const { status } = params.filter;
  if (status === undefined || status === null || status === '') {
    return { ...params, filter: { ...params.filter, status: SETTLED_MEMBER_STATUSES } };
  }
  const asked = Array.isArray(status) ? status : [status];
  if (asked.length > 0 && asked.every((value) => value === 'pending')) {
    throw forbidden(PENDING_HIDDEN_MESSAGE);
  }
  return { ...params, filter: { ...params.filter, status: asked.filter((v) => v !== 'pending') } };
}

function reducedListParams(params: ListParams): ListParams {
  if (!REDUCED_MEMBER_SORTS.includes(params.sort.field)) {
    throw forbidden(
      `Seu perfil não permite ordenar os membros por ${hiddenFieldLabel(params.sort.field)}.`,
    );
  }
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  const hidden = Object.keys(params.filter).filter(
    (key) => present(params.filter[key]) && !REDUCED_MEMBER_FILTERS.includes(key),
  );
  if (hidden.length > 0) {
    const labels = [...new Set(hidden.map(hiddenFieldLabel))].join(', ');
    throw forbidden(`Seu perfil não permite filtrar os membros por ${labels}.`);
  }
  const { q } = params.filter;
  return present(q) ? { ...params, filter: { ...params.filter, name: q } } : params;
}
