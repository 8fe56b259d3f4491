// The Sunday chamada of an EBD class: a gathering of kind 'ebd' naming the class, opened once per
// class and day (two phones get the same one). Students are ticked present through the one
// check-in engine (POST /api/gatherings/:id/attendances, with the offline queue's keys); visitors
// come through the visitor quick-add. Its own counts: visitors counted without a name, Bíblias,
// revistas and the offering in centavos. Its figures: matriculados on its day, presentes (the
// students ticked — members, and visitors enrolled as students), ausentes (the rest), visitantes
// (those present who are not students, or the count), Bíblias, revistas, oferta.
import type { Kysely } from 'kysely';
import { countBelowNamed } from '../../../domain/churchLife.js';
import { todayIso } from '../../../domain/dates.js';
import {
  type EbdFigures,
  moreThanPresent,
  quarterBounds,
  quarterLabel,
  rollCallCountsSchema,
} from '../../../domain/ebd.js';
import { formatDate } from '../../../domain/formats.js';
import type { Database, Gathering } from '../../db/schema.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { type Assigned, assignedIds, ensureAssigned } from '../../http/assignments.js';
import { applyFilters, inPageOrder, pageOf, totalOf } from '../../http/listFilters.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, notFound, validated } from '../../plugins/errors.js';
import { namedCounts, openGatheringOnce, writeGathering } from '../churchLife/index.js';
import { listCongregations } from '../members/index.js';
import { classRow, loadClass } from './classes.js';

export const ROLL_CALL_NOT_FOUND = 'Chamada não encontrada.';
export const ROLL_CALL_SORTS = ['date', 'id'] as const;

/** The chamadas joined to the enrolments of their class on their day. */
function withStudents(db: Executor, ids: number[]) {
  return db
    .selectFrom('gatherings')
    .innerJoin('ebd_enrolments', (join) =>
      join
        .onRef('ebd_enrolments.ebd_class_id', '=', 'gatherings.ebd_class_id')
        .onRef('ebd_enrolments.enrolled_on', '<=', 'gatherings.date')
        .on((eb) =>
          eb.or([
            eb('ebd_enrolments.left_on', 'is', null),
            eb('ebd_enrolments.left_on', '>', eb.ref('gatherings.date')),
          ]),
        ),
    )
    .where('gatherings.id', 'in', ids)
    .groupBy('gatherings.id');
}

interface Students {
  enrolled: number;
  /** Visitors enrolled as students and marked present: presentes, not visitantes. */
  visitorsPresent: number;
}

/** Each chamada's students enrolled on its day, and the enrolled visitors marked present. */
async function studentCounts(db: Executor, ids: number[]): Promise<Map<number, Students>> {
  if (ids.length === 0) return new Map();
  // One pass over the enrolments: a visitor student's attendance joins their enrolment row (a
  // member's enrolment has no visitor_id, so it joins none).
  const rows = await withStudents(db, ids)
    .leftJoin('attendances', (join) =>
      join
        .onRef('attendances.gathering_id', '=', 'gatherings.id')
        .onRef('attendances.visitor_id', '=', 'ebd_enrolments.visitor_id'),
    )
    .select([
      'gatherings.id',
      (eb) => eb.fn.count<number | string>('ebd_enrolments.id').as('enrolled'),
      (eb) => eb.fn.count<number | string>('attendances.id').as('visitors_present'),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { enrolled: Number(row.enrolled), visitorsPresent: Number(row.visitors_present) },
    ]),
  );
}

/** Who is at a chamada: its students (members and enrolled visitors) and its visitors. */
function presenceOf(
  named: { members: number; visitors: number } | undefined,
  students: Students | undefined,
) {
  const visitorStudents = students?.visitorsPresent ?? 0;
  return {
    enrolled: students?.enrolled ?? 0,
    present: (named?.members ?? 0) + visitorStudents,
    visitors: (named?.visitors ?? 0) - visitorStudents,
  };
}

/** The figures of each chamada, by its gathering's id. */
export async function rollCallFigures(
  db: Executor,
  rows: Gathering[],
): Promise<Map<number, EbdFigures>> {
  const ids = rows.map((row) => row.id);
  const [students, named] = await Promise.all([studentCounts(db, ids), namedCounts(db, ids)]);
  return new Map(
    rows.map((row) => {
      const { enrolled, present, visitors } = presenceOf(named.get(row.id), students.get(row.id));
      return [
        row.id,
        {
          enrolled,
          present,
          absent: enrolled - present,
          visitors: row.count_visitors ?? visitors,
          bibles: row.count_bibles ?? 0,
          magazines: row.count_magazines ?? 0,
          offering_cents: row.offering_cents ?? 0,
        },
      ];
    }),
  );
}

async function toApi(db: Executor, rows: Gathering[]) {
  const figures = await rollCallFigures(db, rows);
  return rows.map((row) => ({
    id: row.id,
    ebd_class_id: row.ebd_class_id!,
    congregation_id: row.congregation_id,
    name: row.name,
    date: row.date,
    count_visitors: row.count_visitors,
    count_bibles: row.count_bibles,
    count_magazines: row.count_magazines,
    offering_cents: row.offering_cents,
    notes: row.notes,
    figures: figures.get(row.id)!,
  }));
}

/** A chamada the request reaches: one of a class the líder does not teach is a 404. */
async function rollCallRow(
  db: Executor,
  id: number,
  rights: Scope = null,
  assigned: Assigned = null,
) {
  const row = await db
    .selectFrom('gatherings')
    .selectAll()
    .where('id', '=', id)
    .where('ebd_class_id', 'is not', null)
    .executeTakeFirst();
  if (!row) throw notFound(ROLL_CALL_NOT_FOUND);
  ensureAssigned(assigned, row.ebd_class_id!, ROLL_CALL_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return row;
}

/**
 * GET /api/ebd_roll_calls: the view's chamadas (a líder's: his classes'), newest first; filters
 * class and dates.
 */
export async function listRollCalls(
  db: Kysely<Database>,
  params: ListParams,
  view: Scope,
  assigned: Assigned = null,
) {
  const { sort, range, filter } = params;
  let query = inScope(
    db.selectFrom('gatherings').where('ebd_class_id', 'is not', null),
    'gatherings.congregation_id',
    listCongregations(filter, view),
  );
  if (assigned !== null) query = query.where('ebd_class_id', 'in', assignedIds(assigned));
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied,
    id: 'ids',
    ebd_class_id: 'reference',
    date_gte: 'from',
    date_lte: 'to',
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

/**
 * GET /api/ebd_roll_calls/:id: the chamada with its class, the students enrolled on its day (each
 * present or not, with the attendance to undo) and the visitors present.
 */
export async function loadRollCall(
  db: Kysely<Database>,
  id: number,
  rights: Scope = null,
  assigned: Assigned = null,
) {
  const row = await rollCallRow(db, id, rights, assigned);
  const [[record], ebdClass, students, visitors] = await Promise.all([
    toApi(db, [row]),
    loadClass(db, row.ebd_class_id!),
    db
      .selectFrom('ebd_enrolments')
      .leftJoin('members', 'members.id', 'ebd_enrolments.member_id')
      .leftJoin('visitors', 'visitors.id', 'ebd_enrolments.visitor_id')
      .leftJoin('attendances', (join) =>
        join
          .on('attendances.gathering_id', '=', id)
          .on((eb) =>
            eb.or([
              eb('attendances.member_id', '=', eb.ref('ebd_enrolments.member_id')),
              eb('attendances.visitor_id', '=', eb.ref('ebd_enrolments.visitor_id')),
            ]),
          ),
      )
      .select([
        'ebd_enrolments.member_id',
        'ebd_enrolments.visitor_id',
        (eb) => eb.fn.coalesce('members.name', 'visitors.name').as('name'),
        'attendances.id as attendance_id',
      ])
      .where('ebd_enrolments.ebd_class_id', '=', row.ebd_class_id!)
      .where('ebd_enrolments.enrolled_on', '<=', row.date)
      .where((eb) =>
        eb.or([
          eb('ebd_enrolments.left_on', 'is', null),
          eb('ebd_enrolments.left_on', '>', row.date),
        ]),
      )
      .execute(),
    db
      .selectFrom('attendances')
      .innerJoin('visitors', 'visitors.id', 'attendances.visitor_id')
      .select(['attendances.id as attendance_id', 'visitors.id as visitor_id', 'visitors.name'])
      .where('attendances.gathering_id', '=', id)
      .orderBy('visitors.name')
      .execute(),
  ]);
  const studentVisitors = new Set(students.map((student) => student.visitor_id));
  return {
    ...record,
    class_name: ebdClass.name,
    congregation_name: ebdClass.congregation_name,
    quarter_label: ebdClass.quarter_label,
    magazine: ebdClass.magazine,
    teacher_names: ebdClass.teacher_names,
    students: students
      .map((student) => ({
        ...student,
        name: student.name ?? '',
        present: student.attendance_id !== null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    // The visitors present who are not students of the class.
    visitors: visitors.filter((visitor) => !studentVisitors.has(visitor.visitor_id)),
  };
}

/**
 * POST /api/ebd_classes/:id/roll_calls {date}: the class's chamada of that day (default today),
 * created on first open (201), the same one afterwards (200). The day must fall in the class's
 * trimestre.
 */
export async function openRollCall(
  db: Kysely<Database>,
  classId: number,
  date: string | null,
  actor: Actor,
  assigned: Assigned = null,
): Promise<{ id: number; created: boolean }> {
  const ebdClass = await classRow(db, classId, null, assigned);
  ensureWritable(actor.rights, ebdClass.congregation_id);
  const day = date ?? todayIso();
  const { start, end } = quarterBounds(ebdClass.year, ebdClass.quarter);
  if (day < start || day > end) {
    throw invalid({
      date: `A chamada deve ser de um dia do ${quarterLabel(ebdClass.year, ebdClass.quarter)} (${formatDate(start)} a ${formatDate(end)}).`,
    });
  }
  const columns = {
    kind: 'ebd',
    congregation_id: ebdClass.congregation_id,
    worship_service_id: null,
    ebd_class_id: classId,
    name: `EBD – ${ebdClass.name}`,
    date: day,
    time: null,
  };
  return openGatheringOnce(db, { column: 'ebd_class_id', id: classId }, columns, actor);
}

const COUNTS = [
  'count_visitors',
  'count_bibles',
  'count_magazines',
  'offering_cents',
  'notes',
] as const;

/**
 * PUT /api/ebd_roll_calls/:id: the chamada's counts. Visitors counted are never fewer than those
 * named, Bíblias and revistas never more than the people present — checked inside the
 * transaction, so a check-in landing meanwhile is counted.
 */
export async function saveRollCallCounts(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
  assigned: Assigned = null,
) {
  const before = await rollCallRow(db, id, null, assigned);
  ensureWritable(actor.rights, before.congregation_id);
  const stored = Object.fromEntries(COUNTS.map((key) => [key, before[key]]));
  const input = validated(rollCallCountsSchema, { ...stored, ...changes });
  await inTransaction(db, async (trx) => {
    const { present, visitors } = presenceOf(
      (await namedCounts(trx, [id])).get(id),
      (await studentCounts(trx, [id])).get(id),
    );
    const people = present + (input.count_visitors ?? visitors);
    const errors = Object.fromEntries(
      [
        ['count_visitors', countBelowNamed(input.count_visitors, visitors, 'visitantes')],
        ['count_bibles', moreThanPresent(input.count_bibles, people, 'Bíblias')],
        ['count_magazines', moreThanPresent(input.count_magazines, people, 'Revistas')],
      ].filter(([, message]) => message !== null),
    ) as Record<string, string>;
    if (Object.keys(errors).length > 0) throw invalid(errors);
    await writeGathering(trx, id, input);
    await audit(trx, actor, {
      action: 'update',
      resource: 'ebd_roll_calls',
      record_id: id,
      before: stored,
      after: input,
    });
  });
  return loadRollCall(db, id);
}
