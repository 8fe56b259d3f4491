import type { DeadlineState } from '../../../../domain/privacyRequests';

/** A data subject's request as the app sees it (camelCase keys). */
export interface PrivacyRequest {
  id: number;
  kind: string;
  memberId: number | null;
  memberName: string | null;
  holderName: string;
  holderContact: string | null;
  receivedOn: string;
  dueOn: string;
  status: string;
  answer: string | null;
  answeredOn: string | null;
  deadlineState: DeadlineState;
  daysLeft: number | null;
  createdByName: string | null;
}
