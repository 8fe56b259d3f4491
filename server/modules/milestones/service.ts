// Milestones read and written: each write checks the member's congregation (403 outside the
// rights), is audited on the member's history and projects the member's columns in the same
// transaction (projection.ts).
import type { Kysely } from 'kysely';
import {
  CERTIFICATE_KIND_LABELS,
  type CertificateKind,
  MILESTONE_FIXED_FIELDS,
  MILESTONE_KINDS,
  type MilestoneInput,
  milestoneSchema,
} from '../../../domain/milestones.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { formatLetterNumber } from '../../../domain/letters.js';
import type { Database, MemberMilestone } from '../../db/schema.js';
import { applyFilters, inPageOrder, pageOf, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { listCongregations, memberCongregation, throughMember } from '../members/index.js';
import { ensureUncertified, projectMilestones } from '../../db/milestoneProjection.js';

export const MILESTONE_NOT_FOUND = 'Marco não encontrado.';
export const MILESTONE_SORTS = { date: 'date', kind: 'kind', id: 'id' } as const;

type Row = MemberMilestone & {
  officiant_member_name: string | null;
  position_name: string | null;
  congregation_id: number;
};

function toApiMilestone(row: Row) {
  return {
    id: row.id,
    member_id: row.member_id,
    kind: row.kind,
    date: row.date,
    place: row.place,
    officiant_name: row.officiant_name,
    officiant_member_id: row.officiant_member_id,
    officiant_member_name: row.officiant_member_name,
    admission_type: row.admission_type,
    origin_church: row.origin_church,
    spouse_name: row.spouse_name,
    position_id: row.position_id,
    position_name: row.position_name,
    notes: row.notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type ApiMilestone = ReturnType<typeof toApiMilestone>;

function milestonesWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('member_milestones')
    .innerJoin('members', 'members.id', 'member_milestones.member_id')
    .leftJoin('members as officiant', 'officiant.id', 'member_milestones.officiant_member_id')
    .leftJoin('positions', 'positions.id', 'member_milestones.position_id')
    .selectAll('member_milestones')
    .select([
      'officiant.name as officiant_member_name',
      'positions.name as position_name',
      'members.congregation_id',
    ]);
}

/** A milestone; one of a member outside `rights` does not exist (404). */
export async function loadMilestone(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await milestonesWithNames(db)
    .where('member_milestones.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MILESTONE_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return toApiMilestone(row);
}

/** The milestones of the view's members (filter by member, kind, date range). */
export async function listMilestones(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = throughMember(
    db.selectFrom('member_milestones'),
    'member_milestones.member_id',
    listCongregations(filter, view),
  );
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied,
    member_id: 'reference',
    id: 'ids',
    kind: MILESTONE_KINDS,
    date_gte: 'from',
    date_lte: 'to',
  });
  const column = MILESTONE_SORTS[sort.field as keyof typeof MILESTONE_SORTS];
  const [ids, total] = await Promise.all([
    pageOf(query.select('member_milestones.id'), column, sort, range).execute(),
    totalOf(db, query.select('member_milestones.id')),
  ]);
  const rows = await inPageOrder(ids, async (page) =>
    (await milestonesWithNames(db).where('member_milestones.id', 'in', page).execute()).map(
      toApiMilestone,
    ),
  );
  return { rows, total };
}

/**
 * A member's timeline (GET /api/members/:id/milestones): every milestone newest first (undated
 * ones last), each with the certificates issued from it. Two indexed reads.
 */
export async function memberTimeline(db: Kysely<Database>, memberId: number, rights: Scope) {
  await memberCongregation(db, memberId, rights);
  const [rows, certificates] = await Promise.all([
    milestonesWithNames(db)
      .where('member_milestones.member_id', '=', memberId)
      .orderBy('member_milestones.date', 'desc')
      .orderBy('member_milestones.id', 'desc')
      .execute(),
    db
      .selectFrom('certificates')
      .select(['id', 'milestone_id', 'kind', 'number', 'year', 'issued_on'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute(),
  ]);
  const dated = rows.filter((row) => row.date !== null);
  const undated = rows.filter((row) => row.date === null);
  return [...dated, ...undated].map((row) => ({
    ...toApiMilestone(row),
    certificates: certificates
      .filter((certificate) => certificate.milestone_id === row.id)
      .map((certificate) => ({
        id: certificate.id,
        kind: certificate.kind,
        kind_label: CERTIFICATE_KIND_LABELS[certificate.kind as CertificateKind],
        number_text: formatLetterNumber(certificate.number, certificate.year),
        issued_on: certificate.issued_on,
      })),
  }));
}

/** The member a write is about: exists (422), inside the rights (403), not anonymized (409). */
async function writableMember(db: Kysely<Database>, memberId: number, rights: Scope) {
  const member = await db
    .selectFrom('members')
    .select(['id', 'congregation_id', 'anonymized_at', 'birth_date'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
  ensureWritable(rights, member.congregation_id);
  if (member.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
  return member;
}

/** What only the database can check: the officiant and the office exist; not before birth. */
async function checkReferences(
  db: Kysely<Database>,
  milestone: MilestoneInput,
  birthDate: string | null,
) {
  const errors: Record<string, string> = {};
  if (milestone.officiant_member_id !== null) {
    const officiant = await db
      .selectFrom('members')
      .select('id')
      .where('id', '=', milestone.officiant_member_id)
      .executeTakeFirst();
    if (!officiant) errors.officiant_member_id = 'Oficiante não encontrado.';
  }
  if (milestone.position_id !== null) {
    const position = await db
      .selectFrom('positions')
      .select('id')
      .where('id', '=', milestone.position_id)
      .executeTakeFirst();
    if (!position) errors.position_id = 'Cargo não encontrado.';
  }
  if (birthDate && milestone.date && milestone.date < birthDate) {
    errors.date = 'A data do marco não pode ser anterior ao nascimento.';
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Only the fields of its kind: a baptism keeps no origin church. */
function columnsOf(milestone: MilestoneInput) {
  return {
    ...milestone,
    admission_type: milestone.kind === 'reception' ? milestone.admission_type : null,
    origin_church: milestone.kind === 'reception' ? milestone.origin_church : null,
    spouse_name: milestone.kind === 'marriage' ? milestone.spouse_name : null,
    position_id: milestone.kind === 'consecration' ? milestone.position_id : null,
  };
}

export async function createMilestone(db: Kysely<Database>, body: unknown, actor: Actor) {
  const milestone = validated(milestoneSchema, body);
  const member = await writableMember(db, milestone.member_id, actor.rights);
  await checkReferences(db, milestone, member.birth_date);
  const columns = columnsOf(milestone);
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('member_milestones')
      .values({ ...columns, created_by: actor.user_id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await projectMilestones(trx, milestone.member_id);
    await audit(trx, actor, {
      action: 'create',
      resource: 'milestones',
      record_id: id,
      member_id: milestone.member_id,
      after: columns,
    });
    return id;
  });
  return loadMilestone(db, id);
}

/** A partial update merged with the stored milestone; the member and the kind stay. */
export async function updateMilestone(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  const stored = await loadMilestone(db, id);
  const member = await writableMember(db, stored.member_id, actor.rights);
  const fixed = Object.fromEntries(MILESTONE_FIXED_FIELDS.map((field) => [field, stored[field]]));
  const milestone = validated(milestoneSchema, { ...stored, ...changes, ...fixed });
  await checkReferences(db, milestone, member.birth_date);
  const columns = columnsOf(milestone);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('member_milestones')
      .set({ ...columns, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw notFound(MILESTONE_NOT_FOUND);
    await projectMilestones(trx, stored.member_id);
    await audit(trx, actor, {
      action: 'update',
      resource: 'milestones',
      record_id: id,
      member_id: stored.member_id,
      before: stored,
      after: columns,
    });
  });
  return loadMilestone(db, id);
}

/** A milestone removed (409 while a certificate attests it); the projection follows. */
export async function deleteMilestone(db: Kysely<Database>, id: number, actor: Actor) {
  const stored = await loadMilestone(db, id);
  await writableMember(db, stored.member_id, actor.rights);
  await db.transaction().execute(async (trx) => {
    await ensureUncertified(trx, id);
    const deleted = await trx
      .deleteFrom('member_milestones')
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound(MILESTONE_NOT_FOUND);
    await projectMilestones(trx, stored.member_id);
    await audit(trx, actor, {
      action: 'delete',
      resource: 'milestones',
      record_id: id,
      member_id: stored.member_id,
      before: stored,
    });
  });
  return stored;
}
