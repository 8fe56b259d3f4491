// The audit trail beneath its routes: its entries filtered by who, what, where and when, newest
// first. Admins read everything; secretary access reads one member's trail (the member page's
// "Histórico"), only of a member inside the user's rights (404 outside), and of that trail only
// the entries about resources the user may read (domain/auditAccess.ts auditEntryAccess).
import type { Kysely } from 'kysely';
import { AUDIT_ACTIONS, AUDIT_AREAS } from '../../../domain/audit.js';
import { addDays } from '../../../domain/finance/installments.js';
import type { AuditLogEntry, Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import {
  applyFilters,
  dateFilter,
  filtersOf,
  idFilter,
  pageOf,
  totalOf,
} from '../../http/listFilters.js';
import { memberCongregation } from '../members/index.js';
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
      const trail = db.selectFrom('audit_log');
      const readable = reader.admin ? trail : trail.where('resource', 'in', [...reader.resources]);
      const query = applyFilters(readable, filters, {
        id: 'ids',
        user_id: 'reference',
        record_id: (listed, value) =>
          filters.resource === 'members'
            ? // A member's trail: its own entries and those about it (cards, letters).
              listed.where('member_id', '=', idFilter(value, 'record_id'))
            : listed.where('record_id', '=', idFilter(value, 'record_id')),
        resource: (listed, value) => {
          // A string only: String() of an object without a callable toString throws (a 500).
          if (typeof value !== 'string') throw badRequest('Filtro resource inválido.');
          return filters.record_id === undefined || value !== 'members'
            ? listed.where('resource', '=', value)
            : listed;
        },
        area: AUDIT_AREAS,
        action: AUDIT_ACTIONS,
        created_at_gte: 'from',
        // Up to the end of that day: before the next one starts.
        created_at_lte: (listed, value) =>
          listed.where('created_at', '<', addDays(dateFilter(value, 'created_at_lte'), 1)),
      });
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), sort.field, sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      return { rows: await withNames(db, rows), total: count };
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
