// The member import's calls (issue 14): the upload (multipart: the options first, then the
// file), the import's state with a page of rows, and its undo. Answers camelCased like every
// other call, except the column mapping, whose keys are the sheet's own headers.
import type {
  DuplicateAction,
  DuplicateKind,
  ImportStatus,
  LookupKind,
} from '../../domain/memberImport';
import { camelCaseKeys } from './case';
import { getJson } from './calls';
import { API_URL, type HttpOptions, httpClient } from './httpClient';

export type { DuplicateAction, LookupKind };
/** What to do with each name not found: create it, or use the record with this id. */
export type LookupChoices = Record<LookupKind, Record<string, number | 'create'>>;
export type RowFilter = 'all' | 'errors' | 'duplicates' | 'ok';

export interface ImportRow {
  rowNumber: number;
  /** The name as the row writes it (rows with errors too). */
  name: string | null;
  /** The values as they will be saved, by field (camelCased: birthDate, phoneMobile…). */
  values: Record<string, unknown> | null;
  errors: Array<{ column: string; message: string }>;
  duplicate: {
    kind: DuplicateKind;
    memberId: number | null;
    memberName: string | null;
    row: number | null;
    /** A member of a congregation the user may not change: not named, never updated. */
    outside: boolean;
  } | null;
  action: string;
  outcome: string | null;
  memberId: number | null;
}

export interface ImportState {
  id: number;
  status: ImportStatus;
  fileName: string;
  fileKind: string;
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  /** Sheet header -> import target, keyed by the headers as the sheet writes them. */
  mapping: Record<string, string>;
  targets: Array<{ value: string; label: string }>;
  unknown: Record<LookupKind, Array<{ name: string; rows: number }>>;
  /** Summary lines of the sheet ("TOTAL DE MEMBROS: 12") left out of the import. */
  ignoredRows: Array<{ rowNumber: number; text: string }>;
  totalRows: number;
  errorRows: number;
  duplicateRows: number;
  validRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  message: string | null;
  canUndo: boolean;
  undoUntil: string | null;
  /** The rows' personal data was cleared (a dry run a day old, or analysed again since). */
  rowsCleared: boolean;
  rowsTotal: number;
  rows: ImportRow[];
}

export interface UploadOptions {
  dryRun: boolean;
  duplicateAction: DuplicateAction;
  choices: Record<number, DuplicateAction>;
  mapping: Record<string, string> | null;
  lookups: LookupChoices;
  congregationId: number | null;
}

export interface UndoResult {
  status: string;
  deleted: number;
  restored: number;
  keptCount: number;
  /** Members kept; those now outside the user's congregations come without id or name. */
  kept: Array<{ rowNumber: number; memberId: number | null; name: string | null; reason: string }>;
}

async function importAnswer(path: string, init?: HttpOptions): Promise<ImportState> {
  const { json } = await httpClient(`${API_URL}/${path}`, init);
  const { mapping } = json as { mapping?: Record<string, string> };
  return { ...camelCaseKeys<ImportState>(json), mapping: mapping ?? {} };
}

export const memberImportCalls = {
  /**
   * A sheet of members, analysed (dry run) or imported. The mapping and the lookups are keyed
   * by the sheet's own headers and names, so they travel as written.
   */
  uploadMemberImport: (file: File, options: UploadOptions) => {
    const form = new FormData();
    form.append('dry_run', String(options.dryRun));
    form.append('duplicate_action', options.duplicateAction);
    form.append('choices', JSON.stringify(options.choices));
    if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
    form.append('lookups', JSON.stringify(options.lookups));
    if (options.congregationId) form.append('congregation_id', String(options.congregationId));
    form.append('file', file, file.name);
    return importAnswer('imports/members', { method: 'POST', body: form });
  },
  /** An import's state with a page of its rows (only: all, errors, duplicates, ok). */
  memberImport: (
    id: number,
    page: { offset: number; limit: number; only: RowFilter } = {
      offset: 0,
      limit: 1,
      only: 'all',
    },
  ) => {
    const query = new URLSearchParams({
      offset: String(page.offset),
      limit: String(page.limit),
      only: page.only,
    });
    return importAnswer(`imports/${id}?${query.toString()}`);
  },
  /** Undoes an import: its new members deleted, the updated ones restored. */
  undoMemberImport: (id: number) => getJson<UndoResult>(`imports/${id}`, { method: 'DELETE' }),
};
