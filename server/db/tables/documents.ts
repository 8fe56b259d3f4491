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
