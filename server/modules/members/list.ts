// The member list's queries (GET /api/members), shaped for 200,000 members (issue 3, the
// benchmark in bench/):
// - a page is chosen as ids first (an index-only walk for the sort), then its 25 rows are read
//   by id, so a deep page (offset 100,000) does not read 100,000 full rows on PostgreSQL;
// - free text in a list by name first goes to the token index (member_tokens, migration 0014,
//   tokenSearch.ts): the tokens containing the word, each one's first ~100 members by name read
//   off a covering index and merged — a word clustered in name order ("joao", first names) or a
//   rare one costs the same as any other, and no table row is read; a word held by more than
//   TOKEN_LIMIT tokens (two letters, "silva" in every "…silva@" e-mail) is common enough for the
//   walk below;
// - free text otherwise, and the department, walk the first WALK_WINDOW rows of the list sorted
//   and filtered by the rest, testing each row: a common word ("silva": one member in six) or a
//   large department fills the page within a few hundred rows, where the trigram index would
//   return 35,000 matches (or the department 21,000 members) to sort; when the window does not
//   hold the page, the matches come from the substring indexes (dialect.textSearch), sorted;
// - the registry's total comes from member_counts (per congregation and status, migration
//   0011): the whole church's or the view's congregations'; filtered totals stop at the page's
//   count cap (domain/listTotals.ts: 100 for the first pages; "mais de 100"), and a walk whose
//   window holds more matches than the cap needs no count at all;
// - the congregation scope (issue 12) is one more filter, congregation_id, set by scope.ts to the
//   view narrowed by the filter: one congregation walks members_congregation_name (0010) or,
//   under one status, members_congregation_status_name (0013) like the whole church's indexes.
import { countCapFor } from '../../../domain/listTotals.js';
import { type Kysely, sql } from 'kysely';
import { recordIdOf } from '../../../domain/fields.js';
import { isTokenWord, likePattern, searchWords } from '../../../domain/search.js';
import { type DialectHelpers, trigramQuery } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { memberTotal } from './counts.js';
import { scopedFilter } from './scope.js';
import type { Scope } from '../../http/scope.js';
import { applyMemberFilters, narrowsList } from './filters.js';
import { LIST_COLUMNS, type MemberListRow } from './row.js';
import {
  PREFIX_TOKEN_LIMIT,
  TOKEN_LIMIT,
  mergeTokens,
  tokensContaining,
  tokensStarting,
} from './tokenSearch.js';

export const MEMBER_SORTS: Record<
  string,
  'sort_name' | 'birth_date' | 'admission_date' | 'created_at' | 'status' | 'id'
> = {
  name: 'sort_name',
  // Best matches first (the name pickers: check-in, "who invited", a cell's or class's people):
  // with q, the names beginning with what was typed, then those with a word beginning with it,
  // then the rest of the matches, each tier by name (matchPage below); without q, by name.
  match: 'sort_name',
  birth_date: 'birth_date',
  admission_date: 'admission_date',
  created_at: 'created_at',
  status: 'status',
  id: 'id',
};

/** Rows of the sorted (non-text) list scanned for text matches before asking the text index. */
export const WALK_WINDOW = 1000;

/** Rows per token the token merge reads at most before giving way to the substring index. */
const TOKEN_ROWS = 6400;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The normalized words of `q` (none when q is absent or blank). */
function textWords(filter: Record<string, unknown>): string[] {
  return typeof filter.q === 'string' ? searchWords(filter.q) : [];
}

/**
 * Whether the substring walk finds exactly what the text index finds: words free of LIKE's
 * wildcards, its escape and the quote the index query strips (the dialect's LIKE fallback
 * drops %, _ and \ from words; the FTS query drops ").
 */
const walkable = (words: string[]) => words.length > 0 && !words.some((w) => /[%_\\"]/.test(w));

/**
 * Whether the walk's window — the list under the filters other than q and department_id —
 * is read straight off an index in the list's order (migration 0003: one per filter + sort),
 * so filling it costs WALK_WINDOW index entries. Any other filter could make the window scan
 * a large part of the table for a selective value (e.g. one status in fifty, sorted by
 * admission date): those lists go to the indexes directly, as before.
 */
function windowFollowsAnIndex(filter: Record<string, unknown>, column: string): boolean {
  // One value (several would interleave index ranges, to be sorted first).
  const one = (value: unknown) =>
    typeof value === 'string' ||
    typeof value === 'number' ||
    (Array.isArray(value) && value.length === 1);
  const oneStatus = one(filter.status);
  let others = Object.keys(filter).filter(
    (key) => key !== 'q' && key !== 'department_id' && present(filter[key]),
  );
  if (others.includes('congregation_id')) {
    // One congregation: (congregation_id, sort_name, id), or with one status
    // (congregation_id, status, sort_name, id); by name only.
    if (!one(filter.congregation_id) || column !== 'sort_name') return false;
    others = others.filter((key) => key !== 'congregation_id');
    return others.length === 0 || (others.length === 1 && others[0] === 'status' && oneStatus);
  }
  if (others.length === 0) return column !== 'status';
  if (others.length > 1) return false;
  if (others[0] === 'status')
    return oneStatus && (column === 'sort_name' || column === 'birth_date');
  if (others[0] === 'position_id') return column === 'sort_name';
  return false;
}

/**
 * A page of the list the view shows (`view`: the congregations of the request, null = the whole
 * church), narrowed by the filters (congregation_id inside the view).
 */
export async function listMembers(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  params: ListParams,
  view: Scope,
): Promise<{ rows: MemberListRow[]; total: number }> {
  const { ids, total } = await memberIds(db, dialect, params, view);
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('members')
    .select(LIST_COLUMNS.map((name) => `members.${name}` as const))
    .where('members.id', 'in', ids)
    .execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total };
}

/** The ids of a page of the list, in order, and its (capped) total. */
async function memberIds(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  { sort, range, filter: requested }: ListParams,
  view: Scope,
): Promise<{ ids: number[]; total: number }> {
  const filter = scopedFilter(requested, view);
  const column = MEMBER_SORTS[sort.field];
  const order = sort.order;
  // Every filter checked at once: a bad value is a 400 before any query runs.
  const base = applyMemberFilters(db.selectFrom('members'), filter, dialect);
  const words = textWords(filter);
  const wanted = range.offset + range.limit;
  const cap = countCapFor(range);

  const countQuery = async (): Promise<number> => {
    const narrowing = Object.keys(filter).filter((key) => present(filter[key]));
    if (narrowing.length === 0) return memberTotal(db);
    if (narrowing.length === 1 && narrowing[0] === 'congregation_id') {
      return memberTotal(db, filter.congregation_id as number[]);
    }
    // The getMany `id` filter alone counts exactly: it never asks for more than a page.
    const capped = narrowsList(filter);
    const { match, short } = trigramQuery(words);
    if (capped && match !== null && dialect.name === 'sqlite') {
      // Driven by the trigram index, joined to the members under the other filters and stopped
      // at the cap: "mar" (one member in five) no longer sets its 38,000 matches aside first
      // (200,000 members: 14 ms → 0.05 ms, the check-in's name search).
      const rest = applyMemberFilters(
        db.selectFrom('members'),
        { ...filter, q: undefined },
        dialect,
      );
      const likes = short.map((word) => sql` and m.search like ${likePattern(word)}`);
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from (
        select m.id from members_fts
        join (${rest.select(['members.id', 'members.search'])}) as m on m.id = members_fts.rowid
        where members_fts match ${match}${sql.join(likes, sql``)}
        limit ${cap + 1}) as capped`.execute(db);
      return Number(rows[0]?.total ?? 0);
    }
    return totalOf(db, base.select('members.id'), capped ? range : undefined);
  };

  // The sorted list under the other filters, cut at WALK_WINDOW rows, in which the text words
  // and the department are tested row by row.
  const department = present(filter.department_id) ? recordIdOf(filter.department_id) : null;
  const walks =
    (words.length > 0 || department !== null) &&
    (words.length === 0 || walkable(words)) &&
    wanted <= WALK_WINDOW &&
    windowFollowsAnIndex(filter, column);
  const walkQuery = async (): Promise<number[]> => {
    const window = applyMemberFilters(
      db.selectFrom('members'),
      { ...filter, q: undefined, department_id: undefined },
      dialect,
    )
      .select(['members.id', 'members.search', `members.${column} as sort_key`])
      .orderBy(`members.${column}`, order)
      .orderBy('members.id', order)
      .limit(WALK_WINDOW)
      .as('w');
    let query = db.selectFrom(window).select('w.id');
    for (const word of words) query = query.where('w.search', 'like', `%${word}%`);
    if (department !== null) {
      // Row by row through the (member_id, department_id) key, never the whole department.
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('member_departments')
            .select('member_departments.member_id')
            .whereRef('member_departments.member_id', '=', 'w.id')
            .where('member_departments.department_id', '=', department),
        ),
      );
    }
    // Up to the count's cap + 1 as well: a window holding more matches than the cap already
    // says "mais de <cap>", with no count to run.
    const rows = await query
      .orderBy('w.sort_key', order)
      .orderBy('w.id', order)
      .limit(Math.max(wanted, cap + 1))
      .execute();
    return rows.map((row) => row.id);
  };

  const pageQuery = async (): Promise<number[]> => {
    const rows = await base
      .select('members.id')
      .orderBy(`members.${column}`, order)
      .orderBy('members.id', order)
      .offset(range.offset)
      .limit(range.limit)
      .execute();
    return rows.map((row) => row.id);
  };

  // Every match once (text index, department), kept aside: the page sorted from it and the
  // capped total counted from it, in one statement. Materialized, the matches are never
  // found by walking the sort index and testing each row (PostgreSQL's choice for "joao",
  // a second), and the text index answers once instead of twice.
  const pageAndCount = async (): Promise<{ ids: number[]; total: number }> => {
    const rows = await db
      .with(
        (cte) => cte('m').materialized(),
        () => base.select(['members.id', `members.${column} as sort_key`]),
      )
      .selectFrom('m')
      .select((eb) => [
        'm.id',
        eb
          .selectFrom(
            eb
              .selectFrom('m')
              .select('m.id')
              .limit(cap + 1)
              .as('capped'),
          )
          .select(eb.fn.countAll<number>().as('n'))
          .as('total'),
      ])
      .orderBy('m.sort_key', order)
      .orderBy('m.id', order)
      .offset(range.offset)
      .limit(range.limit)
      .execute();
    return {
      ids: rows.map((row) => row.id),
      total: rows.length > 0 ? Number(rows[0].total) : await countQuery(),
    };
  };

  // By name, a word's members from the token index (tokenSearch.ts): the tokens containing the
  // longest word that tokens can serve, their members merged by name. The other words and filters
  // are tested on the merged members; when they leave fewer than the page needs, each token's
  // share grows, and past TOKEN_ROWS the substring index answers.
  const driver = words.filter(isTokenWord).sort((a, b) => b.length - a.length)[0];
  const needed = Math.max(wanted, cap + 1);
  const pageOf = (matches: number[]) => ({
    ids: matches.slice(range.offset, wanted),
    total: matches.length > cap ? cap + 1 : matches.length,
  });
  /**
   * The first `needed` members holding one of `tokens` and passing the rest, by name (null: past
   * TOKEN_ROWS rows per token).
   */
  const tokenMatches = async (tokens: string[]): Promise<number[] | null> => {
    const congregations = filter.congregation_id as number[] | undefined;
    if (congregations?.length === 0 || tokens.length === 0) return [];
    const others = words.filter((word) => word !== driver);
    const tested =
      others.length > 0 ||
      Object.keys(filter).some(
        (key) => key !== 'q' && key !== 'congregation_id' && present(filter[key]),
      );
    for (let perToken = needed; perToken <= TOKEN_ROWS; perToken *= 4) {
      // Untested, the page needs `needed` members: twice as many rows cover the duplicates
      // (a member holding "joao" and "joaosilva") but in a pathological case.
      const merged = await mergeTokens(db, dialect, {
        tokens,
        congregations,
        order,
        perToken,
        rows: tested ? null : perToken * 2,
      });
      let matches = merged.ids;
      if (tested && matches.length > 0) {
        let query = applyMemberFilters(
          db.selectFrom('members'),
          { ...filter, q: undefined },
          dialect,
        ).where('members.id', 'in', matches);
        for (const word of others) query = query.where('members.search', 'like', likePattern(word));
        matches = (
          await query
            .select('members.id')
            .orderBy('members.sort_name', order)
            .orderBy('members.id', order)
            .limit(needed)
            .execute()
        ).map((row) => row.id);
      }
      if (merged.complete || matches.length >= needed) return matches.slice(0, needed);
    }
    return null;
  };
  // null: not a list the tokens serve.
  const tokenPage = async (): Promise<{ ids: number[]; total: number } | null> => {
    if (column !== 'sort_name' || driver === undefined || wanted > WALK_WINDOW) return null;
    const tokens = await tokensContaining(db, driver);
    if (tokens.length > TOKEN_LIMIT) return null;
    const matches = await tokenMatches(tokens);
    return matches && pageOf(matches);
  };

  // Best matches first, three tiers by name: the members whose name begins with what was typed
  // ("ana": Ana Almeida) — one range of the (congregation_id, sort_name, id) index; those with a
  // token beginning with the driver ("lu": Ana Luiza) — a few hundred tokens at most, where "lu"
  // is inside too many for the merge above; then the other matches, from the list by name asked
  // for as many more rows (only when the first two hold no more than the count's cap: the
  // total is then the list's).
  const matchPage = async (): Promise<{ ids: number[]; total: number } | null> => {
    if (sort.field !== 'match' || driver === undefined || wanted > WALK_WINDOW) return null;
    const typed = words.join(' ');
    const named = (
      await applyMemberFilters(db.selectFrom('members'), { ...filter, q: undefined }, dialect)
        .select('members.id')
        .where('members.sort_name', '>=', typed)
        .where('members.sort_name', '<', `${typed}\u{10ffff}`)
        .where('members.sort_name', 'like', `${typed.replace(/[%_\\]/g, '')}%`)
        .orderBy('members.sort_name', order)
        .orderBy('members.id', order)
        .limit(needed)
        .execute()
    ).map((row) => row.id);
    if (named.length > cap) return pageOf(named);
    const tokens = await tokensStarting(db, driver);
    if (tokens.length > PREFIX_TOKEN_LIMIT) return null;
    const prefixed = await tokenMatches(tokens);
    if (prefixed === null) return null;
    const leading = [...new Set([...named, ...prefixed])];
    if (prefixed.length > cap) return pageOf(leading);
    const rest = await memberIds(
      db,
      dialect,
      {
        sort: { field: 'name', order },
        range: { offset: 0, limit: wanted + leading.length },
        filter: requested,
      },
      view,
    );
    const ids = [...new Set([...leading, ...rest.ids])];
    return {
      ids: ids.slice(range.offset, wanted),
      total: rest.total > cap ? cap + 1 : Math.max(rest.total, leading.length),
    };
  };

  let ids: number[];
  let total: number;
  const byTokens = words.length > 0 ? ((await matchPage()) ?? (await tokenPage())) : null;
  if (byTokens) {
    ({ ids, total } = byTokens);
  } else if (walks) {
    // The window first; when it holds the page, only the total is left to count.
    const walked = await walkQuery();
    if (walked.length >= wanted) {
      ids = walked.slice(range.offset, wanted);
      total = walked.length > cap ? cap + 1 : await countQuery();
    } else {
      ({ ids, total } = await pageAndCount());
    }
  } else if (words.length > 0) {
    ({ ids, total } = await pageAndCount());
  } else {
    // The page and the total at once (two connections on PostgreSQL).
    [ids, total] = await Promise.all([pageQuery(), countQuery()]);
  }

  return { ids, total };
}
