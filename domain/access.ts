// The one access table (SPEC §6, DESIGN §4): the route guard, the menu and the
// server's authorization all read it, so they cannot drift apart.

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

/**
 * Screen paths and the roles they need (SPEC §2, §6). A path matches a rule when it
 * equals the rule's prefix or continues it with "/"; the longest prefix wins.
 */
export const ROUTE_ACCESS: ReadonlyArray<{ prefix: string; access: Access }> = [
  { prefix: '/visao_geral', access: ANY_USER },
  { prefix: '/membros', access: ANY_USER },
  { prefix: '/membros/cadastrar', access: SECRETARY_ACCESS },
  { prefix: '/membros/:id/editar', access: SECRETARY_ACCESS },
  { prefix: '/membros/pendentes', access: SECRETARY_ACCESS },
  { prefix: '/obreiros', access: ANY_USER },
  { prefix: '/relatorios', access: SECRETARY_ACCESS },
  { prefix: '/configuracoes/campos_adicionais', access: SECRETARY_ACCESS },
  { prefix: '/configuracoes/departamentos', access: SECRETARY_ACCESS },
  { prefix: '/configuracoes/positions', access: SECRETARY_ACCESS },
  { prefix: '/configuracoes/igreja', access: ANY_USER },
  { prefix: '/configuracoes/usuarios', access: ADMIN_ONLY },
  { prefix: '/configuracoes/auditoria', access: ADMIN_ONLY },
  { prefix: '/financeiro', access: FINANCIAL_ACCESS },
];

function matches(path: string, prefix: string): boolean {
  const want = prefix.split('/');
  const have = path.split('/');
  if (have.length < want.length) return false;
  return want.every((part, i) => part === have[i] || (part === ':id' && have[i] !== ''));
}

/** The roles a screen path needs (the most specific rule wins). */
export function routeAccess(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { prefix: string; access: Access } | undefined;
  for (const rule of ROUTE_ACCESS) {
    if (matches(path, rule.prefix) && (!best || rule.prefix.length > best.prefix.length)) {
      best = rule;
    }
  }
  return best ? best.access : ANY_USER;
}

export function canOpen(pathname: string, roles: readonly string[] | undefined): boolean {
  return hasAccess(roles, routeAccess(pathname));
}
