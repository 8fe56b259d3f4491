// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// The líder as host of a culto's check-in (issue 26): the office assigns him to a recurring culto
// (audited); he then reads and writes only its occurrences — today's opened, the check-in by name,
// QR and visitor quick-add, the head counts — and of its people only name, photo, phone and
// birthday; losing the assignment takes it away at once, and a líder who hosts none is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_PERSON_KEYS } from '../../domain/cells.js';
import { todayIso } from '../../domain/dates.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import {
  churchLifeApp,
  newCongregation,
  newMember,
  newWorshipService,
} from '../support/churchLife.js';
import type { TestApp } from '../support/testApp.js';

const HOST_EMAIL = 'filemom.anfitriao@teste.org';
const HOST_PASSWORD = 'senha-do-anfitriao-1';

describe('the líder as host of a culto’s check-in', () => {
  let t: TestApp;
  let admin: Api;
  let host: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Filadélfia');
    ids.B = await newCongregation(admin, 'Congregação Esmirna');
    const member = (name: string, congregation_id: number, status = 'active') =>
      newMember(admin, name, congregation_id, {
        status,
        cpf: null,
        birth_date: '1985-04-21',
        phone_mobile: '11987654321',
        street: 'Rua das Oliveiras',
        notes: 'Anotação pastoral reservada',
      });
    ids.filemom = await member('Filemom Anfitrião', ids.A);
    ids.onesimo = await member('Onésimo Presente', ids.A);
    ids.apia = await member('Ápia Outra', ids.B);
    ids.pending = await member('Arquipo Pendente', ids.A, 'pending');
    const service = (name: string, congregation_id: number) =>
      newWorshipService(admin, name, congregation_id);
    ids.mine = await service('Culto da Família', ids.A);
    ids.other = await service('Culto de Ensino', ids.A);
    ids.otherB = await service('Culto de Esmirna', ids.B);
    // Occurrences of the other cultos, and an event, he must not reach.
    ids.otherToday = (await created(admin, `/api/worship_services/${ids.other}/open`, {})).id;
    ids.otherBToday = (await created(admin, `/api/worship_services/${ids.otherB}/open`, {})).id;
    ids.event = (
      await created(admin, '/api/gatherings', {
        name: 'Vigília',
        congregation_id: ids.A,
        date: todayIso(),
      })
    ).id;
    ids.past = (
      await created(admin, `/api/worship_services/${ids.mine}/open`, { date: '2026-01-04' })
    ).id;
    ids.credential = (await created(admin, '/api/credentials', { member_id: ids.onesimo })).id;
    await created(admin, '/api/users', {
      name: 'Filemom Anfitrião',
      email: HOST_EMAIL,
      password: HOST_PASSWORD,
      roles: ['leader'],
      member_id: ids.filemom,
    });
    host = apiAs(t, await t.signIn(HOST_EMAIL, HOST_PASSWORD));
  });
  afterAll(() => t?.close());

  const assign = (hostIds: number[], serviceId = ids.mine) =>
    admin('PUT', `/api/worship_services/${serviceId}/hosts`, { host_ids: hostIds });

  it('a líder who hosts no culto is refused the cultos’ routes (403)', async () => {
    // His menu learns it from his assignments; the office's is every group.
    expect((await host('GET', '/api/assignments')).json()).toEqual({
      all: false,
      cell: [],
      ebd_class: [],
      worship_service: [],
    });
    expect((await admin('GET', '/api/assignments')).json()).toEqual({ all: true });
    // His home asks which cultos he hosts: none (another's does not exist for him).
    expect((await host('GET', '/api/worship_services')).json()).toEqual([]);
    expect((await host('GET', `/api/worship_services/${ids.mine}`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['POST', `/api/worship_services/${ids.mine}/open`, {}],
      ['GET', '/api/gatherings', undefined],
      ['GET', `/api/gatherings/${ids.past}`, undefined],
      ['GET', `/api/gatherings/${ids.past}/attendances`, undefined],
      ['GET', `/api/gatherings/${ids.past}/people?q=onesimo`, undefined],
      ['PUT', `/api/gatherings/${ids.past}`, { count_children: 2 }],
    ] as const) {
      const response = await host(method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toBe(
        'Você não é anfitrião do check-in de nenhum culto: a secretaria faz essa designação.',
      );
    }
    // Nor does he check anyone in at its occurrence (it does not exist for him).
    const checkin = await host('POST', `/api/gatherings/${ids.past}/attendances`, {
      member_id: ids.onesimo,
    });
    expect(checkin.statusCode).toBe(404);
  });

  it('the office assigns hosts of the culto’s congregation, audited; bad ones are refused', async () => {
    for (const [hostIds, message] of [
      [[ids.apia], 'Os anfitriões devem ser membros da congregação do culto.'],
      [[ids.pending], 'Os anfitriões devem ser membros da congregação do culto.'],
      [[999_999], 'Os anfitriões devem ser membros da congregação do culto.'],
    ] as const) {
      const refused = await assign([...hostIds]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.host_ids).toBe(message);
    }
    const malformed = await admin('PUT', `/api/worship_services/${ids.mine}/hosts`, {
      host_ids: 'Filemom',
    });
    expect(malformed.statusCode).toBe(422);
    expect((await admin('GET', `/api/worship_services/${ids.mine}`)).json().host_ids).toEqual([]);

    const saved = await assign([ids.filemom, ids.filemom]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      host_ids: [ids.filemom],
      host_names: ['Filemom Anfitrião'],
    });
    const trail = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'worship_services')
      .where('record_id', '=', ids.mine)
      .where('action', '=', 'update')
      .execute();
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail[0])).toContain(`${ids.filemom}`);
    // A culto with hosts keeps its congregation (they are of it).
    const moved = await admin('PUT', `/api/worship_services/${ids.mine}`, {
      congregation_id: ids.B,
    });
    expect(moved.statusCode).toBe(422);
    // The host himself does not assign.
    expect(
      (await host('PUT', `/api/worship_services/${ids.mine}/hosts`, { host_ids: [] })).statusCode,
    ).toBe(403);
  });

  it('the host reads only his culto and its occurrences, and opens only today’s', async () => {
    expect((await host('GET', '/api/assignments')).json()).toMatchObject({
      worship_service: [ids.mine],
    });
    const services = (await host('GET', '/api/worship_services')).json() as Row[];
    expect(services.map((row) => row.id)).toEqual([ids.mine]);
    for (const url of [
      `/api/worship_services/${ids.other}`,
      `/api/worship_services/${ids.otherB}`,
      `/api/gatherings/${ids.otherToday}`,
      `/api/gatherings/${ids.otherBToday}`,
      `/api/gatherings/${ids.event}`,
      `/api/gatherings/${ids.otherToday}/attendances`,
      `/api/gatherings/${ids.otherToday}/people?q=onesimo`,
    ]) {
      expect((await host('GET', url)).statusCode, url).toBe(404);
    }
    expect((await host('POST', `/api/worship_services/${ids.other}/open`, {})).statusCode).toBe(
      404,
    );
    const otherDay = await host('POST', `/api/worship_services/${ids.mine}/open`, {
      date: '2026-02-01',
    });
    expect(otherDay.statusCode).toBe(422);
    expect(otherDay.json().errors.date).toBe('O anfitrião do check-in abre só o culto de hoje.');

    const opened = await host('POST', `/api/worship_services/${ids.mine}/open`, {});
    expect(opened.statusCode, opened.body).toBe(201);
    ids.today = opened.json().id;
    expect(opened.json()).toMatchObject({ worship_service_id: ids.mine, date: todayIso() });
    // A second phone gets the same occurrence.
    const again = await host('POST', `/api/worship_services/${ids.mine}/open`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(ids.today);

    const list = (
      await host('GET', `/api/gatherings?${query({ range: [0, 99], filter: {} })}`)
    ).json() as Row[];
    expect(list.map((row) => row.id).sort()).toEqual([ids.past, ids.today].sort());
  });

  it('the host checks in by name, QR and quick-add; of people he reads name, photo, phone, birthday', async () => {
    const found = await host('GET', `/api/gatherings/${ids.today}/people?q=onesimo`);
    expect(found.statusCode, found.body).toBe(200);
    const people = found.json() as Array<Record<string, unknown>>;
    expect(people.map((person) => person.id)).toEqual([ids.onesimo]);
    expect(Object.keys(people[0]).sort()).toEqual([...CELL_PERSON_KEYS].sort());
    expect(people[0]).toMatchObject({ phone: '11987654321', birthday: '04-21' });
    expect(found.body).not.toContain('Rua das Oliveiras');
    expect(found.body).not.toContain('1985');
    // Another congregation's member and a registration under review are not found.
    for (const q of ['apia', 'arquipo']) {
      expect((await host('GET', `/api/gatherings/${ids.today}/people?q=${q}`)).json()).toEqual([]);
    }
    const short = await host('GET', `/api/gatherings/${ids.today}/people?q=o`);
    expect(short.statusCode, short.body).toBe(422);

    const byName = await host('POST', `/api/gatherings/${ids.today}/attendances`, {
      member_id: ids.onesimo,
      client_key: 'anfitriao-0001',
    });
    expect(byName.statusCode, byName.body).toBe(201);
    // The replay of the offline queue: the same one.
    const replay = await host('POST', `/api/gatherings/${ids.today}/attendances`, {
      member_id: ids.onesimo,
      client_key: 'anfitriao-0001',
    });
    expect(replay.statusCode).toBe(200);
    const byQr = await host('POST', `/api/gatherings/${ids.today}/attendances`, {
      credential_code: (
        await t.database.db
          .selectFrom('credentials')
          .select('code')
          .where('id', '=', ids.credential)
          .executeTakeFirstOrThrow()
      ).code,
    });
    expect(byQr.statusCode, byQr.body).toBe(200); // already present: the stored one
    // Someone of another congregation, or a visitor by id: not found, naming no one.
    const outside = await host('POST', `/api/gatherings/${ids.today}/attendances`, {
      member_id: ids.apia,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.body).not.toContain('Ápia');
    const visitor = await host('POST', '/api/visitors', {
      name: 'Lídia Visitante',
      gathering_id: ids.today,
      invited_by_id: ids.onesimo,
      first_visit: true,
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    const byVisitorId = await host('POST', `/api/gatherings/${ids.today}/attendances`, {
      visitor_id: visitor.json().id,
    });
    expect(byVisitorId.statusCode).toBe(422);
    // Not at another culto's occurrence, nor invited by someone of another congregation.
    for (const body of [
      { name: 'Outro Visitante', gathering_id: ids.otherToday },
      { name: 'Outro Visitante', gathering_id: ids.today, invited_by_id: ids.apia },
    ]) {
      expect((await host('POST', '/api/visitors', body)).statusCode).toBe(422);
    }
    const present = (await host('GET', `/api/gatherings/${ids.today}/attendances`)).json() as Row[];
    expect(present.map((row) => row.name).sort()).toEqual(['Lídia Visitante', 'Onésimo Presente']);
    expect(
      (
        await host('POST', `/api/gatherings/${ids.otherToday}/attendances`, {
          member_id: ids.onesimo,
        })
      ).statusCode,
    ).toBe(404);

    // The head counts: his to take; the rest of the gathering is the office's.
    const counts = await host('PUT', `/api/gatherings/${ids.today}`, {
      count_members: 40,
      count_visitors: 3,
      count_children: 12,
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json()).toMatchObject({
      count_members: 40,
      count_visitors: 3,
      count_children: 12,
    });
    const renamed = await host('PUT', `/api/gatherings/${ids.today}`, { name: 'Outro nome' });
    expect(renamed.statusCode).toBe(403);
    expect(
      (await host('PUT', `/api/gatherings/${ids.otherToday}`, { count_children: 1 })).statusCode,
    ).toBe(404);
    for (const [method, url, body] of [
      ['POST', '/api/gatherings', { name: 'Evento', congregation_id: ids.A, date: todayIso() }],
      ['DELETE', `/api/gatherings/${ids.past}`, undefined],
      ['GET', '/api/visitors', undefined],
      ['GET', `/api/visitors/${visitor.json().id}`, undefined],
      ['GET', `/api/members?${query({ filter: { q: 'onesimo' } })}`, undefined],
    ] as const) {
      expect((await host(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('losing the assignment takes the culto away at once', async () => {
    expect((await assign([])).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/api/gatherings', undefined],
      ['GET', `/api/gatherings/${ids.today}`, undefined],
      ['GET', `/api/gatherings/${ids.today}/people?q=onesimo`, undefined],
      ['PUT', `/api/gatherings/${ids.today}`, { count_children: 13 }],
    ] as const) {
      expect((await host(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Hosting another culto now, the first one's occurrences are gone for him.
    expect((await assign([ids.filemom], ids.other)).statusCode).toBe(200);
    expect((await host('GET', `/api/gatherings/${ids.today}`)).statusCode).toBe(404);
    expect(
      (await host('POST', `/api/gatherings/${ids.today}/attendances`, { member_id: ids.filemom }))
        .statusCode,
    ).toBe(404);
    const list = (await host('GET', '/api/gatherings')).json() as Row[];
    expect(list.map((row) => row.id)).toEqual([ids.otherToday]);
  });
});
