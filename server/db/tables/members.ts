// Members and their departments (migrations 0003 and 0004).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AddressColumns, Bool, CongregationRef } from './columns.js';

export interface MembersTable extends AddressColumns {
  id: Generated<number>;
  /** Its congregation (migration 0010). */
  congregation_id: CongregationRef;
  name: string;
  sort_name: string;
  search: string;
  photo: string | null;
  photo_thumb: string | null;
  has_photo: Bool;
  sex: string | null;
  birth_date: string | null;
  birth_md: number | null;
  marital_status: string | null;
  spouse_name: string | null;
  cpf: string | null;
  rg: string | null;
  email: string | null;
  phone_mobile: string | null;
  phone_home: string | null;
  birthplace: string | null;
  father_name: string | null;
  mother_name: string | null;
  profession: string | null;
  status: string;
  admission_date: string | null;
  admission_type: string | null;
  origin_church: string | null;
  baptism_date: string | null;
  holy_spirit_baptism: Bool;
  position_id: number | null;
  consecration_date: string | null;
  /** JSON object keyed by custom field key. */
  custom_fields: string;
  notes: string | null;
  consent_at: string | null;
  consent_version: string | null;
  guardian_name: string | null;
  guardian_consent_at: string | null;
  /** The member a self-registration repeats (same CPF or e-mail), for the secretary's review. */
  duplicate_of: number | null;
  duplicate_reason: string | null;
  /** Expiry of the member's active credential, null without one (kept by credential writes). */
  credential_expires_on: string | null;
  created_at: string;
  updated_at: string;
}
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

export interface MemberDepartmentsTable {
  member_id: number;
  department_id: number;
}
export type MemberDepartment = Selectable<MemberDepartmentsTable>;
export type NewMemberDepartment = Insertable<MemberDepartmentsTable>;
export type MemberDepartmentUpdate = Updateable<MemberDepartmentsTable>;

/**
 * The tokens (runs of letters) of each member's `search` text with the member's sort name, kept
 * by migration 0014's triggers: a word's members by name are one index range (members/list.ts).
 */
export interface MemberTokensTable {
  token: string;
  sort_name: string;
  member_id: number;
  congregation_id: number;
}

/** Every token member_tokens has held: the vocabulary a query word is looked up in. */
export interface SearchTokensTable {
  token: string;
}

/** The active members born on each day of the year (MMDD) per congregation (migration 0014). */
export interface MemberBirthdaysTable {
  birth_md: number;
  congregation_id: number;
  count: number;
}
