// The dashboard's first-run checklist for admins: a new church has every church item open; each
// item closes when the church settings or the users say so; the whole list disappears when all
// are done or when an admin dismisses it (kept in the church settings); only admins see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_ITEMS } from '../../domain/setup.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('first-run checklist', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let secretary: SessionHeaders;

  beforeAll(async () => {
    t = await createTestApp({ blankChurch: true });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, headers: SessionHeaders, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, payload });
  const checklist = async (headers = admin) => {
    const response = await api('GET', '/api/dashboard', headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().setup_checklist as
      | { items: Array<{ key: string; done: boolean }>; complete: boolean; dismissed: boolean }
      | undefined;
  };
  const open = async () =>
    (await checklist())!.items.filter((item) => !item.done).map((item) => item.key);

  it('a new church: every item open, in order', async () => {
    const list = await checklist();
    expect(list).toEqual({
      items: SETUP_ITEMS.map((key) => ({ key, done: false })),
      complete: false,
      dismissed: false,
    });
    expect((await api('GET', '/api/church', admin)).json().name).toBe('Minha Igreja');
  });

  it('each item closes with what it asks for; the default name does not count', async () => {
    await api('PUT', '/api/church', admin, { name: 'Minha Igreja', pastor_name: '  ' });
    expect(await open()).toEqual(SETUP_ITEMS);

    await api('PUT', '/api/church', admin, {
      name: 'Igreja Batista Esperança',
      pastor_name: 'Pr. Antônio Conceição',
    });
    expect(await open()).toEqual(['city', 'logo', 'credential_validity', 'users']);

    await api('PUT', '/api/church', admin, { city: 'Campinas', logo: PIXEL });
    expect(await open()).toEqual(['credential_validity', 'users']);

    // The church form sends the validity with every save: that confirms it.
    const saved = await api('PUT', '/api/church', admin, { credential_validity_months: 24 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Object.keys(saved.json())).not.toContain('credential_validity_confirmed_at');
    expect(await open()).toEqual(['users']);

    secretary = await t.userWithRoles(['secretary']);
    expect(await checklist()).toMatchObject({ complete: true, dismissed: false });
  });

  it('only admins get it, and only admins dismiss it; dismissing is kept', async () => {
    expect(await checklist(secretary)).toBeUndefined();
    const refused = await api('POST', '/api/church/setup_checklist/dismiss', secretary);
    expect(refused.statusCode).toBe(403);

    // A church that undoes an item sees the list again, until an admin closes it.
    await api('PUT', '/api/church', admin, { logo: null });
    expect(await checklist()).toMatchObject({ complete: false, dismissed: false });
    const dismissed = await api('POST', '/api/church/setup_checklist/dismiss', admin);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ complete: false, dismissed: true });
    const row = await t.database.db
      .selectFrom('church')
      .select('setup_dismissed_at')
      .executeTakeFirstOrThrow();
    expect(row.setup_dismissed_at).not.toBeNull();
    // Again: still dismissed, the first time kept.
    await api('POST', '/api/church/setup_checklist/dismiss', admin);
    const again = await t.database.db
      .selectFrom('church')
      .select('setup_dismissed_at')
      .executeTakeFirstOrThrow();
    expect(again.setup_dismissed_at).toBe(row.setup_dismissed_at);
    expect(await checklist()).toMatchObject({ dismissed: true });
  });
});
