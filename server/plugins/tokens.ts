// The devise_token_auth token protocol (DESIGN §4): one row per client, SHA-256 digests
// only, rotation on every authenticated request with a batch window, the previous token
// kept until the next rotation, sliding expiry in epoch seconds.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthSettings } from '../config.js';
import type { DialectHelpers } from '../db/dialect.js';
import type { Database, UserToken } from '../db/schema.js';

export type AuthHeaders = {
  'access-token': string;
  client: string;
  uid: string;
  expiry: string;
  'token-type': 'Bearer';
};

export const AUTH_HEADER_NAMES = ['access-token', 'client', 'uid', 'expiry', 'token-type'] as const;

/**
 * The answer's session headers: the five values and, as devise_token_auth ≥ 1.2.1 sends beside
 * them (user.rb `build_auth_headers` → `build_bearer_token`), `Authorization: Bearer` + the
 * strict base64 of the JSON of the five.
 */
export type SessionAnswer = AuthHeaders & { authorization: string };

/** Milliseconds since the epoch; injectable so tests move time instead of sleeping. */
export type Clock = () => number;

/** `Bearer <base64 of the JSON>`, the keys in the gem's order (user.rb `build_auth_headers`). */
export function bearerOf(headers: AuthHeaders): string {
  const json = JSON.stringify({
    'access-token': headers['access-token'],
    'token-type': headers['token-type'],
    client: headers.client,
    expiry: headers.expiry,
    uid: headers.uid,
  });
  return `Bearer ${Buffer.from(json, 'utf8').toString('base64')}`;
}

function answer(headers: AuthHeaders, bearer: AuthHeaders = headers): SessionAnswer {
  return { ...headers, authorization: bearerOf(bearer) };
}

/** devise_token_auth answers batch requests with a blank (one space) token and expiry. */
const BLANK = ' ';

/** A batch window extended within its last fifth is not extended again (5 s: 4–5 s long). */
const BATCH_REFRESH_SHARE = 5;

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

export class TokenStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectHelpers,
    private readonly settings: AuthSettings,
    private readonly clock: Clock = Date.now,
  ) {}

  private expiryFrom(nowMs: number): number {
    return Math.floor(nowMs / 1000) + this.settings.tokenLifespanSeconds;
  }

  /** Starts a new client session for a user, dropping the oldest beyond the limit. */
  async create(user: { id: number; email: string }): Promise<SessionAnswer> {
    const now = Math.floor(this.clock());
    const client = randomToken();
    const token = randomToken();
    const expiry = this.expiryFrom(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_tokens')
        .values({
          user_id: user.id,
          client,
          token_digest: digest(token),
          previous_token_digest: null,
          last_token_digest: null,
          expiry,
          updated_at_ms: now,
        })
        .execute();
      const stale = await trx
        .selectFrom('user_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('expiry', 'desc')
        .orderBy('id', 'desc')
        .offset(this.settings.maxClientsPerUser)
        .limit(1000)
        .execute();
      if (stale.length > 0) {
        await trx
          .deleteFrom('user_tokens')
          .where(
            'id',
            'in',
            stale.map((row) => row.id),
          )
          .execute();
      }
    });
    return answer({
      'access-token': token,
      client,
      uid: user.email,
      expiry: String(expiry),
      'token-type': 'Bearer',
    });
  }

  /**
   * Checks the token of a request and rotates it. Returns the headers for the response,
   * or null when the token is not valid. Race-free: the client's row is locked while checked.
   * `unbatch` (the gem's `params[:unbatch]`, set_user_by_token.rb `is_batch_request?`) rotates
   * even inside the batch window.
   */
  async authenticate(
    userId: number,
    uid: string,
    client: string,
    token: string,
    options: { unbatch?: boolean } = {},
  ): Promise<SessionAnswer | null> {
    const now = Math.floor(this.clock());
    const presented = digest(token);
    // A batch answer blanks access-token and expiry, while its Authorization carries the
    // presented token and the session's expiry (set_user_by_token.rb
    // `auth_header_from_batch_request`: `extend_batch_buffer` builds the headers, then the two
    // are overwritten with a blank).
    const blank = (row: UserToken): SessionAnswer =>
      answer(
        { 'access-token': BLANK, client, uid, expiry: BLANK, 'token-type': 'Bearer' },
        { 'access-token': token, client, uid, expiry: String(row.expiry), 'token-type': 'Bearer' },
      );
    const session = (trx: Kysely<Database>) =>
      trx
        .selectFrom('user_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client', '=', client);
    const check = (row: UserToken) => {
      const notExpired = Number(row.expiry) > now / 1000;
      const current =
        notExpired && (presented === row.token_digest || presented === row.previous_token_digest);
      const withinBatch = Number(row.updated_at_ms) > now - this.settings.batchWindowMs;
      const reused = withinBatch && presented === row.last_token_digest;
      return { valid: current || reused, withinBatch };
    };

    // A request of a batch whose window was extended within its last fifth (a second) changes
    // nothing: it is answered from a plain read, without the locked read and the write (most
    // requests of a screen that loads several lists at once).
    const seen = await session(this.db).executeTakeFirst();
    if (!seen) return null;
    // A token no row accepts now cannot become valid under the lock (rotation only retires).
    if (!check(seen).valid) return null;
    if (
      !options.unbatch &&
      Number(seen.updated_at_ms) > now - this.settings.batchWindowMs / BATCH_REFRESH_SHARE
    )
      return blank(seen);

    return this.db.transaction().execute(async (trx) => {
      const row = await this.dialect.forUpdate(session(trx)).executeTakeFirst();
      if (!row) return null;
      const { valid, withinBatch } = check(row);
      if (!valid) return null;

      if (withinBatch && !options.unbatch) {
        await trx
          .updateTable('user_tokens')
          .set({ updated_at_ms: now })
          .where('id', '=', row.id)
          .execute();
        return blank(row);
      }
      const fresh = randomToken();
      const expiry = this.expiryFrom(now);
      await trx
        .updateTable('user_tokens')
        .set({
          token_digest: digest(fresh),
          previous_token_digest: row.token_digest,
          last_token_digest: row.previous_token_digest,
          expiry,
          updated_at_ms: now,
        })
        .where('id', '=', row.id)
        .execute();
      return answer({
        'access-token': fresh,
        client,
        uid,
        expiry: String(expiry),
        'token-type': 'Bearer',
      });
    });
  }

  async revoke(userId: number, client: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_tokens')
      .where('user_id', '=', userId)
      .where('client', '=', client)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ends every session of a user, or every one but `keepClient`. */
  async revokeAll(userId: number, keepClient?: string): Promise<void> {
    let query = this.db.deleteFrom('user_tokens').where('user_id', '=', userId);
    if (keepClient) query = query.where('client', '!=', keepClient);
    await query.execute();
  }
}
