// Church life (issue 26): recurring cultos opened on a day, head counts and named presence,
// check-in by name, by a credential's QR code and replayed from a phone's offline queue, the
// visitor quick-add with its consent, and the congregation scope of all of it.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  churchLifeApp,
  newCongregation,
  newMember,
  newWorshipService,
} from '../support/churchLife.js';
import { withMigrationDatabase } from '../support/migrations.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import { addDays, todayIso } from '../../domain/dates.js';
import type { Database } from '../../server/db/schema.js';
import { ADMIN, type TestApp, usingPostgres } from '../support/testApp.js';

describe('cultos, check-in and visitors', () => {
  let t: TestApp;
  let admin: Api;
  let scoped: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Betel');
    ids.B = await newCongregation(admin, 'Congregação Siloé');
    ids.ana = await newMember(admin, 'Ana Betel', ids.A);
    ids.bia = await newMember(admin, 'Bia Betel', ids.A);
    ids.caio = await newMember(admin, 'Caio Siloé', ids.B);
    ids.serviceA = await newWorshipService(admin, 'Culto de domingo', ids.A);
    ids.serviceB = await newWorshipService(admin, 'Culto de quarta', ids.B, 3, '19:30');
    const user = await t.userWithRoles(['secretary'], 'Secretária Betel');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([ids.A]) })
      .where('id', '=', user.id)
      .execute();
    scoped = apiAs(t, user);
  });
  afterAll(() => t?.close());

  const open = async (api: Api, serviceId: number, date: string) =>
    api('POST', `/api/worship_services/${serviceId}/open`, { date });

  it('opens a culto once a day: the second open answers the same occurrence', async () => {
    const first = await open(scoped, ids.serviceA, '2026-11-01');
    expect(first.statusCode, first.body).toBe(201);
    const again = await open(admin, ids.serviceA, '2026-11-01');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({
      kind: 'service',
      name: 'Culto de domingo',
      date: '2026-11-01',
      time: '19:00',
      congregation_id: ids.A,
      totals: { members: 0, visitors: 0, children: 0, total: 0 },
    });
    ids.culto = first.json().id;
  });

  it('head counts and named presence agree: a count is never below the named presence', async () => {
    const url = `/api/gatherings/${ids.culto}`;
    const mark = (member_id: number) =>
      scoped('POST', `${url}/attendances`, { member_id, client_key: `checkin-${member_id}-first` });
    expect((await mark(ids.ana)).statusCode).toBe(201);
    expect((await mark(ids.bia)).statusCode).toBe(201);
    // Not counted: the named presence stands for the count.
    let gathering = (await scoped('GET', url)).json();
    expect(gathering).toMatchObject({ count_members: null, named_members: 2 });
    expect(gathering.totals).toEqual({ members: 2, visitors: 0, children: 0, total: 2 });

    // A head count below the named presence is refused, nothing written.
    const below = await scoped('PUT', url, { count_members: 1, count_children: 4 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.count_members).toBe(
      'Há 2 membros marcados presentes pelo nome: a contagem não pode ser menor.',
    );
    expect((await scoped('GET', url)).json().count_children).toBeNull();

    const saved = await scoped('PUT', url, {
      count_members: 2,
      count_visitors: 0,
      count_children: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().totals).toEqual({ members: 2, visitors: 0, children: 4, total: 6 });

    // A named visitor past a taken count raises it.
    const visitor = await scoped('POST', '/api/visitors', {
      name: 'Lia Visitante',
      gathering_id: ids.culto,
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    gathering = (await scoped('GET', url)).json();
    expect(gathering).toMatchObject({ count_visitors: 1, named_visitors: 1, count_members: 2 });
    expect(gathering.totals.total).toBe(7);

    // Bad counts: Portuguese 422s.
    const negative = await scoped('PUT', url, { count_children: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.count_children).toBe('Crianças: não pode ser negativo.');
    const text = await scoped('PUT', url, { count_members: 'muitos' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.count_members).toBe('Membros: informe um número inteiro.');
  });

  it('the same offline check-in replayed twice is counted once', async () => {
    const culto = (await open(scoped, ids.serviceA, '2026-11-08')).json().id;
    const body = { member_id: ids.ana, client_key: 'offline-7f3a9c21' };
    const url = `/api/gatherings/${culto}/attendances`;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await scoped('POST', url, body));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    // Two replays at once (a phone that reconnects twice): still one row.
    const racing = await Promise.all([
      scoped('POST', url, { member_id: ids.bia, client_key: 'offline-race-0001' }),
      scoped('POST', url, { member_id: ids.bia, client_key: 'offline-race-0001' }),
    ]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.db
      .selectFrom('attendances')
      .select(['member_id'])
      .where('gathering_id', '=', culto)
      .execute();
    expect(rows.map((row) => row.member_id).sort()).toEqual([ids.ana, ids.bia].sort());
    expect((await scoped('GET', `/api/gatherings/${culto}`)).json().named_members).toBe(2);
    // The person already present under another key: the stored check-in, not a second one.
    const again = await scoped('POST', url, { member_id: ids.ana, client_key: 'another-key-01' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(answers[0].json().id);
    // A key sent for another culto is a conflict, never a check-in there.
    const reused = await scoped('POST', `/api/gatherings/${ids.culto}/attendances`, body);
    expect(reused.statusCode).toBe(409);
  });

  it('checks in by the QR code of the credential (its address or its code)', async () => {
    const culto = (await open(scoped, ids.serviceA, '2026-11-15')).json().id;
    const credential = await created(admin, '/api/credentials', { member_id: ids.bia });
    const { code } = await t.database.db
      .selectFrom('credentials')
      .select('code')
      .where('id', '=', credential.id)
      .executeTakeFirstOrThrow();
    const url = `/api/gatherings/${culto}/attendances`;
    const scanned = await scoped('POST', url, {
      credential_code: `https://igreja.example/credencial/${code}`,
      client_key: 'qr-scan-000001',
    });
    expect(scanned.statusCode, scanned.body).toBe(201);
    expect(scanned.json()).toMatchObject({ member_id: ids.bia, method: 'qr', name: 'Bia Betel' });
    const list = (await scoped('GET', `${url}`)).json() as Row[];
    expect(list.map((row) => row.name)).toEqual(['Bia Betel']);

    const bad = await scoped('POST', url, { credential_code: 'https://outro.site/qualquer' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.credential_code).toBe(
      'Este QR code não é de uma credencial da igreja.',
    );
    const unknown = await scoped('POST', url, { credential_code: 'A'.repeat(32) });
    expect(unknown.json().errors.credential_code).toBe('Credencial não encontrada.');
    await admin('POST', `/api/credentials/${credential.id}/revoke`, { reason: 'perdida' });
    const revoked = await scoped('POST', url, { credential_code: code });
    expect(revoked.statusCode).toBe(422);
    expect(revoked.json().errors.credential_code).toBe('Esta credencial foi revogada.');
    // Undo a check-in.
    const undone = await scoped('DELETE', `/api/attendances/${scanned.json().id}`);
    expect(undone.statusCode).toBe(200);
    expect((await scoped('GET', url)).json()).toEqual([]);
  });

  it('bad input is a Portuguese 4xx', async () => {
    const url = `/api/gatherings/${ids.culto}/attendances`;
    const none = await scoped('POST', url, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.member_id).toBe(
      'Informe um membro, o QR code de uma credencial ou um visitante.',
    );
    const key = await scoped('POST', url, { member_id: ids.ana, client_key: 'x' });
    expect(key.json().errors.client_key).toBe('Chave de envio inválida.');
    const missing = await scoped('POST', url, { member_id: 999_999 });
    expect(missing.json().errors.member_id).toBe('Membro não encontrado.');
    const event = await scoped('POST', '/api/gatherings', { name: '', date: '2026-13-01' });
    expect(event.statusCode).toBe(422);
    expect(event.json().errors).toMatchObject({
      name: 'Informe o nome do culto ou evento.',
      date: 'Data inválida: use DD/MM/AAAA.',
    });
    const service = await scoped('POST', '/api/worship_services', {
      name: 'Culto',
      congregation_id: ids.A,
      weekday: 9,
      time: '25:00',
    });
    expect(service.statusCode).toBe(422);
    expect(service.json().errors).toMatchObject({
      weekday: 'Informe o dia da semana.',
      time: 'Horário inválido: use HH:MM.',
    });
    const phone = await scoped('POST', '/api/visitors', {
      name: 'Sem consentimento',
      congregation_id: ids.A,
      phone: '11987654321',
    });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors.contact_consent).toBe(
      'Para guardar o telefone, registre que o visitante concorda em ser contatado.',
    );
    const day = await open(scoped, ids.serviceA, '2026-02-30');
    expect(day.statusCode).toBe(422);
    expect(day.json().errors.date).toBe('Data inválida: use DD/MM/AAAA.');
    const filter = await scoped('GET', `/api/gatherings?${query({ filter: { cor: 'azul' } })}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('Filtro desconhecido: cor.');
  });

  it('a visitor keeps the consent with its text version, and their visits', async () => {
    const { id: versionId, version } = await t.database.db
      .selectFrom('consent_versions')
      .select(['id', 'version'])
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    const response = await scoped('POST', '/api/visitors', {
      name: 'João Visitante',
      phone: '(11) 98765-4321',
      invited_by_id: ids.ana,
      first_visit: true,
      contact_consent: true,
      gathering_id: ids.culto,
      client_key: 'visitor-quick-01',
    });
    expect(response.statusCode, response.body).toBe(201);
    const visitor = response.json();
    expect(visitor).toMatchObject({
      name: 'João Visitante',
      phone: '11987654321',
      congregation_id: ids.A,
      invited_by_name: 'Ana Betel',
      contact_consent: true,
      consent_version_id: versionId,
      consent_version: version,
      visit_count: 1,
      last_visit_on: '2026-11-01',
    });
    expect(visitor.consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(visitor.visits).toHaveLength(1);
    // The quick-add replayed: the same visitor, not a second one.
    const replay = await scoped('POST', '/api/visitors', {
      name: 'João Visitante',
      congregation_id: ids.A,
      client_key: 'visitor-quick-01',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(visitor.id);
    const list = await scoped('GET', `/api/visitors?${query({ filter: { q: 'joao' } })}`);
    expect((list.json() as Row[]).map((row) => row.name)).toEqual(['João Visitante']);
    // Audited: the visitor and the presence.
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['resource', 'action', 'area'])
      .where('user_name', '=', 'Secretária Betel')
      .where('resource', 'in', ['visitors', 'attendances'])
      .execute();
    expect(entries).toContainEqual({ resource: 'visitors', action: 'create', area: 'church' });
    expect(entries).toContainEqual({ resource: 'attendances', action: 'create', area: 'church' });
  });

  it('a visitor is edited, and withdrawing consent erases the phone (LGPD)', async () => {
    const visitor = await created(scoped, '/api/visitors', {
      name: 'Marta Visitante',
      congregation_id: ids.A,
      phone: '11912345678',
      contact_consent: true,
    });
    const url = `/api/visitors/${visitor.id}`;
    const edit = await scoped('PUT', url, {
      name: 'Marta Souza',
      phone: '(21) 3456-7890',
      invited_by_id: ids.bia,
      notes: 'Veio com a vizinha.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Marta Souza',
      phone: '2134567890',
      invited_by_name: 'Bia Betel',
      notes: 'Veio com a vizinha.',
      contact_consent: true,
    });
    expect(edit.json().consents).toMatchObject([{ action: 'grant' }]);
    // Bad input: Portuguese 4xx, nothing written.
    const bad = await scoped('PUT', url, { name: ' ', phone: '123', invited_by_id: ids.caio });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: 'Informe o nome do visitante.',
      phone: 'Telefone inválido: informe DDD e número.',
    });
    const outsider = await scoped('PUT', url, { invited_by_id: ids.caio });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.invited_by_id).toBe('Membro que convidou não encontrado.');
    const action = await scoped('POST', `${url}/consents`, { action: 'esquecer' });
    expect(action.statusCode).toBe(422);
    expect(action.json().errors.action).toMatch(/^Ação inválida/);
    expect((await scoped('GET', url)).json().name).toBe('Marta Souza');

    const revoked = await scoped('POST', `${url}/consents`, { action: 'revoke' });
    expect(revoked.statusCode, revoked.body).toBe(201);
    expect(revoked.json()).toMatchObject({ contact_consent: false, phone: null });
    expect(revoked.json().consents.map((row: Row) => row.action)).toEqual(['revoke', 'grant']);
    expect(revoked.json().consents[0].recorded_by_name).toBe('Secretária Betel');
    // The phone is gone from the row and from the search text.
    const stored = await t.database.db
      .selectFrom('visitors')
      .select(['phone', 'search'])
      .where('id', '=', visitor.id)
      .executeTakeFirstOrThrow();
    expect(stored.phone).toBeNull();
    expect(stored.search).not.toContain('3456');
    // No phone without consent; no second withdrawal.
    const phone = await scoped('PUT', url, { phone: '11912345678' });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors.phone).toBe(
      'Para guardar o telefone, registre que o visitante concorda em ser contatado.',
    );
    const again = await scoped('POST', `${url}/consents`, { action: 'revoke' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Este visitante não tem consentimento para ser contatado: não há o que retirar.',
    );
    // Given again (to the current text), the phone can be kept again.
    expect((await scoped('POST', `${url}/consents`, { action: 'grant' })).statusCode).toBe(201);
    const regained = await scoped('PUT', url, { phone: '11912345678' });
    expect(regained.json()).toMatchObject({ phone: '11912345678', contact_consent: true });
    expect(regained.json().consents.map((row: Row) => row.action)).toEqual([
      'grant',
      'revoke',
      'grant',
    ]);
    // Audited.
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'visitors')
      .where('record_id', '=', visitor.id)
      .execute();
    expect(entries.map((row) => row.action).sort()).toEqual(
      ['create', 'grant', 'revoke', 'update', 'update'].sort(),
    );
    expect((await scoped('PUT', '/api/visitors/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('"Tornar membro": a pending registration that keeps consent and visits, once', async () => {
    const visitor = await created(scoped, '/api/visitors', {
      name: 'Paulo Convertido',
      phone: '11955554444',
      contact_consent: true,
      gathering_id: ids.culto,
      notes: 'Quer ser membro.',
    });
    const url = `/api/visitors/${visitor.id}`;
    const converted = await scoped('POST', `${url}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const memberId = converted.json().member_id;
    expect(converted.json()).toMatchObject({
      member_name: 'Paulo Convertido',
      member_status: 'pending',
      contact_consent: true,
      visit_count: 1,
    });
    expect(converted.json().consents).toHaveLength(1);
    expect(converted.json().visits).toHaveLength(1);
    // The review's pending list, prefilled with the visitor's data.
    const pending = (await scoped('GET', '/api/registrations')).json() as Row[];
    expect(pending.find((row) => row.id === memberId)).toMatchObject({
      name: 'Paulo Convertido',
      phone_mobile: '11955554444',
      congregation_id: ids.A,
      consent_version: String(converted.json().consent_version),
    });
    // The consent goes with them, of the same version and moment.
    const consents = (await scoped('GET', `/api/members/${memberId}/consents`)).json() as Row[];
    expect(consents).toMatchObject([
      {
        action: 'grant',
        consent_version_id: converted.json().consent_version_id,
        at: converted.json().consents[0].at,
      },
    ]);
    // Twice: refused, no second registration.
    const twice = await scoped('POST', `${url}/convert`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este visitante já foi cadastrado como membro.');
    const named = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('name', '=', 'Paulo Convertido')
      .execute();
    expect(named).toHaveLength(1);
    // Approved as a self-registration is; the visitor keeps pointing at the member.
    const approved = await scoped('POST', `/api/registrations/${memberId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await scoped('GET', `/api/members/${memberId}`)).json().status).toBe('active');
    const after = (await scoped('GET', url)).json();
    expect(after).toMatchObject({
      member_id: memberId,
      member_name: 'Paulo Convertido',
      member_status: 'active',
    });
    expect(after.visits).toHaveLength(1);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['resource', 'action', 'record_id'])
      .where('user_name', '=', 'Secretária Betel')
      .where('action', 'in', ['convert', 'create'])
      .where('resource', 'in', ['visitors', 'members'])
      .execute();
    expect(audited).toContainEqual({
      resource: 'visitors',
      action: 'convert',
      record_id: visitor.id,
    });
    expect(audited).toContainEqual({ resource: 'members', action: 'create', record_id: memberId });
    // The data subject's export holds the visitor record, its consents and visits.
    const exported = await scoped('GET', `/api/members/${memberId}/data_export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().visitors).toMatchObject([
      {
        id: visitor.id,
        name: 'Paulo Convertido',
        phone: '11955554444',
        notes: 'Quer ser membro.',
        consents: [{ action: 'grant', action_label: expect.any(String) }],
        visits: [{ date: '2026-11-01' }],
      },
    ]);
    // The member anonymized at their request (LGPD): the visitor they were goes with them; the
    // visits and consents stay as facts.
    const anonymized = await admin('POST', `/api/members/${memberId}/anonymize`, {
      confirmation: 'Paulo Convertido',
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const erased = (await admin('GET', url)).json();
    expect(erased).toMatchObject({ phone: null, notes: null, member_id: memberId });
    expect(erased.name).toMatch(/^Titular anonimizado nº \d+$/);
    expect(erased.visits).toHaveLength(1);
    expect(erased.consents).toHaveLength(1);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'visitors')
      .where('record_id', '=', visitor.id)
      .execute();
    expect(trail.length).toBeGreaterThan(0);
    const text = JSON.stringify(trail);
    expect(text).not.toContain('Paulo');
    expect(text).not.toContain('11955554444');
    expect(text).not.toContain('Quer ser membro');
    expect(
      (
        await t.database.db
          .selectFrom('visitors')
          .select('search')
          .where('id', '=', visitor.id)
          .executeTakeFirstOrThrow()
      ).search,
    ).not.toContain('paulo');
  });

  it('"Tornar membro" with a required field the visitor never gave: the review completes it', async () => {
    const field = await created(admin, '/api/custom_fields', {
      label: 'Como conheceu a igreja',
      field_type: 'text',
      required: true,
      public_form: true,
    });
    try {
      const visitor = await created(scoped, '/api/visitors', {
        name: 'Lia Sem Campo',
        congregation_id: ids.A,
      });
      const converted = await scoped('POST', `/api/visitors/${visitor.id}/convert`);
      expect(converted.statusCode, converted.body).toBe(201);
      expect(converted.json()).toMatchObject({ member_status: 'pending' });
    } finally {
      await admin('PUT', `/api/custom_fields/${field.id}`, { active: false });
    }
  });

  it("keeps to the user's congregations: no check-in into B's culto, no B visitors", async () => {
    const cultoB = (await open(admin, ids.serviceB, '2026-11-04')).json().id;
    const visitorB = await created(admin, '/api/visitors', {
      name: 'Rui de Siloé',
      congregation_id: ids.B,
    });
    // B's culto: not seen (404), not written (403).
    expect((await scoped('GET', `/api/gatherings/${cultoB}`)).statusCode).toBe(404);
    expect((await scoped('GET', `/api/gatherings/${cultoB}/attendances`)).statusCode).toBe(404);
    const into = await scoped('POST', `/api/gatherings/${cultoB}/attendances`, {
      member_id: ids.ana,
      client_key: 'scope-check-0001',
    });
    expect(into.statusCode).toBe(403);
    expect(into.json().message).toBe('Você não tem acesso a esta congregação.');
    expect(
      await t.database.db
        .selectFrom('attendances')
        .select('id')
        .where('gathering_id', '=', cultoB)
        .execute(),
    ).toEqual([]);
    expect((await open(scoped, ids.serviceB, '2026-11-11')).statusCode).toBe(403);
    // B's member into A's culto: not found, as B's members are.
    const member = await scoped('POST', `/api/gatherings/${ids.culto}/attendances`, {
      member_id: ids.caio,
    });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors.member_id).toBe('Membro não encontrado.');
    // Visitors: B's neither listed nor read nor created.
    const listed = (await scoped('GET', '/api/visitors')).json() as Row[];
    expect(listed.map((row) => row.name)).not.toContain('Rui de Siloé');
    expect(listed.length).toBeGreaterThan(0);
    expect((await scoped('GET', `/api/visitors/${visitorB.id}`)).statusCode).toBe(404);
    const create = await scoped('POST', '/api/visitors', { name: 'X', congregation_id: ids.B });
    expect(create.statusCode).toBe(403);
    for (const [method, url, body] of [
      ['PUT', `/api/visitors/${visitorB.id}`, { name: 'Rui' }],
      ['POST', `/api/visitors/${visitorB.id}/consents`, { action: 'grant' }],
      ['POST', `/api/visitors/${visitorB.id}/convert`, undefined],
    ] as const) {
      const refused = await scoped(method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Você não tem acesso a esta congregação.');
    }
    expect((await admin('GET', `/api/visitors/${visitorB.id}`)).json()).toMatchObject({
      name: 'Rui de Siloé',
      member_id: null,
      consents: [],
    });
    const events = (await scoped('GET', '/api/gatherings')).json() as Row[];
    expect(events.every((row) => row.congregation_id === ids.A)).toBe(true);
    const services = (await scoped('GET', '/api/worship_services')).json() as Row[];
    expect(services.map((row) => row.name)).toEqual(['Culto de domingo']);
  });

  it("the dashboard shows the last 4 weeks' attendance of the view", async () => {
    const C = (
      await created(admin, '/api/congregations', { name: 'Congregação Sião', kind: 'congregacao' })
    ).id;
    const service = await created(admin, '/api/worship_services', {
      name: 'Culto de Sião',
      congregation_id: C,
      weekday: 0,
      time: '18:00',
    });
    const today = todayIso();
    const recent = (await open(admin, service.id, addDays(today, -7))).json().id;
    const latest = (await open(admin, service.id, today)).json().id;
    // Outside the 4 weeks: not in the average.
    const old = (await open(admin, service.id, addDays(today, -40))).json().id;
    await admin('PUT', `/api/gatherings/${recent}`, { count_members: 30, count_children: 10 });
    await admin('PUT', `/api/gatherings/${old}`, { count_members: 500 });
    const member = await created(admin, '/api/members', { name: 'Davi Sião', congregation_id: C });
    await admin('POST', `/api/gatherings/${latest}/attendances`, { member_id: member.id });
    await created(admin, '/api/visitors', { name: 'Rute Sião', gathering_id: latest });
    const figures = (
      await t.app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: { ...(await t.signIn(ADMIN.email, ADMIN.password)), 'x-congregation': String(C) },
      })
    ).json().attendance;
    // recent: 30 + 0 + 10; latest: 1 named member + 1 named visitor.
    expect(figures).toEqual({
      gatherings: 2,
      average: 21,
      latest: { id: latest, name: 'Culto de Sião', date: today, total: 2, visitors: 1 },
      visitors_this_month: 1,
    });
  });

  it('the finance role has no access to who came', async () => {
    const session = await t.userWithRoles(['financial'], 'Tesoureira');
    const treasurer = apiAs(t, session);
    for (const url of ['/api/gatherings', '/api/visitors', '/api/worship_services']) {
      expect((await treasurer('GET', url)).statusCode, url).toBe(403);
    }
    const visitor = (await admin('GET', '/api/visitors')).json()[0].id;
    for (const [method, url, body] of [
      ['PUT', `/api/visitors/${visitor}`, { name: 'Outro' }],
      ['POST', `/api/visitors/${visitor}/consents`, { action: 'revoke' }],
      ['POST', `/api/visitors/${visitor}/convert`, undefined],
    ] as const) {
      expect((await treasurer(method, url, body)).statusCode, url).toBe(403);
    }
    const dashboard = (await treasurer('GET', '/api/dashboard')).json();
    expect(dashboard.finance).toBeDefined();
    expect(dashboard.attendance).toBeUndefined();
  });
});

describe('migration 0032 on an existing database', () => {
  it("records the quick-add's consents as the visitors' first grants, and goes back down", async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0030_church_life')).error).toBeUndefined();
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      const version = await old
        .selectFrom('consent_versions')
        .select('id')
        .executeTakeFirstOrThrow();
      const congregation = await old
        .selectFrom('congregations')
        .select('id')
        .executeTakeFirstOrThrow();
      const row = (name: string, consent: boolean) => ({
        congregation_id: congregation.id,
        name,
        search: name.toLowerCase(),
        phone: consent ? '11987654321' : null,
        first_visit: bool(true),
        contact_consent: bool(consent),
        consent_version_id: consent ? version.id : null,
        consent_at: consent ? '2026-11-20T22:10:00.000Z' : null,
        created_at: '2026-11-20T22:10:00.000Z',
        updated_at: '2026-11-20T22:10:00.000Z',
      });
      await old
        .insertInto('visitors')
        .values([row('Com consentimento', true), row('Sem consentimento', false)])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const db = database.db as Kysely<Database>;
      const grants = await db
        .selectFrom('visitor_consents')
        .innerJoin('visitors', 'visitors.id', 'visitor_consents.visitor_id')
        .select([
          'visitors.name',
          'visitors.member_id',
          'visitor_consents.action',
          'visitor_consents.consent_version_id',
          'visitor_consents.at',
        ])
        .execute();
      expect(grants).toEqual([
        {
          name: 'Com consentimento',
          member_id: null,
          action: 'grant',
          consent_version_id: version.id,
          at: '2026-11-20T22:10:00.000Z',
        },
      ]);
      expect((await migrator.migrateTo('0030_church_life')).error).toBeUndefined();
      expect((await old.selectFrom('visitors').select('name').execute()).length).toBe(2);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});
