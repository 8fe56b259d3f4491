// Staff users and their signed-in clients (migration 0001).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BigInt, Bool } from './columns.js';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_digest: string;
  /** JSON array of role names. */
  roles: string;
  /** JSON array of congregation ids the user is limited to; '[]' = the whole church (0010). */
  congregation_ids: ColumnType<string, string | undefined, string>;
  search: string;
  active: Bool;
  created_at: string;
  updated_at: string;
  // Two-factor sign-in (migration 0027): the TOTP secret, in force once enabled_at is set.
  two_factor_secret: ColumnType<string | null, string | null | undefined, string | null>;
  two_factor_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  two_factor_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the user's grace period to enrol starts (null: created_at). */
  two_factor_grace_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member a líder is (migration 0033); null for the office's users. */
  member_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

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
export type UserToken = Selectable<UserTokensTable>;
export type NewUserToken = Insertable<UserTokensTable>;
export type UserTokenUpdate = Updateable<UserTokensTable>;

/** One-time recovery codes of a user's second factor (migration 0027): argon2id digests. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_digest: string;
  used_at: string | null;
}
