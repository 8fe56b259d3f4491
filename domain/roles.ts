// The roles and who-may-do-what values (SPEC §6): the registry and the access table are written
// with them. The three staff roles work in the office; the líder (issue 26) is a volunteer linked
// to a member, who reaches only the groups assigned to him (domain/assignments.ts).

export const ROLES = ['admin', 'secretary', 'financial', 'leader'] as const;
export type Role = (typeof ROLES)[number];

/** A list of roles of which the user needs at least one; `null` = any signed-in user. */
export type Access = readonly Role[] | null;

export const ANY_USER: Access = null;
/**
 * The office: every role but the líder's. What the church's people and books are (members,
 * settings read by the forms, the dashboard) is the staff's; a volunteer reaches only his groups.
 */
export const STAFF_ACCESS: Access = ['admin', 'secretary', 'financial'];
/** The secretary's work, and the líder's own groups (the server narrows him to them). */
export const GROUP_ACCESS: Access = ['admin', 'secretary', 'leader'];
export const SECRETARY_ACCESS: Access = ['admin', 'secretary'];
export const FINANCIAL_ACCESS: Access = ['admin', 'financial'];
export const ADMIN_ONLY: Access = ['admin'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function hasAccess(roles: readonly string[] | undefined, access: Access): boolean {
  if (access === null) return true;
  return (roles ?? []).some((role) => access.includes(role as Role));
}
