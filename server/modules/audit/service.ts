// The audit trail beneath its routes: its entries filtered by who, what, where and when, newest
// first. Admins read everything; secretary access reads one member's trail (the member page's
// "Histórico"), only of a member inside the user's rights (404 outside), and of that trail only
// the entries about resources the user may read (domain/access.ts auditEntryAccess).
import type { Kysely } from 'kysely';
import { AUDIT_ACTIONS, AUDIT_AREAS } from '../../../domain/audit.js';
import { addDays } from '../../../domain/finance/installments.js';
import type { AuditLogEntry, Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { choiceFilter, dateFilter, filtersOf, idFilter, idsFilter } from '../finance/query.js';
import { memberCongregation } from '../members/scope.js';
import { auditNames } from './names.js';

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const toApi = (row: AuditLogEntry) => ({
  ...row,
  changes: parseJson(row.changes) ?? {},
  details: parseJson(row.details),
});

/** The entries with the names of their record and of the records their changes point at. */
async function withNames(db: Kysely<Database>, rows: AuditLogEntry[]) {
  const entries = rows.map(toApi);
  const names = await auditNames(db, entries);
  return entries.map((entry, index) => ({ ...entry, ...names[index] }));
}

/** Who reads: an admin reads the whole trail, anyone else one member's (within the rights). */
export interface AuditReader {
  admin: boolean;
  rights: Scope;
  /** The resources whose entries the reader may see (readableAuditResources). */
  resources: readonly string[];
}

/** Without the admin role the trail is read one member at a time: a filter that says which. */
export const MEMBER_TRAIL_ONLY =
  'Consulte o histórico de um membro: filtre por resource "members" e pelo record_id dele.';

const NOT_FOUND = 'Registro de auditoria não encontrado.';

export function auditLogService(db: Kysely<Database>) {
  /** A non-admin's filter must name one member the user may read. */
  async function ensureMemberTrail(filter: Record<string, unknown>, reader: AuditReader) {
    if (reader.admin) return;
    const extra = Object.keys(filter).filter(
      (key) =>
        !['resource', 'record_id', 'action', 'created_at_gte', 'created_at_lte'].includes(key),
    );
    if (filter.resource !== 'members' || filter.record_id == null || extra.length > 0) {
      throw badRequest(MEMBER_TRAIL_ONLY);
    }
    await memberCongregation(db, idFilter(filter.record_id, 'record_id'), reader.rights);
  }

  return {
    async list({ sort, range, filter }: ListParams, reader: AuditReader) {
      const filters = filtersOf(filter, [
        'id',
        'user_id',
        'area',
        'resource',
        'record_id',
        'action',
        'created_at_gte',
        'created_at_lte',
      ]);
      await ensureMemberTrail(filters, reader);
      let query = db.selectFrom('audit_log');
      if (!reader.admin) query = query.where('resource', 'in', [...reader.resources]);
      for (const [key, value] of Object.entries(filters)) {
        if (key === 'id') query = query.where('id', 'in', idsFilter(value));
        else if (key === 'record_id' && filters.resource === 'members') {
          // A member's trail: its own entries and those about it (cards, letters).
          query = query.where('member_id', '=', idFilter(value, key));
        } else if (key === 'user_id' || key === 'record_id') {
          query = query.where(key, '=', idFilter(value, key));
        } else if (key === 'resource') {
          // A string only: String() of an object without a callable toString throws (a 500).
          if (typeof value !== 'string') throw badRequest('Filtro resource inválido.');
          if (filters.record_id === undefined || value !== 'members') {
            query = query.where('resource', '=', value);
          }
        } else if (key === 'area') {
          query = query.where('area', '=', choiceFilter(value, key, AUDIT_AREAS));
        } else if (key === 'action') {
          query = query.where('action', '=', choiceFilter(value, key, AUDIT_ACTIONS));
        } else if (key === 'created_at_gte') {
          query = query.where('created_at', '>=', dateFilter(value, key));
        } else {
          // Up to the end of that day: before the next one starts.
          query = query.where('created_at', '<', addDays(dateFilter(value, key), 1));
        }
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(sort.field as 'created_at', sort.order)
          .orderBy('id', sort.order)
          .offset(range.offset)
          .limit(range.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: await withNames(db, rows), total: Number(count.total) };
    },

    async find(id: number, reader: AuditReader) {
      const row = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(NOT_FOUND);
      if (!reader.admin) {
        // Another area's entry does not exist for a secretary.
        if (row.member_id === null || !reader.resources.includes(row.resource)) {
          throw notFound(NOT_FOUND);
        }
        await memberCongregation(db, row.member_id, reader.rights);
      }
      return (await withNames(db, [row]))[0];
    },
  };
}
