// The members side of congregations (issue 12), enforced by the server: three secretaries —
// one of congregation A, one of A and B, one of the whole church — and members in A, B and C.
// Lists, counts and exports follow the view (the rights narrowed by X-Congregation); a record
// outside the rights is a 404 to read and a 403 to change; moves keep their history.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { todayIso } from '../../domain/dates.js';
import { openDatabase } from '../../server/db/index.js';
import { migrations } from '../../server/db/migrations/index.js';
import type { Database } from '../../server/db/schema.js';
import { memberStatusCounts, memberTotal } from '../../server/modules/members/counts.js';
import {
  type SessionHeaders,
  type TestApp,
  createPostgresDatabase,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';
import { flatPdfText } from '../support/pdf.js';

type Session = SessionHeaders & { id: number };
type Row = Record<string, unknown> & { id: number };

describe('congregation scope: members, departments, obreiros, registrations, documents', () => {
  let t: TestApp;
  let whole: Session;
  let oneA: Session;
  let twoAB: Session;
  const c = { A: 0, B: 0, C: 0, D: 0 };
  // Members: an active pastor (obreiro) and a pending registration in each congregation.
  const m = { a1: 0, a2: 0, b1: 0, b2: 0, c1: 0, c2: 0 };
  const d = { louvor: 0, jovensA: 0, jovensC: 0 };
  const cred = { a1: 0, b1: 0, c1: 0 };
  const letter = { a1: 0, b1: 0, c1: 0 };
  let pastorId = 0;

  const call = (
    session: SessionHeaders,
    method: string,
    url: string,
    payload?: unknown,
    congregation?: string,
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...session, ...(congregation ? { 'x-congregation': congregation } : {}) },
      payload: payload as object,
    });

  const query = (filter: object = {}, range = [0, 99]) =>
    `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`;

  /** A list's rows and total (Content-Range) as `session` sees it. */
  const list = async (
    session: SessionHeaders,
    resource: string,
    filter: object = {},
    congregation?: string,
  ) => {
    const response = await call(
      session,
      'GET',
      `/api/${resource}?${query(filter)}`,
      undefined,
      congregation,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json() as Row[];
    return {
      rows,
      ids: rows.map((row) => row.id).sort((x, y) => x - y),
      total: Number(String(response.headers['content-range']).split('/')[1]),
    };
  };
  const sorted = (...ids: number[]) => [...ids].sort((x, y) => x - y);

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const now = new Date().toISOString();
    for (const [key, name] of [
      ['A', 'Congregação Alfa'],
      ['B', 'Congregação Beta'],
      ['C', 'Congregação Gama'],
      ['D', 'Congregação Delta'],
    ] as const) {
      const { id } = await db
        .insertInto('congregations')
        .values({
          name,
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: name.toLowerCase().replace(/\W+/g, '-'),
          search: name.toLowerCase(),
          active: key !== 'D',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      c[key] = id;
    }
    whole = await t.userWithRoles(['secretary'], 'Secretária Geral');
    oneA = await t.userWithRoles(['secretary'], 'Secretária Alfa');
    twoAB = await t.userWithRoles(['secretary'], 'Secretário Alfa e Beta');
    await db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([c.A]) })
      .where('id', '=', oneA.id)
      .execute();
    await db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([c.A, c.B]) })
      .where('id', '=', twoAB.id)
      .execute();

    const positions = (await call(whole, 'GET', '/api/positions')).json() as Row[];
    pastorId = positions.find((p) => p.name === 'Pastor')!.id;

    const department = async (name: string, congregation_id: number | null) => {
      const response = await call(whole, 'POST', '/api/departments', { name, congregation_id });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Row).id;
    };
    d.louvor = await department('Louvor', null);
    d.jovensA = await department('Jovens Alfa', c.A);
    d.jovensC = await department('Jovens Gama', c.C);

    const member = async (name: string, congregation_id: number, extra: object = {}) => {
      const response = await call(whole, 'POST', '/api/members', {
        name,
        congregation_id,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as Row).id;
    };
    const pastor = { status: 'active', position_id: pastorId, department_ids: [d.louvor] };
    m.a1 = await member('Ana Silva', c.A, { ...pastor, department_ids: [d.louvor, d.jovensA] });
    m.a2 = await member('Alice Silva', c.A, { status: 'pending' });
    m.b1 = await member('Bruno Silva', c.B, pastor);
    m.b2 = await member('Beatriz Silva', c.B, { status: 'pending' });
    m.c1 = await member('Carlos Silva', c.C, { ...pastor, department_ids: [d.jovensC] });
    m.c2 = await member('Clara Silva', c.C, { status: 'pending' });

    for (const key of ['a1', 'b1', 'c1'] as const) {
      const issued = await call(whole, 'POST', '/api/credentials', { member_id: m[key] });
      expect(issued.statusCode, issued.body).toBe(201);
      cred[key] = (issued.json() as Row).id;
      const written = await call(whole, 'POST', '/api/letters', {
        member_id: m[key],
        letter_type: 'recommendation',
        destination_church: 'Igreja Irmã',
        destination_city: 'Campinas/SP',
      });
      expect(written.statusCode, written.body).toBe(201);
      letter[key] = (written.json() as Row).id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('members', () => {
    it('lists and counts only the view: one congregation, two, the whole church', async () => {
      const all = await list(whole, 'members');
      expect(all.ids).toEqual(sorted(...Object.values(m)));
      expect(all.total).toBe(6);
      const a = await list(oneA, 'members');
      expect(a.ids).toEqual(sorted(m.a1, m.a2));
      expect(a.total).toBe(2);
      const ab = await list(twoAB, 'members');
      expect(ab.ids).toEqual(sorted(m.a1, m.a2, m.b1, m.b2));
      expect(ab.total).toBe(4);
      // Every row says where the member belongs.
      const ana = a.rows.find((row) => row.id === m.a1)!;
      expect(ana).toMatchObject({ congregation_id: c.A, congregation_name: 'Congregação Alfa' });
    });

    it('follows the X-Congregation selection, never past the rights', async () => {
      const b = await list(twoAB, 'members', {}, String(c.B));
      expect(b.ids).toEqual(sorted(m.b1, m.b2));
      expect(b.total).toBe(2);
      expect((await list(twoAB, 'members', {}, 'all')).total).toBe(4);
      expect((await list(whole, 'members', {}, String(c.C))).ids).toEqual(sorted(m.c1, m.c2));
      const outside = await call(oneA, 'GET', `/api/members?${query()}`, undefined, String(c.B));
      expect(outside.statusCode).toBe(403);
      expect(outside.json().message).toBe('Você não tem acesso a esta congregação.');
      const malformed = await call(whole, 'GET', `/api/members?${query()}`, undefined, 'x');
      expect(malformed.statusCode).toBe(400);
    });

    it('narrows by the congregation_id filter inside the view, with every other filter', async () => {
      expect((await list(whole, 'members', { congregation_id: [c.A, c.C] })).ids).toEqual(
        sorted(m.a1, m.a2, m.c1, m.c2),
      );
      // A filter outside the view is an empty list, not an error.
      const none = await list(twoAB, 'members', { congregation_id: c.C });
      expect(none.ids).toEqual([]);
      expect(none.total).toBe(0);
      expect((await list(twoAB, 'members', { congregation_id: [c.B, c.C] })).ids).toEqual(
        sorted(m.b1, m.b2),
      );
      // Search (the walk window of one congregation), status, department.
      expect((await list(oneA, 'members', { q: 'silva' })).ids).toEqual(sorted(m.a1, m.a2));
      expect((await list(twoAB, 'members', { q: 'silva' })).total).toBe(4);
      expect((await list(oneA, 'members', { status: 'active' })).ids).toEqual([m.a1]);
      expect((await list(twoAB, 'members', { status: 'pending', q: 'silva' })).ids).toEqual(
        sorted(m.a2, m.b2),
      );
      expect((await list(twoAB, 'members', { department_id: d.louvor })).ids).toEqual(
        sorted(m.a1, m.b1),
      );
      expect((await list(whole, 'members', { id: [m.a1, m.c1] }, String(c.A))).ids).toEqual([m.a1]);
      const bad = await call(whole, 'GET', `/api/members?${query({ congregation_id: 'x' })}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Filtro congregation_id inválido.');
    });

    it('reads one member inside the rights; outside a 404 that says so', async () => {
      const own = await call(oneA, 'GET', `/api/members/${m.a1}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        congregation_id: c.A,
        congregation_name: 'Congregação Alfa',
        department_ids: [d.louvor, d.jovensA],
      });
      const outside = await call(oneA, 'GET', `/api/members/${m.b1}`);
      expect(outside.statusCode).toBe(404);
      // Why, without whom: not "does not exist", and no name of the member.
      expect(outside.json()).toEqual({
        success: false,
        message: 'Este registro está fora das suas congregações.',
      });
      expect((await call(twoAB, 'GET', `/api/members/${m.b1}`)).statusCode).toBe(200);
      expect((await call(twoAB, 'GET', `/api/members/${m.c1}`)).statusCode).toBe(404);
      expect((await call(oneA, 'GET', `/api/members/${m.b1}/moves`)).statusCode).toBe(404);
    });

    it('creates in the only congregation of a user, or where told inside the rights', async () => {
      const mine = await call(oneA, 'POST', '/api/members', { name: 'Nova Alfa' });
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json()).toMatchObject({ congregation_id: c.A });

      const which = await call(twoAB, 'POST', '/api/members', { name: 'Sem Congregação' });
      expect(which.statusCode).toBe(422);
      expect(which.json().errors).toEqual({ congregation_id: 'Informe a congregação.' });
      const inB = await call(twoAB, 'POST', '/api/members', {
        name: 'Nova Beta',
        congregation_id: c.B,
      });
      expect(inB.statusCode).toBe(201);
      const outside = await call(twoAB, 'POST', '/api/members', {
        name: 'Nova Gama',
        congregation_id: c.C,
      });
      expect(outside.statusCode).toBe(403);
      expect(outside.json().message).toBe('Você não tem acesso a esta congregação.');

      const inactive = await call(whole, 'POST', '/api/members', {
        name: 'Nova Delta',
        congregation_id: c.D,
      });
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json().errors.congregation_id).toBe(
        'Esta congregação está inativa: escolha uma congregação ativa.',
      );
      const unknown = await call(whole, 'POST', '/api/members', {
        name: 'Lugar Nenhum',
        congregation_id: 999_999,
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.congregation_id).toBe('Congregação não encontrada.');
      // The whole church without a congregation: the sede, as before issue 12.
      const sede = await call(whole, 'POST', '/api/members', { name: 'Na Sede' });
      expect(sede.json()).toMatchObject({ congregation_id: SEDE_ID });

      for (const response of [mine, inB, sede]) {
        expect((await call(whole, 'DELETE', `/api/members/${response.json().id}`)).statusCode).toBe(
          200,
        );
      }
    });

    it('joins only church-wide departments or the member’s congregation’s (422)', async () => {
      const response = await call(whole, 'PUT', `/api/members/${m.a1}`, {
        department_ids: [d.louvor, d.jovensC],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.department_ids).toMatch(/outra congregação/);
      // A department a scoped user cannot see is refused in bulk too.
      const bulk = await call(oneA, 'POST', '/api/members/bulk', {
        ids: [m.a1],
        action: 'add_department',
        department_id: d.jovensC,
      });
      expect(bulk.statusCode).toBe(422);
      const wrongMembers = await call(whole, 'POST', '/api/members/bulk', {
        ids: [m.a1, m.c1],
        action: 'add_department',
        department_id: d.jovensC,
      });
      expect(wrongMembers.statusCode).toBe(422);
    });

    it('changes and deletes only inside the rights (403 outside)', async () => {
      const change = await call(oneA, 'PUT', `/api/members/${m.b1}`, { profession: 'Pedreiro' });
      expect(change.statusCode).toBe(403);
      expect((await call(oneA, 'DELETE', `/api/members/${m.b1}`)).statusCode).toBe(403);
      expect((await call(whole, 'GET', `/api/members/${m.b1}`)).json().profession).toBeNull();
      const own = await call(oneA, 'PUT', `/api/members/${m.a1}`, { profession: 'Professora' });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ profession: 'Professora', congregation_id: c.A });

      const temporary = await call(twoAB, 'POST', '/api/members', {
        name: 'Passageiro',
        congregation_id: c.B,
      });
      expect((await call(oneA, 'DELETE', `/api/members/${temporary.json().id}`)).statusCode).toBe(
        403,
      );
      expect((await call(twoAB, 'DELETE', `/api/members/${temporary.json().id}`)).statusCode).toBe(
        200,
      );
    });

    it('refuses a bulk action with any member outside the rights, touching none', async () => {
      const mixed = await call(oneA, 'POST', '/api/members/bulk', {
        ids: [m.a1, m.b1],
        action: 'set_status',
        status: 'inactive',
      });
      expect(mixed.statusCode).toBe(403);
      for (const id of [m.a1, m.b1]) {
        expect((await call(whole, 'GET', `/api/members/${id}`)).json().status).toBe('active');
      }
      const own = await call(twoAB, 'POST', '/api/members/bulk', {
        ids: [m.a2, m.b2],
        action: 'set_status',
        status: 'inactive',
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual({ updated: 2 });
      const back = await call(twoAB, 'POST', '/api/members/bulk', {
        ids: [m.a2, m.b2],
        action: 'set_status',
        status: 'pending',
      });
      expect(back.json()).toEqual({ updated: 2 });
      const department = await call(oneA, 'POST', '/api/members/bulk', {
        ids: [m.a2],
        action: 'add_department',
        department_id: d.louvor,
      });
      expect(department.json()).toEqual({ updated: 1 });
    });

    it('exports the view with the member’s congregation', async () => {
      const rows = async (session: SessionHeaders, congregation?: string) => {
        const response = await call(
          session,
          'GET',
          `/api/members/export?${query()}`,
          undefined,
          congregation,
        );
        expect(response.statusCode, response.body).toBe(200);
        const [header, ...lines] = response.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        const columns = header.split(';');
        const at = columns.indexOf('Congregação');
        expect(at).toBeGreaterThan(0);
        return lines.map((line) => [line.split(';')[0], line.split(';')[at]]);
      };
      expect(await rows(oneA)).toEqual([
        ['Alice Silva', 'Congregação Alfa'],
        ['Ana Silva', 'Congregação Alfa'],
      ]);
      expect((await rows(twoAB)).length).toBe(4);
      expect(await rows(whole, String(c.C))).toEqual([
        ['Carlos Silva', 'Congregação Gama'],
        ['Clara Silva', 'Congregação Gama'],
      ]);
      const outside = await call(oneA, 'GET', `/api/members/export?${query()}`, undefined, 'all');
      expect(outside.statusCode).toBe(200);
      expect(
        (await call(oneA, 'GET', `/api/members/export?${query()}`, undefined, String(c.C)))
          .statusCode,
      ).toBe(403);
    });

    it('moves a member between congregations with its history, in the rights only', async () => {
      const moving = await call(twoAB, 'POST', '/api/members', {
        name: 'Mudança Silva',
        congregation_id: c.A,
        department_ids: [d.louvor, d.jovensA],
      });
      const id = (moving.json() as Row).id;
      // Into a congregation outside the rights: 403, nothing moved.
      const outside = await call(twoAB, 'PUT', `/api/members/${id}`, { congregation_id: c.C });
      expect(outside.statusCode).toBe(403);
      expect((await call(twoAB, 'GET', `/api/members/${id}/moves`)).json()).toEqual([]);

      // A to B: the department of A is left behind, the church-wide one kept.
      const toB = await call(twoAB, 'PUT', `/api/members/${id}`, { congregation_id: c.B });
      expect(toB.statusCode, toB.body).toBe(200);
      expect(toB.json()).toMatchObject({
        congregation_id: c.B,
        congregation_name: 'Congregação Beta',
        department_ids: [d.louvor],
      });
      // Now outside the A secretary's rights.
      expect((await call(oneA, 'GET', `/api/members/${id}`)).statusCode).toBe(404);
      const toC = await call(whole, 'PUT', `/api/members/${id}`, { congregation_id: c.C });
      expect(toC.statusCode, toC.body).toBe(200);
      // A change that keeps the congregation is no move.
      await call(whole, 'PUT', `/api/members/${id}`, { congregation_id: c.C, notes: 'Mudou' });

      const moves = await call(whole, 'GET', `/api/members/${id}/moves`);
      expect(moves.statusCode).toBe(200);
      const today = todayIso();
      expect(moves.json()).toEqual([
        expect.objectContaining({
          member_id: id,
          from_congregation_id: c.B,
          from_congregation_name: 'Congregação Beta',
          to_congregation_id: c.C,
          to_congregation_name: 'Congregação Gama',
          moved_on: today,
          user_id: whole.id,
          user_name: 'Secretária Geral',
        }),
        expect.objectContaining({
          from_congregation_id: c.A,
          from_congregation_name: 'Congregação Alfa',
          to_congregation_id: c.B,
          to_congregation_name: 'Congregação Beta',
          moved_on: today,
          user_id: twoAB.id,
          user_name: 'Secretário Alfa e Beta',
        }),
      ]);
      expect((await call(twoAB, 'GET', `/api/members/${id}/moves`)).statusCode).toBe(404);
      expect((await call(whole, 'DELETE', `/api/members/${id}`)).statusCode).toBe(200);
    });

    it('keeps member_counts per congregation and status equal to the members', async () => {
      const { db } = t.database;
      const actual = await db
        .selectFrom('members')
        .select(['congregation_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['congregation_id', 'status'])
        .execute();
      const kept = await db
        .withTables<{ member_counts: { congregation_id: number; status: string; count: number } }>()
        .selectFrom('member_counts')
        .select(['congregation_id', 'status', 'count'])
        .where('count', '!=', 0)
        .execute();
      const key = (row: { congregation_id: number; status: string }) =>
        `${row.congregation_id}:${row.status}`;
      expect(Object.fromEntries(kept.map((row) => [key(row), Number(row.count)]))).toEqual(
        Object.fromEntries(actual.map((row) => [key(row), Number(row.n)])),
      );

      expect(await memberStatusCounts(db, [c.A])).toMatchObject({ active: 1, pending: 1 });
      expect(await memberTotal(db, [c.A, c.B])).toBe(4);
      expect(await memberTotal(db)).toBe(6);
      expect(await memberTotal(db, [])).toBe(0);
    });
  });

  describe('departments', () => {
    const names = (rows: Row[]) =>
      rows.map((row) => `${row.name} (${row.congregation_name ?? 'Toda a igreja'})`).sort();

    it('lists the church-wide ones and the view’s', async () => {
      expect(names((await list(oneA, 'departments')).rows)).toEqual([
        'Jovens Alfa (Congregação Alfa)',
        'Louvor (Toda a igreja)',
      ]);
      expect(names((await list(whole, 'departments', {}, String(c.C))).rows)).toEqual([
        'Jovens Gama (Congregação Gama)',
        'Louvor (Toda a igreja)',
      ]);
      expect((await list(whole, 'departments')).total).toBe(3);
      expect(names((await list(whole, 'departments', { congregation_id: c.C })).rows)).toEqual([
        'Jovens Gama (Congregação Gama)',
        'Louvor (Toda a igreja)',
      ]);
      expect((await list(twoAB, 'departments', { congregation_id: c.C })).total).toBe(1);
    });

    it('reads outside the rights as missing, writes only its congregations’ (403)', async () => {
      expect((await call(oneA, 'GET', `/api/departments/${d.jovensC}`)).statusCode).toBe(404);
      expect((await call(oneA, 'GET', `/api/departments/${d.louvor}`)).statusCode).toBe(200);
      expect(
        (await call(oneA, 'PUT', `/api/departments/${d.louvor}`, { description: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await call(oneA, 'PUT', `/api/departments/${d.jovensC}`, { description: 'x' })).statusCode,
      ).toBe(403);
      expect((await call(oneA, 'DELETE', `/api/departments/${d.jovensC}`)).statusCode).toBe(403);
      expect((await call(oneA, 'DELETE', `/api/departments/${d.louvor}`)).statusCode).toBe(403);
      const churchWide = await call(oneA, 'POST', '/api/departments', { name: 'Missões' });
      expect(churchWide.statusCode).toBe(403);
      const elsewhere = await call(oneA, 'POST', '/api/departments', {
        name: 'Missões',
        congregation_id: c.C,
      });
      expect(elsewhere.statusCode).toBe(403);
      // Moving its own department out of the rights: 403.
      expect(
        (await call(oneA, 'PUT', `/api/departments/${d.jovensA}`, { congregation_id: c.B }))
          .statusCode,
      ).toBe(403);

      const own = await call(oneA, 'POST', '/api/departments', {
        name: 'Missões',
        congregation_id: c.A,
        leader_id: m.a1,
      });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json()).toMatchObject({
        congregation_id: c.A,
        congregation_name: 'Congregação Alfa',
      });
      // Names stay unique in the whole church.
      const clash = await call(twoAB, 'POST', '/api/departments', {
        name: 'missões',
        congregation_id: c.B,
      });
      expect(clash.statusCode).toBe(422);
      const inB = await call(twoAB, 'POST', '/api/departments', {
        name: 'Missões Beta',
        congregation_id: c.B,
      });
      expect(inB.statusCode).toBe(201);
      const leader = await call(twoAB, 'PUT', `/api/departments/${inB.json().id}`, {
        leader_id: m.a1,
      });
      expect(leader.statusCode).toBe(422);
      expect(leader.json().errors.leader_id).toMatch(/congregação do departamento/);
      const inactive = await call(whole, 'POST', '/api/departments', {
        name: 'Delta',
        congregation_id: c.D,
      });
      expect(inactive.statusCode).toBe(422);
      expect((await call(oneA, 'DELETE', `/api/departments/${own.json().id}`)).statusCode).toBe(
        200,
      );
      expect((await call(twoAB, 'DELETE', `/api/departments/${inB.json().id}`)).statusCode).toBe(
        200,
      );
    });
  });

  describe('obreiros and registrations', () => {
    it('lists the view’s ministry workers with their congregation', async () => {
      const a = await list(oneA, 'ministry_workers');
      expect(a.ids).toEqual([m.a1]);
      expect(a.rows[0]).toMatchObject({ congregation_name: 'Congregação Alfa' });
      expect((await list(twoAB, 'ministry_workers')).ids).toEqual(sorted(m.a1, m.b1));
      expect((await list(twoAB, 'ministry_workers', {}, String(c.B))).ids).toEqual([m.b1]);
      expect((await list(whole, 'ministry_workers', { congregation_id: c.C })).ids).toEqual([m.c1]);
      expect((await list(whole, 'ministry_workers')).total).toBe(3);
    });

    it('reviews only the view’s pending registrations (403 outside)', async () => {
      const a = await list(oneA, 'registrations');
      expect(a.ids).toEqual([m.a2]);
      expect(a.rows[0]).toMatchObject({ congregation_name: 'Congregação Alfa' });
      expect((await list(twoAB, 'registrations')).total).toBe(2);
      expect((await list(whole, 'registrations', {}, String(c.C))).ids).toEqual([m.c2]);

      const approveB = await call(oneA, 'POST', `/api/registrations/${m.b2}/approve`, {});
      expect(approveB.statusCode).toBe(403);
      expect((await call(twoAB, 'POST', `/api/registrations/${m.c2}/reject`)).statusCode).toBe(403);
      expect((await call(whole, 'GET', `/api/members/${m.c2}`)).json().status).toBe('pending');

      // A registration of A, reviewed in A.
      const newcomer = await call(oneA, 'POST', '/api/members', {
        name: 'Recém-chegada',
        status: 'pending',
      });
      const approved = await call(
        oneA,
        'POST',
        `/api/registrations/${newcomer.json().id}/approve`,
        { admission_date: '2026-01-10' },
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await call(oneA, 'DELETE', `/api/members/${newcomer.json().id}`)).statusCode).toBe(
        200,
      );
    });
  });

  describe('credentials and letters', () => {
    it('lists cards by the view through their member, reads outside as missing', async () => {
      const a = await list(oneA, 'credentials');
      expect(a.ids).toEqual([cred.a1]);
      expect(a.rows[0]).toMatchObject({ member_id: m.a1, congregation_name: 'Congregação Alfa' });
      expect((await list(twoAB, 'credentials')).ids).toEqual(sorted(cred.a1, cred.b1));
      expect((await list(twoAB, 'credentials', {}, String(c.B))).ids).toEqual([cred.b1]);
      expect((await list(whole, 'credentials', { congregation_id: c.C })).ids).toEqual([cred.c1]);
      expect((await list(whole, 'credentials')).total).toBe(3);

      expect((await call(oneA, 'GET', `/api/credentials/${cred.c1}`)).statusCode).toBe(404);
      expect((await call(oneA, 'GET', `/api/credentials/${cred.c1}/pdf`)).statusCode).toBe(404);
      expect(
        (await call(oneA, 'GET', `/api/credentials/pdf?ids=${cred.b1},${cred.c1}`)).statusCode,
      ).toBe(404);
    });

    it('prints only the cards inside the rights, each with the member’s congregation', async () => {
      const response = await call(oneA, 'GET', `/api/credentials/pdf?ids=${cred.a1},${cred.c1}`);
      expect(response.statusCode).toBe(200);
      const text = await flatPdfText(response.rawPayload);
      expect(text).toContain('Ana Silva');
      expect(text).toContain('Congregação Alfa');
      expect(text).not.toContain('Carlos Silva');
      const single = await call(twoAB, 'GET', `/api/credentials/${cred.b1}/pdf`);
      expect(await flatPdfText(single.rawPayload)).toContain('Congregação Beta');
    });

    it('issues and revokes cards only for members inside the rights (403)', async () => {
      expect((await call(oneA, 'POST', '/api/credentials', { member_id: m.c1 })).statusCode).toBe(
        403,
      );
      expect(
        (await call(oneA, 'POST', '/api/credentials/bulk', { member_ids: [m.a1, m.c1] }))
          .statusCode,
      ).toBe(403);
      expect((await call(oneA, 'POST', `/api/credentials/${cred.c1}/revoke`)).statusCode).toBe(403);
      expect((await list(whole, 'credentials', { status: 'active' })).total).toBe(3);
      const renewed = await call(twoAB, 'POST', '/api/credentials', { member_id: m.b1 });
      expect(renewed.statusCode, renewed.body).toBe(201);
      // Numbering stays church-wide: the fourth card of the church.
      expect(renewed.json().number).toBe(4);
      cred.b1 = renewed.json().id;
    });

    it('lists, reads, prints and issues letters through their member', async () => {
      expect((await list(oneA, 'letters')).ids).toEqual([letter.a1]);
      expect((await list(twoAB, 'letters')).ids).toEqual(sorted(letter.a1, letter.b1));
      expect((await list(whole, 'letters', {}, String(c.C))).ids).toEqual([letter.c1]);
      const own = await call(oneA, 'GET', `/api/letters/${letter.a1}`);
      expect(own.json()).toMatchObject({ congregation_name: 'Congregação Alfa' });
      expect((await call(oneA, 'GET', `/api/letters/${letter.b1}`)).statusCode).toBe(404);
      expect((await call(oneA, 'GET', `/api/letters/${letter.b1}/pdf`)).statusCode).toBe(404);
      const pdf = await call(twoAB, 'GET', `/api/letters/${letter.b1}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(await flatPdfText(pdf.rawPayload)).toContain('Congregação Beta');
      const elsewhere = await call(oneA, 'POST', '/api/letters', {
        member_id: m.c1,
        letter_type: 'transfer',
        destination_church: 'Outra',
        destination_city: 'Santos/SP',
      });
      expect(elsewhere.statusCode).toBe(403);
      expect((await call(whole, 'GET', `/api/members/${m.c1}`)).json().status).toBe('active');
    });
  });
});

// A database of before issue 12 (migrated to 0009) with members and departments: migrated to the
// latest, every member is in the sede, every department church-wide, and the counts per
// (congregation, status) match; the triggers of 0011 keep them on later writes.
describe('migrations 0010 and 0011 on an existing database', () => {
  it('keeps every existing record in the sede, counted per congregation and status', async () => {
    let dataDir = '';
    let drop = async () => {};
    let databaseUrl: string | undefined;
    if (usingPostgres) {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      drop = created.drop;
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'adam-scope-'));
    }
    const database = openDatabase({ dataDir, databaseUrl });
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations(database.dialect.name) },
      });
      const before = await migrator.migrateTo('0009_form_details');
      expect(before.error).toBeUndefined();
      // The schema of 0009 has no congregation: written untyped.
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const now = '2026-01-05T10:00:00.000Z';
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      await old.insertInto('departments').values({ name: 'Louvor' }).execute();
      const statuses = ['active', 'active', 'active', 'inactive', 'pending'];
      await old
        .insertInto('members')
        .values(
          statuses.map((status, i) => ({
            name: `Membro ${i}`,
            sort_name: `membro ${i}`,
            search: `membro ${i}`,
            has_photo: bool(false),
            status,
            holy_spirit_baptism: bool(false),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      const db = database.db as Kysely<Database>;
      const sede = await db
        .selectFrom('congregations')
        .select(['id', 'name', 'kind', 'slug'])
        .execute();
      expect(sede).toEqual([{ id: SEDE_ID, name: 'Minha Igreja', kind: 'sede', slug: 'sede' }]);
      const members = await db.selectFrom('members').select('congregation_id').execute();
      expect(members.map((row) => row.congregation_id)).toEqual(statuses.map(() => SEDE_ID));
      const departments = await db.selectFrom('departments').select('congregation_id').execute();
      expect(departments).toEqual([{ congregation_id: null }]);
      expect(await memberStatusCounts(db, [SEDE_ID])).toMatchObject({
        active: 3,
        inactive: 1,
        pending: 1,
      });
      expect(await memberTotal(db)).toBe(5);

      // The triggers of 0011 follow a new congregation and a move.
      const { id: other } = await db
        .insertInto('congregations')
        .values({
          name: 'Congregação Nova',
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: 'nova',
          search: 'congregacao nova',
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('members')
        .set({ congregation_id: other })
        .where('status', '=', 'active')
        .execute();
      await db
        .updateTable('members')
        .set({ congregation_id: other, status: 'active' })
        .where('status', '=', 'pending')
        .execute();
      await db.deleteFrom('members').where('status', '=', 'inactive').execute();
      expect(await memberStatusCounts(db, [other])).toMatchObject({ active: 4, pending: 0 });
      expect(await memberTotal(db, [SEDE_ID])).toBe(0);
      expect(await memberTotal(db)).toBe(4);

      // Down to 0010 (undoing 0011) gives back the counts of 0004 (per status); up again
      // rebuilds them per congregation.
      expect((await migrator.migrateTo('0010_congregations')).error).toBeUndefined();
      const perStatus = await old.selectFrom('member_counts').selectAll().execute();
      expect(perStatus.map((row) => [row.status, Number(row.count)])).toEqual([['active', 4]]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await memberStatusCounts(db, [other])).toMatchObject({ active: 4 });
    } finally {
      await database.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
