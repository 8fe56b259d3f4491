// A member's trail (the member page's Histórico) in words and within the congregation scope, and
// the trail's retention: the church's setting and the purge, with fixed dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyAuditPurge, purgeAuditLog } from '../../server/modules/audit/purge.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe("a member's trail", () => {
  let t: TestApp;
  let admin: Api;
  let secretary: Api;
  let financial: Api;
  const ids: Record<string, number> = {};

  const trail = (as: Api, memberId: number) =>
    as(
      'GET',
      `/api/audit_log?${query({ filter: { resource: 'members', record_id: memberId }, range: [0, 99] })}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    const congregation = async (name: string) =>
      (await created(admin, '/api/congregations', { name, kind: 'congregacao' })).id as number;
    ids.north = await congregation('Congregação Norte');
    ids.south = await congregation('Congregação Sul');
    const positions = (await admin('GET', '/api/positions')).json() as Row[];
    ids.deacon = positions.find((p) => p.name === 'Diácono')!.id;
    ids.department = (await created(admin, '/api/departments', { name: 'Jovens' })).id;
    await created(admin, '/api/custom_fields', {
      label: 'Tamanho da camiseta',
      field_type: 'text',
    });
    ids.member = (
      await created(admin, '/api/members', {
        name: 'Débora Norte',
        congregation_id: ids.north,
        status: 'active',
      })
    ).id;
    ids.elsewhere = (
      await created(admin, '/api/members', { name: 'Silas Sul', congregation_id: ids.south })
    ).id;
    const user = await t.userWithRoles(['secretary'], 'Secretária Norte');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([ids.north]) })
      .where('id', '=', user.id)
      .execute();
    secretary = apiAs(t, user);
    financial = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro'));
  });
  afterAll(() => t?.close());

  it('shows changes with names and views, newest first, to secretary access', async () => {
    const changed = await admin('PUT', `/api/members/${ids.member}`, {
      position_id: ids.deacon,
      congregation_id: ids.south,
      department_ids: [ids.department],
      custom_fields: { tamanho_da_camiseta: 'M' },
      notes: 'Veio transferida',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await created(admin, '/api/credentials', { member_id: ids.member });
    // Back north, where the secretary may read her.
    await admin('PUT', `/api/members/${ids.member}`, { congregation_id: ids.north });
    expect((await secretary('GET', `/api/members/${ids.member}`)).statusCode).toBe(200);

    const response = await trail(secretary, ids.member);
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json() as Row[];
    expect(entries.map((entry) => `${entry.action} ${entry.resource}`)).toEqual([
      'view members',
      'update members',
      'issue credentials',
      'update members',
      'create members',
    ]);
    expect(entries[0].user_name).toBe('Secretária Norte');
    const update = entries[3];
    expect(update.record_name).toBe('Débora Norte');
    expect(update.changes).toMatchObject({
      position_id: [null, ids.deacon],
      congregation_id: [ids.north, ids.south],
      department_ids: [[], [ids.department]],
      'custom_fields.tamanho_da_camiseta': [null, 'M'],
      notes: [null, 'Veio transferida'],
    });
    expect(update.names).toEqual({
      position_id: { [ids.deacon]: 'Diácono' },
      congregation_id: { [ids.north]: 'Congregação Norte', [ids.south]: 'Congregação Sul' },
      department_ids: { [ids.department]: 'Jovens' },
    });
    expect(update.field_labels).toEqual({
      'custom_fields.tamanho_da_camiseta': 'Tamanho da camiseta',
    });
    // The card's entry names the member it is about.
    expect(entries[2].record_name).toBe('Débora Norte');
  });

  it("keeps a scoped secretary to her congregations' members, and to one member's trail", async () => {
    expect((await trail(secretary, ids.elsewhere)).statusCode).toBe(404);
    const whole = await secretary('GET', '/api/audit_log');
    expect(whole.statusCode).toBe(400);
    expect(whole.json().message).toMatch(/histórico de um membro/);
    const other = await secretary(
      'GET',
      `/api/audit_log?${query({ filter: { resource: 'users', record_id: 1 } })}`,
    );
    expect(other.statusCode).toBe(400);
    // One entry by id: hers to read only when it is about a member she may read.
    const [first] = (await trail(admin, ids.member)).json() as Row[];
    expect((await secretary('GET', `/api/audit_log/${first.id}`)).statusCode).toBe(200);
    const [south] = (await trail(admin, ids.elsewhere)).json() as Row[];
    expect((await secretary('GET', `/api/audit_log/${south.id}`)).statusCode).toBe(404);
    // The financial role reads no member's trail.
    expect((await trail(financial, ids.member)).statusCode).toBe(403);
  });

  it('filters the whole trail for admins by area, action, user and period', async () => {
    const list = async (filter: object) => {
      const response = await admin('GET', `/api/audit_log?${query({ filter, range: [0, 999] })}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Row[];
    };
    const settings = await list({ area: 'settings' });
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.every((entry) => entry.area === 'settings')).toBe(true);
    const views = await list({ action: 'view' });
    expect(views.every((entry) => entry.action === 'view')).toBe(true);
    // A period, with fixed dates: up to the end of its last day.
    for (const created_at of ['2026-03-09T23:59:59.000Z', '2026-03-10T12:00:00.000Z']) {
      await t.database.db
        .insertInto('audit_log')
        .values({
          user_id: null,
          user_name: 'Datado',
          action: 'sign_out',
          resource: 'sessions',
          area: 'access',
          record_id: null,
          member_id: null,
          changes: '{}',
          details: null,
          ip: null,
          user_agent: null,
          created_at,
        })
        .execute();
    }
    const period = await list({ created_at_gte: '2026-03-10', created_at_lte: '2026-03-10' });
    expect(period.map((entry) => new Date(entry.created_at).toISOString())).toEqual([
      '2026-03-10T12:00:00.000Z',
    ]);
    expect(await list({ created_at_lte: '2000-01-01' })).toEqual([]);
    const bad = await admin('GET', `/api/audit_log?${query({ filter: { area: 'nada' } })}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('retention', () => {
  let t: TestApp;
  let admin: Api;

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
  });
  afterAll(() => t?.close());

  const entryAt = (created_at: string) =>
    t.database.db
      .insertInto('audit_log')
      .values({
        user_id: null,
        user_name: 'Antigo',
        action: 'update',
        resource: 'members',
        area: 'members',
        record_id: 1,
        member_id: 1,
        changes: '{}',
        details: null,
        ip: null,
        user_agent: null,
        created_at,
      })
      .execute();
  const dates = async () =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .select('created_at')
        .where('user_name', '=', 'Antigo')
        .orderBy('created_at')
        .execute()
    ).map((row) => new Date(row.created_at).toISOString().slice(0, 10));

  it('is a church setting of 1 to 20 years, 5 by default', async () => {
    expect((await admin('GET', '/api/church')).json().audit_retention_years).toBe(5);
    for (const years of [0, 21, 2.5]) {
      const refused = await admin('PUT', '/api/church', { audit_retention_years: years });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.audit_retention_years).toMatch(/anos/);
    }
    const saved = await admin('PUT', '/api/church', { audit_retention_years: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().audit_retention_years).toBe(3);
    expect(saved.json()).not.toHaveProperty('audit_purged_on');
  });

  it('deletes only what is older than the retention, once a day among processes', async () => {
    await t.database.db.updateTable('church').set({ audit_retention_years: 5 }).execute();
    await entryAt('2019-06-30T12:00:00.000Z');
    await entryAt('2021-11-23T23:59:59.000Z');
    await entryAt('2021-11-24T00:00:00.000Z');
    await entryAt('2024-01-01T10:00:00.000Z');

    // Two servers on 24/11/2026: the first claims the day and purges, the second does nothing.
    const [first, second] = await Promise.all([
      dailyAuditPurge(t.database.db, '2026-11-24'),
      dailyAuditPurge(t.database.db, '2026-11-24'),
    ]);
    const results = [first, second].filter((result) => result !== null);
    expect(results).toEqual([{ before: '2021-11-24', deleted: 2 }]);
    expect(await dates()).toEqual(['2021-11-24', '2024-01-01']);
    // The purge itself is on the trail.
    const purge = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'purge')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(purge.details!)).toEqual({
      before: '2021-11-24',
      deleted: 2,
      retention_years: 5,
    });

    // The next day it runs again; a shorter retention reaches further.
    await t.database.db.updateTable('church').set({ audit_retention_years: 1 }).execute();
    expect(await dailyAuditPurge(t.database.db, '2026-11-25')).toEqual({
      before: '2025-11-25',
      deleted: 2,
    });
    expect(await dates()).toEqual([]);
    // On demand (the CLI's purge), whatever the day's claim.
    expect(await purgeAuditLog(t.database.db, '2026-11-25')).toEqual({
      before: '2025-11-25',
      deleted: 0,
    });
  });
});
