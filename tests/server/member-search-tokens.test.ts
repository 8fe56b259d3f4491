// The member search's token index (migration 0014, members/list.ts): the triggers keep
// member_tokens equal to the tokens of each member's `search` text (domain/search.ts splits them
// the same way), and a search by name served by merging the tokens' index ranges answers
// exactly what the substring search answers — page by page, both directions, narrowed by a
// congregation, another word or a filter, with the "mais de 100" total.
//
// A CPF typed in the search has digits, which the tokens do not hold: the substring index
// answers it, as before.
//
// 1,100 members named "Aaa …" come first in name order, so the list's walk over its first 1,000
// rows finds no "joao" and the page comes from the tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { searchText, searchTokens } from '../../domain/search.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('member search through the token index', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let other = 0;
  /** Every member: id, search text, congregation, marital status. */
  const members: Array<{ id: number; search: string; congregation: number; married: boolean }> = [];

  const tokensInDatabase = async () => {
    const rows = await t.database.db
      .selectFrom('member_tokens')
      .select(['token', 'member_id', 'sort_name', 'congregation_id'])
      .execute();
    return rows
      .map((row) => `${row.member_id}|${row.token}|${row.sort_name}|${row.congregation_id}`)
      .sort();
  };
  const tokensExpected = async () => {
    const rows = await t.database.db
      .selectFrom('members')
      .select(['id', 'search', 'sort_name', 'congregation_id'])
      .execute();
    return rows
      .flatMap((row) =>
        searchTokens(row.search).map(
          (token) => `${row.id}|${token}|${row.sort_name}|${row.congregation_id}`,
        ),
      )
      .sort();
  };

  const list = async (filter: object, range: [number, number], order = 'ASC') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/members?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}&sort=${encodeURIComponent(JSON.stringify(['name', order]))}`,
      headers: secretary,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: (response.json() as Array<{ id: number }>).map((row) => row.id),
      total: Number(String(response.headers['content-range']).split('/')[1]),
    };
  };

  /** The whole registry in the list's own order (no text search involved). */
  const registryOrder = async (order: string) => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await list({}, [offset, offset + 499], order);
      ids.push(...page.ids);
      if (page.ids.length < 500) return ids;
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = (await t.userWithRoles(['secretary'])) as SessionHeaders;
    const { db } = t.database;
    const now = '2026-11-24T10:00:00.000Z';
    other = (
      await db
        .insertInto('congregations')
        .values({
          name: 'Congregação Boa Vista',
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: 'boa-vista',
          search: 'congregacao boa vista',
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const names: Array<[string, string | null]> = [];
    for (let i = 0; i < 1100; i++) names.push([`Aaa Filler ${i}`, null]);
    for (let i = 0; i < 150; i++) names.push([`João Pereira ${i}`, `jp${i}@igreja.org`]);
    for (let i = 0; i < 12; i++) names.push([`Maria João ${i}`, null]);
    for (let i = 0; i < 6; i++) names.push([`Paulo Souza ${i}`, `joao.souza+${i}@igreja.org`]);
    for (let i = 0; i < 4; i++) names.push([`Joãozinho D'Ávila ${i}`, null]);
    // Members holding two tokens that contain "joao": each once in the answer.
    for (let i = 0; i < 40; i++) names.push([`João Joãozinho ${i}`, `joaozinho${i}@igreja.org`]);
    names.push(['Sebastião "Tião" Joao\\Neto', 'tiao@igreja.org']);
    for (let start = 0; start < names.length; start += 200) {
      const rows = names.slice(start, start + 200).map(([name, email], index) => {
        const n = start + index;
        return {
          name,
          sort_name: searchText(name),
          search: searchText(name, email),
          email,
          status: 'active' as const,
          marital_status: n % 3 === 0 ? ('married' as const) : ('single' as const),
          congregation_id: n % 4 === 0 ? other : SEDE_ID,
          custom_fields: '{}',
          holy_spirit_baptism: false,
          has_photo: false,
          created_at: now,
          updated_at: now,
        };
      });
      const inserted = await db.insertInto('members').values(rows).returning('id').execute();
      inserted.forEach(({ id }, index) =>
        members.push({
          id,
          search: rows[index].search,
          congregation: rows[index].congregation_id,
          married: rows[index].marital_status === 'married',
        }),
      );
    }
  });
  afterAll(() => t.close());

  it('keeps member_tokens equal to the tokens of every search text', async () => {
    expect(await tokensInDatabase()).toEqual(await tokensExpected());
    const { db } = t.database;
    // The tricky member: the quote, backslash and apostrophe stay inside tokens; the e-mail's
    // "@" and "." separate them.
    const tricky = members.at(-1)!;
    const tokens = await db
      .selectFrom('member_tokens')
      .select('token')
      .where('member_id', '=', tricky.id)
      .execute();
    expect(tokens.map((row) => row.token).sort()).toEqual([
      '"tiao"',
      'igreja',
      'joao\\neto',
      'org',
      'sebastiao',
      'tiao',
    ]);

    // Renamed, moved, another e-mail; a status change alone; deleted.
    const [renamed, moved, statusOnly, removed] = members.slice(1100, 1104);
    await db
      .updateTable('members')
      .set({
        name: 'Zacarias Quintino',
        sort_name: 'zacarias quintino',
        search: 'zacarias quintino',
      })
      .where('id', '=', renamed.id)
      .execute();
    await db
      .updateTable('members')
      .set({ congregation_id: moved.congregation === other ? SEDE_ID : other })
      .where('id', '=', moved.id)
      .execute();
    await db
      .updateTable('members')
      .set({ status: 'inactive' })
      .where('id', '=', statusOnly.id)
      .execute();
    await db.deleteFrom('members').where('id', '=', removed.id).execute();
    expect(await tokensInDatabase()).toEqual(await tokensExpected());
    const vocabulary = await db.selectFrom('search_tokens').select('token').execute();
    expect(vocabulary.map((row) => row.token)).toEqual(
      expect.arrayContaining(['zacarias', 'quintino', 'joao', 'joaozinho', "d'avila"]),
    );
    // Put back as they were, for the searches below.
    await db.deleteFrom('members').where('id', 'in', [renamed.id]).execute();
    members.splice(members.indexOf(renamed), 1);
    members.splice(members.indexOf(removed), 1);
    moved.congregation = moved.congregation === other ? SEDE_ID : other;
    expect(await tokensInDatabase()).toEqual(await tokensExpected());
  });

  it('answers every page exactly as the substring search would', async () => {
    for (const order of ['ASC', 'DESC']) {
      const registry = await registryOrder(order);
      const byId = new Map(members.map((member) => [member.id, member]));
      const cases: Array<{
        filter: Record<string, unknown>;
        expected: (member: (typeof members)[number]) => boolean;
      }> = [
        { filter: { q: 'joão' }, expected: (m) => m.search.includes('joao') },
        { filter: { q: 'oaozinh' }, expected: (m) => m.search.includes('oaozinh') },
        {
          filter: { q: 'joao', congregation_id: other },
          expected: (m) => m.search.includes('joao') && m.congregation === other,
        },
        {
          filter: { q: 'maria joao' },
          expected: (m) => m.search.includes('maria') && m.search.includes('joao'),
        },
        {
          filter: { q: 'joao 1' },
          expected: (m) => m.search.includes('joao') && m.search.includes('1'),
        },
        {
          filter: { q: 'joao', marital_status: 'married' },
          expected: (m) => m.search.includes('joao') && m.married,
        },
        { filter: { q: 'xyzzy' }, expected: () => false },
      ];
      for (const { filter, expected } of cases) {
        const matches = registry.filter((id) => expected(byId.get(id)!));
        for (const [from, to] of [
          [0, 24],
          [25, 49],
          [100, 124],
          [150, 174],
        ] as Array<[number, number]>) {
          const page = await list(filter, [from, to], order);
          const label = `${JSON.stringify(filter)} ${order} ${from}-${to}`;
          expect(page.ids, label).toEqual(matches.slice(from, to + 1));
          const cap = to < 100 ? 100 : 200;
          expect(page.total, label).toBe(Math.min(matches.length, cap + 1));
        }
      }
    }
  });
});
