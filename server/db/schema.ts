import type { ColumnType, Generated } from 'kysely';

/** Stored as 0/1 by SQLite and as boolean by PostgreSQL; written as boolean. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Integer that PostgreSQL's bigint may carry: always read as a number (see dialect.ts). */
export type BigInt = ColumnType<number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_digest: string;
  /** JSON array of role names. */
  roles: string;
  search: string;
  active: Bool;
  created_at: string;
  updated_at: string;
}

/** One row per signed-in client (device) of a user: devise_token_auth's `tokens[client]`. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  client: string;
  token_digest: string;
  previous_token_digest: string | null;
  last_token_digest: string | null;
  /** Epoch seconds. */
  expiry: BigInt;
  /** Epoch milliseconds of the last rotation or batch extension. */
  updated_at_ms: BigInt;
}

export interface ChurchTable {
  id: number;
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  pastor_name: string | null;
  logo: string | null;
  credential_validity_months: number;
  updated_at: string;
}

export interface PositionsTable {
  id: Generated<number>;
  name: string;
  ministerial: Bool;
  sort_order: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  leader_id: number | null;
}

export interface CustomFieldsTable {
  id: Generated<number>;
  label: string;
  key: string;
  field_type: string;
  /** JSON array of strings. */
  options: string;
  required: Bool;
  active: Bool;
  sort_order: number;
}

export interface MembersTable {
  id: Generated<number>;
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
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
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
  created_at: string;
  updated_at: string;
}

export interface MemberDepartmentsTable {
  member_id: number;
  department_id: number;
}

export interface Database {
  users: UsersTable;
  user_tokens: UserTokensTable;
  church: ChurchTable;
  positions: PositionsTable;
  departments: DepartmentsTable;
  custom_fields: CustomFieldsTable;
  members: MembersTable;
  member_departments: MemberDepartmentsTable;
}
