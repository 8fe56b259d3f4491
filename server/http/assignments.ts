// The groups a líder is assigned (issue 26; domain/assignments.ts): each kind read from where the
// church records who serves it, a record of that kind outside them a 404 as one outside the
// congregations is. The office (secretary access) is not narrowed: its congregations scope it.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type AssignmentKind, seesAllGroups } from '../../domain/assignments.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../plugins/errors.js';

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

/** Whether a group is among the assigned. */
export const reaches = (assigned: Assigned, id: number): boolean =>
  assigned === null || assigned.includes(id);

/** A group outside the assigned does not exist for the líder: 404. */
export function ensureAssigned(assigned: Assigned, id: number, message: string): void {
  if (!reaches(assigned, id)) throw notFound(message);
}
