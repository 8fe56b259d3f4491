// Who reads which entries of the audit trail (issue 22, least access), apart from the access
// table: only the server asks, and the trail's words (domain/audit.ts) stay out of the app's first
// script.
import { AUDIT_RESOURCES } from './audit';
import { RESOURCES } from './resources';
import { ADMIN_ONLY, type Access, FINANCIAL_ACCESS, SECRETARY_ACCESS, hasAccess } from './roles';

/**
 * Who reads the trail's entries about resources that are no registry resource (issue 22). The
 * trail's own rows and the sessions are the admins'.
 */
const TRAIL_ONLY_ACCESS: Readonly<Record<string, Access>> = {
  consents: SECRETARY_ACCESS,
  imports: SECRETARY_ACCESS,
  attendances: SECRETARY_ACCESS,
  cell_levels: SECRETARY_ACCESS,
  ebd_enrolments: SECRETARY_ACCESS,
  reports: SECRETARY_ACCESS,
  bank_statements: FINANCIAL_ACCESS,
  sessions: ADMIN_ONLY,
  audit_log: ADMIN_ONLY,
};

/**
 * Who may read an audit entry about `resource` (issue 22, least access): whoever reads that
 * resource's whole records — a member's history shows a secretary the member's own entries,
 * never the donations (financial access) or the LGPD requests (admins) recorded about the member.
 * A resource nobody listed: admins only.
 */
export function auditEntryAccess(resource: string): Access {
  if (Object.hasOwn(TRAIL_ONLY_ACCESS, resource)) return TRAIL_ONLY_ACCESS[resource];
  const entry = RESOURCES.find((candidate) => candidate.api === resource);
  return entry ? (entry.detail ?? entry.read) : ADMIN_ONLY;
}

/** The trail's resources whose entries these roles may read. */
export function readableAuditResources(roles: readonly string[] | undefined): string[] {
  return Object.keys(AUDIT_RESOURCES).filter((resource) =>
    hasAccess(roles, auditEntryAccess(resource)),
  );
}
