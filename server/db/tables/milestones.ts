// Marcos and certificados (migration 0050, issue 28).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface MemberMilestonesTable {
  id: Generated<number>;
  member_id: number;
  /** domain/milestones.ts MILESTONE_KINDS. */
  kind: string;
  date: string | null;
  place: string | null;
  officiant_name: string | null;
  officiant_member_id: number | null;
  admission_type: string | null;
  origin_church: string | null;
  spouse_name: string | null;
  position_id: number | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type MemberMilestone = Selectable<MemberMilestonesTable>;
export type NewMemberMilestone = Insertable<MemberMilestonesTable>;
export type MemberMilestoneUpdate = Updateable<MemberMilestonesTable>;

export interface CertificatesTable {
  id: Generated<number>;
  member_id: number;
  milestone_id: number;
  /** domain/milestones.ts CERTIFICATE_KINDS. */
  kind: string;
  year: number;
  /** Sequential within the kind and year: shown as number/year. */
  number: number;
  issued_on: string;
  created_by: number | null;
  created_at: string;
}
export type Certificate = Selectable<CertificatesTable>;
export type NewCertificate = Insertable<CertificatesTable>;
export type CertificateUpdate = Updateable<CertificatesTable>;
