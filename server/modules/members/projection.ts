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
  hiddenFieldLabel,
  readsWholeMembers,
} from '../../../domain/memberAccess.js';
import type { Database } from '../../db/schema.js';
import type { ListParams } from '../../http/simpleRest.js';
import { forbidden } from '../../plugins/errors.js';

export interface MemberReader {
  /** Secretary access: every field, every filter. */
  whole: boolean;
  /** The custom fields the reduced record carries (visible to every role). */
  visibleCustomFields: ReadonlySet<string>;
}

const WHOLE: MemberReader = { whole: true, visibleCustomFields: new Set() };

/** Who reads the members of this request (the custom fields' table read once per request). */
export async function memberReader(
  request: FastifyRequest,
  db: Kysely<Database>,
): Promise<MemberReader> {
  if (readsWholeMembers(request.user?.roles)) return WHOLE;
  const rows = await db
    .selectFrom('custom_fields')
    .select('key')
    .where('visible_to_all', '=', true)
    .execute();
  return { whole: false, visibleCustomFields: new Set(rows.map((row) => row.key)) };
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
  if (reader.whole) return params;
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
