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

export interface Database {
  users: UsersTable;
  user_tokens: UserTokensTable;
  church: ChurchTable;
}
