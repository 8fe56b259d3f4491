// Member cards and letters, numbered in series (migration 0005).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A flag with a default: read as 0/1 (SQLite) or a boolean, optional on insert. */
type DefaultFalse = ColumnType<boolean | number, boolean | undefined, boolean>;

/** The last number issued in each numbered series ('credential', 'letter:2026'). */
export interface DocumentCountersTable {
  name: string;
  value: number;
}
export type DocumentCounter = Selectable<DocumentCountersTable>;
export type NewDocumentCounter = Insertable<DocumentCountersTable>;
export type DocumentCounterUpdate = Updateable<DocumentCountersTable>;

export interface CredentialsTable {
  id: Generated<number>;
  member_id: number;
  number: number;
  issued_on: string;
  expires_on: string;
  /** active or revoked (domain/credentials.ts). */
  status: string;
  code: string;
  revoked_at: string | null;
  /** Issued on paper before Adam, recorded with its original number and dates (0019). */
  issued_on_paper: DefaultFalse;
  created_by: number | null;
  created_at: string;
}
export type Credential = Selectable<CredentialsTable>;
export type NewCredential = Insertable<CredentialsTable>;
export type CredentialUpdate = Updateable<CredentialsTable>;

export interface LettersTable {
  id: Generated<number>;
  member_id: number;
  /** recommendation or transfer (domain/letters.ts). */
  letter_type: string;
  year: number;
  /** Sequential within the year: shown as number/year. */
  number: number;
  issued_on: string;
  destination_church: string;
  destination_city: string;
  notes: string | null;
  /** Issued on paper before Adam, recorded with its original number and date (0019). */
  issued_on_paper: DefaultFalse;
  created_by: number | null;
  created_at: string;
}
export type Letter = Selectable<LettersTable>;
export type NewLetter = Insertable<LettersTable>;
export type LetterUpdate = Updateable<LettersTable>;

/** A transfer between churches (migration 0051, domain/transfers.ts). */
export interface TransfersTable {
  id: Generated<number>;
  /** outgoing or incoming. */
  direction: string;
  /** requested, sent, confirmed or cancelled. */
  state: string;
  member_id: number;
  letter_id: number | null;
  previous_status: string | null;
  /** SHA-256 (hex) of the confirmation code printed on the letter. */
  code_hash: string | null;
  origin_church: string | null;
  origin_city: string | null;
  letter_number: string | null;
  letter_date: string | null;
  sent_at: string | null;
  sent_by: number | null;
  confirmed_at: string | null;
  confirmed_by: number | null;
  receiving_church: string | null;
  confirmed_by_name: string | null;
  cancelled_at: string | null;
  cancelled_by: number | null;
  created_by: number | null;
  created_at: string;
}
export type Transfer = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;
export type TransferUpdate = Updateable<TransfersTable>;
