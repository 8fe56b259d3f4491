// The calls of the milestones' screens beyond simple-rest (issue 28).
import type { Identifier } from 'react-admin';
import { getFile, getJson } from './calls';
import { API_URL, fetchFile } from './httpClient';
import type { CertificateKind, MilestoneKind } from '../../domain/milestones';

export interface TimelineMilestone {
  id: number;
  kind: MilestoneKind;
  date: string | null;
  place: string | null;
  officiantName: string | null;
  officiantMemberName: string | null;
  spouseName: string | null;
  originChurch: string | null;
  notes: string | null;
  certificates: Array<{ id: number; kind: CertificateKind; kindLabel: string; numberText: string }>;
}

export const milestoneCalls = {
  /** The member's timeline, newest first, with the certificates issued from each milestone. */
  memberMilestones: (id: Identifier) => getJson<TimelineMilestone[]>(`members/${id}/milestones`),
  certificatePdf: (id: Identifier) => getFile(`certificates/${id}/pdf`),
  /** A baptism service: the day's certificates issued and printed in one PDF. */
  baptismBatchPdf: (date: string, congregationId: number | null) =>
    fetchFile(`${API_URL}/certificates/batch`, {
      method: 'POST',
      body: JSON.stringify({ date, congregation_id: congregationId }),
    }),
};
