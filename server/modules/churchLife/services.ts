// The recurring cultos of each congregation (/igreja/horarios): a small table per congregation,
// through the shared small-table routes. Opening one on a date makes its gathering of that day
// (once: the unique (culto, date) index answers a second phone with the same gathering). Its
// check-in hosts (issue 26) are líderes who open and do only its check-in.
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import {
  WEEKDAY_LABELS,
  serviceHostsSchema,
  worshipServiceSchema,
} from '../../../domain/churchLife.js';
import type { Database } from '../../db/schema.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { type Assigned, ensureAssigned } from '../../http/assignments.js';
import type { SmallTableDefinition } from '../../http/smallTable.js';
import { smallTableStore } from '../../http/smallTableStore.js';
import { type Actor, audit } from '../../audit/trail.js';
import { ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { assertActiveCongregation, congregationNames } from '../members/index.js';
import { openGatheringOnce } from './gatherings.js';

export const SERVICE_NOT_FOUND = 'Horário de culto não encontrado.';
/** A líder who hosts no culto's check-in reaches none of the cultos' routes. */
export const HOSTS_NONE =
  'Você não é anfitrião do check-in de nenhum culto: a secretaria faz essa designação.';
const HOSTS_STAY =
  'Este culto tem anfitriões do check-in da congregação dele: retire-os antes de mudar a congregação.';

/** The check-in hosts of each culto, by name. */
async function hostsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('worship_service_hosts')
    .innerJoin('members', 'members.id', 'worship_service_hosts.member_id')
    .select(['worship_service_hosts.worship_service_id', 'members.id', 'members.name'])
    .where('worship_service_hosts.worship_service_id', 'in', ids)
    .orderBy('members.name')
    .orderBy('members.id')
    .execute();
}

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
  // A líder reads the cultos whose check-in he hosts (his home lists them; none: an empty list).
  assigned: 'worship_service',
  async toApi(rows, db) {
    const [names, hosts] = await Promise.all([
      congregationNames(
        db,
        rows.map((row) => row.congregation_id),
      ),
      hostsOf(
        db,
        rows.map((row) => row.id),
      ),
    ]);
    return rows.map((row) => {
      const own = hosts.filter((host) => host.worship_service_id === row.id);
      return {
        ...row,
        active: Boolean(row.active),
        weekday_name: WEEKDAY_LABELS[row.weekday] ?? '',
        congregation_name: names.get(row.congregation_id) ?? '',
        host_ids: own.map((host) => host.id),
        host_names: own.map((host) => host.name),
      };
    });
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
      // Its hosts are of its congregation: they go before the culto moves.
      if (id !== undefined && (await hostsOf(db, [id])).length > 0) {
        throw invalid({ congregation_id: HOSTS_STAY });
      }
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
 * PUT /api/worship_services/:id/hosts: the líderes who host the culto's check-in, members of its
 * congregation (not a registration under review), replaced as sent, audited as the culto's change.
 */
export async function setServiceHosts(
  db: Kysely<Database>,
  serviceId: number,
  body: unknown,
  actor: Actor,
) {
  const service = await db
    .selectFrom('worship_services')
    .select(['id', 'congregation_id'])
    .where('id', '=', serviceId)
    .executeTakeFirst();
  if (!service) throw notFound(SERVICE_NOT_FOUND);
  ensureWritable(actor.rights, service.congregation_id);
  const { host_ids } = validated(serviceHostsSchema, body ?? {});
  if (host_ids.length > 0) {
    const found = await db
      .selectFrom('members')
      .select('id')
      .where('id', 'in', host_ids)
      .where('congregation_id', '=', service.congregation_id)
      .where('status', '!=', 'pending')
      .execute();
    if (found.length !== host_ids.length) {
      throw invalid({ host_ids: 'Os anfitriões devem ser membros da congregação do culto.' });
    }
  }
  const before = (await hostsOf(db, [serviceId])).map((host) => host.id);
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('worship_service_hosts')
      .where('worship_service_id', '=', serviceId)
      .execute();
    if (host_ids.length > 0) {
      await trx
        .insertInto('worship_service_hosts')
        .values(host_ids.map((member_id) => ({ worship_service_id: serviceId, member_id })))
        .execute();
    }
    await audit(trx, actor, {
      action: 'update',
      resource: 'worship_services',
      record_id: serviceId,
      before: { host_ids: before },
      after: { host_ids },
    });
  });
  return smallTableStore(db, worshipServicesTable).load(serviceId);
}

/**
 * The gathering of a recurring culto on `date` (default today): created on first open, the same
 * one afterwards (openGatheringOnce). Returns its id and whether it was created now. A líder
 * (`assigned`: the cultos he hosts) opens only today's of his cultos; another culto is a 404.
 */
export async function openService(
  db: Kysely<Database>,
  serviceId: number,
  date: string | null,
  actor: Actor,
  assigned: Assigned = null,
): Promise<{ id: number; created: boolean }> {
  const service = await db
    .selectFrom('worship_services')
    .selectAll()
    .where('id', '=', serviceId)
    .executeTakeFirst();
  if (!service) throw notFound(SERVICE_NOT_FOUND);
  ensureAssigned(assigned, serviceId, SERVICE_NOT_FOUND);
  ensureWritable(actor.rights, service.congregation_id);
  const day = date ?? todayIso();
  if (assigned !== null && day !== todayIso()) {
    throw invalid({ date: 'O anfitrião do check-in abre só o culto de hoje.' });
  }
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
