// Certificates of attendance at a trimestre's end: each student of the class (enrolled members and
// visitors) whose presence at the class's chamadas — those held while they were enrolled —
// reaches the minimum the request asks for (default 75%), one page each.
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { attendancePercent } from '../../../domain/ebd.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import { invalid } from '../../plugins/errors.js';
import { ebdCertificatesPdf } from '../../pdf/ebdCertificate.js';
import { loadClass } from './classes.js';

/** Every student's attendance in the class: chamadas while enrolled, presences, percent. */
export async function classAttendance(db: Kysely<Database>, classId: number) {
  const [chamadas, students, presences] = await Promise.all([
    db
      .selectFrom('gatherings')
      .select(['id', 'date'])
      .where('ebd_class_id', '=', classId)
      .execute(),
    db
      .selectFrom('ebd_enrolments')
      .leftJoin('members', 'members.id', 'ebd_enrolments.member_id')
      .leftJoin('visitors', 'visitors.id', 'ebd_enrolments.visitor_id')
      .select([
        'ebd_enrolments.member_id',
        'ebd_enrolments.visitor_id',
        'ebd_enrolments.enrolled_on',
        'ebd_enrolments.left_on',
        (eb) => eb.fn.coalesce('members.name', 'visitors.name').as('name'),
      ])
      .where('ebd_enrolments.ebd_class_id', '=', classId)
      .execute(),
    db
      .selectFrom('attendances')
      .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
      .select(['attendances.member_id', 'attendances.visitor_id', 'gatherings.date'])
      .where('gatherings.ebd_class_id', '=', classId)
      .execute(),
  ]);
  return students
    .map((student) => {
      const during = (date: string) =>
        date >= student.enrolled_on && (student.left_on === null || date < student.left_on);
      const sessions = chamadas.filter((chamada) => during(chamada.date)).length;
      const present = presences.filter(
        (presence) =>
          during(presence.date) &&
          (student.member_id !== null
            ? presence.member_id === student.member_id
            : presence.visitor_id === student.visitor_id),
      ).length;
      return {
        member_id: student.member_id,
        visitor_id: student.visitor_id,
        name: student.name ?? '',
        sessions,
        present,
        percent: attendancePercent(present, sessions),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** The certificates' PDF and how many pages it holds. */
export async function certificatesPdf(
  db: Kysely<Database>,
  classId: number,
  minPercent: number,
  rights: Scope,
) {
  const ebdClass = await loadClass(db, classId, rights);
  const attendance = await classAttendance(db, classId);
  const sessions = Math.max(0, ...attendance.map((student) => student.sessions));
  if (sessions === 0) {
    throw invalid({
      min_percent: 'Esta turma ainda não tem chamadas: não há frequência a certificar.',
    });
  }
  const students = attendance.filter(
    (student) => student.sessions > 0 && student.percent >= minPercent,
  );
  if (students.length === 0) {
    throw invalid({
      min_percent: `Nenhum aluno atingiu a frequência mínima de ${minPercent}%.`,
    });
  }
  const church = await db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const pdf = await ebdCertificatesPdf({
    church,
    class_name: ebdClass.name,
    congregation_name: ebdClass.congregation_name,
    quarter_label: ebdClass.quarter_label,
    magazine: ebdClass.magazine,
    teacher_names: ebdClass.teacher_names,
    issued_on: todayIso(),
    students,
  });
  return { pdf, pages: students.length, ebdClass };
}
