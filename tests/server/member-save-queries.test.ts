import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

// What one member save costs the database (issue 23): the member row is read once, and the whole
// request (session check and audit trail included) stays under a bound, so it cannot creep back.
const MAX_QUERIES_PER_SAVE = 12;
const PHOTO = `data:image/jpeg;base64,/9j/${'A'.repeat(400)}`;
const THUMB = 'data:image/jpeg;base64,/9j/BBBB';

describe('a member save', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let queries: string[] | null = null;
  let memberId = 0;

  const put = async (payload: object) => {
    queries = [];
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${memberId}`,
      headers: secretary,
      payload,
    });
    const run = queries;
    queries = null;
    expect(response.statusCode, response.body).toBe(200);
    // The answer, built without reading the row again, is what a fresh read gives.
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/members/${memberId}`,
      headers: secretary,
    });
    expect(response.json()).toEqual(reread.json());
    return { body: response.json() as Record<string, unknown>, run };
  };
  const memberRowReads = (run: string[]) =>
    run.filter((sql) =>
      /^select .* from "members" .*where ("members"\.)?"id" = (\?|\$1)/.test(sql),
    );

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (sql) => queries?.push(sql) });
    secretary = await t.userWithRoles(['secretary']);
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: secretary, payload });
    const positions = (await api('GET', '/api/positions')).json() as Array<{ id: number }>;
    const department = (await api('POST', '/api/departments', { name: 'Louvor' })).json();
    await api('POST', '/api/custom_fields', { label: 'Data de conversão', field_type: 'date' });
    const created = await api('POST', '/api/members', {
      name: 'Maria das Dores',
      cpf: '529.982.247-25',
      birth_date: '1980-02-29',
      position_id: positions[0].id,
      department_ids: [department.id],
      photo: PHOTO,
      photo_thumb: THUMB,
      custom_fields: { data_de_conversao: '2001-05-01' },
    });
    expect(created.statusCode, created.body).toBe(201);
    memberId = created.json().id;
  });
  afterAll(() => t.close());

  it('reads the member row once and stays under the bound for a change of one field', async () => {
    const { body, run } = await put({ phone_mobile: '(11) 98765-4321' });
    expect(body.phone_mobile).toBe('11987654321');
    expect(body.photo).toBe(PHOTO);
    expect(body.department_ids).toHaveLength(1);
    expect(memberRowReads(run), run.join('\n')).toHaveLength(1);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_SAVE);
  });

  it('still takes the whole record an older client sends back, at the same cost', async () => {
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/members/${memberId}`, headers: secretary })
    ).json() as Record<string, unknown>;
    const { body, run } = await put({ ...current, name: 'Maria das Dores Silva', age: 46 });
    expect(body.name).toBe('Maria das Dores Silva');
    expect(body.photo).toBe(PHOTO);
    expect(body.custom_fields).toEqual({ data_de_conversao: '2001-05-01' });
    expect(memberRowReads(run), run.join('\n')).toHaveLength(1);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(MAX_QUERIES_PER_SAVE);
  });
});

// What an authenticated request costs (issue 24): the check of the church's two-factor grace
// period rides on the query that loads the session's user, so an admin or a treasurer without a
// second factor pays the same as anyone; /api/health runs `select 1` and nothing else.
describe('a request', () => {
  let t: TestApp;
  let queries: string[] | null = null;

  const costOf = async (url: string, headers?: SessionHeaders) => {
    queries = [];
    const response = await t.app.inject({ method: 'GET', url, headers });
    const run = queries;
    queries = null;
    expect(response.statusCode, response.body).toBe(200);
    // PostgreSQL runs some of them side by side: the order is not the point.
    return run.sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (sql) => queries?.push(sql) });
    // The church requires a second factor of admins and treasurers since now: within the grace.
    await t.database.db
      .updateTable('church')
      .set({
        two_factor_required: true,
        two_factor_grace_days: 7,
        two_factor_required_since: new Date().toISOString(),
      })
      .where('id', '=', 1)
      .execute();
  });
  afterAll(() => t.close());

  it('costs an admin or a treasurer without a second factor no query more than a secretary', async () => {
    const secretary = await t.userWithRoles(['secretary']);
    const admin = await t.userWithRoles(['admin']);
    const treasurer = await t.userWithRoles(['financial']);
    const members = await costOf('/api/members?range=[0,24]', secretary);
    const adminMembers = await costOf('/api/members?range=[0,24]', admin);
    expect(adminMembers, adminMembers.join('\n')).toEqual(members);
    // The session's user and the church's requirement: one query.
    expect(adminMembers.filter((sql) => /from "users"/.test(sql))).toHaveLength(1);
    const congregations = await costOf('/api/congregations', secretary);
    const treasurerCongregations = await costOf('/api/congregations', treasurer);
    expect(treasurerCongregations, treasurerCongregations.join('\n')).toEqual(congregations);
    console.log(
      `GET /api/members as an admin without a second factor: ${adminMembers.length} queries`,
    );
  });

  it('asks /api/health for `select 1` only', async () => {
    expect(await costOf('/api/health')).toEqual(['select 1']);
  });
});
