// Members read, written and deleted (the rules of a valid member live in write.ts), their list
// pages with departments, the bulk actions and the ministry workers' list.
import type { Kysely } from 'kysely';
import { recordIdOf, recordIdsOf } from '../../../domain/fields.js';
import { MEMBER_STATUSES } from '../../../domain/members.js';
import { searchWords } from '../../../domain/search.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, invalid, notFound } from '../../plugins/errors.js';
import { listMembers } from './list.js';
import { toApiListMember, toApiMember } from './row.js';
import { assertMemberDeletable, prepareMember, setDepartments } from './write.js';

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

export async function loadMember(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Membro não encontrado.');
  return toApiMember(row, (await departmentIdsOf(db, [id])).get(id) ?? []);
}

/** A page of the registry, each member with its departments. */
export async function memberPage(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  params: ListParams,
) {
  const { rows, total } = await listMembers(db, dialect, params);
  const departments = await departmentIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toApiListMember(row, departments.get(row.id) ?? [])), total };
}

export async function createMember(db: Kysely<Database>, body: Record<string, unknown>) {
  const { columns, departmentIds } = await prepareMember(db, body);
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('members')
      .values({ ...columns, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setDepartments(trx, id, departmentIds);
    return id;
  });
  return loadMember(db, id);
}

/** A partial update: the changes merged with the stored member, then validated whole. */
export async function updateMember(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
) {
  const existing = await loadMember(db, id);
  const { columns, departmentIds } = await prepareMember(
    db,
    { ...existing, ...changes },
    { id, customFields: existing.custom_fields },
  );
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set({ ...columns, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await setDepartments(trx, id, departmentIds);
  });
  return loadMember(db, id);
}

export async function deleteMember(db: Kysely<Database>, id: number) {
  const existing = await loadMember(db, id);
  await assertMemberDeletable(db, id);
  // Two deletes at once: the one that finds the row already gone answers 404.
  const deleted = await db.deleteFrom('members').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound('Membro não encontrado.');
  return existing;
}

export interface BulkAction {
  ids?: unknown;
  action?: unknown;
  status?: unknown;
  department_id?: unknown;
}

/** One status for many members, or one more department: `{updated}` members changed. */
export async function bulkUpdateMembers(db: Kysely<Database>, body: BulkAction) {
  const ids = Array.isArray(body.ids) ? body.ids : [];
  if (
    ids.length === 0 ||
    ids.length > 1000 ||
    !ids.every((id) => typeof id === 'number' && recordIdOf(id) !== null)
  ) {
    throw badRequest('Selecione de 1 a 1.000 membros.');
  }
  const memberIds = ids as number[];
  if (body.action === 'set_status') {
    if (!MEMBER_STATUSES.includes(body.status as never))
      throw invalid({ status: 'Situação inválida.' });
    const result = await db
      .updateTable('members')
      .set({ status: body.status as string, updated_at: new Date().toISOString() })
      .where('id', 'in', memberIds)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  }
  if (body.action === 'add_department') {
    const departmentId = recordIdOf(body.department_id);
    const department =
      departmentId !== null
        ? await db
            .selectFrom('departments')
            .select('id')
            .where('id', '=', departmentId)
            .executeTakeFirst()
        : undefined;
    if (!department) throw invalid({ department_id: 'Departamento não encontrado.' });
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

/** Members whose position is ministerial (obreiros). */
export async function listMinistryWorkers(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  { sort, range, filter }: ListParams,
) {
  let query = db
    .selectFrom('members')
    .innerJoin('positions', 'positions.id', 'members.position_id')
    .where('positions.ministerial', '=', true);
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q' && typeof value === 'string') {
      const words = searchWords(value);
      if (words.length > 0) query = query.where(dialect.textSearch('members', 'search', words));
    } else if (key === 'position_id' && recordIdOf(value) !== null) {
      query = query.where('members.position_id', '=', recordIdOf(value));
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
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
