// Consolidação (issue 26): the church's pipeline of stages, each consenting visitor's steps with
// an owner and a due date, "Minhas tarefas" and the overdue list, a step closed once (who, when,
// a note), the WhatsApp link only while the consent stands, the history kept after the
// conversion to a member, and the congregation scope of all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { churchLifeApp, newCongregation } from '../support/churchLife.js';
import type { TestApp } from '../support/testApp.js';

describe('consolidação', () => {
  let t: TestApp;
  let admin: Api;
  let scoped: Api;
  let other: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Betel');
    ids.B = await newCongregation(admin, 'Congregação Siloé');
    const secretary = await t.userWithRoles(['secretary'], 'Débora Secretária', [ids.A]);
    ids.secretary = secretary.id;
    scoped = apiAs(t, secretary);
    const siloe = await t.userWithRoles(['secretary'], 'Tiago Siloé', [ids.B]);
    ids.siloe = siloe.id;
    other = apiAs(t, siloe);
    ids.financial = (await t.userWithRoles(['financial'], 'Fábio Tesoureiro')).id;
  });
  afterAll(() => t?.close());

  const visitor = (api: Api, body: object) =>
    created(api, '/api/visitors', { congregation_id: ids.A, ...body });
  const list = async (api: Api, filter: object, sort: [string, string] = ['due_on', 'ASC']) => {
    const response = await api('GET', `/api/followups?${query({ filter, sort, range: [0, 99] })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  it('comes with a default pipeline the church may change', async () => {
    const stages = (await (await admin('GET', '/api/followup_stages')).json()) as Row[];
    expect(stages.map((stage) => [stage.name, stage.due_days])).toEqual([
      ['Ligação em 48 h', 2],
      ['Visita', 7],
      ['Encontro', 21],
      ['Batismo', 90],
    ]);
    const bad = await admin('POST', '/api/followup_stages', { name: 'Célula', due_days: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Prazo: não pode ser negativo.');
    const cell = await created(admin, '/api/followup_stages', {
      name: 'Célula',
      due_days: 30,
      sort_order: 25,
    });
    ids.cellStage = cell.id;
  });

  it('gives a consenting visitor one step per active stage, owned by who added them', async () => {
    const today = todayIso();
    const maria = await visitor(scoped, {
      name: 'Maria Visitante da Silva',
      phone: '11987654321',
      contact_consent: true,
    });
    ids.maria = maria.id;
    expect(
      maria.followups.map((step: Row) => [step.name, step.due_on, step.owner_id, step.status]),
    ).toEqual([
      ['Ligação em 48 h', addDays(today, 2), ids.secretary, 'open'],
      ['Visita', addDays(today, 7), ids.secretary, 'open'],
      ['Célula', addDays(today, 30), ids.secretary, 'open'],
      ['Encontro', addDays(today, 21), ids.secretary, 'open'],
      ['Batismo', addDays(today, 90), ids.secretary, 'open'],
    ]);
    const call = maria.followups[0];
    expect(call.owner_name).toBe('Débora Secretária');
    const url = new URL(call.whatsapp_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5511987654321');
    expect(url.searchParams.get('text')).toBe(
      'Olá, Maria! Aqui é Débora (Igreja Evangélica do Teste). Foi uma alegria ter você conosco. Podemos conversar?',
    );
    // Without consent there is no pipeline, and none can be started.
    const shy = await visitor(scoped, { name: 'Pedro Sem Contato' });
    expect(shy.followups).toEqual([]);
    ids.shy = shy.id;
    const refused = await scoped('POST', `/api/visitors/${shy.id}/followups`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('não tem consentimento para ser contatado');
    const steps = await t.database.db
      .selectFrom('followups')
      .select('id')
      .where('visitor_id', '=', shy.id)
      .execute();
    expect(steps).toEqual([]);
  });

  it("lists the user's open steps by due date and the overdue ones", async () => {
    const mine = await list(scoped, { mine: true, status: 'open' });
    expect(mine.map((step) => step.name)).toEqual([
      'Ligação em 48 h',
      'Visita',
      'Encontro',
      'Célula',
      'Batismo',
    ]);
    expect(mine.every((step) => step.visitor_name === 'Maria Visitante da Silva')).toBe(true);
    // Nobody else's tasks: the admin owns none.
    expect(await list(admin, { mine: true })).toEqual([]);
    // A step past its due date is overdue.
    const visit = mine[1];
    await t.database.db
      .updateTable('followups')
      .set({ due_on: addDays(todayIso(), -3) })
      .where('id', '=', visit.id)
      .execute();
    const overdue = await list(scoped, { overdue: true });
    expect(overdue.map((step) => [step.id, step.overdue])).toEqual([[visit.id, true]]);
    ids.visit = visit.id;
    ids.call = mine[0].id;
  });

  it('hands a step over only to a user who may see the visitor', async () => {
    const owners = (await (
      await scoped('GET', `/api/followups/owners?visitor_id=${ids.maria}`)
    ).json()) as Row[];
    const names = owners.map((owner) => owner.name);
    expect(names).toContain('Débora Secretária');
    expect(names).not.toContain('Tiago Siloé');
    expect(names).not.toContain('Fábio Tesoureiro');
    for (const owner_id of [ids.siloe, ids.financial, 999_999]) {
      const refused = await scoped('PUT', `/api/followups/${ids.call}`, { owner_id });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.body).toContain('Responsável inválido');
    }
    const badDate = await scoped('PUT', `/api/followups/${ids.call}`, { due_on: '2026-02-30' });
    expect(badDate.statusCode).toBe(422);
    const adminId = owners.find((owner) => owner.name !== 'Débora Secretária')!.id as number;
    const moved = await scoped('PUT', `/api/followups/${ids.call}`, { owner_id: adminId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ owner_id: adminId, status: 'open' });
    expect((await list(admin, { mine: true })).map((step) => step.id)).toEqual([ids.call]);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('resource', '=', 'followups')
      .where('record_id', '=', ids.call)
      .orderBy('id')
      .execute();
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(JSON.parse(trail[1].changes)).toEqual({ owner_id: [ids.secretary, adminId] });
  });

  it('closes a step once: done or skipped, with who, when and a note', async () => {
    const bad = await scoped('POST', `/api/followups/${ids.visit}/close`, { status: 'open' });
    expect(bad.statusCode).toBe(422);
    const done = await scoped('POST', `/api/followups/${ids.visit}/close`, {
      status: 'done',
      note: 'Visitamos no sábado; pediu oração pela família.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'done',
      closed_by: ids.secretary,
      closed_by_name: 'Débora Secretária',
      note: 'Visitamos no sábado; pediu oração pela família.',
      overdue: false,
      whatsapp_url: null,
    });
    expect(done.json().closed_at).toBeTruthy();
    const again = await scoped('POST', `/api/followups/${ids.visit}/close`, { status: 'skipped' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta etapa já foi encerrada.');
    const change = await scoped('PUT', `/api/followups/${ids.visit}`, { due_on: '2027-01-10' });
    expect(change.statusCode).toBe(409);
    expect(await list(scoped, { overdue: true })).toEqual([]);
  });

  it('keeps the steps to other congregations out of sight and out of reach', async () => {
    expect(await list(other, {})).toEqual([]);
    expect((await other('GET', `/api/followups/${ids.call}`)).statusCode).toBe(404);
    expect(
      (await other('POST', `/api/followups/${ids.call}/close`, { status: 'done' })).statusCode,
    ).toBe(403);
    expect(
      (await other('PUT', `/api/followups/${ids.call}`, { due_on: '2027-01-10' })).statusCode,
    ).toBe(403);
    expect((await other('GET', `/api/followups/owners?visitor_id=${ids.maria}`)).statusCode).toBe(
      404,
    );
    expect((await other('POST', `/api/visitors/${ids.maria}/followups`)).statusCode).toBe(403);
    const financial = apiAs(t, await t.userWithRoles(['financial'], 'Flávia Financeiro'));
    expect((await financial('GET', '/api/followups')).statusCode).toBe(403);
  });

  it('stops offering contact when the consent is withdrawn, and starts again with a new one', async () => {
    const revoked = await scoped('POST', `/api/visitors/${ids.maria}/consents`, {
      action: 'revoke',
    });
    expect(revoked.statusCode, revoked.body).toBe(201);
    const steps = revoked.json().followups as Row[];
    expect(steps.every((step) => step.whatsapp_url === null)).toBe(true);
    expect(steps.filter((step) => step.status === 'open')).toEqual([]);
    expect(steps.filter((step) => step.status === 'canceled')).toHaveLength(4);
    expect(steps.find((step) => step.id === ids.visit)!.status).toBe('done');
    expect(await list(scoped, { mine: true, status: 'open' })).toEqual([]);

    const granted = await scoped('POST', `/api/visitors/${ids.maria}/consents`, {
      action: 'grant',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const open = (granted.json().followups as Row[]).filter((step) => step.status === 'open');
    // The visit done stays done; the canceled ones start again, without a phone to call yet.
    expect(open.map((step) => step.name)).toEqual([
      'Ligação em 48 h',
      'Célula',
      'Encontro',
      'Batismo',
    ]);
    expect(open.every((step) => step.whatsapp_url === null)).toBe(true);
    const phoned = await scoped('PUT', `/api/visitors/${ids.maria}`, { phone: '11987654321' });
    expect(phoned.statusCode, phoned.body).toBe(200);
    expect(
      (phoned.json().followups as Row[])
        .filter((step) => step.status === 'open')
        .every((step) => step.whatsapp_url?.startsWith('https://wa.me/5511987654321?text=')),
    ).toBe(true);
  });

  it('keeps the history when the visitor becomes a member', async () => {
    const before = (await (await scoped('GET', `/api/visitors/${ids.maria}`)).json()).followups;
    const converted = await scoped('POST', `/api/visitors/${ids.maria}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const after = (await (await scoped('GET', `/api/visitors/${ids.maria}`)).json()) as Row;
    expect(after.member_id).toBe(converted.json().member_id);
    expect(after.followups.map((step: Row) => [step.id, step.status, step.note])).toEqual(
      before.map((step: Row) => [step.id, step.status, step.note]),
    );
    const listed = await list(scoped, { visitor_id: ids.maria, status: 'done' });
    expect(listed.map((step) => [step.id, step.visitor_member_id])).toEqual([
      [ids.visit, converted.json().member_id],
    ]);
    ids.member = converted.json().member_id;
  });

  it('erases the notes of the steps when the member is anonymized, and keeps the steps', async () => {
    const note = 'Visitamos no sábado; pediu oração pela família.';
    const anonymized = await admin('POST', `/api/members/${ids.member}/anonymize`, {
      confirmation: 'Maria Visitante da Silva',
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const steps = (await (await admin('GET', `/api/visitors/${ids.maria}`)).json())
      .followups as Row[];
    expect(steps.find((step) => step.id === ids.visit)).toMatchObject({
      status: 'done',
      note: null,
    });
    expect(steps.every((step) => !step.visitor_name.includes('Maria'))).toBe(true);
    // Nobody is to contact an anonymized person: the open steps are canceled.
    expect(steps.filter((step) => step.status === 'open')).toEqual([]);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'followups')
      .execute();
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain('pediu oração');
    expect(JSON.stringify(trail)).not.toContain(note);
  });

  it('erases the notes and cancels the steps of a visitor anonymized (never a member)', async () => {
    const joana = await visitor(scoped, {
      name: 'Joana Sigilo',
      phone: '11955554444',
      contact_consent: true,
    });
    const [call] = joana.followups as Row[];
    const note = 'Contou da doença do marido; ligar de novo.';
    const closed = await scoped('POST', `/api/followups/${call.id}/close`, {
      status: 'done',
      note,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The visitor's own copy of their data holds the consolidação, note included.
    const exported = await scoped('GET', `/api/visitors/${joana.id}/data_export?format=json`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().visitor.followups[0]).toMatchObject({
      name: 'Ligação em 48 h',
      status: 'done',
      status_label: 'Feita',
      note,
      owner_name: 'Débora Secretária',
    });
    expect(exported.json().audit_entries.length).toBeGreaterThan(1);
    const pdf = await scoped('GET', `/api/visitors/${joana.id}/data_export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await flatPdfText(pdf.rawPayload);
    expect(text).toContain('Consolidação');
    expect(text).toContain('Contou da doença do marido');
    const anonymized = await admin('POST', `/api/visitors/${joana.id}/anonymize`, {
      confirmation: 'Joana Sigilo',
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const steps = (await (await admin('GET', `/api/visitors/${joana.id}`)).json())
      .followups as Row[];
    expect(steps.map((step) => [step.status, step.note, step.whatsapp_url])).toEqual([
      ['done', null, null],
      ...steps.slice(1).map(() => ['canceled', null, null]),
    ]);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'followups')
      .where('record_id', '=', call.id)
      .execute();
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain('doença');
  });

  it('refuses to delete a stage in use, and bad filters with a 400', async () => {
    const refused = await admin('DELETE', `/api/followup_stages/${ids.cellStage}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('desative-a');
    for (const filter of [{ status: 'feita' }, { owner_id: 'x' }, { due_on_lte: '2026-13-01' }]) {
      const response = await scoped('GET', `/api/followups?${query({ filter })}`);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
    }
    expect((await scoped('GET', '/api/followups/owners?visitor_id=abc')).statusCode).toBe(400);
  });
});
