// The seed (`npm run adam -- seed`): its members are ones the API itself accepts, with valid
// and unique CPFs, departments and searchable accented names — on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCpf } from '../../domain/taxIds.js';
import { countCapFor } from '../../domain/listTotals.js';
import { searchText, searchTokens } from '../../domain/search.js';
import { SeedRefused, seedDatabase } from '../../server/seed/index.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const MEMBERS = 1200;

/** The total a page answers: exact up to its count cap, cap + 1 past it ("mais de N"). */
const pageTotal = (matches: number, [from, to]: [number, number]) =>
  Math.min(matches, countCapFor({ offset: from, limit: to - from + 1 }) + 1);

describe('seed', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
  const list = async (filter: object, range: [number, number], sort = ['name', 'ASC']) => {
    const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const response = await get(
      `/api/members?filter=${q(filter)}&sort=${q(sort)}&range=${q(range)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: (response.json() as Array<{ id: number }>).map((m) => m.id),
      total: Number(String(response.headers['content-range']).split('/')[1]),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    const result = await seedDatabase(t.database, { members: MEMBERS, seed: 7 });
    expect(result.members).toBe(MEMBERS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to seed over existing members unless asked to reset', async () => {
    await expect(seedDatabase(t.database, { members: 10 })).rejects.toBeInstanceOf(SeedRefused);
  });

  it('writes members the API accepts unchanged, with valid unique CPFs', async () => {
    const rows = await t.database.db
      .selectFrom('members')
      .select(['id', 'cpf', 'name', 'sort_name', 'search'])
      .execute();
    expect(rows).toHaveLength(MEMBERS);
    const cpfs = rows.map((row) => row.cpf).filter((cpf): cpf is string => cpf !== null);
    expect(cpfs.length).toBeGreaterThan(MEMBERS * 0.7);
    expect(cpfs.every(isValidCpf)).toBe(true);
    expect(new Set(cpfs).size).toBe(cpfs.length);
    for (const row of rows) expect(row.sort_name).toBe(searchText(row.name));

    // A spread of members, each read through the API and written back unchanged.
    for (const { id } of rows.filter((_, index) => index % 100 === 0)) {
      const read = await get(`/api/members/${id}`);
      expect(read.statusCode).toBe(200);
      const member = read.json();
      const written = await t.app.inject({
        method: 'PUT',
        url: `/api/members/${id}`,
        headers: admin,
        payload: member,
      });
      expect(written.statusCode, written.body).toBe(200);
      expect(written.json()).toMatchObject({ ...member, updated_at: expect.any(String) });
    }
  });

  it('fills departments, leaders, positions and custom fields', async () => {
    const departments = (await get('/api/departments')).json() as Array<{
      leader_id: number | null;
      member_count: number;
    }>;
    expect(departments.length).toBeGreaterThanOrEqual(8);
    expect(departments.every((d) => d.leader_id !== null)).toBe(true);
    const memberships = await t.database.db
      .selectFrom('member_departments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(memberships.count)).toBeGreaterThan(MEMBERS / 2);
    const fields = (await get('/api/custom_fields')).json() as unknown[];
    expect(fields.length).toBeGreaterThanOrEqual(2);
    const positions = (await get('/api/positions')).json() as Array<{
      id: number;
      ministerial: boolean;
      member_count: number;
    }>;
    expect(positions.filter((p) => p.ministerial).some((p) => p.member_count > 0)).toBe(true);
    expect(positions.find((p) => !p.ministerial)!.member_count).toBeGreaterThan(MEMBERS / 2);
  });

  it('finds accented names by their plain form', async () => {
    const { names } = await t.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('names'))
      .where('name', 'like', '%João%')
      .executeTakeFirstOrThrow();
    expect(Number(names)).toBeGreaterThan(0);
    const found = await list({ q: 'joao' }, [0, 999]);
    expect(found.total).toBeGreaterThanOrEqual(Number(names));
    const rows = await t.database.db
      .selectFrom('members')
      .select('name')
      .where('id', 'in', found.ids)
      .execute();
    expect(rows.some((row) => row.name.includes('João'))).toBe(true);
  });

  // The list walks the first rows of the sorted list for common words and asks the text
  // index otherwise: every page must equal the unfiltered list (the database's own order)
  // filtered by the words, whichever way it was found.
  it('leaves the search tokens and birthday counts the triggers would have written', async () => {
    const { db } = t.database;
    const members = await db
      .selectFrom('members')
      .select(['id', 'search', 'sort_name', 'congregation_id', 'status', 'birth_md'])
      .execute();
    const tokens = await db
      .selectFrom('member_tokens')
      .select(['token', 'member_id', 'sort_name', 'congregation_id'])
      .execute();
    expect(
      tokens.map((r) => `${r.member_id}|${r.token}|${r.sort_name}|${r.congregation_id}`).sort(),
    ).toEqual(
      members
        .flatMap((m) =>
          searchTokens(m.search).map(
            (token) => `${m.id}|${token}|${m.sort_name}|${m.congregation_id}`,
          ),
        )
        .sort(),
    );
    const birthdays = new Map<string, number>();
    for (const m of members) {
      if (m.status !== 'active' || m.birth_md === null) continue;
      const key = `${m.birth_md}|${m.congregation_id}`;
      birthdays.set(key, (birthdays.get(key) ?? 0) + 1);
    }
    const stored = await db
      .selectFrom('member_birthdays')
      .selectAll()
      .where('count', '<>', 0)
      .execute();
    expect(
      stored.map((r) => `${r.birth_md}|${r.congregation_id}|${Number(r.count)}`).sort(),
    ).toEqual([...birthdays].map(([key, n]) => `${key}|${n}`).sort());
  });

  it('pages of a text search equal the sorted list filtered by the words', async () => {
    const sorted = [...(await list({}, [0, 999])).ids, ...(await list({}, [1000, 1999])).ids];
    expect(sorted).toHaveLength(MEMBERS);
    const rows = new Map(
      (
        await t.database.db
          .selectFrom('members')
          .select(['id', 'search', 'status', 'cpf', 'sex'])
          .execute()
      ).map((row) => [row.id, row]),
    );
    const rare = [...rows.values()]
      .reverse()
      .find((row) => row.cpf)!
      .cpf!.slice(0, 8);
    const matching = (words: string[], status?: string) =>
      sorted.filter((id) => {
        const row = rows.get(id)!;
        return words.every((w) => row.search.includes(w)) && (!status || row.status === status);
      });
    // 'a' and 'de' are in more tokens than the token merge takes: the walk answers them.
    for (const term of ['silva', 'joao', 'maria', 'santos oliveira', 'a', 'de', rare, 'xyzzy']) {
      const expected = matching(term.split(' '));
      for (const range of [
        [0, 24],
        [25, 49],
        [975, 999],
      ] as Array<[number, number]>) {
        const page = await list({ q: term }, range);
        expect(page.ids, `${term} ${range.join('-')}`).toEqual(
          expected.slice(range[0], range[1] + 1),
        );
        expect(page.total).toBe(pageTotal(expected.length, range));
      }
    }
    const active = matching(['silva'], 'active');
    const page = await list({ q: 'silva', status: 'active' }, [0, 24]);
    expect(page.total).toBe(pageTotal(active.length, [0, 24]));
    expect(page.ids).toEqual(active.slice(0, 25));
    // A filter no index follows in this order: straight to the text index.
    const women = matching(['silva']).filter((id) => rows.get(id)!.sex === 'F');
    const womenPage = await list({ q: 'silva', sex: 'F' }, [25, 49]);
    expect(womenPage.total).toBe(pageTotal(women.length, [25, 49]));
    expect(womenPage.ids).toEqual(women.slice(25, 50));

    // The department is walked the same way: large and small ones, first and far pages.
    const links = await t.database.db
      .selectFrom('member_departments')
      .select(['member_id', 'department_id'])
      .execute();
    for (const departmentId of new Set(links.map((link) => link.department_id))) {
      const inDepartment = new Set(
        links.filter((l) => l.department_id === departmentId).map((l) => l.member_id),
      );
      const expected = sorted.filter(
        (id) => inDepartment.has(id) && rows.get(id)!.status === 'active',
      );
      for (const range of [
        [0, 24],
        [975, 999],
      ] as Array<[number, number]>) {
        const found = await list({ department_id: departmentId, status: 'active' }, range);
        expect(found.ids).toEqual(expected.slice(range[0], range[1] + 1));
        expect(found.total).toBe(pageTotal(expected.length, range));
      }
    }
  });

  it('keeps the registry total and the dashboard counts in step with writes', async () => {
    const before = await list({}, [0, 0]);
    expect(before.total).toBe(MEMBERS);
    const dashboard = (await get('/api/dashboard')).json() as {
      members: { total: number; by_status: Record<string, number> };
    };
    expect(dashboard.members.total).toBe(MEMBERS);
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/members',
        headers: admin,
        payload: { name: 'Zé Contagem', status: 'pending' },
      })
    ).json() as { id: number };
    await t.app.inject({
      method: 'POST',
      url: '/api/members/bulk',
      headers: admin,
      payload: { action: 'set_status', ids: [id], status: 'inactive' },
    });
    const after = (await get('/api/dashboard')).json() as typeof dashboard;
    expect(after.members.total).toBe(MEMBERS + 1);
    expect(after.members.by_status.inactive).toBe(dashboard.members.by_status.inactive + 1);
    expect(after.members.by_status.pending).toBe(dashboard.members.by_status.pending);
    await t.app.inject({ method: 'DELETE', url: `/api/members/${id}`, headers: admin });
    expect((await list({}, [0, 0])).total).toBe(MEMBERS);
  });
});
