// Least access (issue 13): a treasurer and a user without roles read the reduced member record
// on every route that answers members — list, search, getMany, record, ministry workers, the
// dashboard — and the hidden values never appear in any answer they can reach (asserted on the
// raw text); a secretary and an admin still read everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, hasAccess } from '../../domain/access.js';
import { REDUCED_MEMBER_KEYS } from '../../domain/memberAccess.js';
import { CELL_PERSON_KEYS } from '../../domain/cells.js';
import { todayIso } from '../../domain/dates.js';
import { quarterOf } from '../../domain/ebd.js';
import { type Row, apiAs, categoryId, created } from '../support/finance.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const CPF = '52998224725';
// The member's personal values: none may reach a reader of the reduced record.
const HIDDEN_VALUES = {
  cpf: CPF,
  cpfFormatted: '529.982.247-25',
  rg: 'MG-14.785.236',
  birthDate: '1975-08-14',
  street: 'Rua das Acácias Escondidas',
  district: 'Bairro Reservado',
  zip: '30140071',
  father: 'Teodoro Paterno Oculto',
  mother: 'Filomena Materna Oculta',
  spouse: 'Cônjuge Reservado Silva',
  notes: 'Acompanhamento pastoral reservado',
  email: 'quiteria.privada@exemplo.org',
  phone: '31987654321',
  birthplace: 'Naturalidade Escondida',
  profession: 'Profissão Reservada',
  hiddenCustom: 'Valor do campo interno',
  consentVersion: 'termo-versao-reservada',
  guardian: 'Responsável Legal Oculto',
};
const VISIBLE_CUSTOM = 'Coral da Sede';

describe('least access to members (issue 13)', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let secretary: SessionHeaders;
  let financial: SessionHeaders;
  let noRole: SessionHeaders;
  let memberId = 0;
  let birthdayId = 0;

  const get = (session: SessionHeaders, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session });
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  const expectNothingHidden = (text: string, where: string) => {
    for (const [name, value] of Object.entries(HIDDEN_VALUES)) {
      expect(text.includes(value), `${where}: ${name} (${value}) leaked`).toBe(false);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: ADMIN,
    });
    admin = {
      'access-token': String(signIn.headers['access-token']),
      client: String(signIn.headers.client),
      uid: String(signIn.headers.uid),
    };
    secretary = await t.userWithRoles(['secretary']);
    financial = await t.userWithRoles(['financial']);
    noRole = await t.userWithRoles([]);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: secretary, payload });

    const positions = (await get(secretary, '/api/positions')).json() as Array<{
      id: number;
      name: string;
    }>;
    const pastor = positions.find((p) => p.name === 'Pastor')!.id;
    const department = (await post('/api/departments', { name: 'Louvor' })).json().id as number;
    expect(
      (await post('/api/custom_fields', { label: 'Campo interno', field_type: 'text' })).statusCode,
    ).toBe(201);
    // Which fields every role sees is a church-wide setting: the admins' (issue 22).
    const visible = await t.app.inject({
      method: 'POST',
      url: '/api/custom_fields',
      headers: admin,
      payload: {
        label: 'Ministério de música',
        field_type: 'text',
        visible_to_all: true,
      },
    });
    expect(visible.statusCode, visible.body).toBe(201);
    expect(visible.json().visible_to_all).toBe(true);

    const created = await post('/api/members', {
      name: 'Maria Quitéria Lacerda',
      cpf: HIDDEN_VALUES.cpfFormatted,
      rg: HIDDEN_VALUES.rg,
      sex: 'F',
      birth_date: HIDDEN_VALUES.birthDate,
      marital_status: 'married',
      spouse_name: HIDDEN_VALUES.spouse,
      email: HIDDEN_VALUES.email,
      phone_mobile: HIDDEN_VALUES.phone,
      phone_home: '3132221100',
      zip_code: HIDDEN_VALUES.zip,
      street: HIDDEN_VALUES.street,
      number: '77',
      district: HIDDEN_VALUES.district,
      city: 'Belo Horizonte',
      state: 'MG',
      birthplace: HIDDEN_VALUES.birthplace,
      profession: HIDDEN_VALUES.profession,
      father_name: HIDDEN_VALUES.father,
      mother_name: HIDDEN_VALUES.mother,
      status: 'active',
      admission_date: '2001-03-04',
      baptism_date: '2000-12-24',
      position_id: pastor,
      consecration_date: '2010-05-10',
      department_ids: [department],
      notes: HIDDEN_VALUES.notes,
      photo: 'data:image/jpeg;base64,/9j/AAAA',
      photo_thumb: 'data:image/jpeg;base64,/9j/BBBB',
      custom_fields: {
        campo_interno: HIDDEN_VALUES.hiddenCustom,
        ministerio_de_musica: VISIBLE_CUSTOM,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    memberId = created.json().id;
    await t.database.db
      .updateTable('members')
      .set({
        consent_at: '2024-01-02T10:00:00.000Z',
        consent_version: HIDDEN_VALUES.consentVersion,
        guardian_name: HIDDEN_VALUES.guardian,
      })
      .where('id', '=', memberId)
      .execute();
    // Born on the server's today: the dashboard's birthdays of the week name her.
    const birthday = await post('/api/members', {
      name: 'Aniversariante de Hoje',
      birth_date: `1990-${todayIso().slice(5)}`.replace('1990-02-29', '1992-02-29'),
      status: 'active',
    });
    expect(birthday.statusCode, birthday.body).toBe(201);
    birthdayId = birthday.json().id;
    // A donor linked to her: the finance routes name the donor, never the member's data.
    const donor = await t.app.inject({
      method: 'POST',
      url: '/api/donors',
      headers: financial,
      payload: {
        name: 'Maria Q. Lacerda (dízimos)',
        person_type: 'person',
        member_id: memberId,
      },
    });
    expect(donor.statusCode, donor.body).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  for (const who of ['financial'] as const) {
    describe('a user with the financial role', () => {
      const session = () => financial;

      it('reads the reduced record, with the custom fields visible to every role', async () => {
        const response = await get(session(), `/api/members/${memberId}`);
        expect(response.statusCode).toBe(200);
        const member = response.json();
        expect(Object.keys(member).sort()).toEqual([...REDUCED_MEMBER_KEYS].sort());
        expect(member).toMatchObject({
          id: memberId,
          name: 'Maria Quitéria Lacerda',
          status: 'active',
          has_photo: true,
          photo: 'data:image/jpeg;base64,/9j/AAAA',
          congregation_name: 'Minha Igreja',
          custom_fields: { ministerio_de_musica: VISIBLE_CUSTOM },
        });
        expect(member.department_ids).toHaveLength(1);
        expect(member.position_id).toBeGreaterThan(0);
        expectNothingHidden(response.body, 'GET /api/members/:id');
      });

      it('lists, searches by name and gets many without a hidden key or value', async () => {
        for (const url of [
          '/api/members?range=[0,999]',
          `/api/members?filter=${q({ q: 'quiteria' })}`,
          `/api/members?filter=${q({ q: 'Maria Lacerda' })}`,
          `/api/members?filter=${q({ id: [memberId, birthdayId] })}`,
          `/api/members?filter=${q({ status: 'active', position_id: 1 })}&sort=${q(['status', 'ASC'])}`,
        ]) {
          const response = await get(session(), url);
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          expectNothingHidden(response.body, url);
          for (const row of response.json() as Array<Record<string, unknown>>) {
            for (const key of Object.keys(row)) {
              expect(REDUCED_MEMBER_KEYS as readonly string[], `${url}: ${key}`).toContain(key);
            }
          }
        }
        const byName = await get(session(), `/api/members?filter=${q({ q: 'quiteria' })}`);
        expect(byName.json().map((m: { id: number }) => m.id)).toEqual([memberId]);
      });

      it('finds nobody by CPF digits, e-mail or phone: q matches the name only', async () => {
        for (const term of [
          CPF,
          HIDDEN_VALUES.cpfFormatted,
          CPF.slice(0, 6),
          'quiteria.privada',
          HIDDEN_VALUES.phone,
          '98765',
        ]) {
          const response = await get(session(), `/api/members?filter=${q({ q: term })}`);
          expect(response.statusCode).toBe(200);
          expect(response.json(), term).toEqual([]);
          expect(response.headers['content-range']).toBe('members */0');
        }
      });

      it('is refused, in Portuguese, the filters and sorts that would reveal a hidden field', async () => {
        const refused: Array<[object, string]> = [
          [{ birth_month: 8 }, 'mês de aniversário'],
          [{ age_gte: 40 }, 'idade'],
          [{ age_lte: 60 }, 'idade'],
          [{ sex: 'F' }, 'sexo'],
          [{ marital_status: 'married' }, 'estado civil'],
          [{ admission_date_gte: '2001-01-01' }, 'data de admissão'],
        ];
        for (const [filter, words] of refused) {
          const response = await get(session(), `/api/members?filter=${q(filter)}`);
          expect(response.statusCode, JSON.stringify(filter)).toBe(403);
          expect(response.json().message).toContain(words);
        }
        for (const field of ['birth_date', 'admission_date', 'created_at']) {
          const response = await get(session(), `/api/members?sort=${q([field, 'ASC'])}`);
          expect(response.statusCode, field).toBe(403);
          expect(response.json().message).toMatch(/^Seu perfil não permite ordenar/);
        }
        const workers = await get(
          session(),
          `/api/ministry_workers?sort=${q(['consecration_date', 'DESC'])}`,
        );
        expect(workers.statusCode).toBe(403);
      });

      it('reads the ministry workers without phones or consecration dates', async () => {
        const response = await get(session(), '/api/ministry_workers');
        expect(response.statusCode).toBe(200);
        const row = (response.json() as Array<Record<string, unknown>>).find(
          (worker) => worker.id === memberId,
        );
        expect(row).toBeDefined();
        expect(row).not.toHaveProperty('phone_mobile');
        expect(row).not.toHaveProperty('consecration_date');
        expectNothingHidden(response.body, 'GET /api/ministry_workers');
        const byCpf = await get(session(), `/api/ministry_workers?filter=${q({ q: CPF })}`);
        expect(byCpf.json()).toEqual([]);
      });

      it('gets no birthdays on the dashboard, no moves and no export', async () => {
        const dashboard = await get(session(), '/api/dashboard');
        expect(dashboard.statusCode).toBe(200);
        expect(dashboard.json()).not.toHaveProperty('birthdays_week');
        expect(dashboard.body).not.toContain('Aniversariante de Hoje');
        expect((await get(session(), `/api/members/${memberId}/moves`)).statusCode).toBe(403);
        expect((await get(session(), '/api/members/export')).statusCode).toBe(403);
        expect((await get(session(), '/api/reports/birthdays')).statusCode).toBe(403);
      });

      it('reaches no hidden value through any GET route it may call', async () => {
        const roles: Role[] = [who];
        const routes = t.app.apiRoutes.filter(
          (route) =>
            route.method === 'GET' &&
            route.access !== 'public' &&
            hasAccess(roles, route.access) &&
            !/:(?!id\b)/.test(route.url) &&
            !route.url.startsWith('/api/cep/'),
        );
        expect(routes.length).toBeGreaterThan(30);
        for (const route of routes) {
          const url = route.url.replace(':id', String(memberId));
          const response = await get(session(), url);
          expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          expectNothingHidden(response.body, url);
        }
      });
    });
  }

  // Issue 26: a user of no office role reads no member at all; the líder, only the people of the
  // cells he serves, of the EBD classes he teaches and of the culto whose check-in he hosts, and of
  // them only name, photo, phone and birthday (day and month).
  describe('a user with no role, and a líder', () => {
    let leader: SessionHeaders & { id: number };
    let cellId = 0;
    let classId = 0;
    let chamadaId = 0;
    let serviceId = 0;
    let occurrenceId = 0;
    const BIRTHDAY = HIDDEN_VALUES.birthDate.slice(5);
    // A líder reads the phone and the birthday of his cell's people: every other value stays hidden.
    const HIDDEN_FROM_LEADER = Object.entries(HIDDEN_VALUES).filter(([name]) => name !== 'phone');

    beforeAll(async () => {
      const leaderMember = (
        await t.app.inject({
          method: 'POST',
          url: '/api/members',
          headers: secretary,
          payload: { name: 'Líder Bartolomeu', status: 'active' },
        })
      ).json().id as number;
      const cell = await t.app.inject({
        method: 'POST',
        url: '/api/cells',
        headers: secretary,
        payload: { name: 'Célula Esperança', congregation_id: 1, leader_id: leaderMember },
      });
      expect(cell.statusCode, cell.body).toBe(201);
      cellId = cell.json().id;
      const members = await t.app.inject({
        method: 'PUT',
        url: `/api/cells/${cellId}/members`,
        headers: secretary,
        payload: { member_ids: [memberId] },
      });
      expect(members.statusCode, members.body).toBe(200);
      // He teaches the EBD class of this trimestre where she studies; she came today.
      const send = async (url: string, payload: object) => {
        const response = await t.app.inject({ method: 'POST', url, headers: secretary, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json().id as number;
      };
      const { year, quarter } = quarterOf(todayIso());
      classId = await send('/api/ebd_classes', {
        name: 'Turma Priscila e Áquila',
        congregation_id: 1,
        year,
        quarter,
        teacher_ids: [leaderMember],
      });
      await send(`/api/ebd_classes/${classId}/enrolments`, { member_id: memberId });
      chamadaId = await send(`/api/ebd_classes/${classId}/roll_calls`, {});
      await send(`/api/gatherings/${chamadaId}/attendances`, { member_id: memberId });
      // He hosts the check-in of a culto where she was marked present today.
      serviceId = await send('/api/worship_services', {
        name: 'Culto da Família',
        congregation_id: 1,
        weekday: 0,
        time: '19:00',
      });
      const hosts = await t.app.inject({
        method: 'PUT',
        url: `/api/worship_services/${serviceId}/hosts`,
        headers: secretary,
        payload: { host_ids: [leaderMember] },
      });
      expect(hosts.statusCode, hosts.body).toBe(200);
      occurrenceId = await send(`/api/worship_services/${serviceId}/open`, {});
      await send(`/api/gatherings/${occurrenceId}/attendances`, { member_id: memberId });
      leader = await t.userWithRoles(['leader']);
      await t.database.db
        .updateTable('users')
        .set({ member_id: leaderMember })
        .where('id', '=', leader.id)
        .execute();
    });

    it('a user with no role is refused every member route and the dashboard (403)', async () => {
      for (const url of [
        `/api/members/${memberId}`,
        '/api/members',
        `/api/members?filter=${q({ q: 'quiteria' })}`,
        '/api/ministry_workers',
        '/api/dashboard',
        '/api/departments',
        '/api/custom_fields',
        `/api/cells/${cellId}/members`,
      ]) {
        expect((await get(noRole, url)).statusCode, url).toBe(403);
      }
    });

    it('the líder reads his cell’s people and his class’s students: name, photo, phone and birthday only', async () => {
      for (const url of [
        `/api/cells/${cellId}/members`,
        `/api/ebd_classes/${classId}/students`,
        `/api/gatherings/${occurrenceId}/people?q=quiteria`,
      ]) {
        const response = await get(leader, url);
        expect(response.statusCode, response.body).toBe(200);
        const [person] = response.json() as Array<Record<string, unknown>>;
        expect(Object.keys(person).sort(), url).toEqual([...CELL_PERSON_KEYS].sort());
        expect(person).toMatchObject({
          id: memberId,
          name: 'Maria Quitéria Lacerda',
          phone: HIDDEN_VALUES.phone,
          birthday: BIRTHDAY,
          photo_thumb: 'data:image/jpeg;base64,/9j/BBBB',
        });
      }
      for (const url of [`/api/members/${memberId}`, '/api/members', '/api/dashboard']) {
        expect((await get(leader, url)).statusCode, url).toBe(403);
      }
    });

    for (const who of ['no role', 'leader'] as const) {
      it(`${who === 'leader' ? 'the líder' : 'a user with no role'} reaches no hidden value through any GET route`, async () => {
        const roles: Role[] = who === 'leader' ? ['leader'] : [];
        const session = who === 'leader' ? leader : noRole;
        const routes = t.app.apiRoutes.filter(
          (route) =>
            route.method === 'GET' &&
            route.access !== 'public' &&
            hasAccess(roles, route.access) &&
            !/:(?!id\b)/.test(route.url),
        );
        expect(routes.length).toBeGreaterThan(who === 'leader' ? 8 : 5);
        const ids =
          who === 'leader'
            ? [memberId, cellId, classId, chamadaId, serviceId, occurrenceId]
            : [memberId];
        for (const route of routes) {
          for (const id of ids) {
            // The check-in's name search needs its words: hers.
            const path = route.url.replace(':id', String(id));
            const url = path.endsWith('/people') ? `${path}?q=quiteria` : path;
            const response = await get(session, url);
            expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
            for (const [name, value] of HIDDEN_FROM_LEADER) {
              expect(response.body.includes(value), `${url}: ${name} leaked`).toBe(false);
            }
            if (who === 'no role') {
              expect(response.body.includes(HIDDEN_VALUES.phone), `${url}: phone`).toBe(false);
            }
          }
        }
      });
    }
  });

  for (const who of ['secretary', 'admin'] as const) {
    it(`a ${who} still reads every field and finds by CPF`, async () => {
      const session = who === 'secretary' ? secretary : admin;
      const response = await get(session, `/api/members/${memberId}`);
      expect(response.json()).toMatchObject({
        cpf: CPF,
        rg: HIDDEN_VALUES.rg,
        birth_date: HIDDEN_VALUES.birthDate,
        street: HIDDEN_VALUES.street,
        notes: HIDDEN_VALUES.notes,
        email: HIDDEN_VALUES.email,
        phone_mobile: HIDDEN_VALUES.phone,
        consent_version: HIDDEN_VALUES.consentVersion,
        custom_fields: {
          campo_interno: HIDDEN_VALUES.hiddenCustom,
          ministerio_de_musica: VISIBLE_CUSTOM,
        },
      });
      const byCpf = await get(session, `/api/members?filter=${q({ q: CPF })}`);
      expect(byCpf.json().map((m: { id: number }) => m.id)).toEqual([memberId]);
      expect(byCpf.json()[0]).toMatchObject({ cpf: CPF, birth_date: HIDDEN_VALUES.birthDate });
      const byMonth = await get(session, `/api/members?filter=${q({ birth_month: 8 })}`);
      expect(byMonth.statusCode).toBe(200);
      expect(byMonth.json().map((m: { id: number }) => m.id)).toContain(memberId);
      const workers = (await get(session, '/api/ministry_workers')).json() as Array<
        Record<string, unknown>
      >;
      expect(workers.find((w) => w.id === memberId)).toMatchObject({
        phone_mobile: HIDDEN_VALUES.phone,
        consecration_date: '2010-05-10',
      });
      const dashboard = (await get(session, '/api/dashboard')).json();
      expect(dashboard.birthdays_week.map((m: { id: number }) => m.id)).toContain(birthdayId);
      expect((await get(session, `/api/members/${memberId}/moves`)).statusCode).toBe(200);
    });
  }
});

// Issue 22: the side doors. A secretary read a member's donations (also another congregation's)
// and the admins' LGPD requests through the data subject's export and the member's Histórico;
// a user without a role saw the self-registrations waiting for the secretary.
describe('least access through the side doors (issue 22)', () => {
  let t: TestApp;
  let memberId = 0;
  let pendingId = 0;
  let congregationB = 0;
  const REQUEST_CONTACT = 'pedido-lgpd-reservado@exemplo.org';
  const AMOUNT_HERE = 35_017;
  const AMOUNT_THERE = 48_923;
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const exportOf = async (session: SessionHeaders) => {
    const response = await t.app.inject({
      url: `/api/members/${memberId}/data_export`,
      headers: session,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const historyOf = async (session: SessionHeaders) => {
    const response = await t.app.inject({
      url: `/api/audit_log?filter=${q({ resource: 'members', record_id: memberId })}&range=[0,999]`,
      headers: session,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Array<{ id: number; resource: string }>;
  };
  /** A user of `roles` limited to `congregations` ([]: the whole church). */
  const userOf = (roles: Role[], congregations: number[] = []) =>
    t.userWithRoles(roles, undefined, congregations);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const api = apiAs(t, admin);
    congregationB = (
      await created(api, '/api/congregations', { name: 'Congregação Beta', kind: 'congregacao' })
    ).id;
    memberId = (await created(api, '/api/members', { name: 'Titular Contribuinte' })).id;
    const pending = await created(api, '/api/members', { name: 'Recém-Chegada Pendente' });
    pendingId = pending.id;
    await t.database.db
      .updateTable('members')
      .set({ status: 'pending' })
      .where('id', '=', pendingId)
      .execute();
    await created(api, '/api/privacy_requests', {
      kind: 'access',
      member_id: memberId,
      received_on: todayIso(),
      holder_contact: REQUEST_CONTACT,
    });
    const tithes = await categoryId(api, 'Dízimos');
    const donor = (
      await created(api, '/api/donors', {
        name: 'Titular (dízimos)',
        person_type: 'person',
        member_id: memberId,
      })
    ).id;
    for (const [congregation, amount] of [
      [1, AMOUNT_HERE],
      [congregationB, AMOUNT_THERE],
    ]) {
      const account = await created(api, '/api/bank_accounts', {
        congregation_id: congregation,
        name: `Conta ${congregation}`,
        kind: 'checking',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      });
      await created(api, '/api/incomes', {
        congregation_id: congregation,
        category_id: tithes,
        donor_id: donor,
        amount_cents: amount,
        date: todayIso(),
        bank_account_id: account.id,
        payment_method: 'pix',
      });
    }
  });
  afterAll(() => t?.close());

  it('a secretary exports the member without donations or LGPD requests, and says so', async () => {
    const secretary = await userOf(['secretary']);
    const response = await exportOf(secretary);
    const data = response.json();
    expect(data.donors).toEqual([]);
    expect(data.privacy_requests).toEqual([]);
    expect(data.withheld.map((part: { section: string }) => part.section)).toEqual([
      'donors',
      'privacy_requests',
    ]);
    for (const hidden of [REQUEST_CONTACT, String(AMOUNT_HERE), String(AMOUNT_THERE), 'Dízimos']) {
      expect(response.body.includes(hidden), hidden).toBe(false);
    }
    expect(data.audit_entries.map((entry: { resource: string }) => entry.resource)).not.toContain(
      'privacy_requests',
    );
    const pdf = await t.app.inject({
      url: `/api/members/${memberId}/data_export?format=pdf`,
      headers: secretary,
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('the member’s history shows a secretary only the entries of what she may read', async () => {
    const secretary = await userOf(['secretary']);
    const entries = await historyOf(secretary);
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.resource))).toEqual(new Set(['members']));
    // The admin sees the LGPD request's entry in the same history; the secretary cannot open it.
    const whole = await historyOf(await t.signIn(ADMIN.email, ADMIN.password));
    const request = whole.find((entry) => entry.resource === 'privacy_requests');
    expect(request).toBeDefined();
    const opened = await t.app.inject({ url: `/api/audit_log/${request!.id}`, headers: secretary });
    expect(opened.statusCode).toBe(404);
  });

  it('donations reach financial access only, inside the reader’s congregations', async () => {
    const sede = (await exportOf(await userOf(['secretary', 'financial'], [1]))).json();
    expect(
      sede.donors.flatMap((donor: { incomes: Row[] }) => donor.incomes.map((i) => i.amount_cents)),
    ).toEqual([AMOUNT_HERE]);
    expect(sede.privacy_requests).toEqual([]);
    const admin = (await exportOf(await t.signIn(ADMIN.email, ADMIN.password))).json();
    expect(
      admin.donors
        .flatMap((donor: { incomes: Row[] }) => donor.incomes.map((i) => i.amount_cents))
        .sort(),
    ).toEqual([AMOUNT_HERE, AMOUNT_THERE].sort());
    expect(admin.privacy_requests).toHaveLength(1);
    expect(admin.withheld).toEqual([]);
  });

  // A user of no office role reads no member at all (issue 26): the treasurer is the one here.
  for (const roles of [['financial']] as Role[][]) {
    it(`pending registrations stay the secretary's: ${roles.join()}`, async () => {
      const session = await userOf(roles);
      const get = (url: string) => t.app.inject({ url, headers: session });
      const asked = await get(`/api/members?filter=${q({ status: 'pending' })}`);
      expect(asked.statusCode).toBe(403);
      expect(asked.json().message).toBe(
        'Seu perfil não permite ver os cadastros pendentes: eles são da secretaria.',
      );
      for (const url of [
        '/api/members?range=[0,999]',
        `/api/members?filter=${q({ status: ['pending', 'active'] })}`,
        `/api/members?filter=${q({ id: [pendingId, memberId] })}`,
        `/api/members?filter=${q({ q: 'Recém-Chegada' })}`,
        '/api/ministry_workers?range=[0,999]',
      ]) {
        const response = await get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(response.body, url).not.toContain('Recém-Chegada');
      }
      expect((await get(`/api/members/${pendingId}`)).statusCode).toBe(404);
      expect((await get(`/api/members/${memberId}`)).statusCode).toBe(200);
    });
  }

  it('a secretary still sees and opens the pending registration', async () => {
    const secretary = await userOf(['secretary']);
    const listed = await t.app.inject({
      url: `/api/members?filter=${q({ status: 'pending' })}`,
      headers: secretary,
    });
    expect(listed.json().map((m: { id: number }) => m.id)).toEqual([pendingId]);
    const opened = await t.app.inject({ url: `/api/members/${pendingId}`, headers: secretary });
    expect(opened.statusCode).toBe(200);
  });
});
