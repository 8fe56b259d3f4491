// The member's self-update links (issue 28, migration 0053).
import type { Generated, Insertable, Selectable } from 'kysely';

export interface SelfUpdatesTable {
  id: Generated<number>;
  member_id: number;
  /** SHA-256 (hex) of the link's token. */
  token_digest: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  submitted_at: string | null;
  /** JSON: field -> [value when sent, value proposed]. */
  changes: string | null;
  consent_version_id: number | null;
  /** null, pending, approved, rejected or discarded. */
  review_status: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
}
export type SelfUpdateRow = Selectable<SelfUpdatesTable>;
export type NewSelfUpdate = Insertable<SelfUpdatesTable>;
