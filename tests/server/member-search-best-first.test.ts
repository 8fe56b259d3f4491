// The name pickers' search (check-in, "who invited", a cell's or a class's people): the members
// list's q with sort "match", best matches first (members/list.ts) — first the names beginning
// with what was typed, then the names with a word beginning with it, then the rest of the
// matches, each tier by name; typed in any case, with or without accents; only in the
// congregations the user may see, narrowed by the culto's congregation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { searchText } from '../../domain/search.js';
import { insertCongregation } from '../support/finance.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('member search, best matches first', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let otherSecretary: SessionHeaders;
  let other = 0;
  const lucas = Array.from(
    { length: 105 },
    (_, i) => `Lucas Almeida ${String(i).padStart(3, '0')}`,
  );

  const search = async (
    headers: SessionHeaders,
    filter: Record<string, unknown>,
    range: [number, number] = [0, 7],
  ) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/members?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}&sort=${encodeURIComponent(JSON.stringify(['match', 'ASC']))}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: (response.json() as Array<{ name: string }>).map((row) => row.name),
      total: Number(String(response.headers['content-range']).split('/')[1]),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const now = '2026-11-27T10:00:00.000Z';
    other = await insertCongregation(t, 'Congregação Lugar Alto');
    secretary = await t.userWithRoles(['secretary']);
    otherSecretary = await t.userWithRoles(['secretary'], 'Secretária do Lugar Alto', [other]);
    const names: Array<[string, number, string | null]> = [
      // Alphabetically before every "lu" name: a list by name would show them first.
      ['Ana Luíza Prado', SEDE_ID, null],
      ['Ana Sallum', SEDE_ID, null],
      ['Paulo Lucena', SEDE_ID, null],
      ['Beatriz Costa', SEDE_ID, null],
      ['Luíza Tavares', SEDE_ID, 'lu.tavares@igreja.org'],
      ['Lúcia Outra', other, null],
      ['Carla Lustosa', other, null],
    ];
    const rows = names.map(([name, congregation, email]) => ({
      name,
      sort_name: searchText(name),
      search: searchText(name, email),
      email,
      status: 'active' as const,
      congregation_id: congregation,
      custom_fields: '{}',
      holy_spirit_baptism: false,
      has_photo: false,
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto('members').values(rows).execute();
  });
  afterAll(() => t.close());

  it('answers the names beginning with the words first, then a word beginning, then the rest', async () => {
    // Typed in capitals, with or without the accent: the same members, in the same order.
    for (const q of ['lu', 'LU', 'Lú']) {
      expect(await search(secretary, { q, congregation_id: SEDE_ID }), q).toEqual({
        names: ['Luíza Tavares', 'Ana Luíza Prado', 'Paulo Lucena', 'Ana Sallum'],
        total: 4,
      });
    }
    // A surname, a first name, the middle of a word, two words.
    expect((await search(secretary, { q: 'prado' })).names).toEqual(['Ana Luíza Prado']);
    expect((await search(secretary, { q: 'luiza', congregation_id: SEDE_ID })).names).toEqual([
      'Luíza Tavares',
      'Ana Luíza Prado',
    ]);
    expect((await search(secretary, { q: 'allu' })).names).toEqual(['Ana Sallum']);
    expect((await search(secretary, { q: 'ana lu' })).names).toEqual([
      'Ana Luíza Prado',
      'Ana Sallum',
    ]);
    expect(await search(secretary, { q: 'xyz' })).toEqual({ names: [], total: 0 });
  });

  it('keeps the three tiers across pages and stops counting at the cap', async () => {
    const { db } = t.database;
    await db
      .insertInto('members')
      .values(
        lucas.map((name) => ({
          name,
          sort_name: searchText(name),
          search: searchText(name),
          status: 'active' as const,
          congregation_id: SEDE_ID,
          custom_fields: '{}',
          holy_spirit_baptism: false,
          has_photo: false,
          created_at: '2026-11-27T10:00:00.000Z',
          updated_at: '2026-11-27T10:00:00.000Z',
        })),
      )
      .execute();
    const all = [...lucas, 'Luíza Tavares', 'Ana Luíza Prado', 'Paulo Lucena', 'Ana Sallum'];
    expect(await search(secretary, { q: 'lu', congregation_id: SEDE_ID })).toEqual({
      names: all.slice(0, 8),
      total: 101,
    });
    expect(await search(secretary, { q: 'lu', congregation_id: SEDE_ID }, [100, 107])).toEqual({
      names: all.slice(100, 108),
      total: 109,
    });
    await db.deleteFrom('members').where('name', 'in', lucas).execute();
  });

  it('finds only members of the congregations the user may see', async () => {
    // The whole church: both congregations, each tier by name.
    expect((await search(secretary, { q: 'lu' })).names).toEqual([
      'Lúcia Outra',
      'Luíza Tavares',
      'Ana Luíza Prado',
      'Carla Lustosa',
      'Paulo Lucena',
      'Ana Sallum',
    ]);
    expect((await search(secretary, { q: 'lu', congregation_id: other })).names).toEqual([
      'Lúcia Outra',
      'Carla Lustosa',
    ]);
    // A secretary of the other congregation: never a member of the sede, even when asked for.
    expect((await search(otherSecretary, { q: 'lu' })).names).toEqual([
      'Lúcia Outra',
      'Carla Lustosa',
    ]);
    expect(await search(otherSecretary, { q: 'lu', congregation_id: SEDE_ID })).toEqual({
      names: [],
      total: 0,
    });
  });
});
