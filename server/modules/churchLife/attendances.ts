// Check-in: a member (found by name, or by the QR code of the member's credential) or a visitor
// marked present at a gathering, once. Each check-in may carry the phone's key (client_key): the
// offline queue replays a check-in until it hears back, and the key — unique in the table — makes
// every replay answer with the first copy instead of counting the person again.
import { type Kysely, sql } from 'kysely';
import {
  type CheckinMethod,
  checkinSchema,
  credentialCodeFromQr,
} from '../../../domain/churchLife.js';
import type { AssignmentKind } from '../../../domain/assignments.js';
import type { Database } from '../../db/schema.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { type Assigned, type AssignedGroups, gatheringGroup } from '../../http/assignments.js';
import { type Scope, canRead, ensureWritable } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { formatDate } from '../../../domain/formats.js';
import type { Gathering } from '../../db/tables/churchLife.js';
import { GATHERING_NOT_FOUND, gatheringRow, loadGathering } from './gatherings.js';

export const ATTENDANCE_NOT_FOUND = 'Presença não encontrada.';
const MEMBER_NOT_FOUND = 'Membro não encontrado.';
const VISITOR_NOT_FOUND = 'Visitante não encontrado.';
const RACED = 'Esta presença mudou enquanto era marcada: tente de novo.';

function attendanceQuery(db: Executor) {
  return db
    .selectFrom('attendances')
    .leftJoin('members', 'members.id', 'attendances.member_id')
    .leftJoin('visitors', 'visitors.id', 'attendances.visitor_id')
    .select([
      'attendances.id',
      'attendances.gathering_id',
      'attendances.member_id',
      'attendances.visitor_id',
      'attendances.method',
      'attendances.created_at',
      (eb) => eb.fn.coalesce('members.name', 'visitors.name').as('name'),
    ]);
}

/**
 * GET /api/gatherings/:id/attendances: who was marked present, latest first (a check-in host's:
 * only at his cultos' occurrences).
 */
export async function listAttendances(
  db: Kysely<Database>,
  gatheringId: number,
  rights: Scope,
  services: Assigned = null,
) {
  await loadGathering(db, gatheringId, rights, services);
  const rows = await attendanceQuery(db)
    .where('attendances.gathering_id', '=', gatheringId)
    .orderBy('attendances.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, name: row.name ?? '' }));
}

export interface Person {
  member_id: number | null;
  visitor_id: number | null;
  method: CheckinMethod;
  name: string;
}

/** Whom a check-in names: a member or visitor the user may see (else "not found"). */
async function personOf(
  db: Executor,
  input: { member_id: number | null; credential_code: string | null; visitor_id: number | null },
  rights: Scope,
): Promise<Person> {
  if (input.visitor_id !== null) {
    const visitor = await db
      .selectFrom('visitors')
      .select(['id', 'name', 'congregation_id'])
      .where('id', '=', input.visitor_id)
      .executeTakeFirst();
    if (!visitor || !canRead(rights, visitor.congregation_id)) {
      throw invalid({ visitor_id: VISITOR_NOT_FOUND });
    }
    return { member_id: null, visitor_id: visitor.id, method: 'visitor', name: visitor.name };
  }
  let memberId = input.member_id;
  let method: CheckinMethod = 'name';
  if (input.credential_code !== null) {
    const code = credentialCodeFromQr(input.credential_code);
    if (code === null) {
      throw invalid({ credential_code: 'Este QR code não é de uma credencial da igreja.' });
    }
    const credential = await db
      .selectFrom('credentials')
      .select(['member_id', 'status'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!credential) throw invalid({ credential_code: 'Credencial não encontrada.' });
    if (credential.status !== 'active') {
      throw invalid({ credential_code: 'Esta credencial foi revogada.' });
    }
    memberId = credential.member_id;
    method = 'qr';
  }
  const member = await db
    .selectFrom('members')
    .select(['id', 'name', 'congregation_id', 'status'])
    .where('id', '=', memberId!)
    .executeTakeFirst();
  // A member outside the user's congregations is not found, as everywhere else.
  if (!member || member.status === 'pending' || !canRead(rights, member.congregation_id)) {
    throw invalid(
      input.credential_code !== null
        ? { credential_code: MEMBER_NOT_FOUND }
        : { member_id: MEMBER_NOT_FOUND },
    );
  }
  return { member_id: member.id, visitor_id: null, method, name: member.name };
}

/**
 * An EBD class's chamada marks present only members enrolled in the class on its day; at a
 * teacher's hand (`narrowed`, issue 26) only its students at all, visitors too (others come
 * through the quick-add), and the refusal names no one he may not read.
 */
async function assertEnrolled(
  db: Executor,
  gathering: Pick<Gathering, 'ebd_class_id' | 'date'>,
  person: Person,
  narrowed: boolean,
) {
  if (gathering.ebd_class_id === null) return;
  if (person.member_id === null && !narrowed) return;
  const [column, id] =
    person.member_id !== null
      ? (['member_id', person.member_id] as const)
      : (['visitor_id', person.visitor_id!] as const);
  const enrolled = await db
    .selectFrom('ebd_enrolments')
    .select('id')
    .where('ebd_class_id', '=', gathering.ebd_class_id)
    .where(column, '=', id)
    .where('enrolled_on', '<=', gathering.date)
    .where((eb) => eb.or([eb('left_on', 'is', null), eb('left_on', '>', gathering.date)]))
    .executeTakeFirst();
  if (!enrolled) {
    const day = formatDate(gathering.date);
    throw invalid({
      [column]: narrowed
        ? `Esta pessoa não está matriculada nesta turma em ${day}: a secretaria faz a matrícula.`
        : `${person.name} não está matriculado(a) nesta turma em ${day}: faça a matrícula na página da turma.`,
    });
  }
}

/**
 * The gathering a check-in goes to, and the kind of group it is the meeting of (`groups`: a
 * líder's, null for the office — 'all'). A líder checks in at the chamada of a class he teaches or
 * an occurrence of a culto he hosts (issue 26); any other gathering does not exist for him (404).
 */
async function checkInGathering(
  db: Executor,
  gatheringId: number,
  actor: Actor,
  groups: AssignedGroups,
  missing = GATHERING_NOT_FOUND,
) {
  const gathering = await gatheringRow(db, gatheringId);
  const kind = gatheringGroup(groups, gathering);
  if (kind === null || kind === 'cell') throw notFound(missing);
  ensureWritable(actor.rights, gathering.congregation_id);
  return { gathering, kind };
}

/**
 * Whom a líder's check-in may name: at a chamada, anyone the user reads (the class's enrolment
 * narrows it next); a culto's host, only members of its congregation — a visitor comes through the
 * quick-add — and the refusal names no one.
 */
function checkInRights(
  kind: AssignmentKind | 'all',
  gathering: Pick<Gathering, 'congregation_id'>,
  input: { visitor_id: number | null },
  rights: Scope,
): Scope {
  if (kind !== 'worship_service') return rights;
  if (input.visitor_id !== null) throw invalid({ visitor_id: VISITOR_NOT_FOUND });
  return [gathering.congregation_id];
}

async function byKey(db: Executor, key: string) {
  return attendanceQuery(db).where('attendances.client_key', '=', key).executeTakeFirst();
}

async function byPerson(db: Executor, gatheringId: number, person: Person) {
  const query = attendanceQuery(db).where('attendances.gathering_id', '=', gatheringId);
  return (
    person.member_id !== null
      ? query.where('attendances.member_id', '=', person.member_id)
      : query.where('attendances.visitor_id', '=', person.visitor_id!)
  ).executeTakeFirst();
}

type AttendanceRow = NonNullable<Awaited<ReturnType<typeof byKey>>>;
const answer = (row: AttendanceRow, created: boolean) => ({
  ...row,
  name: row.name ?? '',
  created,
});

/** The stored check-in a replayed key or a person already present stands for, if any. */
async function earlier(db: Executor, gatheringId: number, key: string | null, person?: Person) {
  if (key !== null) {
    const found = await byKey(db, key);
    if (found) {
      if (found.gathering_id !== gatheringId) {
        throw conflict('Esta chave de envio já foi usada em outro culto ou evento.');
      }
      return found;
    }
  }
  return person ? byPerson(db, gatheringId, person) : undefined;
}

/**
 * Marks a person present in an open transaction (the visitor quick-add uses it too): the stored
 * attendance, or null when the person is there already or the key was used (a unique index
 * said so; nothing written). A head count taken below the new named presence (kept by the
 * attendances' triggers in the gathering's slots and folded into its row, migrations 0040 and
 * 0048) rises with it.
 */
export async function checkInPerson(
  trx: Executor,
  gatheringId: number,
  person: Person,
  key: string | null,
  actor: Actor,
): Promise<AttendanceRow | null> {
  const now = new Date().toISOString();
  const inserted = await trx
    .insertInto('attendances')
    .values({
      gathering_id: gatheringId,
      member_id: person.member_id,
      visitor_id: person.visitor_id,
      method: person.method,
      client_key: key,
      created_by: actor.user_id,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const [count, folded, slots] =
    person.member_id !== null
      ? (['count_members', 'folded_members', 'members'] as const)
      : (['count_visitors', 'folded_visitors', 'visitors'] as const);
  const named = sql<number>`${sql.ref(folded)} + coalesce((select sum(${sql.ref(slots)})
    from gathering_presence where gathering_id = ${gatheringId}), 0)`;
  // A count not taken (null) is not compared: null < n is not true, and the row is not locked.
  await sql`update gatherings set ${sql.ref(count)} = ${named}
    where id = ${gatheringId} and ${sql.ref(count)} < ${named}`.execute(trx);
  await audit(trx, actor, {
    action: 'create',
    resource: 'attendances',
    record_id: inserted.id,
    member_id: person.member_id,
    after: {
      gathering_id: gatheringId,
      member_id: person.member_id,
      visitor_id: person.visitor_id,
      name: person.name,
      method: person.method,
    },
  });
  return {
    id: inserted.id,
    gathering_id: gatheringId,
    member_id: person.member_id,
    visitor_id: person.visitor_id,
    method: person.method,
    created_at: now,
    name: person.name,
  };
}

/**
 * POST /api/gatherings/:id/attendances. Answers the attendance and whether it was created now:
 * a replayed key, or a person already present, answers the stored one (never a second row).
 */
export async function checkIn(
  db: Kysely<Database>,
  gatheringId: number,
  body: unknown,
  actor: Actor,
  groups: AssignedGroups = null,
) {
  const { gathering, kind } = await checkInGathering(db, gatheringId, actor, groups);
  const input = validated(checkinSchema, body);
  const replay = await earlier(db, gatheringId, input.client_key);
  if (replay) return answer(replay, false);
  const rights = checkInRights(kind, gathering, input, actor.rights);
  const person = await personOf(db, input, rights);
  await assertEnrolled(db, gathering, person, kind !== 'all');
  return inTransaction(db, async (trx) => {
    const created = await checkInPerson(trx, gatheringId, person, input.client_key, actor);
    if (created) return answer(created, true);
    // Already present, or two phones at once, or a replay racing its first send: the row that
    // is there is the answer (its key in another gathering, a 409).
    const present = await earlier(trx, gatheringId, input.client_key, person);
    if (!present) throw conflict(RACED);
    return answer(present, false);
  });
}

/**
 * DELETE /api/attendances/:id: a check-in undone (marked by mistake); a líder's, only at the
 * chamada of a class he teaches or an occurrence of a culto he hosts.
 */
export async function removeAttendance(
  db: Kysely<Database>,
  id: number,
  actor: Actor,
  groups: AssignedGroups = null,
) {
  const row = await attendanceQuery(db).where('attendances.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ATTENDANCE_NOT_FOUND);
  await checkInGathering(db, row.gathering_id, actor, groups, ATTENDANCE_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('attendances').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound(ATTENDANCE_NOT_FOUND);
    await audit(trx, actor, {
      action: 'delete',
      resource: 'attendances',
      record_id: id,
      member_id: row.member_id,
      before: { ...row, name: row.name ?? '' },
    });
  });
  return { ...row, name: row.name ?? '' };
}
