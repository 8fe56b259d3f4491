import type { FinanceSummary } from '../../providers/financeTypes';
import type { MemberStatus } from '../../../domain/members';
import type { SetupChecklist } from '../../../domain/setup';

export interface BirthdayMember {
  id: number;
  name: string;
  birthDate: string;
  photoThumb: string | null;
}

/** A congregation's line of the consolidated view's breakdown. */
export interface CongregationFigures {
  congregationId: number;
  congregationName: string;
  active: number;
  total: number;
  newThisMonth: number;
  pending: number;
}

/**
 * GET /api/dashboard (camelCased): each key only for the roles that may see it, every figure for
 * the view (the app bar's selection).
 */
export interface DashboardFigures {
  members?: {
    total: number;
    byStatus: Record<MemberStatus, number>;
    newThisMonth: number;
  };
  birthdaysWeek?: BirthdayMember[];
  pendingRegistrations?: number;
  /** A view of several congregations (consolidated): one line per congregation. */
  congregations?: CongregationFigures[];
  /** Secretary access only: valid cards expiring within 30 days. */
  expiringCredentials30d?: number;
  users?: { active: number; inactive: number };
  /** Admins only: the first-run checklist. */
  setupChecklist?: SetupChecklist;
  /** Financial access only. */
  finance?: FinanceSummary;
  /** Secretary access only: the cultos and events of the last 4 weeks (issue 26). */
  attendance?: AttendanceFigures;
}

export interface AttendanceFigures {
  /** Cultos and events in the last 28 days, and their average total. */
  gatherings: number;
  average: number;
  latest: { id: number; name: string; date: string; total: number; visitors: number } | null;
  visitorsThisMonth: number;
}
