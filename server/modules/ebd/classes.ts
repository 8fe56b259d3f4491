// EBD classes (/igreja/ebd): a congregation's turmas of a trimestre, with their teachers (members
// of the class's congregation) and the count of students enrolled today.
import type { Kysely } from 'kysely';
import { ebdClassSchema, quarterLabel } from '../../../domain/ebd.js';
import { likePattern, searchText, searchWords } from '../../../domain/search.js';
import type { Database } from '../../db/schema.js';
import type { EbdClass } from '../../db/tables/ebd.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { type Assigned, assignedIds, ensureAssigned, groupPeople } from '../../http/assignments.js';
import { applyFilters, inPageOrder, pageOf, textFilter, totalOf } from '../../http/listFilters.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import {
  assertActiveCongregation,
  congregationNames,
  listCongregations,
} from '../members/index.js';
import { todayIso } from '../../../domain/dates.js';

export const CLASS_NOT_FOUND = 'Turma não encontrada.';
export const EBD_CLASS_SORTS = ['name', 'year', 'id'] as const;

/** Students enrolled in each class on `on` (from their day, until the day they left). */
export async function enrolledCounts(db: Executor, ids: number[], on: string) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('ebd_enrolments')
    .select(['ebd_class_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('ebd_class_id', 'in', ids)
    .where('enrolled_on', '<=', on)
    .where((eb) => eb.or([eb('left_on', 'is', null), eb('left_on', '>', on)]))
    .groupBy('ebd_class_id')
    .execute();
  return new Map(rows.map((row) => [row.ebd_class_id, Number(row.count)]));
}

async function teachersOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ebd_class_teachers')
    .innerJoin('members', 'members.id', 'ebd_class_teachers.member_id')
    .select(['ebd_class_teachers.ebd_class_id', 'members.id', 'members.name'])
    .where('ebd_class_teachers.ebd_class_id', 'in', ids)
    .orderBy('members.name')
    .execute();
}

async function toApi(db: Kysely<Database>, rows: EbdClass[]) {
  const ids = rows.map((row) => row.id);
  const [teachers, names, enrolled] = await Promise.all([
    teachersOf(db, ids),
    congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    ),
    enrolledCounts(db, ids, todayIso()),
  ]);
  return rows.map(({ search: _search, ...row }) => {
    const own = teachers.filter((teacher) => teacher.ebd_class_id === row.id);
    return {
      ...row,
      active: Boolean(row.active),
      quarter_label: quarterLabel(row.year, row.quarter),
      congregation_name: names.get(row.congregation_id) ?? '',
      teacher_ids: own.map((teacher) => teacher.id),
      teacher_names: own.map((teacher) => teacher.name),
      enrolled_count: enrolled.get(row.id) ?? 0,
    };
  });
}
export type EbdClassRecord = Awaited<ReturnType<typeof toApi>>[number];

/**
 * A class the request reaches: one another teacher's, for a líder, does not exist (404), as one
 * outside the user's congregations.
 */
export async function classRow(
  db: Executor,
  id: number,
  rights: Scope = null,
  assigned: Assigned = null,
) {
  const row = await db
    .selectFrom('ebd_classes')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CLASS_NOT_FOUND);
  ensureAssigned(assigned, id, CLASS_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return row;
}

export async function loadClass(
  db: Kysely<Database>,
  id: number,
  rights: Scope = null,
  assigned: Assigned = null,
) {
  const [record] = await toApi(db, [await classRow(db, id, rights, assigned)]);
  return record;
}

/**
 * GET /api/ebd_classes/:id/students: the members studying in the class today, as its teacher
 * reads them (issue 26): name, photo, phone and birthday only.
 */
export async function classStudents(
  db: Kysely<Database>,
  id: number,
  rights: Scope,
  assigned: Assigned,
) {
  await classRow(db, id, rights, assigned);
  const today = todayIso();
  const rows = await db
    .selectFrom('ebd_enrolments')
    .select('member_id')
    .where('ebd_class_id', '=', id)
    .where('member_id', 'is not', null)
    .where('enrolled_on', '<=', today)
    .where((eb) => eb.or([eb('left_on', 'is', null), eb('left_on', '>', today)]))
    .execute();
  return groupPeople(
    db,
    rows.map((row) => row.member_id!),
  );
}

/**
 * GET /api/ebd_classes: the view's classes (a líder's: those he teaches); filters q, congregation,
 * year, quarter, active.
 */
export async function listClasses(
  db: Kysely<Database>,
  params: ListParams,
  view: Scope,
  assigned: Assigned = null,
) {
  const { sort, range, filter } = params;
  let query = inScope(
    db.selectFrom('ebd_classes'),
    'ebd_classes.congregation_id',
    listCongregations(filter, view),
  );
  if (assigned !== null) query = query.where('ebd_classes.id', 'in', assignedIds(assigned));
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied, // by listCongregations above
    id: 'ids',
    year: 'reference',
    quarter: ['1', '2', '3', '4'],
    active: 'bool',
    q: (applied, value) =>
      searchWords(textFilter(value, 'q')).reduce(
        (narrowed, word) => narrowed.where('search', 'like', likePattern(word)),
        applied,
      ),
  });
  const [ids, total] = await Promise.all([
    pageOf(query.select('ebd_classes.id'), sort.field, sort, range).execute(),
    totalOf(db, query.select('ebd_classes.id')),
  ]);
  const page = await inPageOrder(ids, async (wanted) =>
    toApi(db, await db.selectFrom('ebd_classes').selectAll().where('id', 'in', wanted).execute()),
  );
  return { page, total };
}

/** Teachers must be members of the class's congregation (not pending). */
async function assertTeachers(db: Executor, congregationId: number, ids: number[]) {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('members')
    .select('id')
    .where('id', 'in', ids)
    .where('congregation_id', '=', congregationId)
    .where('status', '!=', 'pending')
    .execute();
  if (found.length !== ids.length) {
    throw invalid({ teacher_ids: 'Os professores devem ser membros da congregação da turma.' });
  }
}

async function writeTeachers(trx: Executor, classId: number, ids: number[]) {
  await trx.deleteFrom('ebd_class_teachers').where('ebd_class_id', '=', classId).execute();
  if (ids.length > 0) {
    await trx
      .insertInto('ebd_class_teachers')
      .values(ids.map((member_id) => ({ ebd_class_id: classId, member_id })))
      .execute();
  }
}

/** POST /api/ebd_classes. */
export async function createClass(db: Kysely<Database>, body: unknown, actor: Actor) {
  const input = validated(ebdClassSchema, body);
  ensureWritable(actor.rights, input.congregation_id);
  await assertActiveCongregation(db, input.congregation_id);
  await assertTeachers(db, input.congregation_id, input.teacher_ids);
  const { teacher_ids, ...columns } = input;
  const now = new Date().toISOString();
  const id = await inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('ebd_classes')
      .values({
        ...columns,
        search: searchText(columns.name, columns.age_group),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTeachers(trx, id, teacher_ids);
    await audit(trx, actor, {
      action: 'create',
      resource: 'ebd_classes',
      record_id: id,
      after: input,
    });
    return id;
  });
  return loadClass(db, id);
}

const WRITABLE = [
  'name',
  'congregation_id',
  'year',
  'quarter',
  'age_group',
  'age_min',
  'age_max',
  'magazine',
  'teacher_ids',
  'active',
] as const;

/** PUT /api/ebd_classes/:id: a class with chamadas or students stays in its congregation. */
export async function updateClass(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  const before = await loadClass(db, id);
  ensureWritable(actor.rights, before.congregation_id);
  const stored = Object.fromEntries(WRITABLE.map((key) => [key, before[key]]));
  const input = validated(ebdClassSchema, { ...stored, ...changes });
  if (input.congregation_id !== before.congregation_id) {
    const used = await inUse(db, id);
    if (used.chamada || used.student) {
      throw invalid({
        congregation_id: 'A congregação de uma turma com alunos ou chamadas não muda.',
      });
    }
    ensureWritable(actor.rights, input.congregation_id);
    await assertActiveCongregation(db, input.congregation_id);
  }
  await assertTeachers(db, input.congregation_id, input.teacher_ids);
  const { teacher_ids, ...columns } = input;
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('ebd_classes')
      .set({
        ...columns,
        search: searchText(columns.name, columns.age_group),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await writeTeachers(trx, id, teacher_ids);
    await audit(trx, actor, {
      action: 'update',
      resource: 'ebd_classes',
      record_id: id,
      before: stored,
      after: input,
    });
  });
  return loadClass(db, id);
}

async function inUse(db: Executor, id: number) {
  const [chamada, student] = await Promise.all([
    db
      .selectFrom('gatherings')
      .select('id')
      .where('ebd_class_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('ebd_enrolments')
      .select('id')
      .where('ebd_class_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { chamada: Boolean(chamada), student: Boolean(student) };
}

/** DELETE /api/ebd_classes/:id: only a class without chamadas (they are history). */
export async function deleteClass(db: Kysely<Database>, id: number, actor: Actor) {
  const before = await loadClass(db, id);
  ensureWritable(actor.rights, before.congregation_id);
  if ((await inUse(db, id)).chamada) {
    throw conflict(
      'Esta turma já tem chamadas registradas: não pode ser excluída. Para deixar de usá-la, desative-a.',
    );
  }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('ebd_classes').where('id', '=', id).execute();
    await audit(trx, actor, { action: 'delete', resource: 'ebd_classes', record_id: id, before });
  });
  return before;
}
