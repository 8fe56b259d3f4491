// Filtered list totals stop counting at the page's step (domain/listTotals.ts): the first pages
// count up to 100 and answer 101 ("mais de 100") when more rows match, a later page counts up to
// its own step, and a total under the step is exact. Never fewer than there are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSchema } from '../../domain/memberSchema.js';
import { cappedCount } from '../../server/db/count.js';
import { toColumns } from '../../server/db/memberColumns.js';
import { type Api, apiAs, query } from '../support/finance.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const SILVAS = 260;
const SOUZAS = 40;

describe('capped list totals ("mais de N")', () => {
  let t: TestApp;
  let secretary: Api;

  /** The total of a list's Content-Range, and the rows it answered. */
  const listed = async (url: string, params: Parameters<typeof query>[0]) => {
    const response = await secretary('GET', `${url}?${query(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    const range = String(response.headers['content-range']);
    return { total: Number(range.split('/').pop()), rows: response.json().length as number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    const now = new Date().toISOString();
    const members = Array.from({ length: SILVAS + SOUZAS }, (_, i) => {
      const { department_ids: _none, ...member } = memberSchema.parse({
        name: i < SILVAS ? `Ana ${i} Silva` : `Bruno ${i} Souza`,
        sex: i % 2 === 0 ? 'F' : 'M',
        birth_date: '1990-05-10',
        // One in ten inactive: 270 active members.
        status: i % 10 === 9 ? 'inactive' : 'active',
      });
      return { ...toColumns(member, {}), created_at: now, updated_at: now };
    });
    for (let i = 0; i < members.length; i += 100) {
      await t.database.db
        .insertInto('members')
        .values(members.slice(i, i + 100))
        .execute();
    }
  });
  afterAll(() => t.close());

  it('a common word: "mais de 100" on the first pages, the next step further on, exact past it', async () => {
    const sort: [string, string] = ['name', 'ASC'];
    expect(await listed('/api/members', { sort, range: [0, 24], filter: { q: 'silva' } })).toEqual({
      total: 101,
      rows: 25,
    });
    // The page ending on row 100 still knows there is a next page.
    expect(await listed('/api/members', { sort, range: [75, 99], filter: { q: 'silva' } })).toEqual(
      { total: 101, rows: 25 },
    );
    expect(
      await listed('/api/members', { sort, range: [100, 124], filter: { q: 'silva' } }),
    ).toEqual({ total: 201, rows: 25 });
    // Past 200 the page counts up to 500: the exact 260.
    expect(
      await listed('/api/members', { sort, range: [250, 274], filter: { q: 'silva' } }),
    ).toEqual({ total: SILVAS, rows: 10 });
    // 100 rows a page: counted up to 100 as well.
    expect(await listed('/api/members', { sort, range: [0, 99], filter: { q: 'silva' } })).toEqual({
      total: 101,
      rows: 100,
    });
  });

  it('a rarer word and an empty search are exact', async () => {
    expect(await listed('/api/members', { range: [0, 24], filter: { q: 'souza' } })).toEqual({
      total: SOUZAS,
      rows: 25,
    });
    expect(await listed('/api/members', { range: [0, 24], filter: { q: 'kowalski' } })).toEqual({
      total: 0,
      rows: 0,
    });
  });

  it('a searched word counts under the other filters and beside a short word', async () => {
    const sort: [string, string] = ['name', 'ASC'];
    const count = async (filter: Record<string, unknown>) =>
      (await listed('/api/members', { sort, range: [0, 7], filter })).total;
    // One in ten inactive: 26 Silvas, 4 Souzas.
    expect(await count({ q: 'silva', status: 'inactive' })).toBe(26);
    expect(await count({ q: 'souza', status: 'inactive', congregation_id: 1 })).toBe(4);
    // "br" is shorter than the trigram index: tested on each match of "souza".
    expect(await count({ q: 'souza br' })).toBe(SOUZAS);
    expect(await count({ q: 'silva br' })).toBe(0);
    expect(await count({ q: 'an silva', congregation_id: 1 })).toBe(101);
    expect(await count({ q: 'sil', sex: 'M' })).toBe(101);
    expect(await count({ q: 'souz', sex: 'F', status: 'active' })).toBe(20);
  });

  it('filters stop at the step too; the unfiltered registry is exact', async () => {
    expect(
      await listed('/api/members', {
        sort: ['birth_date', 'DESC'],
        range: [0, 24],
        filter: { status: 'active' },
      }),
    ).toEqual({ total: 101, rows: 25 });
    expect(
      await listed('/api/members', {
        sort: ['name', 'ASC'],
        range: [200, 224],
        filter: { status: 'active' },
      }),
    ).toEqual({ total: 270, rows: 25 });
    expect(await listed('/api/members', { range: [0, 24], filter: {} })).toEqual({
      total: SILVAS + SOUZAS,
      rows: 25,
    });
  });

  it('reports count the same way', async () => {
    const url = '/api/reports/members_without_credentials';
    expect(await listed(url, { range: [0, 24], filter: { kind: 'all' } })).toEqual({
      total: 101,
      rows: 25,
    });
    expect(await listed(url, { range: [250, 274], filter: { kind: 'all' } })).toEqual({
      total: 270,
      rows: 20,
    });
  });

  it('cappedCount reads at most the cap + 1 rows of its query', async () => {
    const { db } = t.database;
    const all = db.selectFrom('members').select('id');
    expect(await cappedCount(db, all, 50)).toBe(51);
    expect(await cappedCount(db, all, { offset: 0, limit: 25 })).toBe(101);
    expect(await cappedCount(db, all, { offset: 200, limit: 25 })).toBe(SILVAS + SOUZAS);
    expect(await cappedCount(db, all)).toBe(SILVAS + SOUZAS);
  });
});
