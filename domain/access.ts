// The one access table (SPEC §6, DESIGN §4): the route guard, the menu, react-admin's
// canAccess and the server's authorization all read it, so they cannot drift apart. Resource
// screens take their rules from the registry; only screens that are not resources are listed.
import { CREATE_SEGMENT, EDIT_SEGMENT, RESOURCES } from './resources';
import {
  ADMIN_ONLY,
  ANY_USER,
  type Access,
  FINANCIAL_ACCESS,
  SECRETARY_ACCESS,
  hasAccess,
} from './roles';

export * from './roles';

/**
 * Screen paths and the roles they need (SPEC §2, §6). A path matches a rule when it
 * equals the rule's prefix or continues it with "/"; the longest prefix wins.
 */
/** The sede's finance result by congregation: the one report for the financial role. */
export const FINANCE_REPORT_PATH = '/relatorios/resultado_financeiro';

/** The CSV import of credentials and letters issued on paper before Adam (issue 14). */
export const PAPER_IMPORT_PATH = '/membros/historico/importar';

/**
 * The member import wizard (issue 14): a screen that writes members, not a resource with a list
 * (its API, /api/imports, answers members' writers).
 */
export const MEMBER_IMPORT_PATH = '/membros/importar';

/** The API reference for integrators (issue 24): the OpenAPI document read in Swagger UI. */
export const API_REFERENCE_PATH = '/configuracoes/api';

export const ROUTE_ACCESS: ReadonlyArray<{ prefix: string; access: Access }> = [
  { prefix: '/visao_geral', access: ANY_USER },
  { prefix: '/relatorios', access: SECRETARY_ACCESS },
  { prefix: FINANCE_REPORT_PATH, access: FINANCIAL_ACCESS },
  { prefix: '/financeiro', access: FINANCIAL_ACCESS },
  { prefix: PAPER_IMPORT_PATH, access: SECRETARY_ACCESS },
  { prefix: MEMBER_IMPORT_PATH, access: SECRETARY_ACCESS },
  // Like /api/openapi.json it reads.
  { prefix: API_REFERENCE_PATH, access: ADMIN_ONLY },
  // Each registered resource: its screens for those who may open them, its forms for writers.
  ...RESOURCES.flatMap((entry) => [
    { prefix: `/${entry.name}`, access: entry.screen ?? entry.read },
    ...(entry.routes.create
      ? [{ prefix: `/${entry.name}/${CREATE_SEGMENT}`, access: entry.write }]
      : []),
    ...(entry.routes.edit
      ? [{ prefix: `/${entry.name}/:id/${EDIT_SEGMENT}`, access: entry.write }]
      : []),
  ]),
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
