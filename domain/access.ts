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
  STAFF_ACCESS,
  hasAccess,
} from './roles';

export * from './roles';

/**
 * Screen paths and the roles they need (SPEC §2, §6). A path matches a rule when it
 * equals the rule's prefix or continues it with "/"; the longest prefix wins.
 */
/** The sede's finance result by congregation: the one report for the financial role. */
export const FINANCE_REPORT_PATH = '/relatorios/resultado_financeiro';

/** The dizimistas (issue 25): a finance report, under /financeiro (financial access). */
export const TITHERS_PATH = '/financeiro/dizimistas';

/** Orçado × realizado (issue 27): a finance report, under /financeiro (financial access). */
export const BUDGET_REPORT_PATH = '/financeiro/orcado-realizado';

/** Repasses à sede (issue 27): a finance report, under /financeiro (financial access). */
export const REPASSES_PATH = '/financeiro/repasses';
/** The balancete do mês (issue 27): a finance report, under /financeiro (financial access). */
export const TRIAL_BALANCE_PATH = '/financeiro/balancete';

/** The balances of the funds (issue 27): a finance report (financial access). */
export const FUNDS_REPORT_PATH = '/financeiro/saldos-dos-fundos';

/** The CSV import of credentials and letters issued on paper before Adam (issue 14). */
export const PAPER_IMPORT_PATH = '/membros/historico/importar';

/**
 * The member import wizard (issue 14): a screen that writes members, not a resource with a list
 * (its API, /api/imports, answers members' writers).
 */
export const MEMBER_IMPORT_PATH = '/membros/importar';

/** The secretary's Sunday summary of the EBD (issue 26): a report, under the EBD's screens. */
export const EBD_SUMMARY_PATH = '/igreja/ebd/resumo';

/** The API reference for integrators (issue 24): the OpenAPI document read in Swagger UI. */
export const API_REFERENCE_PATH = '/configuracoes/api';

export const ROUTE_ACCESS: ReadonlyArray<{ prefix: string; access: Access }> = [
  // The church's figures: the office's (a líder's home is his groups).
  { prefix: '/visao_geral', access: STAFF_ACCESS },
  { prefix: '/relatorios', access: SECRETARY_ACCESS },
  { prefix: FINANCE_REPORT_PATH, access: FINANCIAL_ACCESS },
  { prefix: '/financeiro', access: FINANCIAL_ACCESS },
  { prefix: PAPER_IMPORT_PATH, access: SECRETARY_ACCESS },
  { prefix: MEMBER_IMPORT_PATH, access: SECRETARY_ACCESS },
  // The office's report, under the EBD's screens a teacher opens (issue 26).
  { prefix: EBD_SUMMARY_PATH, access: SECRETARY_ACCESS },
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

/** The signed-in user's own account screen: open to every user. */
export const ACCOUNT_PATH = '/minha_conta';

/**
 * Where a user lands, and where a refusal sends him (issue 26): the church's figures for the
 * office, his cells and the EBD classes he teaches for a líder (one screen), his account for anyone
 * else — never a screen he may not open.
 */
export function homePath(roles: readonly string[] | undefined): string {
  return ['/visao_geral', '/igreja/celulas'].find((path) => canOpen(path, roles)) ?? ACCOUNT_PATH;
}

/**
 * Church-wide settings (issue 22): they reach every congregation, so only an admin of the whole
 * church — no congregation limit — changes them: the audit trail's retention (the daily purge
 * deletes what is past it), the privacy notice's block (the encarregado and the church's wording
 * on /privacidade), which custom fields every role sees, and the consent texts. By API resource:
 * its church-wide fields, or 'all' when the whole resource is. The server refuses a change to
 * them by anyone else (403); the screens show them read-only, with CHURCH_WIDE_NOTE.
 */
export const CHURCH_WIDE_SETTINGS: Readonly<Record<string, readonly string[] | 'all'>> = {
  church: [
    'audit_retention_years',
    'dpo_name',
    'dpo_email',
    'privacy_retention',
    'privacy_sharing',
  ],
  custom_fields: ['visible_to_all'],
  consent_versions: 'all',
};

/** Each church-wide setting as the refusal names it. */
export const CHURCH_WIDE_LABELS: Readonly<Record<string, string>> = {
  audit_retention_years: 'a guarda do registro de auditoria',
  dpo_name: 'o nome do encarregado',
  dpo_email: 'o e-mail do encarregado',
  privacy_retention: 'o prazo de guarda do aviso de privacidade',
  privacy_sharing: 'o compartilhamento do aviso de privacidade',
  visible_to_all: '“Visível para todos os perfis”',
  consent_versions: 'os textos de consentimento',
};

/** What a screen says beside church-wide settings its user may not change. */
export const CHURCH_WIDE_NOTE =
  'Estas configurações valem para a igreja toda: só um administrador sem limite de congregação pode alterá-las.';

/** The refusal of a change to church-wide settings, naming them. */
export function churchWideRefusal(fields: readonly string[]): string {
  const labels = fields.map((field) => CHURCH_WIDE_LABELS[field] ?? field);
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}` : labels[0];
  return `Só um administrador sem limite de congregação pode alterar ${list}: valem para a igreja toda.`;
}

/**
 * Resources that are the whole church's (issue 24): every field reaches every congregation —
 * the church's name, logo and address on every document, the cards' validity —, so a user
 * limited to congregations changes none of them, whatever the role (an admin or a secretary of
 * the whole church does; the fields of CHURCH_WIDE_SETTINGS stay an unscoped admin's). The
 * server refuses with WHOLE_CHURCH_NOTE (403); the screen is read-only and says it.
 */
export const WHOLE_CHURCH_RESOURCES: readonly string[] = ['church'];

export const WHOLE_CHURCH_NOTE =
  'Os dados da igreja valem para todas as congregações: só um usuário sem limite de congregação pode alterá-los.';

/** Whether a user limited to congregations is kept from writing this resource (by API name). */
export function limitedOutOf(api: string, congregationIds: readonly number[] | undefined): boolean {
  return WHOLE_CHURCH_RESOURCES.includes(api) && (congregationIds ?? []).length > 0;
}

/** Whether a user changes church-wide settings: an admin not limited to congregations. */
export function changesChurchWide(
  roles: readonly string[] | undefined,
  congregationIds: readonly number[] | undefined,
): boolean {
  return hasAccess(roles, ADMIN_ONLY) && (congregationIds ?? []).length === 0;
}
