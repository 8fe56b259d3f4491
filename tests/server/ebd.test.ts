// The EBD (issue 26): classes per congregation and trimestre with teachers, enrolment and the
// suggestions by age, the Sunday chamada on the one attendance engine (idempotent, only enrolled
// students, visitors through the quick-add, counts checked), the secretary's Sunday summary whose
// totals are the chamadas' — recounted here from the tables — and the certificates of attendance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import { pdfPages, pdfText } from '../support/pdf.js';
import { todayIso } from '../../domain/dates.js';
import { quarterBounds, quarterOf } from '../../domain/ebd.js';
import { churchLifeApp, newCongregation, newMember } from '../support/churchLife.js';
import type { TestApp } from '../support/testApp.js';

const SUNDAYS = ['2026-07-05', '2026-07-12', '2026-07-19'];

describe('the EBD: classes, chamada, summary and certificates', () => {
  let t: TestApp;
  let admin: Api;
  let scoped: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Betel');
    ids.B = await newCongregation(admin, 'Congregação Siloé');
    const member = (name: string, congregation_id: number, birth_date?: string) =>
      newMember(admin, name, congregation_id, { birth_date });
    ids.teacher = await member('Priscila Mestra', ids.A, '1970-02-01');
    ids.ana = await member('Ana Jovem', ids.A, '2004-05-10'); // 22 on 01/07/2026
    ids.bia = await member('Bia Jovem', ids.A, '1997-07-02'); // 28 on 01/07/2026 (29 the next day)
    ids.caio = await member('Caio Adulto', ids.A, '1990-01-01'); // 36
    ids.davi = await member('Davi Jovem', ids.A, '2008-07-01'); // 18 exactly
    ids.eli = await member('Eli Sem Data', ids.A);
    ids.far = await member('Fábio Siloé', ids.B, '2000-01-01');
    const user = await t.userWithRoles(['secretary'], 'Secretária Betel');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([ids.A]) })
      .where('id', '=', user.id)
      .execute();
    scoped = apiAs(t, user);
  });
  afterAll(() => t?.close());

  const youth = {
    name: 'Jovens',
    year: 2026,
    quarter: 3,
    age_group: 'Jovens',
    age_min: 18,
    age_max: 29,
    magazine: 'Os Dez Mandamentos',
  };

  it('creates a class with its teachers, in the user’s congregations only', async () => {
    const response = await scoped('POST', '/api/ebd_classes', {
      ...youth,
      congregation_id: ids.A,
      teacher_ids: [ids.teacher],
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json();
    ids.youth = record.id;
    expect(record).toMatchObject({
      name: 'Jovens',
      quarter_label: '3º trimestre de 2026',
      congregation_name: 'Congregação Betel',
      teacher_ids: [ids.teacher],
      teacher_names: ['Priscila Mestra'],
      enrolled_count: 0,
      active: true,
    });
    expect(
      (await scoped('POST', '/api/ebd_classes', { ...youth, congregation_id: ids.B })).statusCode,
    ).toBe(403);
    const classB = await created(admin, '/api/ebd_classes', {
      ...youth,
      name: 'Jovens Siloé',
      congregation_id: ids.B,
    });
    ids.classB = classB.id;
    expect((await scoped('GET', `/api/ebd_classes/${ids.classB}`)).statusCode).toBe(404);
    const list = await scoped(
      'GET',
      `/api/ebd_classes?${query({ filter: { year: 2026, active: true } })}`,
    );
    expect(list.json().map((row: Row) => row.name)).toEqual(['Jovens']);
    // The search ignores case and accents on both databases.
    await created(admin, '/api/ebd_classes', {
      name: 'Berçário',
      congregation_id: ids.A,
      year: 2026,
      quarter: 3,
      active: false,
    });
    const found = await scoped('GET', `/api/ebd_classes?${query({ filter: { q: 'BERCARIO' } })}`);
    expect(found.json().map((row: Row) => row.name)).toEqual(['Berçário']);
  });

  it('refuses a bad class with Portuguese messages and writes nothing', async () => {
    const before = await t.database.db.selectFrom('ebd_classes').select('id').execute();
    const cases: Array<[object, string, RegExp]> = [
      [{ age_min: 30, age_max: 18 }, 'age_max', /não pode ser menor/],
      [{ quarter: 5 }, 'quarter', /trimestre/],
      [{ teacher_ids: [ids.far] }, 'teacher_ids', /membros da congregação/],
      [{ name: '' }, 'name', /Informe o nome/],
    ];
    for (const [change, field, message] of cases) {
      const response = await admin('POST', '/api/ebd_classes', {
        ...youth,
        congregation_id: ids.A,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors[field], response.body).toMatch(message);
    }
    expect(await t.database.db.selectFrom('ebd_classes').select('id').execute()).toEqual(before);
  });

  it('suggests the congregation’s members of the class’s age who study nowhere yet', async () => {
    const names = async () =>
      ((await scoped('GET', `/api/ebd_classes/${ids.youth}/suggestions`)).json() as Row[]).map(
        (row) => row.name,
      );
    // Ages at the trimestre's start (01/07/2026): Ana 22, Bia 28, Davi 18; Caio 36 and the
    // teacher are older, Eli has no birth date, Fábio is of another congregation.
    expect(await names()).toEqual(['Ana Jovem', 'Bia Jovem', 'Davi Jovem']);
    const enrolled = await scoped('POST', `/api/ebd_classes/${ids.youth}/enrolments`, {
      member_id: ids.ana,
      enrolled_on: '2026-07-01',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    ids.anaEnrolment = enrolled.json().id;
    expect(await names()).toEqual(['Bia Jovem', 'Davi Jovem']);
  });

  it('enrols members of the class’s congregation once, within the trimestre', async () => {
    const enrol = (body: object) =>
      scoped('POST', `/api/ebd_classes/${ids.youth}/enrolments`, body);
    expect((await enrol({ member_id: ids.bia, enrolled_on: '2026-07-01' })).statusCode).toBe(201);
    const again = await enrol({ member_id: ids.bia });
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(false);
    expect((await enrol({ member_id: ids.caio, enrolled_on: '2026-07-10' })).statusCode).toBe(201);
    const outside = await enrol({ member_id: ids.davi, enrolled_on: '2026-06-30' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.enrolled_on).toMatch(/3º trimestre de 2026/);
    const other = await enrol({ member_id: ids.far });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.member_id).toMatch(/congregação da turma/);
    const list = (await scoped('GET', `/api/ebd_classes/${ids.youth}/enrolments`)).json() as Row[];
    expect(list.map((row) => row.name)).toEqual(['Ana Jovem', 'Bia Jovem', 'Caio Adulto']);
  });

  const openChamada = (api: Api, date: string) =>
    api('POST', `/api/ebd_classes/${ids.youth}/roll_calls`, { date });
  const checkIn = (api: Api, chamada: number, body: object) =>
    api('POST', `/api/gatherings/${chamada}/attendances`, body);

  it('opens a class’s chamada once a day, only in its trimestre', async () => {
    const first = await openChamada(scoped, SUNDAYS[0]);
    expect(first.statusCode, first.body).toBe(201);
    const again = await openChamada(admin, SUNDAYS[0]);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    ids.first = first.json().id;
    // Caio is enrolled from 10/07: not yet a student on 05/07.
    expect(first.json().students.map((row: Row) => row.name)).toEqual(['Ana Jovem', 'Bia Jovem']);
    expect(first.json().figures).toMatchObject({ enrolled: 2, present: 0, absent: 2 });
    // Two phones opening the same chamada at once get one.
    const both = await Promise.all(
      [0, 1].map(() =>
        admin('POST', `/api/ebd_classes/${ids.classB}/roll_calls`, { date: '2026-08-02' }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((response) => response.json().id)).size).toBe(1);
    const outside = await openChamada(scoped, '2026-10-04');
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.date).toMatch(/01\/07\/2026 a 30\/09\/2026/);
  });

  it('ticks enrolled students once (a replayed key too) and refuses the others', async () => {
    const tick = await checkIn(scoped, ids.first, {
      member_id: ids.ana,
      client_key: 'ebd-ana-0001',
    });
    expect(tick.statusCode, tick.body).toBe(201);
    for (const body of [
      { member_id: ids.ana, client_key: 'ebd-ana-0001' },
      { member_id: ids.ana, client_key: 'ebd-ana-0002' },
    ]) {
      const replay = await checkIn(scoped, ids.first, body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().id).toBe(tick.json().id);
    }
    const caio = await checkIn(scoped, ids.first, { member_id: ids.caio });
    expect(caio.statusCode).toBe(422);
    expect(caio.json().errors.member_id).toMatch(/não está matriculado\(a\) nesta turma em 05\/07/);
    const visitor = await scoped('POST', '/api/visitors', {
      name: 'Gabriel Visitante',
      gathering_id: ids.first,
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    ids.gabriel = visitor.json().id;
    const chamada = (await scoped('GET', `/api/ebd_roll_calls/${ids.first}`)).json();
    expect(chamada.students).toMatchObject([
      { name: 'Ana Jovem', present: true },
      { name: 'Bia Jovem', present: false },
    ]);
    expect(chamada.visitors.map((row: Row) => row.name)).toEqual(['Gabriel Visitante']);
    expect(chamada.figures).toMatchObject({ enrolled: 2, present: 1, absent: 1, visitors: 1 });
    // The cultos' list keeps to cultos and events.
    const cultos = (await scoped('GET', '/api/gatherings')).json() as Row[];
    expect(cultos.map((row) => row.id)).not.toContain(ids.first);
  });

  it('saves the counts exactly and refuses impossible ones', async () => {
    const save = (body: object) => scoped('PUT', `/api/ebd_roll_calls/${ids.first}`, body);
    const saved = await save({
      count_visitors: 2,
      count_bibles: 3,
      count_magazines: 2,
      offering_cents: 1_237,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().figures).toEqual({
      enrolled: 2,
      present: 1,
      absent: 1,
      visitors: 2,
      bibles: 3,
      magazines: 2,
      offering_cents: 1_237,
    });
    const cases: Array<[object, string, RegExp]> = [
      [{ count_bibles: 4 }, 'count_bibles', /mais do que as 3 pessoas/],
      [{ count_visitors: 0 }, 'count_visitors', /não pode ser menor/],
      [{ offering_cents: -5 }, 'offering_cents', /negativa/],
      [{ count_magazines: 1.5 }, 'count_magazines', /inteiro/],
    ];
    for (const [body, field, message] of cases) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toMatch(message);
    }
    const stored = await t.database.db
      .selectFrom('gatherings')
      .select(['count_bibles', 'offering_cents'])
      .where('id', '=', ids.first)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ count_bibles: 3, offering_cents: 1_237 });
    // Another congregation's user: the chamada is not theirs.
    const outsider = await t.userWithRoles(['secretary'], 'Secretária Siloé');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([ids.B]) })
      .where('id', '=', outsider.id)
      .execute();
    const other = apiAs(t, outsider);
    expect((await other('GET', `/api/ebd_roll_calls/${ids.first}`)).statusCode).toBe(404);
    expect(
      (await other('PUT', `/api/ebd_roll_calls/${ids.first}`, { count_bibles: 0 })).statusCode,
    ).toBe(403);
  });

  /** Every chamada of `date`, recounted from the tables on their own. */
  async function recount(date: string) {
    const db = t.database.db;
    const chamadas = await db
      .selectFrom('gatherings')
      .selectAll()
      .where('ebd_class_id', 'is not', null)
      .where('date', '=', date)
      .execute();
    const sum = {
      enrolled: 0,
      present: 0,
      absent: 0,
      visitors: 0,
      bibles: 0,
      magazines: 0,
      offering_cents: 0,
    };
    for (const chamada of chamadas) {
      const enrolments = await db
        .selectFrom('ebd_enrolments')
        .selectAll()
        .where('ebd_class_id', '=', chamada.ebd_class_id!)
        .execute();
      const enrolled = enrolments.filter(
        (row) => row.enrolled_on <= date && (row.left_on === null || row.left_on > date),
      ).length;
      const attendances = await db
        .selectFrom('attendances')
        .selectAll()
        .where('gathering_id', '=', chamada.id)
        .execute();
      // A visitor enrolled as a student is a presente; the other visitors are visitantes.
      const studentVisitors = new Set(
        enrolments
          .filter(
            (row) =>
              row.visitor_id !== null &&
              row.enrolled_on <= date &&
              (row.left_on === null || row.left_on > date),
          )
          .map((row) => row.visitor_id),
      );
      const present = attendances.filter(
        (row) => row.member_id !== null || studentVisitors.has(row.visitor_id),
      ).length;
      const named = attendances.filter(
        (row) => row.visitor_id !== null && !studentVisitors.has(row.visitor_id),
      ).length;
      sum.enrolled += enrolled;
      sum.present += present;
      sum.absent += enrolled - present;
      sum.visitors += chamada.count_visitors ?? named;
      sum.bibles += chamada.count_bibles ?? 0;
      sum.magazines += chamada.count_magazines ?? 0;
      sum.offering_cents += chamada.offering_cents ?? 0;
    }
    return sum;
  }

  it('sums the Sunday’s chamadas per class and in total (screen, CSV, PDF)', async () => {
    // A second class of A with its own chamada, and B's class with one the scoped user never sees.
    const kids = await created(admin, '/api/ebd_classes', {
      name: 'Juniores',
      congregation_id: ids.A,
      year: 2026,
      quarter: 3,
      age_group: 'Juniores',
    });
    const kid = await created(admin, '/api/members', {
      name: 'Lia Criança',
      congregation_id: ids.A,
      birth_date: '2016-03-03',
    });
    await created(admin, `/api/ebd_classes/${kids.id}/enrolments`, {
      member_id: kid.id,
      enrolled_on: '2026-07-01',
    });
    const kidsChamada = await created(admin, `/api/ebd_classes/${kids.id}/roll_calls`, {
      date: SUNDAYS[0],
    });
    await created(admin, `/api/gatherings/${kidsChamada.id}/attendances`, { member_id: kid.id });
    await admin('PUT', `/api/ebd_roll_calls/${kidsChamada.id}`, {
      count_bibles: 1,
      offering_cents: 550,
    });
    await created(admin, `/api/ebd_classes/${ids.classB}/enrolments`, {
      member_id: ids.far,
      enrolled_on: '2026-07-01',
    });
    const chamadaB = await created(admin, `/api/ebd_classes/${ids.classB}/roll_calls`, {
      date: SUNDAYS[0],
    });
    await created(admin, `/api/gatherings/${chamadaB.id}/attendances`, { member_id: ids.far });
    await admin('PUT', `/api/ebd_roll_calls/${chamadaB.id}`, { offering_cents: 10_000 });
    // An inactive class without a chamada is left out; an active one shows "not taken".
    await created(admin, '/api/ebd_classes', {
      name: 'Adultos',
      congregation_id: ids.A,
      year: 2026,
      quarter: 3,
    });
    await created(admin, '/api/ebd_classes', {
      name: 'Antiga',
      congregation_id: ids.A,
      year: 2026,
      quarter: 3,
      active: false,
    });

    // The visitor of the first Sunday comes back as a student of the class from that Sunday on.
    const gabriel = await created(scoped, `/api/ebd_classes/${ids.youth}/enrolments`, {
      visitor_id: ids.gabriel,
      enrolled_on: SUNDAYS[0],
    });
    expect(gabriel.name).toBe('Gabriel Visitante');
    const chamada = (await scoped('GET', `/api/ebd_roll_calls/${ids.first}`)).json();
    expect(chamada.students.map((row: Row) => [row.name, row.present])).toEqual([
      ['Ana Jovem', true],
      ['Bia Jovem', false],
      ['Gabriel Visitante', true],
    ]);
    expect(chamada.visitors).toEqual([]);
    expect(chamada.figures).toMatchObject({ enrolled: 3, present: 2, absent: 1, visitors: 2 });

    const url = `/api/reports/ebd_summary?${query({ filter: { date: SUNDAYS[0] } })}`;
    const whole = (await admin('GET', url)).json() as Row[];
    const total = whole.at(-1);
    expect(total.is_total).toBe(true);
    expect(total.figures).toEqual(await recount(SUNDAYS[0]));
    expect(total.figures).toEqual({
      enrolled: 5,
      present: 4,
      absent: 1,
      visitors: 2,
      bibles: 4,
      magazines: 2,
      offering_cents: 1_237 + 550 + 10_000,
    });
    // Each class's row is its chamada's figures; the total is their sum.
    const classes = whole.filter((row) => !row.is_total);
    expect(classes.map((row) => [row.class_name, row.roll_call_id !== null])).toEqual([
      ['Adultos', false],
      ['Jovens', true],
      ['Juniores', true],
      ['Jovens Siloé', true],
    ]);
    for (const key of Object.keys(total.figures)) {
      const sum = classes.reduce((acc, row) => acc + (row.figures?.[key] ?? 0), 0);
      expect(sum, key).toBe(total.figures[key]);
    }

    const mine = (await scoped('GET', url)).json() as Row[];
    expect(mine.map((row) => row.class_name)).toEqual(['Adultos', 'Jovens', 'Juniores', 'Total']);
    expect(mine.at(-1).figures.offering_cents).toBe(1_787);

    const csv = await scoped(
      'GET',
      `/api/reports/ebd_summary/csv?${query({ filter: { date: SUNDAYS[0] } })}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Matriculados');
    expect(csv.body).toMatch(/Total;;;4;3;1;2;4;2;17,87/);
    expect(csv.body).not.toContain('Siloé');
    const pdf = await scoped(
      'GET',
      `/api/reports/ebd_summary/pdf?${query({ filter: { date: SUNDAYS[0] } })}`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Resumo da EBD');
    expect(text).toContain('05/07/2026');
    expect(text).toContain('R$ 17,87');
    expect(text).toContain('Não feita');
  });

  it('prints a certificate per student who reached the minimum attendance', async () => {
    // Three Sundays: Ana present at all three, Bia at one, Caio (from 10/07) at both of his.
    for (const date of SUNDAYS.slice(1)) {
      const chamada = (await openChamada(scoped, date)).json();
      await checkIn(scoped, chamada.id, { member_id: ids.ana });
      await checkIn(scoped, chamada.id, { member_id: ids.caio });
      if (date === SUNDAYS[2]) await checkIn(scoped, chamada.id, { member_id: ids.bia });
    }
    const url = (min?: number) =>
      `/api/ebd_classes/${ids.youth}/certificates/pdf${min === undefined ? '' : `?min_percent=${min}`}`;
    const pages = await pdfPages((await scoped('GET', url())).rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('CERTIFICADO DE FREQUÊNCIA');
    expect(pages[0]).toContain('Ana Jovem');
    expect(pages[0]).toMatch(/presença em 3 de 3 aulas: frequência de 100%/);
    expect(pages[0]).toContain('3º trimestre de 2026');
    expect(pages[0]).toContain('Os Dez Mandamentos');
    expect(pages[1]).toContain('Caio Adulto');
    expect(pages[1]).toMatch(/presença em 2 de 2 aulas/);
    // Bia came to one of three (33%): in at 30%, out at the default 75%.
    const low = await pdfPages((await scoped('GET', url(30))).rawPayload);
    // Gabriel, a visitor enrolled from the first Sunday, came to one of three too.
    expect(low.map((page) => page.match(/(Ana|Bia|Caio|Gabriel) \S+/)?.[0])).toEqual([
      'Ana Jovem',
      'Bia Jovem',
      'Caio Adulto',
      'Gabriel Visitante',
    ]);
    const bad = await scoped('GET', url(101));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.min_percent).toMatch(/0 a 100/);
    const none = await scoped('GET', `/api/ebd_classes/${ids.classB}/certificates/pdf`);
    expect(none.statusCode).toBe(404);
  });

  it(
    'keeps the chamadas out of the dashboard’s cultos and the cultos’ list',
    { tags: ['dates'] },
    async () => {
      const today = todayIso();
      const { year, quarter } = quarterOf(today);
      const ebdClass = await created(admin, '/api/ebd_classes', {
        name: 'Turma de hoje',
        congregation_id: ids.A,
        year,
        quarter,
      });
      await created(admin, `/api/ebd_classes/${ebdClass.id}/enrolments`, {
        member_id: ids.eli,
        enrolled_on: quarterBounds(year, quarter).start,
      });
      const chamada = await created(admin, `/api/ebd_classes/${ebdClass.id}/roll_calls`, {
        date: today,
      });
      await created(admin, `/api/gatherings/${chamada.id}/attendances`, { member_id: ids.eli });
      const dashboard = (await scoped('GET', '/api/dashboard')).json();
      expect(dashboard.attendance).toMatchObject({ gatherings: 0, latest: null });
      const cultos = (await scoped('GET', '/api/gatherings')).json() as Row[];
      expect(cultos).toEqual([]);
    },
  );

  // Issue 26: the teacher is a líder linked to his member; he reaches only the classes he
  // teaches, of their students only name, photo, phone and birthday, and takes their chamada.
  it('a líder teacher reads only his classes and takes their chamada', async () => {
    const adults = await created(admin, '/api/ebd_classes', {
      name: 'Adultos',
      congregation_id: ids.A,
      year: 2026,
      quarter: 3,
      teacher_ids: [ids.caio],
    });
    await created(admin, `/api/ebd_classes/${adults.id}/enrolments`, {
      member_id: ids.eli,
      enrolled_on: '2026-07-01',
    });
    const adultsChamada = await created(admin, `/api/ebd_classes/${adults.id}/roll_calls`, {
      date: SUNDAYS[0],
    });
    const eliThere = await created(admin, `/api/gatherings/${adultsChamada.id}/attendances`, {
      member_id: ids.eli,
    });
    await created(admin, '/api/users', {
      name: 'Priscila Mestra',
      email: 'priscila.professora@teste.org',
      password: 'senha-da-professora-1',
      roles: ['leader'],
      member_id: ids.teacher,
    });
    const teacher = apiAs(
      t,
      await t.signIn('priscila.professora@teste.org', 'senha-da-professora-1'),
    );

    const mine = (await teacher('GET', '/api/ebd_classes')).json() as Row[];
    expect(mine.map((row) => row.name)).toEqual(['Jovens']);
    const chamadas = (await teacher('GET', '/api/ebd_roll_calls')).json() as Row[];
    expect(chamadas.length).toBeGreaterThan(0);
    expect(new Set(chamadas.map((row) => row.ebd_class_id))).toEqual(new Set([ids.youth]));
    // Another teacher's class, and one of another congregation, do not exist for him.
    for (const [method, url, body] of [
      ['GET', `/api/ebd_classes/${adults.id}`, undefined],
      ['GET', `/api/ebd_classes/${adults.id}/students`, undefined],
      ['POST', `/api/ebd_classes/${adults.id}/roll_calls`, { date: SUNDAYS[1] }],
      ['GET', `/api/ebd_roll_calls/${adultsChamada.id}`, undefined],
      ['PUT', `/api/ebd_roll_calls/${adultsChamada.id}`, { count_bibles: 0 }],
      ['POST', `/api/gatherings/${adultsChamada.id}/attendances`, { member_id: ids.eli }],
      ['DELETE', `/api/attendances/${eliThere.id}`, undefined],
      ['GET', `/api/ebd_classes/${ids.classB}`, undefined],
    ] as const) {
      expect((await teacher(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The office's work stays the office's: enrolment, the classes, certificates, the summary.
    for (const [method, url, body] of [
      ['GET', `/api/ebd_classes/${ids.youth}/enrolments`, undefined],
      ['POST', `/api/ebd_classes/${ids.youth}/enrolments`, { member_id: ids.davi }],
      ['DELETE', `/api/ebd_enrolments/${ids.anaEnrolment}`, undefined],
      ['GET', `/api/ebd_classes/${ids.youth}/suggestions`, undefined],
      ['PUT', `/api/ebd_classes/${ids.youth}`, { name: 'Minha' }],
      ['DELETE', `/api/ebd_classes/${ids.youth}`, undefined],
      ['POST', '/api/ebd_classes', { ...youth, congregation_id: ids.A }],
      ['GET', `/api/ebd_classes/${ids.youth}/certificates/pdf`, undefined],
      ['GET', '/api/reports/ebd_summary', undefined],
      ['GET', `/api/gatherings/${adultsChamada.id}/attendances`, undefined],
      ['GET', '/api/members', undefined],
    ] as const) {
      expect((await teacher(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }

    // His students: name, photo, phone and birthday (day and month), nothing else.
    const students = await teacher('GET', `/api/ebd_classes/${ids.youth}/students`);
    expect(students.statusCode, students.body).toBe(200);
    expect(students.json()).toEqual([
      { id: ids.ana, name: 'Ana Jovem', photo_thumb: null, phone: null, birthday: '05-10' },
      { id: ids.bia, name: 'Bia Jovem', photo_thumb: null, phone: null, birthday: '07-02' },
      { id: ids.caio, name: 'Caio Adulto', photo_thumb: null, phone: null, birthday: '01-01' },
    ]);

    // The chamada of the second Sunday (opened before): Bia ticked once, a replay counted once.
    const opened = await openChamada(teacher, SUNDAYS[1]);
    expect(opened.statusCode, opened.body).toBe(200);
    const chamada = opened.json().id as number;
    const bia = await checkIn(teacher, chamada, { member_id: ids.bia, client_key: 'prof-bia-01' });
    expect(bia.statusCode, bia.body).toBe(201);
    const replay = await checkIn(teacher, chamada, {
      member_id: ids.bia,
      client_key: 'prof-bia-01',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(bia.json().id);
    // Not a student: refused without naming whom he may not read (nor another class's visitor).
    const otto = await created(admin, '/api/visitors', {
      name: 'Otto Visitante',
      gathering_id: adultsChamada.id,
    });
    for (const [body, field] of [
      [{ member_id: ids.davi }, 'member_id'],
      [{ member_id: ids.far }, 'member_id'],
      [{ visitor_id: otto.id }, 'visitor_id'],
    ] as const) {
      const refused = await checkIn(teacher, chamada, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
      expect(refused.body).not.toMatch(/Davi|Fábio|Otto/);
    }
    // The visitor quick-add into his chamada, invited by a student; not into another's.
    const helena = await teacher('POST', '/api/visitors', {
      name: 'Helena Visitante',
      gathering_id: chamada,
      invited_by_id: ids.ana,
    });
    expect(helena.statusCode, helena.body).toBe(201);
    for (const [payload, field] of [
      [{ name: 'X', gathering_id: adultsChamada.id }, 'gathering_id'],
      [{ name: 'X', gathering_id: chamada, invited_by_id: ids.far }, 'invited_by_id'],
    ] as const) {
      const refused = await teacher('POST', '/api/visitors', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
    }
    // The counts and the offering, exact to the centavo.
    const counts = await teacher('PUT', `/api/ebd_roll_calls/${chamada}`, {
      count_bibles: 3,
      count_magazines: 2,
      offering_cents: 1_905,
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().figures).toMatchObject({
      present: 3,
      visitors: 1,
      bibles: 3,
      magazines: 2,
      offering_cents: 1_905,
    });
    const stored = await t.database.db
      .selectFrom('gatherings')
      .select('offering_cents')
      .where('id', '=', chamada)
      .executeTakeFirstOrThrow();
    expect(Number(stored.offering_cents)).toBe(1_905);
    // A tick by mistake undone.
    expect((await teacher('DELETE', `/api/attendances/${bia.json().id}`)).statusCode).toBe(200);
    const read = (await teacher('GET', `/api/ebd_roll_calls/${chamada}`)).json();
    expect(read.students.find((row: Row) => row.name === 'Bia Jovem').present).toBe(false);
    expect(read.visitors.map((row: Row) => row.name)).toEqual(['Helena Visitante']);
  });

  it('takes off a student never present, and keeps the history of one who was', async () => {
    const davi = await created(scoped, `/api/ebd_classes/${ids.youth}/enrolments`, {
      member_id: ids.davi,
      enrolled_on: '2026-07-20',
    });
    expect((await scoped('DELETE', `/api/ebd_enrolments/${davi.id}`)).statusCode).toBe(200);
    expect(
      await t.database.db
        .selectFrom('ebd_enrolments')
        .select('id')
        .where('id', '=', davi.id)
        .execute(),
    ).toEqual([]);
    const left = await scoped('DELETE', `/api/ebd_enrolments/${ids.anaEnrolment}`);
    expect(left.statusCode).toBe(200);
    expect(left.json().left_on).not.toBeNull();
    // The past chamadas still count her (with Bia and Gabriel).
    const first = (await scoped('GET', `/api/ebd_roll_calls/${ids.first}`)).json();
    expect(first.figures).toMatchObject({ enrolled: 3, present: 2 });
    // A class with chamadas is history: deactivated, not deleted.
    const removed = await scoped('DELETE', `/api/ebd_classes/${ids.youth}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error ?? removed.body).toMatch(/desative-a/);
  });
});
