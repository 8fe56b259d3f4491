// The three roles and who-may-do-what values (SPEC §6): the registry and the access table
// are written with them.

export const ROLES = ['admin', 'secretary', 'financial'] as const;
export type Role = (typeof ROLES)[number];

/** A list of roles of which the user needs at least one; `null` = any signed-in user. */
export type Access = readonly Role[] | null;

export const ANY_USER: Access = null;
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
