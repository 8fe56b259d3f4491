// The secretary's calls beyond CRUD: member bulk actions and the CSV export, reviewing
// self-registrations, member cards and letters (actions and PDFs), and report files.
import { HttpError, type Identifier } from 'react-admin';
import { type ReportKey, reportByKey } from '../../domain/reports';
import {
  type Filter,
  type Sort,
  apiName,
  getCsv,
  getFile,
  getJson,
  listQuery,
  postJson,
} from './calls';
import { camelCaseKeys } from './case';

/** One action on many members at once (POST /api/members/bulk). */
export type MemberBulkAction =
  | { ids: Identifier[]; action: 'set_status'; status: string }
  | { ids: Identifier[]; action: 'add_department'; departmentId: Identifier };

export interface ListQuery {
  filter: Filter;
  sort: Sort;
}

export interface IssuedCredentials {
  issued: number;
  skipped: number;
  /** The new cards, to print in one PDF. */
  ids: number[];
}

/** One row of a paper-history import, as the API judged it (see server/modules/paperHistory). */
export interface PaperImportRow {
  line: number;
  status: 'new' | 'recorded' | 'not_found' | 'error';
  memberId: number | null;
  memberName: string | null;
  memberGiven: string;
  number: string;
  issuedOn: string | null;
  expiresOn?: string | null;
  letterType?: string | null;
  destinationChurch?: string | null;
  errors: Array<{ column: string; message: string }>;
}

export interface PaperImportReport {
  kind: 'credentials' | 'letters';
  dryRun: boolean;
  total: number;
  created: number;
  alreadyRecorded: number;
  notFound: number;
  failed: number;
  skipNotFound: boolean;
  rows: PaperImportRow[];
  /** The import was refused (a row failed): nothing was written. */
  message?: string;
}

/** A member's move between congregations, as the member's page lists them. */
export interface MemberMoveRow {
  id: number;
  fromCongregationId: number;
  fromCongregationName: string;
  toCongregationId: number;
  toCongregationName: string;
  movedOn: string;
  userName: string | null;
}

/** A consent given or revoked (issue 13), as the member's page lists them. */
export interface ConsentRow {
  id: number;
  memberId: number;
  consentVersionId: number;
  version: number;
  action: 'grant' | 'revoke';
  channel: 'form' | 'staff';
  at: string;
  recordedBy: number | null;
  recordedByName: string | null;
  guardianName: string | null;
}

/** What a user records on the member's page (POST /api/members/{id}/consents). */
export interface ConsentEntry {
  action: 'grant' | 'revoke';
  consentVersionId?: Identifier | null;
  /** A date (YYYY-MM-DD) or none: now. */
  at?: string | null;
  guardianName?: string | null;
}

export const memberCalls = {
  /** The member's consents given and revoked, newest first. */
  memberConsents: (id: Identifier) => getJson<ConsentRow[]>(`${apiName('membros')}/${id}/consents`),
  /** Records a consent given or revoked by the user (channel staff). */
  recordConsent: (id: Identifier, entry: ConsentEntry) =>
    postJson<ConsentRow>(`${apiName('membros')}/${id}/consents`, { ...entry, channel: 'staff' }),
  /** The member's moves between congregations, newest first. */
  memberMoves: (id: Identifier) => getJson<MemberMoveRow[]>(`${apiName('membros')}/${id}/moves`),
  bulkUpdateMembers: (body: MemberBulkAction) =>
    postJson<{ updated: number }>(`${apiName('membros')}/bulk`, body),
  /** The filtered members list as CSV (GET /api/members/export). */
  exportMembersCsv: ({ filter, sort }: ListQuery) =>
    getCsv(`${apiName('membros')}/export?${listQuery({ filter, sort })}`),
  /**
   * Approves (status active, with the position and admission date given) or rejects (deletes)
   * a self-registration.
   */
  reviewRegistration: (
    id: Identifier,
    verdict: 'approve' | 'reject',
    approval?: { positionId?: Identifier | null; admissionDate?: string | null },
  ) => postJson<Record<string, unknown>>(`registrations/${id}/${verdict}`, approval),
  revokeCredential: (id: Identifier) =>
    postJson<Record<string, unknown>>(`credentials/${id}/revoke`),
  /** Cards for many members at once (renew: also for those holding a valid one). */
  issueCredentials: (body: { memberIds: Identifier[]; renew: boolean }) =>
    postJson<IssuedCredentials>('credentials/bulk', body),
  credentialPdf: (id: Identifier) => getFile(`credentials/${id}/pdf`),
  /** Several cards in one PDF (five per A4 page), for batch printing. */
  credentialsPdf: (ids: Identifier[]) => getFile(`credentials/pdf?ids=${ids.join(',')}`),
  letterPdf: (id: Identifier) => getFile(`letters/${id}/pdf`),
  /** A card issued on paper before Adam, with its own number, date and validity. */
  recordPaperCredential: (body: Record<string, unknown>) =>
    postJson<Record<string, unknown>>('credentials/paper', body),
  /** A letter issued on paper before Adam, with its own number and date. */
  recordPaperLetter: (body: Record<string, unknown>) =>
    postJson<Record<string, unknown>>('letters/paper', body),
  /**
   * A CSV of paper history (dry run first): the report of every row. A refused import (a row
   * failed, 422) answers its report too, with the message; nothing was written.
   */
  importPaperHistory: async (
    kind: 'credentials' | 'letters',
    file: File,
    options: { dryRun: boolean; skipNotFound: boolean },
  ): Promise<PaperImportReport> => {
    const form = new FormData();
    form.set('dry_run', String(options.dryRun));
    form.set('skip_not_found', String(options.skipNotFound));
    form.set('file', file);
    try {
      return await getJson<PaperImportReport>(`imports/${kind}`, { method: 'POST', body: form });
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { rows?: unknown } | null) : null;
      if (error instanceof HttpError && error.status === 422 && body?.rows) {
        return camelCaseKeys<PaperImportReport>(body);
      }
      throw error;
    }
  },
  /** A report with its filters, as CSV (spreadsheets) or PDF (printing). */
  reportFile: (report: ReportKey, format: 'csv' | 'pdf', filter: Filter) => {
    const path = `${reportByKey(report).api}/${format}?${listQuery({ filter })}`;
    return format === 'csv' ? getCsv(path) : getFile(path);
  },
};
