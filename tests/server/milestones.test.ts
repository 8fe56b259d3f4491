// Marcos and certificados (issue 28), on SQLite and PostgreSQL: the member's date fields moved
// into milestones by 0050 and back, the member's columns kept as the milestones' projection both
// ways, certificate numbering per kind and year under parallel issues, the 422 paths and the
// congregation scope.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import type { Database } from '../../server/db/schema.js';
import { upload, waitForImport } from '../support/imports.js';
import { withMigrationDatabase } from '../support/migrations.js';
import {
  type SessionHeaders,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

describe('migration 0050', () => {
  it('moves the baptism, Holy Spirit baptism, admission and consecration into milestones; down keeps the columns', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0048_folded_presence')).error).toBeUndefined();
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const now = '2026-01-10T10:00:00.000Z';
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      const position = await old
        .insertInto('positions')
        .values({ name: 'Diácono Mig', ministerial: bool(true), sort_order: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const insert = (values: Record<string, unknown>) =>
        old
          .insertInto('members')
          .values({
            status: 'active',
            has_photo: bool(false),
            holy_spirit_baptism: bool(false),
            sort_name: String(values.name).toLowerCase(),
            search: String(values.name).toLowerCase(),
            created_at: now,
            updated_at: now,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const full = await insert({
        name: 'Marcos Completo',
        baptism_date: '2001-05-20',
        holy_spirit_baptism: bool(true),
        admission_date: '2000-03-01',
        admission_type: 'transfer_letter',
        origin_church: 'Igreja da Origem',
        consecration_date: '2010-08-15',
        position_id: position.id,
      });
      const bare = await insert({ name: 'Sem Marcos' });
      const columnsBefore = await old.selectFrom('members').selectAll().orderBy('id').execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const db = database.db as Kysely<Database>;
      const rows = await db
        .selectFrom('member_milestones')
        .select(['member_id', 'kind', 'date', 'admission_type', 'origin_church', 'position_id'])
        .orderBy('kind')
        .execute();
      expect(rows).toEqual([
        {
          member_id: full.id,
          kind: 'consecration',
          date: '2010-08-15',
          admission_type: null,
          origin_church: null,
          position_id: position.id,
        },
        {
          member_id: full.id,
          kind: 'holy_spirit_baptism',
          date: null,
          admission_type: null,
          origin_church: null,
          position_id: null,
        },
        {
          member_id: full.id,
          kind: 'reception',
          date: '2000-03-01',
          admission_type: 'transfer_letter',
          origin_church: 'Igreja da Origem',
          position_id: null,
        },
        {
          member_id: full.id,
          kind: 'water_baptism',
          date: '2001-05-20',
          admission_type: null,
          origin_church: null,
          position_id: null,
        },
      ]);
      expect(rows.some((row) => row.member_id === bare.id)).toBe(false);
      // Down: the tables go, the columns are as they were.
      expect((await migrator.migrateTo('0048_folded_presence')).error).toBeUndefined();
      expect(await old.selectFrom('members').selectAll().orderBy('id').execute()).toEqual(
        columnsBefore,
      );
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});

describe('/api/milestones and /api/certificates', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  const year = Number(todayIso().slice(0, 4));

  const as = (headers: SessionHeaders) => (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  let api: ReturnType<typeof as>;

  const member = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/members', { name, status: 'active', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const milestone = async (body: Record<string, unknown>) => {
    const response = await api('POST', '/api/milestones', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    api = as(secretary);
  });
  afterAll(() => t.close());

  it('the member form writes through milestones and the milestones project the member', async () => {
    const id = await member('Projeção Souza', {
      baptism_date: '2015-04-05',
      admission_type: 'baptism',
      admission_date: '2015-04-05',
    });
    let timeline = (await api('GET', `/api/members/${id}/milestones`)).json();
    expect(timeline.map((m: { kind: string }) => m.kind).sort()).toEqual([
      'reception',
      'water_baptism',
    ]);
    // The form moves the baptism date: the milestone moves, no second one.
    expect(
      (
        await api('PUT', `/api/members/${id}`, {
          baptism_date: '2015-04-12',
          holy_spirit_baptism: true,
        })
      ).statusCode,
    ).toBe(200);
    timeline = (await api('GET', `/api/members/${id}/milestones`)).json();
    const baptisms = timeline.filter((m: { kind: string }) => m.kind === 'water_baptism');
    expect(baptisms).toHaveLength(1);
    expect(baptisms[0].date).toBe('2015-04-12');
    expect(timeline.at(-1)).toMatchObject({ kind: 'holy_spirit_baptism', date: null });
    // A milestone written directly projects the member's columns in the same transaction.
    const consecration = await milestone({
      member_id: id,
      kind: 'consecration',
      date: '2020-02-02',
      place: 'Templo sede',
      officiant_name: 'Pr. Elias',
    });
    expect((await api('GET', `/api/members/${id}`)).json()).toMatchObject({
      baptism_date: '2015-04-12',
      holy_spirit_baptism: true,
      consecration_date: '2020-02-02',
      admission_date: '2015-04-05',
    });
    const reception = timeline.find((m: { kind: string }) => m.kind === 'reception');
    expect(
      (
        await api('PUT', `/api/milestones/${reception.id}`, {
          admission_type: 'transfer_letter',
          origin_church: 'IB Nova',
          date: '2016-01-01',
        })
      ).statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/api/milestones/${consecration.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/members/${id}`)).json()).toMatchObject({
      admission_type: 'transfer_letter',
      origin_church: 'IB Nova',
      admission_date: '2016-01-01',
      consecration_date: null,
    });
    // Clearing the form's field removes the milestone.
    expect(
      (await api('PUT', `/api/members/${id}`, { holy_spirit_baptism: false })).statusCode,
    ).toBe(200);
    timeline = (await api('GET', `/api/members/${id}/milestones`)).json();
    expect(timeline.some((m: { kind: string }) => m.kind === 'holy_spirit_baptism')).toBe(false);
    // Newest first.
    const dates = timeline.map((m: { date: string }) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("an import's new and updated members get their milestones; undone, the old ones are back", async () => {
    const kinds = async (id: number) =>
      (
        await t.database.db
          .selectFrom('member_milestones')
          .select(['kind', 'date'])
          .where('member_id', '=', id)
          .orderBy('kind')
          .execute()
      ).map((row) => `${row.kind}:${row.date}`);
    const updated = await member('Importado Existente', {
      cpf: '52998224725',
      baptism_date: '2001-01-01',
    });
    const session = await t.signIn('admin@teste.org', 'senha-do-admin');
    const file = [
      'Nome;CPF;Data de batismo;Data de admissão',
      'Importado Novo;;05/05/2005;06/06/2006',
      'Importado Existente;529.982.247-25;02/02/2002;',
    ].join('\n');
    const response = await upload(t.app, session, Buffer.from(file), {
      dry_run: false,
      duplicate_action: 'update',
    });
    expect(response.statusCode, response.body).toBe(202);
    const done = await waitForImport(t.app, session, response.json().id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    const created = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('name', '=', 'Importado Novo')
      .executeTakeFirstOrThrow();
    expect(await kinds(created.id)).toEqual(['reception:2006-06-06', 'water_baptism:2005-05-05']);
    expect(await kinds(updated)).toEqual(['water_baptism:2002-02-02']);
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/imports/${response.json().id}`,
      headers: session,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await kinds(updated)).toEqual(['water_baptism:2001-01-01']);
    expect((await api('GET', `/api/members/${updated}`)).json().baptism_date).toBe('2001-01-01');
  });

  it('refuses bad input with Portuguese messages and writes nothing', async () => {
    const id = await member('Validação Marco', { birth_date: '2000-01-01' });
    const bad = await api('POST', '/api/milestones', { member_id: id, kind: 'baptism' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.kind).toBe('Escolha o tipo de marco.');
    const undated = await api('POST', '/api/milestones', { member_id: id, kind: 'marriage' });
    expect(undated.statusCode).toBe(422);
    expect(undated.json().errors.date).toBe('Informe a data.');
    const early = await api('POST', '/api/milestones', {
      member_id: id,
      kind: 'marriage',
      date: '1999-01-01',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.date).toMatch(/anterior ao nascimento/);
    const future = await api('POST', '/api/milestones', {
      member_id: id,
      kind: 'marriage',
      date: '2999-01-01',
    });
    expect(future.statusCode).toBe(422);
    const noOfficiant = await api('POST', '/api/milestones', {
      member_id: id,
      kind: 'marriage',
      date: '2020-01-01',
      officiant_member_id: 999999,
    });
    expect(noOfficiant.statusCode).toBe(422);
    expect(noOfficiant.json().errors.officiant_member_id).toBe('Oficiante não encontrado.');
    expect((await api('GET', `/api/members/${id}/milestones`)).json()).toEqual([]);
  });

  it('no certificate without its milestone (422); one per milestone, reprinted with its number', async () => {
    const id = await member('Certificado Lima', { sex: 'F' });
    const none = await api('POST', '/api/certificates', { member_id: id, kind: 'baptism' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/não tem batismo nas águas com data registrado/);
    expect(
      (await api('GET', `/api/certificates?filter=${JSON.stringify({ member_id: id })}`)).json(),
    ).toEqual([]);
    await milestone({
      member_id: id,
      kind: 'water_baptism',
      date: '2024-06-09',
      place: 'Rio Atibaia',
      officiant_name: 'Pr. João',
    });
    const first = await api('POST', '/api/certificates', { member_id: id, kind: 'baptism' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      kind: 'baptism',
      year,
      number_text: `${first.json().number}/${year}`,
      milestone_date: '2024-06-09',
    });
    const again = await api('POST', '/api/certificates', { member_id: id, kind: 'baptism' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    for (const ids of ['', 'a', '99999999999', '1,,2']) {
      const bad = await api('GET', `/api/certificates/pdf?ids=${ids}`);
      expect(bad.statusCode, ids).toBe(400);
      expect(bad.json().message).toBe('Informe de 1 a 500 certificados.');
    }
    const pdf = await api('GET', `/api/certificates/${first.json().id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The timeline lists it under its milestone; the certified milestone is not deleted.
    const [baptism] = (await api('GET', `/api/members/${id}/milestones`)).json();
    expect(baptism.certificates).toEqual([
      expect.objectContaining({ id: first.json().id, number_text: first.json().number_text }),
    ]);
    expect((await api('DELETE', `/api/milestones/${baptism.id}`)).statusCode).toBe(409);
    // Nor is the member: the certificate's number would point at nobody.
    const deleted = await api('DELETE', `/api/members/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/tem 1 certificado emitido para este cadastro/);
    const cleared = await api('PUT', `/api/members/${id}`, { baptism_date: null });
    expect(cleared.statusCode).toBe(409);
    expect((await api('GET', `/api/members/${id}`)).json().baptism_date).toBe('2024-06-09');
  });

  it('numbers stay unique per kind and year under parallel issues', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        member(`Paralelo ${String(i).padStart(2, '0')}`, { baptism_date: '2023-03-03' }),
      ),
    );
    const answers = await Promise.all(
      ids.flatMap((id) => [
        api('POST', '/api/certificates', { member_id: id, kind: 'baptism' }),
        api('POST', '/api/certificates', { member_id: id, kind: 'baptism' }),
      ]),
    );
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    const byMember = new Map<number, number>();
    for (const answer of answers) {
      const certificate = answer.json();
      const seen = byMember.get(certificate.member_id);
      if (seen !== undefined) expect(certificate.id).toBe(seen);
      byMember.set(certificate.member_id, certificate.id);
    }
    const db = t.database.db;
    const rows = await db
      .selectFrom('certificates')
      .select(['number'])
      .where('kind', '=', 'baptism')
      .where('year', '=', year)
      .execute();
    const numbers = rows.map((row) => row.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    // Another kind starts its own series.
    const married = await member('Casado Paralelo', { birth_date: '1990-01-01' });
    await milestone({
      member_id: married,
      kind: 'marriage',
      date: '2019-09-09',
      spouse_name: 'Ana Paralela',
    });
    expect(
      (await api('POST', '/api/certificates', { member_id: married, kind: 'marriage' })).json()
        .number,
    ).toBe(1);
  });

  it("prints a baptism service's batch: the day's certificates, numbered, one PDF", async () => {
    const day = '2022-11-13';
    const a = await member('Lote Ana', { baptism_date: day });
    const b = await member('Lote Bruno', { baptism_date: day });
    await member('Lote Outro Dia', { baptism_date: '2022-11-14' });
    const before = await api('POST', '/api/certificates', { member_id: b, kind: 'baptism' });
    const response = await api('POST', '/api/certificates/batch', { date: day });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages).toHaveLength(2);
    const listed = (
      await api('GET', `/api/certificates?filter=${JSON.stringify({ member_id: a })}`)
    ).json();
    expect(listed).toHaveLength(1);
    const kept = (
      await api('GET', `/api/certificates?filter=${JSON.stringify({ member_id: b })}`)
    ).json();
    expect(kept.map((c: { id: number }) => c.id)).toEqual([before.json().id]);
    const empty = await api('POST', '/api/certificates/batch', { date: '2022-01-02' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(
      /Nenhum batismo nas águas registrado em 2 de janeiro de 2022/,
    );
  });

  it('the data export lists the milestones and certificates; anonymization erases their texts', async () => {
    const id = await member('Titular Marcos', { baptism_date: '2018-07-01' });
    await milestone({
      member_id: id,
      kind: 'marriage',
      date: '2019-05-05',
      place: 'Chácara Titular',
      officiant_name: 'Pr. Tiago',
      spouse_name: 'Joana Titular',
      notes: 'Casamento na chácara da família Titular.',
    });
    await api('POST', '/api/certificates', { member_id: id, kind: 'marriage' });
    const admin = as(await t.signIn('admin@teste.org', 'senha-do-admin'));
    const exported = (await admin('GET', `/api/members/${id}/data_export?format=json`)).json();
    expect(exported.milestones.map((m: { kind_label: string }) => m.kind_label).sort()).toEqual([
      'Batismo nas águas',
      'Casamento',
    ]);
    expect(exported.milestones.find((m: { kind: string }) => m.kind === 'marriage')).toMatchObject({
      place: 'Chácara Titular',
      spouse_name: 'Joana Titular',
    });
    expect(exported.certificates).toEqual([
      expect.objectContaining({ kind_label: 'Certificado de casamento religioso' }),
    ]);
    const done = await admin('POST', `/api/members/${id}/anonymize`, {
      confirmation: 'Titular Marcos',
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.database.db
      .selectFrom('member_milestones')
      .selectAll()
      .where('member_id', '=', id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect([row.place, row.officiant_name, row.spouse_name, row.notes]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    expect(rows.map((row) => row.date).sort()).toEqual(['2018-07-01', '2019-05-05']);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['changes'])
      .where('resource', '=', 'milestones')
      .where('member_id', '=', id)
      .execute();
    expect(JSON.stringify(trail)).not.toContain('Chácara Titular');
    expect(
      (await api('POST', '/api/certificates', { member_id: id, kind: 'baptism' })).statusCode,
    ).toBe(409);
  });

  it('keeps to the congregation scope', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/congregations',
      headers: await t.signIn('admin@teste.org', 'senha-do-admin'),
      payload: { name: 'Congregação Marcos', kind: 'congregacao' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const congregationId = other.json().id as number;
    const outside = await member('Fora Escopo', {
      congregation_id: congregationId,
      baptism_date: '2021-01-01',
    });
    const [baptism] = (await api('GET', `/api/members/${outside}/milestones`)).json();
    const limited = as(await t.userWithRoles(['secretary'], 'Secretária Sede', [1]));
    expect((await limited('GET', `/api/members/${outside}/milestones`)).statusCode).toBe(404);
    expect((await limited('GET', `/api/milestones/${baptism.id}`)).statusCode).toBe(404);
    expect(
      (
        await limited('POST', '/api/milestones', {
          member_id: outside,
          kind: 'marriage',
          date: '2020-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await limited('POST', '/api/certificates', { member_id: outside, kind: 'baptism' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await limited('POST', '/api/certificates/batch', {
          date: '2021-01-01',
          congregation_id: congregationId,
        })
      ).statusCode,
    ).toBe(403);
    const list = await limited('GET', '/api/milestones');
    expect(list.json().some((m: { member_id: number }) => m.member_id === outside)).toBe(false);
    const financial = as(await t.userWithRoles(['financial']));
    expect((await financial('GET', `/api/members/${outside}/milestones`)).statusCode).toBe(403);
  });
});
