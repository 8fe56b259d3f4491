import type { RaRecord } from 'react-admin';
import type { FollowupStep } from './followups/types';

export interface WorshipService extends RaRecord {
  name: string;
  congregationId: number;
  congregationName: string;
  weekday: number;
  weekdayName: string;
  time: string;
  active: boolean;
  /** The líderes who host its check-in (members of its congregation). */
  hostIds: number[];
  hostNames: string[];
}

export interface Totals {
  members: number;
  visitors: number;
  children: number;
  total: number;
}

export interface Gathering extends RaRecord {
  kind: 'service' | 'event';
  name: string;
  date: string;
  time: string | null;
  congregationId: number;
  congregationName: string;
  worshipServiceId: number | null;
  countMembers: number | null;
  countVisitors: number | null;
  countChildren: number | null;
  notes: string | null;
  namedMembers: number;
  namedVisitors: number;
  totals: Totals;
}

export interface Visitor extends RaRecord {
  name: string;
  phone: string | null;
  congregationId: number;
  congregationName: string;
  invitedById: number | null;
  invitedByName: string | null;
  firstVisit: boolean;
  contactConsent: boolean;
  consentVersion: number | null;
  consentAt: string | null;
  notes: string | null;
  visitCount: number;
  lastVisitOn: string | null;
  createdAt: string;
  memberId: number | null;
  memberName: string | null;
  memberStatus: string | null;
  /** When the visitor's identity was erased at their request (LGPD). */
  anonymizedAt: string | null;
  visits?: Array<{ id: number; gatheringId: number; name: string; date: string; kind: string }>;
  consents?: Array<{
    id: number;
    action: 'grant' | 'revoke';
    version: number;
    at: string;
    recordedByName: string | null;
  }>;
  followups?: FollowupStep[];
}
