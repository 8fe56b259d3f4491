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

/** A líder's user needs the member he is. */
export const LEADER_NEEDS_MEMBER = 'Escolha o membro que este líder é.';
