// What a líder is assigned (issue 26, least access): a volunteer reaches only the groups he
// serves, each kind of group read from where the church records who serves it: the cells he leads
// or co-leads, the EBD classes he teaches, the recurring cultos whose check-in he hosts.
// The server narrows every group route by it (server/http/assignments.ts); the office (secretary
// access) is not narrowed.
import { SECRETARY_ACCESS, hasAccess } from './roles';

export const ASSIGNMENT_KINDS = ['cell', 'ebd_class', 'worship_service'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** Whether these roles see every group of their congregations, not only the assigned ones. */
export function seesAllGroups(roles: readonly string[] | undefined): boolean {
  return hasAccess(roles, SECRETARY_ACCESS);
}

/** What GET /api/assignments answers: every group (the office), or the ids of each kind's. */
export type Assignments = { all: true } | ({ all: false } & Record<AssignmentKind, number[]>);

/** Whether the signed-in user reaches a resource reached through assignments of `kind`. */
export function reachesKind(assignments: Assignments, kind: AssignmentKind | undefined): boolean {
  return kind === undefined || assignments.all || assignments[kind].length > 0;
}

/** A líder's user needs the member he is. */
export const LEADER_NEEDS_MEMBER = 'Escolha o membro que este líder é.';
