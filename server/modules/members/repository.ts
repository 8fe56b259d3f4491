// Members read, written and deleted (the rules of a valid member live in write.ts), their list
// pages with departments, the bulk actions and the ministry workers' list.
import type { Kysely } from 'kysely';
import { transferStatusError } from '../../../domain/transfers.js';
import { recordIdOf, recordIdsOf } from '../../../domain/fields.js';
import { MEMBER_STATUSES } from '../../../domain/members.js';
import { searchWords } from '../../../domain/search.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { addressChanged, overrideFamilyAddress } from '../../db/familyAddress.js';
import type { Database } from '../../db/schema.js';
import { totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { todayIso } from '../../../domain/dates.js';
import { type Scope, canRead, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import { badRequest, conflict, invalid, notFound } from '../../plugins/errors.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { memberStatusesOf, namePatterns } from './filters.js';
import { type Actor, SYSTEM_ACTOR, audit, auditMany } from '../../audit/trail.js';
import { listMembers } from './list.js';
import {
  adoptMemberColumns,
  milestonesFromColumns,
  projectedColumnsChanged,
} from '../../db/milestoneProjection.js';
import { toApiListMember, toApiMember } from './row.js';
import {
  MEMBER_NOT_FOUND,
  congregationNames,
  ensureMemberWritable,
  listCongregations,
  memberCongregation,
  withCongregationNames,
} from './scope.js';
import {
  OTHER_CONGREGATION_DEPARTMENT,
  assertMemberDeletable,
  prepareMember,
  setDepartments,
} from './write.js';

export async function departmentIdsOf(db: Kysely<Database>, memberIds: number[]) {
  const byMember = new Map<number, number[]>(memberIds.map((id) => [id, []]));
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('member_departments')
    .select(['member_id', 'department_id'])
    .where('member_id', 'in', memberIds)
    .orderBy('department_id')
    .execute();
  for (const row of rows) byMember.get(row.member_id)?.push(row.department_id);
  return byMember;
}

async function storedMember(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/** A member as the API answers it; outside `rights` a 404 that says so (not naming him). */
export async function loadMember(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await storedMember(db, id);
  ensureReadable(rights, row.congregation_id);
  const [departments, names] = await Promise.all([
    departmentIdsOf(db, [id]),
    congregationNames(db, [row.congregation_id]),
  ]);
  return toApiMember(row, departments.get(id) ?? [], names.get(row.congregation_id) ?? '');
}

/** A page of the registry the view shows, each member with its departments and congregation. */
export async function memberPage(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  params: ListParams,
  view: Scope,
) {
  const { rows, total } = await listMembers(db, dialect, params, view);
  const [departments, names] = await Promise.all([
    departmentIdsOf(
      db,
      rows.map((row) => row.id),
    ),
    congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    ),
  ]);
  return {
    rows: rows.map((row) =>
      toApiListMember(row, departments.get(row.id) ?? [], names.get(row.congregation_id) ?? ''),
    ),
    total,
  };
}

/**
 * A check-in host's name search (issue 26): the ids of the members of one congregation who may be
 * at its culto — not a registration under review, nor one transferred or deceased (one in
 * transfer still comes until the receiving church confirms) — whose name has the words of q, best
 * matches first, through the registry's own search.
 */
export async function memberIdsByName(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  q: string,
  congregationId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await listMembers(
    db,
    dialect,
    {
      sort: { field: 'match', order: 'asc' },
      range: { offset: 0, limit },
      filter: { q, status: ['active', 'inactive', 'disciplined', 'transferring'] },
    },
    [congregationId],
  );
  return rows.map((row) => row.id);
}

/** Who writes: the user's rights (403 outside them), id (a move's history) and the trail's actor. */
export type Writer = Actor;

export const WHOLE_CHURCH: Writer = SYSTEM_ACTOR;

export async function createMember(
  db: Kysely<Database>,
  body: Record<string, unknown>,
  writer: Writer = WHOLE_CHURCH,
) {
  const { columns, departmentIds } = await prepareMember(db, body, undefined, {
    rights: writer.rights,
  });
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('members')
      .values({ ...columns, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setDepartments(trx, id, departmentIds);
    await milestonesFromColumns(trx, [id], writer);
    await audit(trx, writer, {
      action: 'create',
      resource: 'members',
      record_id: id,
      after: { ...columns, department_ids: departmentIds },
    });
    return id;
  });
  return loadMember(db, id);
}

/**
 * A partial update: the changes merged with the stored member, then validated whole. A new
 * congregation is an internal move: a member_moves row (from, to, today, who) in the same
 * transaction; the member leaves the departments of the congregation left behind unless the
 * changes name the departments. One transaction that reads the member row once (issue 23: it
 * was read four times): the answer is the stored row with the written columns, not a re-read.
 * An older client's whole record (photo, computed fields) is taken as it always was.
 */
export async function updateMember(
  db: Executor,
  id: number,
  changes: Record<string, unknown>,
  writer: Writer = WHOLE_CHURCH,
) {
  const now = new Date();
  // The caller's transaction when it has one (an approved self-update is applied in its own).
  return inTransaction(db, async (trx) => {
    const found = await trx
      .selectFrom('members')
      .leftJoin('congregations', 'congregations.id', 'members.congregation_id')
      .selectAll('members')
      .select('congregations.name as congregation_name')
      .where('members.id', '=', id)
      .executeTakeFirst();
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    const { congregation_name: storedName, ...stored } = found;
    ensureWritable(writer.rights, stored.congregation_id);
    if (stored.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
    const storedDepartments = (await departmentIdsOf(trx, [id])).get(id) ?? [];
    const existing = toApiMember(stored, storedDepartments, storedName ?? '');
    const merged: Record<string, unknown> = { ...existing, ...changes };
    const target = recordIdOf(changes.congregation_id);
    if (
      target !== null &&
      target !== stored.congregation_id &&
      changes.department_ids === undefined
    ) {
      const kept = await trx
        .selectFrom('departments')
        .select('id')
        .where('id', 'in', storedDepartments.length > 0 ? storedDepartments : [0])
        .where((eb) =>
          eb.or([eb('congregation_id', 'is', null), eb('congregation_id', '=', target)]),
        )
        .execute();
      merged.department_ids = kept.map((row) => row.id);
    }
    const { columns, departmentIds } = await prepareMember(
      trx,
      merged,
      {
        id,
        customFields: existing.custom_fields,
        congregationId: stored.congregation_id,
        status: stored.status,
      },
      { rights: writer.rights },
    );
    const updatedAt = now.toISOString();
    // An anonymization committed meanwhile wins: the old values are not written back.
    const updated = await trx
      .updateTable('members')
      .set({ ...columns, updated_at: updatedAt })
      .where('id', '=', id)
      .where('anonymized_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(ANONYMIZED_MEMBER_LOCKED);
    if (!sameIds(storedDepartments, departmentIds)) await setDepartments(trx, id, departmentIds);
    // The member's own address edited: theirs from now on, no longer the family's (issue 28).
    if (addressChanged(stored, columns)) await overrideFamilyAddress(trx, id);
    // The baptism, admission and consecration typed in the form become the member's milestones.
    if (projectedColumnsChanged(stored, columns)) {
      await adoptMemberColumns(trx, id, writer, columns);
    }
    const moved = stored.congregation_id !== columns.congregation_id;
    if (moved) {
      await trx
        .insertInto('member_moves')
        .values({
          member_id: id,
          from_congregation_id: stored.congregation_id,
          to_congregation_id: columns.congregation_id,
          moved_on: todayIso(now),
          user_id: writer.user_id,
          created_at: updatedAt,
        })
        .execute();
    }
    await audit(trx, writer, {
      action: 'update',
      resource: 'members',
      record_id: id,
      before: existing,
      after: { ...columns, department_ids: departmentIds },
    });
    const name = moved
      ? ((await congregationNames(trx, [columns.congregation_id])).get(columns.congregation_id) ??
        '')
      : existing.congregation_name;
    return toApiMember(
      { ...stored, ...columns, updated_at: updatedAt },
      [...departmentIds].sort((a, b) => a - b),
      name,
    );
  });
}

/** The same departments, in any order. */
function sameIds(a: number[], b: number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/** A member's moves between congregations, newest first, with both names and the user's. */
export async function memberMoves(db: Kysely<Database>, id: number, rights: Scope) {
  await memberCongregation(db, id, rights);
  return db
    .selectFrom('member_moves')
    .innerJoin('congregations as origin', 'origin.id', 'member_moves.from_congregation_id')
    .innerJoin('congregations as destination', 'destination.id', 'member_moves.to_congregation_id')
    .leftJoin('users', 'users.id', 'member_moves.user_id')
    .select([
      'member_moves.id',
      'member_moves.member_id',
      'member_moves.from_congregation_id',
      'origin.name as from_congregation_name',
      'member_moves.to_congregation_id',
      'destination.name as to_congregation_name',
      'member_moves.moved_on',
      'member_moves.user_id',
      'users.name as user_name',
      'member_moves.created_at',
    ])
    .where('member_moves.member_id', '=', id)
    .orderBy('member_moves.moved_on', 'desc')
    .orderBy('member_moves.id', 'desc')
    .execute();
}

export async function deleteMember(db: Kysely<Database>, id: number, writer: Writer) {
  const stored = await storedMember(db, id);
  ensureWritable(writer.rights, stored.congregation_id);
  const existing = await loadMember(db, id);
  await assertMemberDeletable(db, id);
  await db.transaction().execute(async (trx) => {
    // Two deletes at once: the one that finds the row already gone answers 404.
    const deleted = await trx.deleteFrom('members').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound(MEMBER_NOT_FOUND);
    await audit(trx, writer, {
      action: 'delete',
      resource: 'members',
      record_id: id,
      before: existing,
    });
  });
  return existing;
}

/** Who opened which member's record (LGPD): one row, written as the record is answered. */
export async function auditMemberView(db: Kysely<Database>, id: number, actor: Actor) {
  await audit(db, actor, { action: 'view', resource: 'members', record_id: id });
}

export interface BulkAction {
  ids?: unknown;
  action?: unknown;
  status?: unknown;
  department_id?: unknown;
}

/**
 * One status for many members, or one more department: `{updated}` members changed. A selection
 * with any member outside the rights is refused whole (403): nothing is half done.
 */
export async function bulkUpdateMembers(db: Kysely<Database>, body: BulkAction, writer: Writer) {
  const { rights } = writer;
  const ids = Array.isArray(body.ids) ? body.ids : [];
  if (
    ids.length === 0 ||
    ids.length > 1000 ||
    !ids.every((id) => typeof id === 'number' && recordIdOf(id) !== null)
  ) {
    throw badRequest('Selecione de 1 a 1.000 membros.');
  }
  const memberIds = ids as number[];
  await ensureMemberWritable(db, memberIds, rights);
  if (body.action === 'set_status') {
    if (!MEMBER_STATUSES.includes(body.status as never))
      throw invalid({ status: 'Situação inválida.' });
    const status = body.status as string;
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('members')
        .select(['id', 'status'])
        .where('id', 'in', memberIds)
        .execute();
      // A transfer's status is the transfer's: the whole selection is refused, nothing changed.
      const locked = before
        .map((row) => transferStatusError(row.status, status))
        .find((error) => error !== null);
      if (locked) throw invalid({ status: locked });
      const result = await trx
        .updateTable('members')
        .set({ status, updated_at: new Date().toISOString() })
        .where('id', 'in', memberIds)
        .executeTakeFirst();
      // One entry per member whose status changed: each member's Histórico shows it.
      await auditMany(
        trx,
        writer,
        before
          .filter((row) => row.status !== status)
          .map((row) => ({
            action: 'bulk_update' as const,
            resource: 'members',
            record_id: row.id,
            changes: { status: [row.status, status] },
            details: { selected: memberIds.length },
          })),
      );
      return { updated: Number(result.numUpdatedRows) };
    });
  }
  if (body.action === 'add_department') {
    const departmentId = recordIdOf(body.department_id);
    const department =
      departmentId !== null
        ? await db
            .selectFrom('departments')
            .select(['id', 'congregation_id'])
            .where('id', '=', departmentId)
            .executeTakeFirst()
        : undefined;
    if (!department || !canRead(rights, department.congregation_id)) {
      throw invalid({ department_id: 'Departamento não encontrado.' });
    }
    if (department.congregation_id !== null) {
      const elsewhere = await db
        .selectFrom('members')
        .select('id')
        .where('id', 'in', memberIds)
        .where('congregation_id', '!=', department.congregation_id)
        .limit(1)
        .executeTakeFirst();
      if (elsewhere) throw invalid({ department_id: OTHER_CONGREGATION_DEPARTMENT });
    }
    return db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('members')
        .select('id')
        .where('id', 'in', memberIds)
        .execute();
      const already = await trx
        .selectFrom('member_departments')
        .select('member_id')
        .where('department_id', '=', department.id)
        .where('member_id', 'in', memberIds)
        .execute();
      const skip = new Set(already.map((row) => row.member_id));
      const add = existing.map((row) => row.id).filter((id) => !skip.has(id));
      if (add.length > 0) {
        await trx
          .insertInto('member_departments')
          .values(add.map((memberId) => ({ member_id: memberId, department_id: department.id })))
          .execute();
      }
      await auditMany(
        trx,
        writer,
        add.map((memberId) => ({
          action: 'bulk_update' as const,
          resource: 'members',
          record_id: memberId,
          changes: { department_id: [null, department.id] },
          details: { selected: memberIds.length },
        })),
      );
      return { updated: add.length };
    });
  }
  throw badRequest('Ação em lote desconhecida.');
}

export const MINISTRY_WORKER_SORTS = {
  name: 'members.sort_name',
  consecration_date: 'members.consecration_date',
  id: 'members.id',
} as const;

/** Members whose position is ministerial (obreiros), of the view's congregations. */
export async function listMinistryWorkers(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = inScope(
    db
      .selectFrom('members')
      .innerJoin('positions', 'positions.id', 'members.position_id')
      .where('positions.ministerial', '=', true),
    'members.congregation_id',
    listCongregations(filter, view),
  );
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'congregation_id') continue; // applied above, inside the view
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q' && typeof value === 'string') {
      const words = searchWords(value);
      if (words.length > 0) query = query.where(dialect.textSearch('members', 'search', words));
    } else if (key === 'name') {
      for (const pattern of namePatterns(value)) {
        query = query.where('members.sort_name', 'like', pattern);
      }
    } else if (key === 'position_id' && recordIdOf(value) !== null) {
      query = query.where('members.position_id', '=', recordIdOf(value));
    } else if (key === 'status') {
      query = query.where('members.status', 'in', memberStatusesOf(value));
    } else if (key === 'id' && Array.isArray(value)) {
      const ids = recordIdsOf(value);
      query = query.where('members.id', 'in', ids.length > 0 ? ids : [0]);
    } else {
      throw badRequest(`Filtro ${key} inválido.`);
    }
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        'members.id',
        'members.congregation_id',
        'members.name',
        'members.photo_thumb',
        'members.position_id',
        'members.consecration_date',
        'members.phone_mobile',
        'members.status',
      ])
      .orderBy(MINISTRY_WORKER_SORTS[sort.field as keyof typeof MINISTRY_WORKER_SORTS], sort.order)
      .orderBy('members.id')
      .offset(range.offset)
      .limit(range.limit)
      .execute(),
    totalOf(db, query.select('members.id')),
  ]);
  return { rows: await withCongregationNames(db, rows), total };
}
