// The member import (migration 0021): each upload and its rows as read.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Bool } from './columns.js';

/** A count with a default of 0 (may be left out of an insert). */
type Counter = ColumnType<number, number | undefined, number>;

export interface MemberImportsTable {
  id: Generated<number>;
  user_id: number | null;
  /** domain/memberImport.ts IMPORT_STATUSES. */
  status: string;
  dry_run: Bool;
  file_name: string;
  file_kind: string;
  encoding: string | null;
  delimiter: string | null;
  /** JSON array of the header names. */
  headers: string;
  /** JSON object header -> target ('' ignored). */
  mapping: string;
  /** JSON: duplicate_action, choices, lookups, default congregation. */
  options: string;
  /** JSON array of the user's congregations ([] = the whole church). */
  scope: string;
  /** JSON: the names of cargos, departments and congregations not found. */
  unknown: string;
  total_rows: Counter;
  error_rows: Counter;
  duplicate_rows: Counter;
  processed_rows: Counter;
  created_count: Counter;
  updated_count: Counter;
  skipped_count: Counter;
  message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  undone_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stamped every few seconds by the process running the import (migration 0024). */
  heartbeat_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON [{row_number, text}]: summary lines of the sheet left out (migration 0025). */
  ignored_rows: ColumnType<string, string | undefined, string>;
  /** When the rows' personal data was cleared (all of it, or all but what the undo needs). */
  rows_cleared_at: ColumnType<string | null, string | null | undefined, string | null>;
}
export type MemberImport = Selectable<MemberImportsTable>;
export type NewMemberImport = Insertable<MemberImportsTable>;
export type MemberImportUpdate = Updateable<MemberImportsTable>;

export interface MemberImportRowsTable {
  import_id: number;
  row_number: number;
  /** The name as the row writes it (rows with errors too). */
  name: string | null;
  member_values: string | null;
  errors: string | null;
  key_cpf: string | null;
  key_email: string | null;
  key_phone: string | null;
  key_name: string | null;
  key_birth: string | null;
  dup_kind: string | null;
  dup_member_id: number | null;
  dup_row: number | null;
  /** The duplicate is a member outside the user's congregations: never named (migration 0025). */
  dup_outside: ColumnType<boolean | number, boolean | undefined, boolean>;
  action: string;
  member_id: number | null;
  outcome: string | null;
  previous: string | null;
}
export type MemberImportRow = Selectable<MemberImportRowsTable>;
export type NewMemberImportRow = Insertable<MemberImportRowsTable>;

/** Work done once a day among all processes: claimed by setting done_on (migration 0025). */
export interface DailyTasksTable {
  task: string;
  done_on: string | null;
}
