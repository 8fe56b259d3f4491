// Visitantes (/igreja/visitantes): people who are not (yet) members, added at the door in thirty
// seconds. A phone is kept only with the visitor's consent to be contacted (LGPD), recorded with
// the version of the consent text in force, when and by whom — as the public form keeps a
// newcomer's. A quick-add made during a culto checks the visitor in in the same transaction.
import type { Kysely, Transaction } from 'kysely';
import {
  CONTACT_CONSENT_NEEDED,
  VISITOR_ALREADY_CONVERTED,
  visitorConsentSchema,
  visitorEditSchema,
  visitorSchema,
} from '../../../domain/churchLife.js';
import { searchText, searchWords, likePattern } from '../../../domain/search.js';
import { ANONYMIZED_VISITOR_LOCKED } from '../../../domain/subjectRights.js';
// The app's clock (pinned in the date tests): a visitor's month is the month the church is in.
import { now as currentInstant } from '../../../domain/dates.js';
import type { Database, Visitor } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/counters.js';
import { applyFilters, inPageOrder, pageOf, textFilter, totalOf } from '../../http/listFilters.js';
import { type Scope, canRead, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { milestonesFromColumns } from '../../db/milestoneProjection.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { currentVersion, recordGrant } from '../consents/index.js';
import {
  assertActiveCongregation,
  congregationNames,
  listCongregations,
  prepareMember,
} from '../members/index.js';
import { type AssignedGroups, gatheringGroup } from '../../http/assignments.js';
import { checkInPerson } from './attendances.js';
import { cancelFollowups, startFollowups, visitorFollowups } from './followups.js';
import { type GatheringRecord, loadGathering } from './gatherings.js';

type Db = Kysely<Database> | Transaction<Database>;

export const VISITOR_NOT_FOUND = 'Visitante não encontrado.';
export const VISITOR_SORTS = ['created_at', 'name', 'id'] as const;

async function toApi(db: Kysely<Database>, rows: Visitor[]) {
  const ids = rows.map((row) => row.id);
  const [names, people, versions, visits] = await Promise.all([
    congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    ),
    db
      .selectFrom('members')
      .select(['id', 'name', 'status'])
      .where('id', 'in', [
        0,
        ...rows.flatMap((row) => [row.invited_by_id ?? [], row.member_id ?? []].flat()),
      ])
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
  const person = new Map(people.map((row) => [row.id, row]));
  const version = new Map(versions.map((row) => [row.id, row.version]));
  const visit = new Map(visits.map((row) => [row.visitor_id, row]));
  return rows.map(({ search: _search, client_key: _key, ...row }) => ({
    ...row,
    first_visit: Boolean(row.first_visit),
    contact_consent: Boolean(row.contact_consent),
    congregation_name: names.get(row.congregation_id) ?? '',
    invited_by_name:
      row.invited_by_id === null ? null : (person.get(row.invited_by_id)?.name ?? null),
    member_name: row.member_id === null ? null : (person.get(row.member_id)?.name ?? null),
    // pending while the registration waits for the review (/membros/pendentes).
    member_status: row.member_id === null ? null : (person.get(row.member_id)?.status ?? null),
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
  const [consents, followups] = await Promise.all([
    consentHistory(db, id),
    visitorFollowups(db, id),
  ]);
  return { ...record, visits, consents, followups };
}

/** The visitor's consents to be contacted, given and withdrawn, newest first. */
async function consentHistory(db: Db, visitorId: number) {
  return db
    .selectFrom('visitor_consents')
    .innerJoin('consent_versions', 'consent_versions.id', 'visitor_consents.consent_version_id')
    .leftJoin('users', 'users.id', 'visitor_consents.recorded_by')
    .select([
      'visitor_consents.id',
      'visitor_consents.action',
      'visitor_consents.consent_version_id',
      'consent_versions.version',
      'visitor_consents.at',
      'users.name as recorded_by_name',
    ])
    .where('visitor_consents.visitor_id', '=', visitorId)
    .orderBy('visitor_consents.at', 'desc')
    .orderBy('visitor_consents.id', 'desc')
    .execute();
}

/** The stored visitor a user may change: 404 when missing, 403 in another congregation. */
async function writableVisitor(db: Kysely<Database>, id: number, rights: Scope) {
  const row = await db.selectFrom('visitors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(VISITOR_NOT_FOUND);
  ensureWritable(rights, row.congregation_id);
  if (row.anonymized_at) throw conflict(ANONYMIZED_VISITOR_LOCKED);
  return row;
}

async function assertInviter(db: Kysely<Database>, inviterId: number | null, rights: Scope) {
  if (inviterId === null) return;
  const inviter = await db
    .selectFrom('members')
    .select(['id', 'congregation_id'])
    .where('id', '=', inviterId)
    .executeTakeFirst();
  if (!inviter || !canRead(rights, inviter.congregation_id)) {
    throw invalid({ invited_by_id: 'Membro que convidou não encontrado.' });
  }
}

/**
 * A líder adds a visitor only to a meeting of a group he serves — the report of his cell, the
 * chamada of his class, an occurrence of the culto he hosts — invited by one of its people (a
 * culto's: a member of its congregation; issue 26): he reads nothing of the church beyond his
 * groups.
 */
async function assertLeaderVisit(
  db: Kysely<Database>,
  input: { invited_by_id: number | null },
  gathering: GatheringRecord | null,
  groups: NonNullable<AssignedGroups>,
) {
  const kind = gathering ? gatheringGroup(groups, gathering) : null;
  if (gathering === null || kind === null) {
    throw invalid({
      gathering_id: 'Culto, relatório de célula ou chamada da EBD não encontrado.',
    });
  }
  if (input.invited_by_id === null) return;
  const inviters = {
    cell: () =>
      db
        .selectFrom('cell_members')
        .select('id')
        .where('cell_id', '=', gathering.cell_id!)
        .where('member_id', '=', input.invited_by_id!),
    ebd_class: () =>
      db
        .selectFrom('ebd_enrolments')
        .select('id')
        .where('ebd_class_id', '=', gathering.ebd_class_id!)
        .where('member_id', '=', input.invited_by_id!)
        .where('enrolled_on', '<=', gathering.date)
        .where((eb) => eb.or([eb('left_on', 'is', null), eb('left_on', '>', gathering.date)])),
    worship_service: () =>
      db
        .selectFrom('members')
        .select('id')
        .where('id', '=', input.invited_by_id!)
        .where('congregation_id', '=', gathering.congregation_id)
        .where('status', '!=', 'pending'),
  };
  if (kind === 'all' || !(await inviters[kind]().executeTakeFirst())) {
    throw invalid({ invited_by_id: 'Membro que convidou não encontrado.' });
  }
}

/**
 * PUT /api/visitors/:id: name, phone, who invited, first visit, notes (the fields sent change,
 * the others stay). A phone is kept only while the consent to be contacted stands.
 */
export async function updateVisitor(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  const row = await writableVisitor(db, id, actor.rights);
  const stored = {
    name: row.name,
    phone: row.phone,
    invited_by_id: row.invited_by_id,
    first_visit: Boolean(row.first_visit),
    notes: row.notes,
  };
  const input = validated(visitorEditSchema, { ...stored, ...changes });
  if (input.phone !== null && !row.contact_consent) {
    throw invalid({ phone: CONTACT_CONSENT_NEEDED });
  }
  if (input.invited_by_id !== stored.invited_by_id) {
    await assertInviter(db, input.invited_by_id, actor.rights);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('visitors')
      .set({
        ...input,
        search: searchText(input.name, input.phone),
        updated_at: currentInstant().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'visitors',
      record_id: id,
      before: stored,
      after: input,
    });
  });
  return loadVisitor(db, id);
}

/**
 * POST /api/visitors/:id/consents: the consent to be contacted given (to the current text) or
 * withdrawn. Withdrawing it erases the phone, which was kept only for that contact; 409 when the
 * state does not allow it (withdrawing what is not given, giving what stands).
 */
export async function recordVisitorConsent(
  db: Kysely<Database>,
  id: number,
  body: unknown,
  actor: Actor,
) {
  const row = await writableVisitor(db, id, actor.rights);
  const { action } = validated(visitorConsentSchema, body ?? {});
  const at = currentInstant().toISOString();
  await db.transaction().execute(async (trx) => {
    const granted = action === 'grant';
    const version = granted ? await currentVersion(trx) : null;
    const versionId = version?.id ?? row.consent_version_id;
    // Conditional on the state read: of two withdrawals at once, the second finds none to make.
    const changed = await trx
      .updateTable('visitors')
      .set(
        granted
          ? { contact_consent: true, consent_version_id: versionId, consent_at: at, updated_at: at }
          : {
              contact_consent: false,
              phone: null,
              search: searchText(row.name, null),
              updated_at: at,
            },
      )
      .where('id', '=', id)
      .where('contact_consent', '=', !granted)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1 || versionId === null) {
      throw conflict(
        granted
          ? 'O consentimento deste visitante para ser contatado já está registrado.'
          : 'Este visitante não tem consentimento para ser contatado: não há o que retirar.',
      );
    }
    await trx
      .insertInto('visitor_consents')
      .values({
        visitor_id: id,
        consent_version_id: versionId,
        action,
        at,
        recorded_by: actor.user_id,
        created_at: at,
      })
      .execute();
    // Consolidação: a consent given starts the pipeline; withdrawn, nobody is to contact them.
    if (granted) await startFollowups(trx, id, actor);
    else await cancelFollowups(trx, id, actor);
    await audit(trx, actor, {
      action,
      resource: 'visitors',
      record_id: id,
      changes: granted
        ? {
            contact_consent: [false, true],
            consent_version_id: [row.consent_version_id, versionId],
          }
        : { contact_consent: [true, false], phone: [row.phone, null] },
    });
  });
  return loadVisitor(db, id);
}

/**
 * POST /api/visitors/:id/convert ("Tornar membro"): a pending registration with the visitor's
 * name, phone and congregation, for the secretary to review and approve as the public form's
 * (/cadastros); the visitor points at it and keeps their consents and visits. Once: a second
 * conversion is a 409. A consent to be contacted that stands goes with them, as a record of the
 * member's consents of the same version and moment.
 */
export async function convertVisitor(db: Kysely<Database>, id: number, actor: Actor) {
  const row = await writableVisitor(db, id, actor.rights);
  if (row.member_id !== null) throw conflict(VISITOR_ALREADY_CONVERTED);
  await assertActiveCongregation(db, row.congregation_id);
  const { columns } = await prepareMember(
    db,
    {
      name: row.name,
      phone_mobile: row.phone,
      congregation_id: row.congregation_id,
      notes: row.notes,
      status: 'pending',
    },
    undefined,
    { publicForm: true, rights: actor.rights, missingCustomLater: true },
  );
  const grant = row.contact_consent
    ? (await consentHistory(db, id)).find((record) => record.action === 'grant')
    : undefined;
  const now = currentInstant().toISOString();
  const memberId = await db.transaction().execute(async (trx) => {
    const values = {
      ...columns,
      congregation_id: row.congregation_id,
      consent_at: grant?.at ?? null,
      consent_version: grant ? String(grant.version) : null,
      created_at: now,
      updated_at: now,
    };
    const { id: memberId } = await trx
      .insertInto('members')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await milestonesFromColumns(trx, [memberId], actor);
    const linked = await trx
      .updateTable('visitors')
      .set({ member_id: memberId, updated_at: now })
      .where('id', '=', id)
      .where('member_id', 'is', null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) !== 1) throw conflict(VISITOR_ALREADY_CONVERTED);
    if (grant) {
      await recordGrant(trx, memberId, {
        versionId: grant.consent_version_id,
        at: grant.at,
        guardianName: null,
        channel: 'staff',
        recordedBy: actor.user_id,
      });
    }
    await audit(trx, actor, {
      action: 'create',
      resource: 'members',
      record_id: memberId,
      after: values,
    });
    await audit(trx, actor, {
      action: 'convert',
      resource: 'visitors',
      record_id: id,
      changes: { member_id: [null, memberId] },
    });
    return memberId;
  });
  return { ...(await loadVisitor(db, id)), member_id: memberId };
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
export async function createVisitor(
  db: Kysely<Database>,
  body: unknown,
  actor: Actor,
  groups: AssignedGroups = null,
) {
  const input = validated(visitorSchema, body);
  const gathering =
    input.gathering_id === null
      ? null
      : await loadGathering(db, input.gathering_id, actor.rights).catch(() => {
          throw invalid({ gathering_id: 'Culto ou evento não encontrado.' });
        });
  if (groups !== null) await assertLeaderVisit(db, input, gathering, groups);
  const congregationId = gathering?.congregation_id ?? input.congregation_id;
  if (congregationId === null) throw invalid({ congregation_id: 'Informe a congregação.' });
  ensureWritable(actor.rights, congregationId);
  if (!gathering) await assertActiveCongregation(db, congregationId);
  if (groups === null) await assertInviter(db, input.invited_by_id, actor.rights);
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

  const now = currentInstant().toISOString();
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
      if (version) {
        await trx
          .insertInto('visitor_consents')
          .values({
            visitor_id: id,
            consent_version_id: version.id,
            action: 'grant',
            at: now,
            recorded_by: actor.user_id,
            created_at: now,
          })
          .execute();
      }
      await audit(trx, actor, {
        action: 'create',
        resource: 'visitors',
        record_id: id,
        after: columns,
      });
      if (version) await startFollowups(trx, id, actor);
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
