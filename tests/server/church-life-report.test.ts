// What the pastor sees (issue 26, /api/reports/church_life): attendance per culto month by month,
// attendance by gathering kind (a kind this build does not know yet shows by its own name),
// visitors per month and how many became members, "quem sumiu" — each total checked against the
// attendances and head counts stored, in the report's scope, as JSON, CSV and PDF.
import { type Kysely, sql } from 'kysely';
import { postgresDialect } from '../../server/db/dialect.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIso } from '../../domain/dates.js';
import type { Database } from '../../server/db/schema.js';
import {
  churchLifeApp,
  newCongregation,
  newMember,
  newWorshipService,
  openOccurrence,
  rowsOfOldSchema,
} from '../support/churchLife.js';
import { withMigrationDatabase } from '../support/migrations.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { type TestApp, usingPostgres } from '../support/testApp.js';

const URL = '/api/reports/church_life';

describe('the pastor’s church life report', { tags: ['dates'] }, () => {
  let t: TestApp;
  let admin: Api;
  let scopedB: Api;
  const ids: Record<string, number> = {};
  const today = todayIso();
  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
  /** Days of the current and the previous month, never after today. */
  const early = `${lastMonth}-03`;
  const late = `${lastMonth}-20`;
  const recent = today;

  const report = async (api: Api, filter: object) => {
    const response = await api('GET', `${URL}?${query({ filter, range: [0, 999] })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Betel');
    ids.B = await newCongregation(admin, 'Congregação Siloé');
    for (const name of ['Ana', 'Bia', 'Caio', 'Davi'])
      ids[name] = await newMember(admin, `${name} Betel`, ids.A);
    ids.Eva = await newMember(admin, 'Eva Siloé', ids.B);
    ids.Gil = await newMember(admin, 'Gil Nunca Veio', ids.A);
    ids.sunday = await newWorshipService(admin, 'Culto de domingo', ids.A, 0);
    ids.wednesday = await newWorshipService(admin, 'Culto de quarta', ids.B, 3);
    const open = (serviceId: number, date: string) => openOccurrence(admin, serviceId, date);
    const present = async (gathering: number, memberIds: number[]) => {
      for (const member_id of memberIds) {
        await created(admin, `/api/gatherings/${gathering}/attendances`, { member_id });
      }
    };
    // Last month: two Sundays at Betel, named presence only (3 and 1), a visitor at the second.
    const g1 = await open(ids.sunday, early);
    await present(g1, [ids.Ana, ids.Bia, ids.Caio]);
    const g2 = await open(ids.sunday, late);
    await present(g2, [ids.Bia]);
    await created(admin, '/api/visitors', { name: 'Visitante Um', gathering_id: g2 });
    // This month: a Sunday with the ushers' count (40 members, 5 children) over 2 named.
    const g3 = await open(ids.sunday, recent);
    await present(g3, [ids.Ana, ids.Bia]);
    expect(
      (
        await admin('PUT', `/api/gatherings/${g3}`, {
          count_members: 40,
          count_children: 5,
        })
      ).statusCode,
    ).toBe(200);
    // A visitor at the counted Sunday: the visitors were not counted, so the named one stands.
    await created(admin, '/api/visitors', { name: 'Visitante Domingo', gathering_id: g3 });
    // Siloé: a Wednesday with Eva; an event at Betel with Davi.
    await present(await open(ids.wednesday, late), [ids.Eva]);
    const event = await created(admin, '/api/gatherings', {
      name: 'Santa Ceia especial',
      congregation_id: ids.A,
      date: late,
    });
    await present(event.id, [ids.Davi, ids.Ana]);
    // A kind this build does not know yet (a cell meeting, from another branch of the work).
    const now = new Date().toISOString();
    const cell = await t.database.db
      .insertInto('gatherings')
      .values({
        kind: 'cell',
        congregation_id: ids.A,
        name: 'Célula Esperança',
        date: early,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('attendances')
      .values([
        { gathering_id: cell.id, member_id: ids.Davi, method: 'name', created_at: now },
        { gathering_id: cell.id, member_id: ids.Caio, method: 'name', created_at: now },
      ])
      .execute();
    const user = await t.userWithRoles(['secretary'], 'Secretária Siloé', [ids.B]);
    scopedB = apiAs(t, user);
  });
  afterAll(() => t?.close());

  /** The expected total of every gathering, from the rows stored (head count, else named). */
  async function storedTotals() {
    const gatherings = await t.database.db.selectFrom('gatherings').selectAll().execute();
    const attendances = await t.database.db.selectFrom('attendances').selectAll().execute();
    return gatherings.map((gathering) => {
      const named = attendances.filter((row) => row.gathering_id === gathering.id);
      const members = named.filter((row) => row.member_id !== null).length;
      const visitors = named.filter((row) => row.visitor_id !== null).length;
      return {
        ...gathering,
        month: String(gathering.date).slice(0, 7),
        total:
          (gathering.count_members ?? members) +
          (gathering.count_visitors ?? visitors) +
          (gathering.count_children ?? 0),
        named: members + visitors,
      };
    });
  }

  it('adds up every kind of gathering to the stored attendances and head counts', async () => {
    const stored = await storedTotals();
    const rows = await report(admin, { section: 'kinds', month_gte: lastMonth });
    const total = rows.find((row) => row.is_total)!;
    expect(total.total).toBe(stored.reduce((sum, row) => sum + row.total, 0));
    expect(total.gatherings).toBe(stored.length);
    // Without head counts the total is the named presence; g3's count replaced its 2 named.
    const uncounted = stored.filter((row) => row.count_members === null);
    expect(uncounted.reduce((sum, row) => sum + row.total, 0)).toBe(
      uncounted.reduce((sum, row) => sum + row.named, 0),
    );
    expect(rows.map((row) => [row.label, row.total, row.gatherings])).toEqual([
      ['Célula', 2, 1],
      ['Culto', 3 + 2 + 46 + 1, 4],
      ['Evento', 2, 1],
      ['Total', 56, 6],
    ]);
    // Each month's sum across kinds is the month's stored total.
    for (const [index, month] of [lastMonth, thisMonth].entries()) {
      expect(total.months[index]).toBe(
        stored.filter((row) => row.month === month).reduce((sum, row) => sum + row.total, 0),
      );
    }
  });

  it('averages each culto month by month, within the congregation asked for', async () => {
    const rows = await report(admin, { section: 'cultos', month_gte: lastMonth });
    expect(
      rows.map((row) => [
        row.label,
        row.congregation_name,
        row.months,
        row.gatherings,
        row.average,
      ]),
    ).toEqual([
      // (3 + 2) / 2 last month; 40 members + 1 named visitor + 5 children this month.
      ['Culto de domingo', 'Congregação Betel', [3, 46], 3, 17],
      ['Culto de quarta', 'Congregação Siloé', [1, null], 1, 1],
      ['Todos os cultos', null, [2, 46], 4, 13],
    ]);
    const betel = await report(admin, {
      section: 'cultos',
      month_gte: lastMonth,
      congregation_id: ids.A,
    });
    expect(betel.map((row) => row.label)).toEqual(['Culto de domingo', 'Todos os cultos']);
    // A secretary of Siloé sees Siloé only, even asking for Betel.
    const seen = await report(scopedB, { section: 'cultos', month_gte: lastMonth });
    expect(seen.map((row) => [row.label, row.total])).toEqual([
      ['Culto de quarta', 1],
      ['Todos os cultos', 1],
    ]);
    const asked = await report(scopedB, {
      section: 'kinds',
      month_gte: lastMonth,
      congregation_id: ids.A,
    });
    expect(asked.map((row) => [row.label, row.total])).toEqual([['Total', 0]]);
  });

  it('counts the visitors of each month and those who became members', async () => {
    const second = await created(admin, '/api/visitors', {
      name: 'Visitante Dois',
      congregation_id: ids.A,
    });
    const third = await created(admin, '/api/visitors', {
      name: 'Visitante Três',
      congregation_id: ids.A,
    });
    // Converted and approved: a member; converted and still pending: not yet.
    const converted = await admin('POST', `/api/visitors/${second.id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const approved = await admin(
      'POST',
      `/api/registrations/${converted.json().member_id}/approve`,
      { admission_date: today },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await admin('POST', `/api/visitors/${third.id}/convert`)).statusCode).toBe(201);
    const rows = await report(admin, { section: 'visitors', month_gte: lastMonth });
    expect(rows.map((row) => [row.month ?? row.label, row.visitors, row.converted])).toEqual([
      [lastMonth, 0, 0],
      [thisMonth, 4, 1],
      ['Total', 4, 1],
    ]);
    const stored = await t.database.db.selectFrom('visitors').select('id').execute();
    expect(rows.at(-1)!.visitors).toBe(stored.length);
    expect((await report(scopedB, { section: 'visitors' })).at(-1)).toMatchObject({
      visitors: 0,
    });
  });

  it('finds who stopped coming: present before, absent for N weeks', async () => {
    const cutoff = (weeks: number) => addDays(today, -7 * weeks);
    const rows = await report(admin, { section: 'missing', weeks: 1 });
    // Present only before the last week: Caio (cell, early), Davi (event/cell), Eva (Siloé).
    const attendances = await t.database.db
      .selectFrom('attendances')
      .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
      .select(['attendances.member_id', 'gatherings.date'])
      .where('attendances.member_id', 'is not', null)
      .execute();
    const last = new Map<number, string>();
    for (const row of attendances) {
      const date = String(row.date);
      if ((last.get(row.member_id!) ?? '') < date) last.set(row.member_id!, date);
    }
    const expected = [...last.entries()]
      .filter(([, date]) => date < cutoff(1))
      .map(([member]) => member)
      .sort((a, b) => a - b);
    expect(rows.map((row) => row.member_id).sort((a: number, b: number) => a - b)).toEqual(
      expected,
    );
    expect(rows.map((row) => row.member_id)).not.toContain(ids.Gil);
    expect(rows.map((row) => row.member_id)).not.toContain(ids.Ana);
    const caio = rows.find((row) => row.member_id === ids.Caio)!;
    expect(caio).toMatchObject({ last_presence: early, presences: 2 });
    expect(caio.weeks_absent).toBeGreaterThanOrEqual(1);
    // A longer absence asked: nobody was away that long.
    expect(await report(admin, { section: 'missing', weeks: 52 })).toEqual([]);
    expect(
      (await report(scopedB, { section: 'missing', weeks: 1 })).map((row) => row.member_id),
    ).toEqual(last.get(ids.Eva)! < cutoff(1) ? [ids.Eva] : []);
  });

  it('asks PostgreSQL for no JIT compilation on every connection', async () => {
    const { pool } = postgresDialect('postgres://adam:adam@127.0.0.1:9/adam');
    expect(pool.options.options).toBe('-c jit=off');
    await pool.end();
    if (usingPostgres) {
      const shown = await sql<{ jit: string }>`show jit`.execute(t.database.db);
      expect(shown.rows).toEqual([{ jit: 'off' }]);
    }
  });

  it('gives the same figures as CSV and PDF, and refuses bad filters with a 400', async () => {
    const filter = { section: 'kinds', month_gte: lastMonth };
    const csv = await admin('GET', `${URL}/csv?${query({ filter })}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      `vida-da-igreja-kinds-${lastMonth}-a-${thisMonth}.csv`,
    );
    expect(csv.body).toContain('Tipo');
    expect(csv.body).toMatch(/Total[;,].*56/);
    const pdf = await admin('GET', `${URL}/pdf?${query({ filter: { section: 'cultos' } })}`);
    expect(pdf.statusCode).toBe(200);
    const text = await flatPdfText(pdf.rawPayload);
    expect(text).toContain('Vida da igreja: presença por culto');
    expect(text).toContain('Culto de domingo');
    expect(text).toContain('Todos os cultos');
    for (const bad of [
      { section: 'dizimos' },
      { weeks: 0 },
      { weeks: 53 },
      { month_gte: '2025-01', month_lte: '2026-06' },
      { vendas: 1 },
    ]) {
      const response = await admin('GET', `${URL}?${query({ filter: bad })}`);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const financial = apiAs(t, await t.userWithRoles(['financial'], 'Fábio Tesoureiro'));
    expect((await financial('GET', URL)).statusCode).toBe(403);
  });
});

describe('migrations 0035, 0040 and 0048: the named presence kept for each gathering', () => {
  it('counts the presences already there, follows every one written or removed, and goes back down', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0032_visitor_consents')).error).toBeUndefined();
      const db = database.db as unknown as Kysely<Database>;
      const old = rowsOfOldSchema(db);
      const { now } = old;
      const { id: congregation } = await db
        .selectFrom('congregations')
        .select('id')
        .executeTakeFirstOrThrow();
      const member = old.member;
      const [ana, bia, caio] = [await member('Ana'), await member('Bia'), await member('Caio')];
      const { id: visitor } = await db
        .insertInto('visitors')
        .values({
          congregation_id: congregation,
          name: 'Vera',
          search: 'vera',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const gathering = (name: string) => old.gathering(name, '2026-11-01');
      const [first, second] = [await gathering('Primeiro'), await gathering('Segundo')];
      const present = (gathering_id: number, person: { member_id?: number; visitor_id?: number }) =>
        db
          .insertInto('attendances')
          .values({ gathering_id, method: 'name', created_at: now, ...person })
          .execute();
      await present(first, { member_id: ana });
      await present(first, { member_id: bia });
      await present(first, { visitor_id: visitor });
      await present(second, { member_id: ana });

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      // Each gathering's folded presence plus the sums of its slots (migrations 0040, 0048).
      const named = async () =>
        (
          await db
            .selectFrom('gatherings')
            .leftJoin('gathering_presence', 'gathering_presence.gathering_id', 'gatherings.id')
            .select((eb) => [
              'gatherings.name',
              'gatherings.folded_members',
              'gatherings.folded_visitors',
              eb.fn.sum<number>('gathering_presence.members').as('members'),
              eb.fn.sum<number>('gathering_presence.visitors').as('visitors'),
            ])
            .groupBy([
              'gatherings.id',
              'gatherings.name',
              'gatherings.folded_members',
              'gatherings.folded_visitors',
            ])
            .orderBy('gatherings.id')
            .execute()
        ).map((row) => [
          row.name,
          row.folded_members + Number(row.members ?? 0),
          row.folded_visitors + Number(row.visitors ?? 0),
        ]);
      expect(await named()).toEqual([
        ['Primeiro', 2, 1],
        ['Segundo', 1, 0],
      ]);
      await present(second, { member_id: caio });
      await present(second, { visitor_id: visitor });
      await db
        .deleteFrom('attendances')
        .where('member_id', '=', ana)
        .where('gathering_id', '=', first)
        .execute();
      // A member deleted takes their presences along (ON DELETE CASCADE): the counts follow.
      await db.deleteFrom('members').where('id', '=', bia).execute();
      await db
        .updateTable('attendances')
        .set({ gathering_id: first })
        .where('member_id', '=', caio)
        .execute();
      expect(await named()).toEqual([
        ['Primeiro', 1, 1],
        ['Segundo', 1, 1],
      ]);
      const stored = await db
        .selectFrom('attendances')
        .select(['gathering_id', 'member_id', 'visitor_id'])
        .execute();
      expect(
        stored.filter((row) => row.gathering_id === first && row.member_id !== null),
      ).toHaveLength(1);

      expect((await migrator.migrateTo('0032_visitor_consents')).error).toBeUndefined();
      await present(first, { member_id: ana });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await named()).toEqual([
        ['Primeiro', 2, 1],
        ['Segundo', 1, 1],
      ]);
    });
  });
});
