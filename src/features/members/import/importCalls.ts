// The member import's calls (issue 14): the upload (multipart: the options first, then the
// file), the import's state with a page of rows, and its undo. Answers kept in the API's names.
import { API_URL, httpClient } from '../../../providers/httpClient';

export type DuplicateAction = 'skip' | 'update' | 'create';
export type LookupKind = 'positions' | 'departments' | 'congregations';
export type LookupChoices = Record<LookupKind, Record<string, number | 'create'>>;

export interface ImportRow {
  row_number: number;
  /** The name as the row writes it (rows with errors too). */
  name: string | null;
  values: Record<string, unknown> | null;
  errors: Array<{ column: string; message: string }>;
  duplicate: {
    kind: 'cpf' | 'name_birth' | 'email' | 'phone';
    member_id: number | null;
    member_name: string | null;
    row: number | null;
    /** A member of a congregation the user may not change: not named, never updated. */
    outside: boolean;
  } | null;
  action: string;
  outcome: string | null;
  member_id: number | null;
}

export interface ImportState {
  id: number;
  status: 'checked' | 'running' | 'done' | 'failed' | 'undone' | 'partly_undone';
  file_name: string;
  file_kind: string;
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  mapping: Record<string, string>;
  targets: Array<{ value: string; label: string }>;
  unknown: Record<LookupKind, Array<{ name: string; rows: number }>>;
  /** Summary lines of the sheet ("TOTAL DE MEMBROS: 12") left out of the import. */
  ignored_rows: Array<{ row_number: number; text: string }>;
  total_rows: number;
  error_rows: number;
  duplicate_rows: number;
  valid_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  message: string | null;
  can_undo: boolean;
  undo_until: string | null;
  /** The rows' personal data was cleared (a dry run a day old, or analysed again since). */
  rows_cleared: boolean;
  rows_total: number;
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

export async function uploadImport(file: File, options: UploadOptions): Promise<ImportState> {
  const form = new FormData();
  form.append('dry_run', String(options.dryRun));
  form.append('duplicate_action', options.duplicateAction);
  form.append('choices', JSON.stringify(options.choices));
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  form.append('lookups', JSON.stringify(options.lookups));
  if (options.congregationId) form.append('congregation_id', String(options.congregationId));
  form.append('file', file, file.name);
  const { json } = await httpClient(`${API_URL}/imports/members`, { method: 'POST', body: form });
  return json as ImportState;
}

export type RowFilter = 'all' | 'errors' | 'duplicates' | 'ok';

export async function importState(
  id: number,
  page: { offset: number; limit: number; only: RowFilter } = {
    offset: 0,
    limit: 1,
    only: 'all',
  },
): Promise<ImportState> {
  const query = new URLSearchParams({
    offset: String(page.offset),
    limit: String(page.limit),
    only: page.only,
  });
  const { json } = await httpClient(`${API_URL}/imports/${id}?${query.toString()}`);
  return json as ImportState;
}

export interface UndoResult {
  status: string;
  deleted: number;
  restored: number;
  kept_count: number;
  /** Members kept; those now outside the user's congregations come without id or name. */
  kept: Array<{
    row_number: number;
    member_id: number | null;
    name: string | null;
    reason: string;
  }>;
}

export async function undoImport(id: number): Promise<UndoResult> {
  const { json } = await httpClient(`${API_URL}/imports/${id}`, { method: 'DELETE' });
  return json as UndoResult;
}
