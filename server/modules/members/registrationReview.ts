// The secretary's review of self-registrations (members with status "pending"): the pending
// list, approval (the member becomes active) and rejection (the registration is deleted).
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { registrationApprovalSchema } from '../../../domain/registration.js';
import type { Database } from '../../db/schema.js';
import { totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Scope, ensureWritable, inScope } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { adoptMemberColumns } from '../../db/milestoneProjection.js';
import { listCongregations, withCongregationNames } from './scope.js';
import { assertMemberDeletable } from './write.js';

const NOT_FOUND = 'Cadastro pendente não encontrado.';
// Approval and rejection change the registration only while it is pending (a conditional
// update or delete): of an approval and a rejection sent at once, the second finds it
// reviewed and is refused, instead of both answering success.
const ALREADY_REVIEWED = 'Este cadastro já foi conferido.';
export const REGISTRATION_SORTS = {
  created_at: 'created_at',
  name: 'sort_name',
  id: 'id',
} as const;

/**
 * The pending registrations of `view`; the member each may repeat is joined only inside
 * `rights` (one of another congregation is never named to a scoped reviewer, issue 22).
 */
function pending(db: Kysely<Database>, view: Scope, rights: Scope) {
  return inScope(
    db
      .selectFrom('members')
      .leftJoin('members as original', (join) => {
        const same = join.onRef('original.id', '=', 'members.duplicate_of');
        return rights === null
          ? same
          : same.on('original.congregation_id', 'in', rights.length > 0 ? [...rights] : [0]);
      })
      .where('members.status', '=', 'pending'),
    'members.congregation_id',
    view,
  );
}

/** A registration to review: 404 when missing, 403 outside the rights, 409 once reviewed. */
async function pendingMember(db: Kysely<Database>, id: number, rights: Scope) {
  const row = await db
    .selectFrom('members')
    .select([
      'id',
      'name',
      'status',
      'birth_date',
      'congregation_id',
      'position_id',
      'admission_date',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  ensureWritable(rights, row.congregation_id);
  if (row.status !== 'pending') throw conflict(ALREADY_REVIEWED);
  return row;
}

/** The pending registrations of the view's congregations (the filter's congregation_id inside). */
export async function listPendingRegistrations(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
  rights: Scope = view,
) {
  const scope = listCongregations(filter, view);
  const [rows, total] = await Promise.all([
    pending(db, scope, rights)
      .select([
        'members.id',
        'members.congregation_id',
        'members.name',
        'members.photo_thumb',
        'members.email',
        'members.cpf',
        'members.phone_mobile',
        'members.birth_date',
        'members.created_at',
        'members.consent_at',
        'members.consent_version',
        'members.guardian_name',
        'original.id as duplicate_of',
        'members.duplicate_reason',
        'original.name as duplicate_name',
      ])
      .orderBy(
        `members.${REGISTRATION_SORTS[sort.field as keyof typeof REGISTRATION_SORTS]}`,
        sort.order,
      )
      .orderBy('members.id', sort.order)
      .offset(range.offset)
      .limit(range.limit)
      .execute(),
    totalOf(db, pending(db, scope, rights).select('members.id')),
  ]);
  return { rows: await withCongregationNames(db, rows), total };
}

/**
 * The member becomes active with the position (cargo) and admission date the secretary gave;
 * no admission date means today (the server's, in the church's time zone).
 */
export async function approveRegistration(
  db: Kysely<Database>,
  id: number,
  body: unknown,
  actor: Actor,
) {
  const member = await pendingMember(db, id, actor.rights);
  const approval = validated(registrationApprovalSchema, body ?? {});
  if (approval.position_id) {
    const position = await db
      .selectFrom('positions')
      .select('id')
      .where('id', '=', approval.position_id)
      .executeTakeFirst();
    if (!position) throw invalid({ position_id: 'Cargo não encontrado.' });
  }
  const admissionDate = approval.admission_date ?? todayIso();
  if (member.birth_date && admissionDate < member.birth_date) {
    throw invalid({ admission_date: 'A data de admissão não pode ser anterior ao nascimento.' });
  }
  await db.transaction().execute(async (trx) => {
    const approved = await trx
      .updateTable('members')
      .set({
        position_id: approval.position_id,
        admission_date: admissionDate,
        status: 'active',
        duplicate_of: null,
        duplicate_reason: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(approved.numUpdatedRows) !== 1) throw conflict(ALREADY_REVIEWED);
    await adoptMemberColumns(trx, id, actor);
    await audit(trx, actor, {
      action: 'approve',
      resource: 'members',
      record_id: id,
      changes: {
        status: ['pending', 'active'],
        position_id: [member.position_id, approval.position_id],
        admission_date: [member.admission_date, admissionDate],
      },
    });
  });
  return { id, status: 'active', position_id: approval.position_id, admission_date: admissionDate };
}

export async function rejectRegistration(db: Kysely<Database>, id: number, actor: Actor) {
  const member = await pendingMember(db, id, actor.rights);
  await assertMemberDeletable(db, id);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('members')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw conflict(ALREADY_REVIEWED);
    // The registration is erased (LGPD art. 16): the trail keeps only its name.
    await audit(trx, actor, {
      action: 'reject',
      resource: 'members',
      record_id: id,
      changes: { name: [member.name, null], status: ['pending', null] },
    });
  });
  return { id, name: member.name, deleted: true };
}
