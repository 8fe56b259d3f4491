// The recurring cultos of each congregation (/igreja/horarios): a small table per congregation,
// through the shared small-table routes. Opening one on a date makes its gathering of that day
// (once: the unique (culto, date) index answers a second phone with the same gathering).
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { WEEKDAY_LABELS, worshipServiceSchema } from '../../../domain/churchLife.js';
import type { Database } from '../../db/schema.js';
import type { SmallTableDefinition } from '../../http/smallTable.js';
import type { Actor } from '../../audit/trail.js';
import { ensureWritable } from '../../http/scope.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { assertActiveCongregation, congregationNames } from '../members/index.js';
import { openGatheringOnce } from './gatherings.js';

export const SERVICE_NOT_FOUND = 'Horário de culto não encontrado.';

export const worshipServicesTable: SmallTableDefinition<
  'worship_services',
  typeof worshipServiceSchema
> = {
  api: 'worship_services',
  table: 'worship_services',
  schema: worshipServiceSchema,
  notFound: SERVICE_NOT_FOUND,
  sortable: ['id', 'name', 'weekday', 'time', 'congregation_name'],
  defaultSort: { field: 'weekday', order: 'asc' },
  searchable: (record) => `${record.name} ${record.congregation_name ?? ''}`,
  filters: {
    weekday: (record, value) => record.weekday === Number(value),
    active: (record, value) => record.active === (value === true || value === 'true'),
  },
  scope: { column: 'congregation_id' },
  async toApi(rows, db) {
    const names = await congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    );
    return rows.map((row) => ({
      ...row,
      active: Boolean(row.active),
      weekday_name: WEEKDAY_LABELS[row.weekday] ?? '',
      congregation_name: names.get(row.congregation_id) ?? '',
    }));
  },
  async columns(service, db, id) {
    const stored = id
      ? await db
          .selectFrom('worship_services')
          .select(['congregation_id', 'created_at'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (service.congregation_id !== stored?.congregation_id) {
      await assertActiveCongregation(db, service.congregation_id);
    }
    const now = new Date().toISOString();
    return { ...service, created_at: stored?.created_at ?? now, updated_at: now };
  },
  async assertDeletable(db, id) {
    const used = await db
      .selectFrom('gatherings')
      .select('id')
      .where('worship_service_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) {
      throw conflict(
        'Este culto já tem ocorrências registradas: não pode ser excluído. Para deixar de usá-lo, desative-o.',
      );
    }
  },
};

/**
 * The gathering of a recurring culto on `date` (default today): created on first open, the same
 * one afterwards (openGatheringOnce). Returns its id and whether it was created now.
 */
export async function openService(
  db: Kysely<Database>,
  serviceId: number,
  date: string | null,
  actor: Actor,
): Promise<{ id: number; created: boolean }> {
  const service = await db
    .selectFrom('worship_services')
    .selectAll()
    .where('id', '=', serviceId)
    .executeTakeFirst();
  if (!service) throw notFound(SERVICE_NOT_FOUND);
  ensureWritable(actor.rights, service.congregation_id);
  const day = date ?? todayIso();
  const columns = {
    kind: 'service',
    congregation_id: service.congregation_id,
    worship_service_id: service.id,
    name: service.name,
    date: day,
    time: service.time,
  };
  return openGatheringOnce(db, { column: 'worship_service_id', id: service.id }, columns, actor);
}
