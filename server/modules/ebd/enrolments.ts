// Enrolment in an EBD class: members (or visitors) of the class's congregation, from a day of the
// class's trimestre; a student who leaves after being present keeps the history (left_on), one who
// never came is simply taken off. Suggestions: the congregation's active members whose age, at
// the trimestre's start, fits the class's range and who study in no class of that trimestre yet.
import type { Kysely } from 'kysely';
import { addDays, addYears, todayIso } from '../../../domain/dates.js';
import { enrolmentSchema, quarterBounds, quarterLabel } from '../../../domain/ebd.js';
import { formatDate } from '../../../domain/formats.js';
import type { Database } from '../../db/schema.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { type Scope, ensureWritable } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, notFound, validated } from '../../plugins/errors.js';
import { classRow } from './classes.js';

export const ENROLMENT_NOT_FOUND = 'Matrícula não encontrada.';
const SUGGESTIONS = 50;

/** The day an enrolment made today counts from: today, kept inside the class's trimestre. */
function enrolmentDay(year: number, quarter: number, today: string) {
  const { start, end } = quarterBounds(year, quarter);
  return today < start ? start : today > end ? end : today;
}

function enrolmentQuery(db: Executor) {
  return db
    .selectFrom('ebd_enrolments')
    .leftJoin('members', 'members.id', 'ebd_enrolments.member_id')
    .leftJoin('visitors', 'visitors.id', 'ebd_enrolments.visitor_id')
    .select([
      'ebd_enrolments.id',
      'ebd_enrolments.ebd_class_id',
      'ebd_enrolments.member_id',
      'ebd_enrolments.visitor_id',
      'ebd_enrolments.enrolled_on',
      'ebd_enrolments.left_on',
      'members.birth_date',
      (eb) => eb.fn.coalesce('members.name', 'visitors.name').as('name'),
    ]);
}

/** Presences of each person at the class's chamadas (members and visitors, by their ids). */
async function presencesIn(db: Executor, classId: number) {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
    .select([
      'attendances.member_id',
      'attendances.visitor_id',
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('gatherings.ebd_class_id', '=', classId)
    .groupBy(['attendances.member_id', 'attendances.visitor_id'])
    .execute();
  const key = (member: number | null, visitor: number | null) =>
    member !== null ? `m${member}` : `v${visitor}`;
  const counts = new Map(
    rows.map((row) => [key(row.member_id, row.visitor_id), Number(row.count)]),
  );
  return (row: { member_id: number | null; visitor_id: number | null }) =>
    counts.get(key(row.member_id, row.visitor_id)) ?? 0;
}

/** GET /api/ebd_classes/:id/enrolments: the students, current ones first, by name. */
export async function listEnrolments(db: Kysely<Database>, classId: number, rights: Scope) {
  await classRow(db, classId, rights);
  const [rows, presences] = await Promise.all([
    enrolmentQuery(db).where('ebd_enrolments.ebd_class_id', '=', classId).execute(),
    presencesIn(db, classId),
  ]);
  return rows
    .map((row) => ({ ...row, name: row.name ?? '', presences: presences(row) }))
    .sort(
      (a, b) =>
        Number(a.left_on !== null) - Number(b.left_on !== null) ||
        a.name.localeCompare(b.name, 'pt-BR'),
    );
}

/** Whom an enrolment names: a member or visitor of the class's congregation. */
async function personIn(
  db: Executor,
  congregationId: number,
  input: { member_id: number | null; visitor_id: number | null },
) {
  if (input.member_id !== null) {
    const member = await db
      .selectFrom('members')
      .select(['id', 'name', 'congregation_id', 'status'])
      .where('id', '=', input.member_id)
      .executeTakeFirst();
    if (!member || member.status === 'pending' || member.congregation_id !== congregationId) {
      throw invalid({ member_id: 'Membro não encontrado na congregação da turma.' });
    }
    return member.name;
  }
  const visitor = await db
    .selectFrom('visitors')
    .select(['name', 'congregation_id'])
    .where('id', '=', input.visitor_id!)
    .executeTakeFirst();
  if (!visitor || visitor.congregation_id !== congregationId) {
    throw invalid({ visitor_id: 'Visitante não encontrado na congregação da turma.' });
  }
  return visitor.name;
}

/**
 * POST /api/ebd_classes/:id/enrolments: enrols a member or visitor (201); one already enrolled
 * answers the enrolment (200), one who had left comes back.
 */
export async function enrol(db: Kysely<Database>, classId: number, body: unknown, actor: Actor) {
  const ebdClass = await classRow(db, classId);
  ensureWritable(actor.rights, ebdClass.congregation_id);
  const input = validated(enrolmentSchema, body);
  const { start, end } = quarterBounds(ebdClass.year, ebdClass.quarter);
  if (input.enrolled_on !== null && (input.enrolled_on < start || input.enrolled_on > end)) {
    throw invalid({
      enrolled_on: `A matrícula deve começar num dia do ${quarterLabel(ebdClass.year, ebdClass.quarter)} (${formatDate(start)} a ${formatDate(end)}).`,
    });
  }
  const name = await personIn(db, ebdClass.congregation_id, input);
  const find = (trx: Executor) =>
    (input.member_id !== null
      ? enrolmentQuery(trx).where('ebd_enrolments.member_id', '=', input.member_id)
      : enrolmentQuery(trx).where('ebd_enrolments.visitor_id', '=', input.visitor_id)
    )
      .where('ebd_enrolments.ebd_class_id', '=', classId)
      .executeTakeFirst();
  return inTransaction(db, async (trx) => {
    const existing = await find(trx);
    if (existing && existing.left_on === null) return { ...existing, name, created: false };
    if (existing) {
      await trx
        .updateTable('ebd_enrolments')
        .set({ left_on: null })
        .where('id', '=', existing.id)
        .execute();
      await audit(trx, actor, {
        action: 'update',
        resource: 'ebd_enrolments',
        record_id: existing.id,
        member_id: input.member_id,
        before: { left_on: existing.left_on },
        after: { left_on: null },
      });
      return { ...(await find(trx))!, name, created: true };
    }
    const columns = {
      ebd_class_id: classId,
      member_id: input.member_id,
      visitor_id: input.visitor_id,
      enrolled_on: input.enrolled_on ?? enrolmentDay(ebdClass.year, ebdClass.quarter, todayIso()),
    };
    const { id } = await trx
      .insertInto('ebd_enrolments')
      .values({ ...columns, created_by: actor.user_id, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'create',
      resource: 'ebd_enrolments',
      record_id: id,
      member_id: input.member_id,
      after: { ...columns, name },
    });
    return { ...(await find(trx))!, name, created: true };
  });
}

/**
 * DELETE /api/ebd_enrolments/:id: a student who was never present is taken off the class; one
 * who was keeps the history and leaves today (no longer counted from tomorrow on).
 */
export async function unenrol(db: Kysely<Database>, id: number, actor: Actor) {
  const row = await enrolmentQuery(db).where('ebd_enrolments.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ENROLMENT_NOT_FOUND);
  const ebdClass = await classRow(db, row.ebd_class_id);
  ensureWritable(actor.rights, ebdClass.congregation_id);
  const present = (await presencesIn(db, row.ebd_class_id))(row) > 0;
  const record = { ...row, name: row.name ?? '' };
  await inTransaction(db, async (trx) => {
    if (present) {
      const left =
        addDays(todayIso(), 1) > row.enrolled_on ? addDays(todayIso(), 1) : row.enrolled_on;
      await trx.updateTable('ebd_enrolments').set({ left_on: left }).where('id', '=', id).execute();
      record.left_on = left;
      await audit(trx, actor, {
        action: 'update',
        resource: 'ebd_enrolments',
        record_id: id,
        member_id: row.member_id,
        before: { left_on: null },
        after: { left_on: left },
      });
    } else {
      await trx.deleteFrom('ebd_enrolments').where('id', '=', id).execute();
      await audit(trx, actor, {
        action: 'delete',
        resource: 'ebd_enrolments',
        record_id: id,
        member_id: row.member_id,
        before: record,
      });
    }
  });
  return record;
}

/** GET /api/ebd_classes/:id/suggestions: members of the class's age who study nowhere yet. */
export async function suggestions(db: Kysely<Database>, classId: number, rights: Scope) {
  const ebdClass = await classRow(db, classId, rights);
  if (ebdClass.age_min === null && ebdClass.age_max === null) return [];
  const { start } = quarterBounds(ebdClass.year, ebdClass.quarter);
  let query = db
    .selectFrom('members')
    .select(['members.id', 'members.name', 'members.birth_date'])
    .where('members.congregation_id', '=', ebdClass.congregation_id)
    .where('members.status', '=', 'active')
    .where('members.birth_date', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ebd_enrolments')
            .innerJoin('ebd_classes', 'ebd_classes.id', 'ebd_enrolments.ebd_class_id')
            .select('ebd_enrolments.id')
            .whereRef('ebd_enrolments.member_id', '=', 'members.id')
            .where('ebd_enrolments.left_on', 'is', null)
            .where('ebd_classes.congregation_id', '=', ebdClass.congregation_id)
            .where('ebd_classes.year', '=', ebdClass.year)
            .where('ebd_classes.quarter', '=', ebdClass.quarter),
        ),
      ),
    );
  // Age at the trimestre's start: at least `min` (born by start - min years), at most `max`
  // (born after start - (max + 1) years).
  if (ebdClass.age_min !== null) {
    query = query.where('members.birth_date', '<=', addYears(start, -ebdClass.age_min));
  }
  if (ebdClass.age_max !== null) {
    query = query.where('members.birth_date', '>', addYears(start, -(ebdClass.age_max + 1)));
  }
  return query.orderBy('members.name').limit(SUGGESTIONS).execute();
}
