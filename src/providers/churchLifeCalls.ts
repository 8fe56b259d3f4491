// The calls of church life (issue 26) beyond CRUD: opening a culto on a day, check-in (by name, QR
// code or visitor; each with the phone's key so a replay from the offline queue is stored once),
// undoing one, the visitor quick-add, a visitor's consent and their conversion to a member.
import type { Identifier } from 'react-admin';
import type { Assignments } from '../../domain/assignments';
import { getFile, getJson, postJson, putJson } from './calls';
import type { CellPerson } from './cellCalls';
import { httpClient, API_URL } from './httpClient';

/** A named presence at a gathering. */
export interface Attendance {
  id: number;
  gatheringId: number;
  memberId: number | null;
  visitorId: number | null;
  method: 'name' | 'qr' | 'visitor';
  name: string;
  createdAt: string;
  /** False when the key was already sent or the person was already present. */
  created?: boolean;
}

/** What a check-in names: one of a member, a scanned credential QR, or a visitor. */
export type CheckinBody =
  | { memberId: Identifier; clientKey: string }
  | { credentialCode: string; clientKey: string }
  | { visitorId: Identifier; clientKey: string };

export interface VisitorQuickAdd {
  name: string;
  phone?: string | null;
  invitedById?: Identifier | null;
  firstVisit: boolean;
  contactConsent: boolean;
  congregationId?: Identifier | null;
  gatheringId?: Identifier | null;
  clientKey: string;
}

const id = (value: Identifier) => encodeURIComponent(String(value));

export const churchLifeCalls = {
  /** "Abrir o culto de hoje": the gathering of a recurring culto on a day (default today). */
  openService: (serviceId: Identifier, date?: string) =>
    postJson<{ id: number }>(`worship_services/${id(serviceId)}/open`, { date: date ?? null }),
  /**
   * The groups the signed-in user is assigned (issue 26): every one for the office. Keyed by the
   * domain's kinds (ASSIGNMENT_KINDS), as sent: they are names, not fields to camelCase.
   */
  assignments: async () => (await httpClient(`${API_URL}/assignments`)).json as Assignments,
  /** The líderes who host a culto's check-in, replaced as sent (issue 26). */
  setServiceHosts: (serviceId: Identifier, hostIds: Identifier[]) =>
    putJson<{ id: number }>(`worship_services/${id(serviceId)}/hosts`, { hostIds }),
  /**
   * A culto's members by name as its check-in host reads them (issue 26): name, photo, phone
   * and birthday, from the congregation of the gathering.
   */
  gatheringPeople: (gatheringId: Identifier, q: string) =>
    getJson<CellPerson[]>(`gatherings/${id(gatheringId)}/people?q=${encodeURIComponent(q)}`),
  listAttendances: (gatheringId: Identifier) =>
    getJson<Attendance[]>(`gatherings/${id(gatheringId)}/attendances`),
  checkIn: (gatheringId: Identifier, body: CheckinBody) =>
    postJson<Attendance>(`gatherings/${id(gatheringId)}/attendances`, body),
  removeAttendance: async (attendanceId: Identifier) => {
    await httpClient(`${API_URL}/attendances/${id(attendanceId)}`, { method: 'DELETE' });
  },
  addVisitor: (data: VisitorQuickAdd) => postJson<{ id: number; name: string }>('visitors', data),
  /** The consent to be contacted given, or withdrawn (the server then erases the phone). */
  visitorConsent: (visitorId: Identifier, action: 'grant' | 'revoke') =>
    postJson<{ id: number }>(`visitors/${id(visitorId)}/consents`, { action }),
  /** "Tornar membro": a pending registration for the review, prefilled with the visitor's data. */
  convertVisitor: (visitorId: Identifier) =>
    postJson<{ id: number; memberId: number }>(`visitors/${id(visitorId)}/convert`, {}),
  /** What the church keeps about a visitor who never became a member (LGPD). */
  visitorDataExport: (visitorId: Identifier, format: 'pdf' | 'json') =>
    getFile(`visitors/${id(visitorId)}/data_export?format=${format}`),
  /** Erases the visitor's identity for good (admins); `confirmation`: the name as typed. */
  anonymizeVisitor: (visitorId: Identifier, confirmation: string) =>
    postJson<{ id: number; name: string }>(`visitors/${id(visitorId)}/anonymize`, {
      confirmation,
    }),
  /** Consolidação: a step marked done or skipped, with an optional note. */
  closeFollowup: (stepId: Identifier, status: 'done' | 'skipped', note: string | null) =>
    postJson<{ id: number }>(`followups/${id(stepId)}/close`, { status, note }),
  /** Consolidação: a step handed to another user, or given another due date. */
  changeFollowup: (stepId: Identifier, changes: { ownerId?: Identifier; dueOn?: string }) =>
    putJson<{ id: number }>(`followups/${id(stepId)}`, changes),
  /** Who may own the steps of a visitor (secretary access in their congregation). */
  followupOwners: (visitorId: Identifier) =>
    getJson<Array<{ id: number; name: string }>>(`followups/owners?visitor_id=${id(visitorId)}`),
  /** The pipeline started for a consenting visitor who has none (or lacks new stages). */
  startFollowups: (visitorId: Identifier) =>
    postJson<{ created: number }>(`visitors/${id(visitorId)}/followups`, {}),
  /** "Fazer a chamada": an EBD class's chamada of a day, opened once. */
  openRollCall: (classId: Identifier, date: string) =>
    postJson<{ id: number }>(`ebd_classes/${id(classId)}/roll_calls`, { date }),
  /** A class's students as its teacher reads them: name, photo, phone and birthday. */
  ebdStudents: (classId: Identifier) =>
    getJson<CellPerson[]>(`ebd_classes/${id(classId)}/students`),
  ebdEnrolments: (classId: Identifier) =>
    getJson<EbdEnrolment[]>(`ebd_classes/${id(classId)}/enrolments`),
  enrol: (
    classId: Identifier,
    body: ({ memberId: Identifier } | { visitorId: Identifier }) & { enrolledOn?: string | null },
  ) => postJson<EbdEnrolment>(`ebd_classes/${id(classId)}/enrolments`, body),
  unenrol: (enrolmentId: Identifier) =>
    getJson<EbdEnrolment>(`ebd_enrolments/${id(enrolmentId)}`, { method: 'DELETE' }),
  /** Members of the class's age who study in no class of the trimestre yet. */
  ebdSuggestions: (classId: Identifier) =>
    getJson<Array<{ id: number; name: string; birthDate: string }>>(
      `ebd_classes/${id(classId)}/suggestions`,
    ),
  ebdCertificates: (classId: Identifier, minPercent: number) =>
    getFile(`ebd_classes/${id(classId)}/certificates/pdf?min_percent=${minPercent}`),
};

/** A student of an EBD class (a member or a visitor), with their presences in its chamadas. */
export interface EbdEnrolment {
  id: number;
  memberId: number | null;
  visitorId: number | null;
  name: string;
  birthDate: string | null;
  enrolledOn: string;
  leftOn: string | null;
  presences: number;
  created?: boolean;
}
