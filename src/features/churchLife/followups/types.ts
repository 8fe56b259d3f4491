import type { RaRecord } from 'react-admin';
import type { FollowupStatus } from '../../../../domain/followups';

/** A visitor's step in the consolidação, as the API answers it. */
export interface FollowupStep extends RaRecord {
  visitorId: number;
  visitorName: string;
  visitorMemberId: number | null;
  congregationName: string;
  stageId: number;
  name: string;
  ownerId: number | null;
  ownerName: string | null;
  dueOn: string;
  status: FollowupStatus;
  note: string | null;
  closedAt: string | null;
  closedByName: string | null;
  overdue: boolean;
  whatsappUrl: string | null;
}

export interface FollowupStage extends RaRecord {
  name: string;
  dueDays: number;
  sortOrder: number;
  active: boolean;
}
