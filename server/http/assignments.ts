// The groups a líder is assigned (issue 26; domain/assignments.ts): each kind read from where the
// church records who serves it, a record of that kind outside them a 404 as one outside the
// congregations is. The office (secretary access) is not narrowed: its congregations scope it.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ASSIGNMENT_KINDS, type AssignmentKind, seesAllGroups } from '../../domain/assignments.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import { forbidden, notFound } from '../plugins/errors.js';

/** The ids of a kind's groups a member serves; every kind has one (the type says so). */
const RESOLVERS: Record<
  AssignmentKind,
  (db: Kysely<Database>, memberId: number) => Promise<number[]>
> = {
  // The cells he leads or co-leads, and every cell under a rede or setor he leads (its supervisor).
  async cell(db, memberId) {
    const rows = await sql<{ id: number }>`
        WITH RECURSIVE served(id) AS (
          SELECT id FROM cells WHERE leader_id = ${memberId} OR co_leader_id = ${memberId}
          UNION
          SELECT cells.id FROM cells JOIN served ON cells.parent_id = served.id
        )
        SELECT id FROM served ORDER BY id
      `.execute(db);
    return rows.rows.map((row) => Number(row.id));
  },
  // The EBD classes whose teachers include him.
  async ebd_class(db, memberId) {
    const rows = await db
      .selectFrom('ebd_class_teachers')
      .select('ebd_class_id')
      .where('member_id', '=', memberId)
      .orderBy('ebd_class_id')
      .execute();
    return rows.map((row) => row.ebd_class_id);
  },
  // The recurring cultos whose check-in he hosts (migration 0041).
  async worship_service(db, memberId) {
    const rows = await db
      .selectFrom('worship_service_hosts')
      .select('worship_service_id')
      .where('member_id', '=', memberId)
      .orderBy('worship_service_id')
      .execute();
    return rows.map((row) => row.worship_service_id);
  },
};

/** Groups a request reaches: null = every one in its congregations (the office). */
export type Assigned = readonly number[] | null;

/** The groups of `kind` the signed-in user reaches: null for the office, the assigned for a líder. */
export async function assignedOf(
  db: Kysely<Database>,
  request: FastifyRequest,
  kind: AssignmentKind,
): Promise<Assigned> {
  const user = request.user;
  if (seesAllGroups(user?.roles)) return null;
  if (!user?.member_id) return [];
  return RESOLVERS[kind](db, user.member_id);
}

/**
 * The groups of `kind` where they are a líder's only way in (a culto's check-in he hosts): a líder
 * with none is refused (403, `refusal`), as a role without access is; null for the office.
 */
export async function requiredAssignment(
  db: Kysely<Database>,
  request: FastifyRequest,
  kind: AssignmentKind,
  refusal: string,
): Promise<Assigned> {
  const assigned = await assignedOf(db, request, kind);
  if (assigned !== null && assigned.length === 0) throw forbidden(refusal);
  return assigned;
}

/** Every kind's groups a líder reaches; null for the office. */
export type AssignedGroups = Readonly<Record<AssignmentKind, readonly number[]>> | null;

export async function assignedGroups(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<AssignedGroups> {
  if (seesAllGroups(request.user?.roles)) return null;
  const kinds = await Promise.all(
    ASSIGNMENT_KINDS.map(async (kind) => [kind, (await assignedOf(db, request, kind)) ?? []]),
  );
  return Object.fromEntries(kinds) as Record<AssignmentKind, number[]>;
}

/** The column of a gathering naming the group it is a meeting of, by kind. */
const GATHERING_GROUP = {
  cell: 'cell_id',
  ebd_class: 'ebd_class_id',
  worship_service: 'worship_service_id',
} as const satisfies Record<AssignmentKind, string>;

/**
 * The kind of group a gathering (a cell's report, a class's chamada, a culto's occurrence) is the
 * meeting of, when the líder reaches that group; null when he does not (an event, another's
 * group). The office: 'all'.
 */
export function gatheringGroup(
  groups: AssignedGroups,
  gathering: Readonly<Record<(typeof GATHERING_GROUP)[AssignmentKind], number | null>>,
): AssignmentKind | 'all' | null {
  if (groups === null) return 'all';
  return (
    ASSIGNMENT_KINDS.find((kind) => {
      const id = gathering[GATHERING_GROUP[kind]];
      return id !== null && groups[kind].includes(id);
    }) ?? null
  );
}

/** Whether a group is among the assigned. */
export const reaches = (assigned: Assigned, id: number): boolean =>
  assigned === null || assigned.includes(id);

/** The assigned ids for a SQL `in` (an empty `in ()` is not SQL: id 0 matches no group). */
export const assignedIds = (assigned: readonly number[]): number[] =>
  assigned.length > 0 ? [...assigned] : [0];

/** A group outside the assigned does not exist for the líder: 404. */
export function ensureAssigned(assigned: Assigned, id: number, message: string): void {
  if (!reaches(assigned, id)) throw notFound(message);
}

/**
 * A group's people as its líder reads them (LGPD necessity; domain/cells.ts CELL_PERSON_KEYS):
 * name, photo, phone and birthday — the day and month (MM-DD), not the year — by name as people
 * read it (Élida beside Eva, not after Zé). Never a CPF, an address, notes or giving.
 */
export async function groupPeople(db: Executor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name', 'photo_thumb', 'phone_mobile', 'birth_date'])
    .where('id', 'in', [...memberIds])
    .execute();
  rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    photo_thumb: row.photo_thumb,
    phone: row.phone_mobile,
    birthday: row.birth_date ? row.birth_date.slice(5, 10) : null,
  }));
}
