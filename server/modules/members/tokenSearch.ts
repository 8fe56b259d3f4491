// A word's members in name order from the token index (migration 0014; members/list.ts).
//
// The tokens containing the word are looked up in search_tokens; each token's members by name
// are one range of member_tokens' (token, sort_name, member_id) index — or (congregation_id,
// token, …) for one congregation. Reading the first `perToken` rows of each range and merging
// them by name is exact up to the first row where a token reaches its `perToken`-th: every
// member named before it has been read, from every token. PostgreSQL reads the ranges through
// one LATERAL join (one plan, where a UNION of 90 subqueries costs 20 ms to plan); SQLite, which
// has no LATERAL, through a UNION ALL of limited subqueries (its planning is cheap).
import { type Kysely, sql } from 'kysely';
import { likePattern } from '../../../domain/search.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** Tokens containing a word past which the merge gives way to the substring index. */
export const TOKEN_LIMIT = 200;

/** The tokens containing `word` (TOKEN_LIMIT + 1 of them at most). */
export async function tokensContaining(db: Kysely<Database>, word: string): Promise<string[]> {
  const rows = await db
    .selectFrom('search_tokens')
    .select('token')
    .where('token', 'like', likePattern(word))
    .limit(TOKEN_LIMIT + 1)
    .execute();
  return rows.map((row) => row.token);
}

/** Tokens beginning with a word past which the best-matches-first order gives way to the name's. */
export const PREFIX_TOKEN_LIMIT = 2000;

/**
 * The tokens beginning with `word` (PREFIX_TOKEN_LIMIT + 1 at most): a word's first letters are
 * few tokens' beginning ("lu": 639 at 1,000,000 members) where they are inside thousands.
 */
export async function tokensStarting(db: Kysely<Database>, word: string): Promise<string[]> {
  const rows = await db
    .selectFrom('search_tokens')
    .select('token')
    .where('token', 'like', `${word.replace(/[%_\\]/g, '')}%`)
    .limit(PREFIX_TOKEN_LIMIT + 1)
    .execute();
  return rows.map((row) => row.token);
}

export interface TokenMerge {
  /** The members in order, each once: exact, a prefix of every member holding a token. */
  ids: number[];
  /** Whether `ids` holds every member holding one of the tokens. */
  complete: boolean;
}

/**
 * The members holding any of `tokens`, by name: the first `perToken` of each token merged, cut
 * where the merge stops being exact, and at `rows` rows read (null: no cut).
 */
export async function mergeTokens(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  options: {
    tokens: string[];
    congregations: readonly number[] | undefined;
    order: 'asc' | 'desc';
    perToken: number;
    rows: number | null;
  },
): Promise<TokenMerge> {
  const { tokens, congregations, order, perToken, rows: rowLimit } = options;
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const inCongregations = (column: string) =>
    congregations === undefined
      ? sql``
      : congregations.length === 1
        ? sql`and ${sql.ref(column)} = ${congregations[0]}`
        : sql`and ${sql.ref(column)} in (${sql.join([...congregations])})`;
  const limit = rowLimit === null ? sql`` : sql`limit ${rowLimit}`;

  let query;
  if (dialect.name === 'postgres') {
    query = sql<{ token: string; member_id: number }>`
      select t.token, t.member_id from unnest(${tokens}::text[]) as k(token)
      cross join lateral (
        select m.token, m.member_id, m.sort_name from member_tokens m
        where m.token = k.token ${inCongregations('m.congregation_id')}
        order by m.sort_name ${direction}, m.member_id ${direction} limit ${perToken}
      ) as t
      order by t.sort_name ${direction}, t.member_id ${direction} ${limit}`;
  } else {
    const parts = tokens.map(
      (token, index) => sql`select * from (
        select token, member_id, sort_name from member_tokens
        where token = ${token} ${inCongregations('congregation_id')}
        order by sort_name ${direction}, member_id ${direction} limit ${perToken}
      ) as ${sql.ref(`t${index}`)}`,
    );
    query = sql<{ token: string; member_id: number }>`
      select token, member_id from (${sql.join(parts, sql` union all `)}) as merged
      order by sort_name ${direction}, member_id ${direction} ${limit}`;
  }
  const { rows } = await query.execute(db);

  const read = new Map<string, number>();
  const ids = new Set<number>();
  for (const row of rows) {
    ids.add(row.member_id);
    const count = (read.get(row.token) ?? 0) + 1;
    read.set(row.token, count);
    // This token may have more members after this one: the merge is exact up to here.
    if (count === perToken) return { ids: [...ids], complete: false };
  }
  return { ids: [...ids], complete: rowLimit === null || rows.length < rowLimit };
}
