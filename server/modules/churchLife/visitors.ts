// Visitantes (/igreja/visitantes): people who are not (yet) members, added at the door in thirty
// seconds. A phone is kept only with the visitor's consent to be contacted (LGPD), recorded with
// the version of the consent text in force, when and by whom — as the public form keeps a
// newcomer's. A quick-add made during a culto checks the visitor in in the same transaction.
import type { Kysely } from 'kysely';
import { visitorSchema } from '../../../domain/churchLife.js';
import { searchText, searchWords, likePattern } from '../../../domain/search.js';
import type { Database, Visitor } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/counters.js';
import { applyFilters, inPageOrder, pageOf, textFilter, totalOf } from '../../http/listFilters.js';
import { type Scope, canRead, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, notFound, validated } from '../../plugins/errors.js';
import { currentVersion } from '../consents/index.js';
import {
  assertActiveCongregation,
  congregationNames,
  listCongregations,
} from '../members/index.js';
import { checkInPerson } from './attendances.js';
import { loadGathering } from './gatherings.js';

export const VISITOR_NOT_FOUND = 'Visitante não encontrado.';
export const VISITOR_SORTS = ['created_at', 'name', 'id'] as const;

async function toApi(db: Kysely<Database>, rows: Visitor[]) {
  const ids = rows.map((row) => row.id);
  const [names, inviters, versions, visits] = await Promise.all([
    congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    ),
    db
      .selectFrom('members')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...rows.flatMap((row) => row.invited_by_id ?? [])])
      .execute(),
    db.selectFrom('consent_versions').select(['id', 'version']).execute(),
    db
      .selectFrom('attendances')
      .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
      .select([
        'attendances.visitor_id',
        (eb) => eb.fn.countAll<number | string>().as('visits'),
        (eb) => eb.fn.max('gatherings.date').as('last_visit_on'),
      ])
      .where('attendances.visitor_id', 'in', ids.length > 0 ? ids : [0])
      .groupBy('attendances.visitor_id')
      .execute(),
  ]);
  const inviter = new Map(inviters.map((row) => [row.id, row.name]));
  const version = new Map(versions.map((row) => [row.id, row.version]));
  const visit = new Map(visits.map((row) => [row.visitor_id, row]));
  return rows.map(({ search: _search, client_key: _key, ...row }) => ({
    ...row,
    first_visit: Boolean(row.first_visit),
    contact_consent: Boolean(row.contact_consent),
    congregation_name: names.get(row.congregation_id) ?? '',
    invited_by_name: row.invited_by_id === null ? null : (inviter.get(row.invited_by_id) ?? null),
    consent_version:
      row.consent_version_id === null ? null : (version.get(row.consent_version_id) ?? null),
    visit_count: Number(visit.get(row.id)?.visits ?? 0),
    last_visit_on: (visit.get(row.id)?.last_visit_on as string | null | undefined) ?? null,
  }));
}

/** A visitor with the gatherings they attended; one outside `rights` does not exist (404). */
export async function loadVisitor(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await db.selectFrom('visitors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(VISITOR_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  const [record] = await toApi(db, [row]);
  const visits = await db
    .selectFrom('attendances')
    .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
    .select([
      'attendances.id',
      'attendances.gathering_id',
      'gatherings.name',
      'gatherings.date',
      'gatherings.kind',
    ])
    .where('attendances.visitor_id', '=', id)
    .orderBy('gatherings.date', 'desc')
    .orderBy('attendances.id', 'desc')
    .execute();
  return { ...record, visits };
}

/** GET /api/visitors: the view's visitors, newest first; q over the name. */
export async function listVisitors(db: Kysely<Database>, params: ListParams, view: Scope) {
  const { sort, range, filter } = params;
  let query = inScope(
    db.selectFrom('visitors'),
    'visitors.congregation_id',
    listCongregations(filter, view),
  );
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied, // by listCongregations above
    id: 'ids',
    invited_by_id: 'reference',
    first_visit: 'bool',
    contact_consent: 'bool',
    q: (applied, value) =>
      searchWords(textFilter(value, 'q')).reduce(
        (narrowed, word) => narrowed.where('search', 'like', likePattern(word)),
        applied,
      ),
  });
  const [ids, total] = await Promise.all([
    pageOf(query.select('visitors.id'), sort.field, sort, range).execute(),
    totalOf(db, query.select('visitors.id')),
  ]);
  const page = await inPageOrder(ids, async (wanted) =>
    toApi(db, await db.selectFrom('visitors').selectAll().where('id', 'in', wanted).execute()),
  );
  return { page, total };
}

/**
 * POST /api/visitors: the quick-add. With gathering_id the visitor belongs to its congregation and
 * is checked in at once; a replayed client_key answers the visitor of its first send.
 */
export async function createVisitor(db: Kysely<Database>, body: unknown, actor: Actor) {
  const input = validated(visitorSchema, body);
  const gathering =
    input.gathering_id === null
      ? null
      : await loadGathering(db, input.gathering_id, actor.rights).catch(() => {
          throw invalid({ gathering_id: 'Culto ou evento não encontrado.' });
        });
  const congregationId = gathering?.congregation_id ?? input.congregation_id;
  if (congregationId === null) throw invalid({ congregation_id: 'Informe a congregação.' });
  ensureWritable(actor.rights, congregationId);
  if (!gathering) await assertActiveCongregation(db, congregationId);
  if (input.invited_by_id !== null) {
    const inviter = await db
      .selectFrom('members')
      .select(['id', 'congregation_id'])
      .where('id', '=', input.invited_by_id)
      .executeTakeFirst();
    if (!inviter || !canRead(actor.rights, inviter.congregation_id)) {
      throw invalid({ invited_by_id: 'Membro que convidou não encontrado.' });
    }
  }
  const replayed = async () =>
    input.client_key === null
      ? undefined
      : db
          .selectFrom('visitors')
          .select('id')
          .where('client_key', '=', input.client_key)
          .executeTakeFirst();
  const earlier = await replayed();
  if (earlier) return { ...(await loadVisitor(db, earlier.id, actor.rights)), created: false };

  const now = new Date().toISOString();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const version = input.contact_consent ? await currentVersion(trx) : null;
      const columns = {
        congregation_id: congregationId,
        name: input.name,
        phone: input.phone,
        invited_by_id: input.invited_by_id,
        first_visit: input.first_visit,
        contact_consent: input.contact_consent,
        consent_version_id: version?.id ?? null,
        consent_at: version ? now : null,
        notes: input.notes,
      };
      const { id } = await trx
        .insertInto('visitors')
        .values({
          ...columns,
          search: searchText(input.name, input.phone),
          client_key: input.client_key,
          created_by: actor.user_id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, actor, {
        action: 'create',
        resource: 'visitors',
        record_id: id,
        after: columns,
      });
      if (gathering) {
        await checkInPerson(
          trx,
          gathering.id,
          { member_id: null, visitor_id: id, method: 'visitor', name: input.name },
          null,
          actor,
        );
      }
      return id;
    });
    return { ...(await loadVisitor(db, id)), created: true };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await replayed() : undefined;
    if (!raced) throw error;
    return { ...(await loadVisitor(db, raced.id, actor.rights)), created: false };
  }
}
