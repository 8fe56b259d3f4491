// member_birthdays (migration 0014): the active members born on each day per congregation, kept
// by triggers through every kind of write, and the birthday report's totals read from it — the
// same as counting the members, per congregation, with and without a department.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { searchText } from '../../domain/search.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('birthday counts', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let other = 0;
  let departmentId = 0;
  const ids: number[] = [];

  const stored = async () =>
    (
      await t.database.db
        .selectFrom('member_birthdays')
        .select(['birth_md', 'congregation_id', 'count'])
        .where('count', '<>', 0)
        .execute()
    )
      .map((row) => `${row.birth_md}|${row.congregation_id}|${Number(row.count)}`)
      .sort();
  const counted = async () =>
    (
      await t.database.db
        .selectFrom('members')
        .select(['birth_md', 'congregation_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'active')
        .where('birth_md', 'is not', null)
        .groupBy(['birth_md', 'congregation_id'])
        .execute()
    )
      .map((row) => `${row.birth_md}|${row.congregation_id}|${Number(row.n)}`)
      .sort();

  const reportTotal = async (filter: object, congregation?: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/birthdays?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,9]')}`,
      headers: {
        ...secretary,
        ...(congregation ? { 'x-congregation': String(congregation) } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return Number(String(response.headers['content-range']).split('/')[1]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    const { db } = t.database;
    const now = '2026-11-24T10:00:00.000Z';
    other = (
      await db
        .insertInto('congregations')
        .values({
          name: 'Congregação Jardim',
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: 'jardim',
          search: 'congregacao jardim',
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    departmentId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/departments',
        headers: secretary,
        payload: { name: 'Coral' },
      })
    ).json().id;
    // Three members born on each day of March and April, in two congregations and three
    // statuses; a few without a birth date.
    const rows = [];
    for (let month = 3; month <= 4; month++) {
      for (let day = 1; day <= 30; day++) {
        for (let k = 0; k < 3; k++) {
          const name = `Membro ${month}-${day}-${k}`;
          rows.push({
            name,
            sort_name: searchText(name),
            search: searchText(name),
            birth_date: `19${80 + k}-0${month}-${String(day).padStart(2, '0')}`,
            birth_md: month * 100 + day,
            status: (['active', 'active', 'inactive'] as const)[k],
            congregation_id: (day + k) % 2 === 0 ? other : SEDE_ID,
            custom_fields: '{}',
            holy_spirit_baptism: false,
            has_photo: false,
            created_at: now,
            updated_at: now,
          });
        }
      }
    }
    for (let start = 0; start < rows.length; start += 60) {
      const inserted = await db
        .insertInto('members')
        .values(rows.slice(start, start + 60))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    }
    await db
      .insertInto('member_departments')
      .values(ids.slice(0, 40).map((id) => ({ member_id: id, department_id: departmentId })))
      .execute();
  });
  afterAll(() => t.close());

  it('follows inserts, status changes, birth date changes, moves and deletes', async () => {
    expect(await stored()).toEqual(await counted());
    const { db } = t.database;
    await db
      .updateTable('members')
      .set({ status: 'inactive' })
      .where('id', 'in', ids.slice(0, 10))
      .execute();
    await db
      .updateTable('members')
      .set({ status: 'active' })
      .where('id', 'in', ids.slice(170, 180))
      .execute();
    await db
      .updateTable('members')
      .set({ birth_date: '1990-04-15', birth_md: 415 })
      .where('id', 'in', ids.slice(20, 25))
      .execute();
    await db
      .updateTable('members')
      .set({ birth_date: null, birth_md: null })
      .where('id', '=', ids[30])
      .execute();
    await db
      .updateTable('members')
      .set({ congregation_id: other })
      .where('id', 'in', ids.slice(40, 60))
      .execute();
    await db.deleteFrom('member_departments').where('member_id', 'in', ids.slice(60, 70)).execute();
    await db.deleteFrom('members').where('id', 'in', ids.slice(60, 70)).execute();
    expect(await stored()).toEqual(await counted());
  });

  it('gives the report the totals a count of the members gives', async () => {
    const { db } = t.database;
    const count = async (from: number, to: number, congregation?: number, department?: number) => {
      let query = db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'active')
        .where('birth_md', '>=', from)
        .where('birth_md', '<=', to);
      if (congregation) query = query.where('congregation_id', '=', congregation);
      if (department) {
        query = query.where('id', 'in', (eb) =>
          eb
            .selectFrom('member_departments')
            .select('member_id')
            .where('department_id', '=', department),
        );
      }
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    expect(await count(301, 331)).toBeGreaterThan(30);
    expect(await reportTotal({ month: 3 })).toBe(await count(301, 331));
    expect(await reportTotal({ month: 4 }, other)).toBe(await count(401, 430, other));
    expect(await reportTotal({ month: 4 }, SEDE_ID)).toBe(await count(401, 430, SEDE_ID));
    expect(await reportTotal({ month: 3, department_id: departmentId })).toBe(
      await count(301, 331, undefined, departmentId),
    );
    expect(await reportTotal({ month: 5 })).toBe(0);
  });
});
