// LGPD consent (migration 0017): the consent texts' versions, each consent given or revoked, and
// the register of the data subjects' requests.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A saved consent text: never changed once saved (a new text is a new version). */
export interface ConsentVersionsTable {
  id: Generated<number>;
  version: number;
  /** The consent text; "{igreja}" stands for the church's name. */
  text: string;
  /** What the guardian of a minor authorizes. */
  guardian_text: string;
  created_by: number | null;
  created_at: string;
}
export type ConsentVersion = Selectable<ConsentVersionsTable>;
export type NewConsentVersion = Insertable<ConsentVersionsTable>;

/** One consent given or revoked (domain/consents.ts): append-only. */
export interface MemberConsentsTable {
  id: Generated<number>;
  /** The member, or the self-registration (a pending member) before approval. */
  member_id: number;
  consent_version_id: number;
  /** grant or revoke. */
  action: string;
  /** form (the public form) or staff (recorded by a user). */
  channel: string;
  /** When the consent was given or revoked. */
  at: string;
  /** The user who recorded it (null for the public form). */
  recorded_by: number | null;
  /** For a minor: the guardian who consented. */
  guardian_name: string | null;
  created_at: string;
}
export type MemberConsent = Selectable<MemberConsentsTable>;
export type NewMemberConsent = Insertable<MemberConsentsTable>;

/** A data subject's request (LGPD art. 18), answered within 15 days. */
export interface PrivacyRequestsTable {
  id: Generated<number>;
  /** access, correction, deletion, portability or revocation (domain/privacyRequests.ts). */
  kind: string;
  member_id: number | null;
  holder_name: string;
  holder_contact: string | null;
  received_on: string;
  /** received_on + 15 days. */
  due_on: string;
  /** open, in_progress, answered or refused. */
  status: string;
  answer: string | null;
  answered_on: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type PrivacyRequest = Selectable<PrivacyRequestsTable>;
export type NewPrivacyRequest = Insertable<PrivacyRequestsTable>;
export type PrivacyRequestUpdate = Updateable<PrivacyRequestsTable>;
