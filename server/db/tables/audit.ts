// The append-only audit log: who changed what, and from where.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string | null;
  action: string;
  resource: string;
  record_id: number | null;
  /** JSON object: field -> [before, after]. */
  changes: string;
  ip: string | null;
  /** The area of `resource` (domain/audit.ts), for the screen's filter (migration 0020). */
  area: Generated<string>;
  user_agent: string | null;
  /** The member the entry is about, whatever its resource (0020): the member's Histórico. */
  member_id: number | null;
  /** JSON object or NULL: an export's filter and rows, a refused sign-in's e-mail (0020). */
  details: string | null;
  created_at: string;
}
export type AuditLogEntry = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;
export type AuditLogEntryUpdate = Updateable<AuditLogTable>;
