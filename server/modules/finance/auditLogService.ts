// The audit log beneath its routes: its entries filtered by who, what and when, newest first.
import type { Kysely } from 'kysely';
import { AUDIT_ACTIONS } from '../../../domain/finance/labels.js';
import { addDays } from '../../../domain/finance/installments.js';
import type { AuditLogEntry, Database } from '../../db/schema.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { auditNames } from './auditNames.js';
import { choiceFilter, dateFilter, filtersOf, idFilter, idsFilter } from './query.js';

const toApi = (row: AuditLogEntry) => {
  let changes: unknown = {};
  try {
    changes = JSON.parse(row.changes);
  } catch {
    changes = {};
  }
  return { ...row, changes };
};

/** The entries with the names of their record and of the records their changes point at. */
async function withNames(db: Kysely<Database>, rows: AuditLogEntry[]) {
  const entries = rows.map(toApi);
  const names = await auditNames(db, entries);
  return entries.map((entry, index) => ({ ...entry, ...names[index] }));
}

export function auditLogService(db: Kysely<Database>) {
  return {
    async list({ sort, range, filter }: ListParams) {
      const filters = filtersOf(filter, [
        'id',
        'user_id',
        'resource',
        'record_id',
        'action',
        'created_at_gte',
        'created_at_lte',
      ]);
      let query = db.selectFrom('audit_log');
      for (const [key, value] of Object.entries(filters)) {
        if (key === 'id') query = query.where('id', 'in', idsFilter(value));
        else if (key === 'user_id' || key === 'record_id') {
          query = query.where(key, '=', idFilter(value, key));
        } else if (key === 'resource') {
          // A string only: String() of an object without a callable toString throws (a 500).
          if (typeof value !== 'string') throw badRequest('Filtro resource inválido.');
          query = query.where('resource', '=', value);
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

    async find(id: number) {
      const row = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('Registro de auditoria não encontrado.');
      return (await withNames(db, [row]))[0];
    },
  };
}
