// Gatherings (/igreja/cultos): a culto's occurrence or an event, with the ushers' head counts and
// the named presence counted from its attendances. A head count is never below the named presence
// of its kind (domain/churchLife.ts): saving a smaller one is a 422.
import { type Kysely, sql } from 'kysely';
import {
  GATHERING_KINDS,
  OFFERING_RECEIVED_MESSAGE,
  countBelowNamed,
  gatheringSchema,
  totalsOf,
} from '../../../domain/churchLife.js';
import type { Database, Gathering, NewGathering } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { inTransaction } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/counters.js';
import {
  applyFilters,
  dateFilter,
  inPageOrder,
  pageOf,
  textFilter,
  totalOf,
} from '../../http/listFilters.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import { type Assigned, assignedIds } from '../../http/assignments.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { conflict, forbidden, invalid, notFound, validated } from '../../plugins/errors.js';
import {
  assertActiveCongregation,
  congregationNames,
  listCongregations,
} from '../members/index.js';
import { likePattern, searchWords } from '../../../domain/search.js';

export const GATHERING_NOT_FOUND = 'Culto ou evento não encontrado.';

export const GATHERING_SORTS = ['date', 'name', 'id'] as const;

interface Named {
  members: number;
  visitors: number;
}

/**
 * The named presence of each gathering: members and visitors marked present, as the database
 * keeps it — folded into the gathering's row for the days gone by, plus its slots (triggers of
 * migrations 0040 and 0048, on every attendance written or removed).
 */
export async function namedCounts(db: Executor, ids: number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('gatherings')
    .leftJoin('gathering_presence', 'gathering_presence.gathering_id', 'gatherings.id')
    .select((eb) => [
      'gatherings.id',
      'gatherings.folded_members',
      'gatherings.folded_visitors',
      eb.fn.sum<number | null>('gathering_presence.members').as('members'),
      eb.fn.sum<number | null>('gathering_presence.visitors').as('visitors'),
    ])
    .where('gatherings.id', 'in', ids)
    .groupBy(['gatherings.id', 'gatherings.folded_members', 'gatherings.folded_visitors'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        members: row.folded_members + Number(row.members ?? 0),
        visitors: row.folded_visitors + Number(row.visitors ?? 0),
      },
    ]),
  );
}

async function toApi(db: Executor, rows: Gathering[]) {
  const [named, names] = await Promise.all([
    namedCounts(
      db,
      rows.map((row) => row.id),
    ),
    congregationNames(
      db as Kysely<Database>,
      rows.map((row) => row.congregation_id),
    ),
  ]);
  // The folded part of the named presence is the database's bookkeeping: the record shows the sum.
  return rows.map(({ folded_members: _members, folded_visitors: _visitors, ...row }) => {
    const presence = named.get(row.id) ?? { members: 0, visitors: 0 };
    return {
      ...row,
      congregation_name: names.get(row.congregation_id) ?? '',
      named_members: presence.members,
      named_visitors: presence.visitors,
      totals: totalsOf(row, presence),
    };
  });
}
export type GatheringRecord = Awaited<ReturnType<typeof toApi>>[number];

/**
 * A gathering; one outside `rights` does not exist (404), nor, for a check-in host (`services`:
 * the cultos he hosts, issue 26), one that is not an occurrence of his cultos.
 */
export async function loadGathering(
  db: Executor,
  id: number,
  rights: Scope = null,
  services: Assigned = null,
) {
  const row = await gatheringRow(db, id);
  if (services !== null && !services.includes(row.worship_service_id ?? 0)) {
    throw notFound(GATHERING_NOT_FOUND);
  }
  ensureReadable(rights, row.congregation_id);
  const [record] = await toApi(db, [row]);
  return record;
}

/** A gathering's own row, as stored (no counts, no congregation name): one query. */
export async function gatheringRow(db: Executor, id: number, rights: Scope = null) {
  const row = await db.selectFrom('gatherings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(GATHERING_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return row;
}

/**
 * GET /api/gatherings: the view's (a check-in host's: his cultos' occurrences), newest first;
 * filters q, kind, congregation, dates, culto.
 */
export async function listGatherings(
  db: Kysely<Database>,
  params: ListParams,
  view: Scope,
  services: Assigned = null,
) {
  const { sort, range, filter } = params;
  let query = inScope(
    db.selectFrom('gatherings'),
    'gatherings.congregation_id',
    listCongregations(filter, view),
  );
  if (services !== null) query = query.where('worship_service_id', 'in', assignedIds(services));
  // The EBD's chamadas are listed by their class (/api/ebd_roll_calls), not among the cultos.
  if (filter.kind === undefined) query = query.where('kind', '!=', 'ebd');
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied, // by listCongregations above
    id: 'ids',
    kind: GATHERING_KINDS,
    worship_service_id: 'reference',
    date_gte: 'from',
    date_lte: 'to',
    date: (applied, value) => applied.where('date', '=', dateFilter(value, 'date')),
    q: (applied, value) => {
      const words = searchWords(textFilter(value, 'q'));
      return words.reduce(
        (narrowed, word) =>
          narrowed.where(sql`lower(${sql.ref('name')})`, 'like', likePattern(word)),
        applied,
      );
    },
  });
  const [ids, total] = await Promise.all([
    pageOf(query.select('gatherings.id'), sort.field, sort, range).execute(),
    totalOf(db, query.select('gatherings.id')),
  ]);
  const page = await inPageOrder(ids, async (wanted) =>
    toApi(db, await db.selectFrom('gatherings').selectAll().where('id', 'in', wanted).execute()),
  );
  return { page, total };
}

/** The head counts a save may keep: none below the named presence of its kind. */
function checkCounts(
  counts: { count_members: number | null; count_visitors: number | null },
  named: Named,
) {
  const errors: Record<string, string> = {};
  const members = countBelowNamed(counts.count_members, named.members, 'membros');
  const visitors = countBelowNamed(counts.count_visitors, named.visitors, 'visitantes');
  if (members) errors.count_members = members;
  if (visitors) errors.count_visitors = visitors;
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** POST /api/gatherings: a one-off event of a congregation. */
export async function createEvent(
  db: Kysely<Database>,
  body: Record<string, unknown>,
  actor: Actor,
) {
  const input = validated(gatheringSchema, body);
  ensureWritable(actor.rights, input.congregation_id);
  await assertActiveCongregation(db, input.congregation_id);
  const columns = { kind: 'event', worship_service_id: null, ...input };
  const id = await inTransaction(db, (trx) => insertGathering(trx, columns, actor));
  return loadGathering(db, id);
}

/** A new gathering (an event, or a culto opened on a day), written with its audit entry. */
export async function insertGathering(
  trx: Executor,
  columns: Omit<NewGathering, 'created_by' | 'created_at' | 'updated_at'>,
  actor: Actor,
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('gatherings')
    .values({ ...columns, created_by: actor.user_id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, actor, {
    action: 'create',
    resource: 'gatherings',
    record_id: id,
    after: columns,
  });
  return id;
}

/**
 * The gathering of a day that belongs to one thing — a recurring culto's occurrence, an EBD class's
 * chamada — created on first open, the same one afterwards: two phones opening it at once get one
 * (the unique index on the owner and the date decides; the other reads the winner's).
 */
export async function openGatheringOnce(
  db: Kysely<Database>,
  owner: { column: 'worship_service_id' | 'ebd_class_id'; id: number },
  columns: Omit<NewGathering, 'created_by' | 'created_at' | 'updated_at'>,
  actor: Actor,
): Promise<{ id: number; created: boolean }> {
  const existing = () =>
    db
      .selectFrom('gatherings')
      .select('id')
      .where(owner.column, '=', owner.id)
      .where('date', '=', columns.date)
      .executeTakeFirst();
  const found = await existing();
  if (found) return { id: found.id, created: false };
  try {
    const id = await inTransaction(db, (trx) => insertGathering(trx, columns, actor));
    return { id, created: true };
  } catch (error) {
    // Another phone opened it a moment before: theirs is the one.
    const raced = isUniqueViolation(error) ? await existing() : undefined;
    if (raced) return { id: raced.id, created: false };
    throw error;
  }
}

const WRITABLE = [
  'name',
  'congregation_id',
  'date',
  'time',
  'notes',
  'count_members',
  'count_visitors',
  'count_children',
] as const;

/** What a check-in host changes of his culto's occurrence: the head counts (issue 26). */
const HOST_WRITABLE: readonly string[] = ['count_members', 'count_visitors', 'count_children'];

/**
 * PUT /api/gatherings/:id: name, date, notes and the head counts (a culto's occurrence stays in
 * its congregation); a check-in host (`services`), only the counts of his cultos' occurrences.
 * Counts are checked against the named presence inside the transaction, so a check-in landing
 * meanwhile is counted.
 */
export async function updateGathering(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
  services: Assigned = null,
) {
  // Another congregation's: a 403 to change, as every record's (http/scope.ts).
  const before = await loadGathering(db, id, null, services);
  if (services !== null && Object.keys(changes).some((key) => !HOST_WRITABLE.includes(key))) {
    throw forbidden('O anfitrião do check-in altera só as contagens do culto.');
  }
  ensureWritable(actor.rights, before.congregation_id);
  const stored = Object.fromEntries(WRITABLE.map((key) => [key, before[key]]));
  const input = validated(gatheringSchema, { ...stored, ...changes });
  // An EBD chamada is its class's on its day (unique): another day is another chamada.
  if (
    before.ebd_class_id !== null &&
    (input.date !== before.date || input.congregation_id !== before.congregation_id)
  ) {
    throw invalid({ date: 'A data de uma chamada da EBD não muda: abra a chamada do outro dia.' });
  }
  if (input.congregation_id !== before.congregation_id) {
    // A cell's report is its cell's congregation's; an offering the treasury received is already
    // an income of that congregation: neither moves, as a culto with presences does not.
    const fixed =
      before.kind === 'service' ||
      before.cell_id !== null ||
      before.offering_income_id !== null ||
      before.named_members + before.named_visitors > 0;
    if (fixed) {
      throw invalid({
        congregation_id:
          'A congregação de um culto com presenças, de um culto recorrente, do relatório de uma célula ou de uma oferta já recebida não muda.',
      });
    }
    ensureWritable(actor.rights, input.congregation_id);
    await assertActiveCongregation(db, input.congregation_id);
  }
  await inTransaction(db, async (trx) => {
    const named = (await namedCounts(trx, [id])).get(id) ?? { members: 0, visitors: 0 };
    checkCounts(input, named);
    await setGathering(trx, id, stored, input, actor);
  });
  return loadGathering(db, id);
}

/**
 * Updates a gathering's columns. The offering of one the treasury already received keeps the
 * amount it received: a change of it is refused (409), a replay of the same amount passes. The
 * condition is in the UPDATE itself, so a receipt committed meanwhile is seen (the row's lock).
 */
export async function writeGathering(
  trx: Executor,
  id: number,
  values: Partial<Omit<NewGathering, 'created_by' | 'created_at' | 'updated_at'>>,
) {
  let update = trx
    .updateTable('gatherings')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id);
  const offering = values.offering_cents;
  if (offering !== undefined) {
    update = update.where((eb) =>
      offering === null
        ? eb('offering_income_id', 'is', null)
        : eb.or([eb('offering_income_id', 'is', null), eb('offering_cents', '=', offering)]),
    );
  }
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0 && offering !== undefined) {
    throw conflict(OFFERING_RECEIVED_MESSAGE);
  }
}

/** Writes a gathering's changed fields, with their audit entry, in an open transaction. */
export async function setGathering(
  trx: Executor,
  id: number,
  before: Record<string, unknown>,
  after: Partial<Omit<NewGathering, 'created_by' | 'created_at' | 'updated_at'>>,
  actor: Actor,
) {
  await writeGathering(trx, id, after);
  await audit(trx, actor, {
    action: 'update',
    resource: 'gatherings',
    record_id: id,
    before,
    after,
  });
}

/** DELETE /api/gatherings/:id: only one nobody was marked present at (presence is history). */
export async function deleteGathering(db: Kysely<Database>, id: number, actor: Actor) {
  const before = await loadGathering(db, id);
  ensureWritable(actor.rights, before.congregation_id);
  if (before.named_members + before.named_visitors > 0) {
    throw conflict('Este culto tem presenças marcadas: desmarque-as antes de excluí-lo.');
  }
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('gatherings').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound(GATHERING_NOT_FOUND);
    await audit(trx, actor, { action: 'delete', resource: 'gatherings', record_id: id, before });
  });
  return before;
}
