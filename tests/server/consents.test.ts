// Issue 13 (LGPD), consent: the consent texts' versions (each kept), the consent records (the
// public form's, the staff's grants and revocations, a minor's guardian), the register of the
// data subjects' requests with its 15-day deadlines, who may do what, and the congregation
// scope. Dates are fixed: the app's clock is pinned for the tests that read "today".
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock, todayIso } from '../../domain/dates.js';
import { installClock } from '../../server/clock.js';
import type { Database } from '../../server/db/schema.js';
import { seedDatabase } from '../../server/seed/index.js';
import { withMigrationDatabase } from '../support/migrations.js';
import { type Api, type Row, apiAs, created, query } from '../support/finance.js';
import {
  ADMIN,
  type SessionHeaders,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

/** Pins the app's "now" (the church's time zone is UTC-3). */
const pinClock = (instant: string) => setClock(new Date(instant));

describe('consent versions, consent records and the requests register', () => {
  let t: TestApp;
  let admin: Api;
  let secretary: Api;
  let financial: Api;
  let scopedSecretary: Api;
  let noRole: Api;
  let secretaryName = '';
  let congregationA = 0;
  let congregationC = 0;
  let ipCount = 0;

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      payload,
      remoteAddress: `10.9.0.${++ipCount}`,
    });
  const newcomer = (extra: Record<string, unknown> = {}) => ({
    name: 'Ana Consentida',
    birth_date: '1990-04-10',
    email: `ana${ipCount}@exemplo.com`,
    consent: true,
    congregation_id: congregationA,
    ...extra,
  });
  const pendingId = async (name: string) =>
    (
      await t.database.db
        .selectFrom('members')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const member = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await created(admin, '/api/members', {
        name,
        congregation_id: congregationA,
        status: 'active',
        ...extra,
      })
    ).id as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    secretaryName = 'Secretária Geral';
    secretary = apiAs(t, await t.userWithRoles(['secretary'], secretaryName));
    financial = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro'));
    noRole = apiAs(t, await t.userWithRoles([], 'Sem Papel'));
    const congregation = async (name: string) =>
      (await created(admin, '/api/congregations', { name, kind: 'congregacao' })).id as number;
    congregationA = await congregation('Congregação Amparo');
    congregationC = await congregation('Congregação Cedro');
    const scoped: SessionHeaders & { id: number } = await t.userWithRoles(
      ['secretary'],
      'Secretária Amparo',
    );
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([congregationA]) })
      .where('id', '=', scoped.id)
      .execute();
    scopedSecretary = apiAs(t, scoped);
    await admin('PUT', '/api/church', { name: 'Igreja Betel' });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    installClock();
  });

  describe('consent versions', () => {
    it('starts with version 1, the text the form used, with the church’s name in place', async () => {
      const list = await financial('GET', '/api/consent_versions');
      expect(list.statusCode, list.body).toBe(200);
      const versions = list.json() as Row[];
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ version: 1, current: true });
      expect(versions[0].text).toMatch(/^Autorizo esta igreja \(\{igreja\}\) a guardar/);
      expect(versions[0].guardian_text).toMatch(/^Sou pai, mãe ou responsável legal/);
      const church = (await t.app.inject({ method: 'GET', url: '/api/public/church' })).json();
      expect(church.consent).toMatchObject({ id: versions[0].id, version: 1 });
      expect(church.consent.text).toMatch(/^Autorizo esta igreja \(Igreja Betel\) a guardar/);
    });

    it('saving keeps every version: a new number, the old ones unchanged', async () => {
      const [first] = (await admin('GET', '/api/consent_versions')).json() as Row[];
      const saved = await created(admin, '/api/consent_versions', {
        text: 'Autorizo a {igreja} a guardar os meus dados de membro (versão revista).',
        guardian_text: 'Sou responsável legal por esta pessoa e autorizo o cadastro dela.',
      });
      expect(saved).toMatchObject({ version: 2, current: true });
      const versions = (await noRole('GET', '/api/consent_versions')).json() as Row[];
      expect(versions.map((row) => [row.version, row.current])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect(versions[1]).toEqual({ ...first, current: false });
      const one = await secretary('GET', `/api/consent_versions/${first.id}`);
      expect(one.json()).toEqual({ ...first, current: false });
      const church = (await t.app.inject({ method: 'GET', url: '/api/public/church' })).json();
      expect(church.consent).toMatchObject({
        id: saved.id,
        version: 2,
        text: 'Autorizo a Igreja Betel a guardar os meus dados de membro (versão revista).',
      });
      // No route changes or deletes a version.
      for (const method of ['PUT', 'DELETE']) {
        expect((await admin(method, `/api/consent_versions/${first.id}`, {})).statusCode).toBe(404);
      }
    });

    it('refuses bad texts, a text equal to the current one, and non-admins', async () => {
      const empty = await admin('POST', '/api/consent_versions', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toMatchObject({
        text: 'Informe o texto do consentimento.',
        guardian_text: 'Informe o texto da autorização do responsável.',
      });
      const short = await admin('POST', '/api/consent_versions', {
        text: 'Curto',
        guardian_text: 'x'.repeat(2001),
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual({
        text: 'O texto do consentimento: ao menos 20 caracteres.',
        guardian_text: 'O texto da autorização do responsável: no máximo 2000 caracteres.',
      });
      const current = ((await admin('GET', '/api/consent_versions')).json() as Row[])[0];
      const same = await admin('POST', '/api/consent_versions', {
        text: current.text,
        guardian_text: current.guardian_text,
      });
      expect(same.statusCode).toBe(422);
      expect(same.json().errors.text).toBe(
        'Os textos são iguais aos da versão atual: nada a salvar.',
      );
      const bySecretary = await secretary('POST', '/api/consent_versions', {
        text: 'Um texto novo e bem longo para o consentimento.',
        guardian_text: 'Um texto novo para o responsável legal.',
      });
      expect(bySecretary.statusCode).toBe(403);
      expect((await admin('GET', '/api/consent_versions/999999')).statusCode).toBe(404);
    });
  });

  describe('consent records', () => {
    // The texts were written in January: the records below are dated after them (issue 22).
    beforeAll(async () => {
      await t.database.db
        .updateTable('consent_versions')
        .set({ created_at: '2026-01-01T10:00:00.000Z' })
        .execute();
    });

    it('the public form records a form consent to the current version, kept on approval', async () => {
      const current = ((await admin('GET', '/api/consent_versions')).json() as Row[])[0];
      const response = await register(newcomer({ name: 'Rute Formulário' }));
      expect(response.statusCode, response.body).toBe(201);
      const id = await pendingId('Rute Formulário');
      const history = (await secretary('GET', `/api/members/${id}/consents`)).json() as Row[];
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        member_id: id,
        consent_version_id: current.id,
        version: current.version,
        action: 'grant',
        channel: 'form',
        recorded_by: null,
        recorded_by_name: null,
        guardian_name: null,
      });
      const approved = await secretary('POST', `/api/registrations/${id}/approve`, {
        admission_date: '2026-01-10',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await secretary('GET', `/api/members/${id}/consents`)).json()).toEqual(history);
    });

    it('the form names the version it showed; an unknown one is refused', async () => {
      const versions = (await admin('GET', '/api/consent_versions')).json() as Row[];
      const old = versions.find((row) => row.version === 1)!;
      const response = await register(
        newcomer({ name: 'Tito Versão Antiga', consent_version_id: old.id }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const id = await pendingId('Tito Versão Antiga');
      const [record] = (await admin('GET', `/api/members/${id}/consents`)).json() as Row[];
      expect(record).toMatchObject({ version: 1, channel: 'form' });
      const unknown = await register(
        newcomer({ name: 'Versão Inexistente', consent_version_id: 999999 }),
      );
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.consent_version_id).toBe(
        'Versão do consentimento não encontrada: recarregue a página e confira o texto.',
      );
    });

    it('a minor’s consent keeps the guardian’s name', async () => {
      pinClock('2026-03-10T12:00:00-03:00');
      const response = await register(
        newcomer({
          name: 'Davi Menor',
          birth_date: '2012-05-01',
          guardian_name: 'Marta Responsável',
          guardian_consent: true,
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const id = await pendingId('Davi Menor');
      const [record] = (await admin('GET', `/api/members/${id}/consents`)).json() as Row[];
      expect(record).toMatchObject({
        action: 'grant',
        channel: 'form',
        guardian_name: 'Marta Responsável',
      });
      const row = await t.database.db
        .selectFrom('members')
        .select(['consent_at', 'guardian_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(record.at).toBe(row.consent_at);
      expect(row.guardian_name).toBe('Marta Responsável');
    });

    it('staff grant and revoke: the history, newest first, with who recorded it', async () => {
      const id = await member('Paulo Histórico', { birth_date: '1980-01-01' });
      const url = `/api/members/${id}/consents`;
      expect((await secretary('GET', url)).json()).toEqual([]);

      const nothing = await secretary('POST', url, { action: 'revoke' });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe(
        'Este membro não tem consentimento registrado: não há o que revogar.',
      );

      const versions = (await admin('GET', '/api/consent_versions')).json() as Row[];
      const [current, first] = versions;
      const grant = await secretary('POST', url, {
        action: 'grant',
        channel: 'staff',
        at: '2026-02-01',
      });
      expect(grant.statusCode, grant.body).toBe(201);
      expect(grant.json()).toMatchObject({
        action: 'grant',
        channel: 'staff',
        consent_version_id: current.id,
        version: current.version,
        recorded_by_name: secretaryName,
        guardian_name: null,
      });
      expect(grant.json().at).toBe('2026-02-01T15:00:00.000Z');

      const again = await secretary('POST', url, { action: 'grant' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `O consentimento deste membro já está dado na versão ${current.version}.`,
      );
      const wrongVersion = await secretary('POST', url, {
        action: 'revoke',
        consent_version_id: first.id,
      });
      expect(wrongVersion.statusCode).toBe(422);

      const revoke = await secretary('POST', url, {
        action: 'revoke',
        consent_version_id: current.id,
        at: '2026-02-15T09:30:00-03:00',
      });
      expect(revoke.statusCode, revoke.body).toBe(201);
      expect(revoke.json()).toMatchObject({
        action: 'revoke',
        consent_version_id: current.id,
        at: '2026-02-15T12:30:00.000Z',
      });
      const twice = await secretary('POST', url, { action: 'revoke' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('O consentimento deste membro já está revogado.');

      // Given again, to the older text the member signed on paper.
      const regrant = await admin('POST', url, {
        action: 'grant',
        consent_version_id: first.id,
        at: '2026-03-01',
      });
      expect(regrant.statusCode, regrant.body).toBe(201);
      const history = (await secretary('GET', url)).json() as Row[];
      expect(history.map((row) => [row.action, row.version, row.at.slice(0, 10)])).toEqual([
        ['grant', first.version, '2026-03-01'],
        ['revoke', current.version, '2026-02-15'],
        ['grant', current.version, '2026-02-01'],
      ]);
      expect(history[0].recorded_by_name).toBe('Administrador');
    });

    it('answers every bad input with a Portuguese 4xx', async () => {
      const id = await member('Joana Validação', { birth_date: '1985-07-20' });
      const url = `/api/members/${id}/consents`;
      const cases: Array<[unknown, number, Record<string, string>]> = [
        [
          {},
          422,
          { action: 'Ação inválida: use grant (registrar o consentimento) ou revoke (revogar).' },
        ],
        [
          { action: 'aceitar' },
          422,
          { action: 'Ação inválida: use grant (registrar o consentimento) ou revoke (revogar).' },
        ],
        [
          { action: 'grant', consent_version_id: 999999 },
          422,
          { consent_version_id: 'Versão do consentimento não encontrada.' },
        ],
        [
          { action: 'grant', consent_version_id: 'abc' },
          422,
          { consent_version_id: 'Versão do consentimento inválida.' },
        ],
        [
          { action: 'grant', channel: 'form' },
          422,
          {
            channel:
              'O canal "form" é o do formulário público (/meu_cadastro): um registro feito pela secretaria usa "staff".',
          },
        ],
        [
          { action: 'grant', channel: 'email' },
          422,
          { channel: 'Canal inválido: use staff (registrado pela secretaria).' },
        ],
        [{ action: 'grant', at: '2026-02-30' }, 422, { at: 'Data inválida: use DD/MM/AAAA.' }],
        [{ action: 'grant', at: 'ontem' }, 422, { at: 'Data inválida: use DD/MM/AAAA.' }],
        [
          { action: 'grant', at: '2999-01-01' },
          422,
          { at: 'A data do consentimento não pode estar no futuro.' },
        ],
        [
          { action: 'grant', guardian_name: 'Mãe' },
          422,
          { guardian_name: 'O nome do responsável só é pedido para menores de 18 anos.' },
        ],
      ];
      for (const [body, status, errors] of cases) {
        const response = await secretary('POST', url, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json().errors, JSON.stringify(body)).toMatchObject(errors);
      }
      expect((await secretary('GET', url)).json()).toEqual([]);
      // Before the last record: the history would read out of order.
      expect((await secretary('POST', url, { action: 'grant', at: '2026-03-01' })).statusCode).toBe(
        201,
      );
      const earlier = await secretary('POST', url, { action: 'revoke', at: '2026-02-01' });
      expect(earlier.statusCode).toBe(422);
      expect(earlier.json().errors.at).toBe(
        'A data não pode ser anterior ao último registro de consentimento deste membro.',
      );
      expect((await secretary('GET', '/api/members/999999/consents')).statusCode).toBe(404);
      expect(
        (await secretary('POST', '/api/members/999999/consents', { action: 'grant' })).statusCode,
      ).toBe(404);
      expect((await secretary('GET', '/api/members/abc/consents')).statusCode).toBe(404);
    });

    it('a minor recorded by staff needs the guardian’s name', async () => {
      pinClock('2026-03-10T12:00:00-03:00');
      const id = await member('Lia Menor', { birth_date: '2010-06-01' });
      const url = `/api/members/${id}/consents`;
      const without = await secretary('POST', url, { action: 'grant' });
      expect(without.statusCode).toBe(422);
      expect(without.json().errors.guardian_name).toBe(
        'Menor de 18 anos: informe o nome do responsável que autoriza.',
      );
      const withGuardian = await secretary('POST', url, {
        action: 'grant',
        guardian_name: '  Carla Responsável ',
      });
      expect(withGuardian.statusCode, withGuardian.body).toBe(201);
      expect(withGuardian.json().guardian_name).toBe('Carla Responsável');
      // The same member on a date she was of age (after 2028-06-01) needs none.
      pinClock('2028-06-02T12:00:00-03:00');
      const revoke = await secretary('POST', url, { action: 'revoke' });
      expect(revoke.statusCode).toBe(201);
      expect((await secretary('POST', url, { action: 'grant' })).statusCode).toBe(201);
    });

    it('secretary access only, and inside the user’s congregations', async () => {
      const inA = await member('Ester Amparo', { birth_date: '1970-01-01' });
      const inC = await member('Caleb Cedro', {
        birth_date: '1970-01-01',
        congregation_id: congregationC,
      });
      for (const api of [financial, noRole]) {
        expect((await api('GET', `/api/members/${inA}/consents`)).statusCode).toBe(403);
        expect(
          (await api('POST', `/api/members/${inA}/consents`, { action: 'grant' })).statusCode,
        ).toBe(403);
      }
      expect((await scopedSecretary('GET', `/api/members/${inA}/consents`)).statusCode).toBe(200);
      expect(
        (await scopedSecretary('POST', `/api/members/${inA}/consents`, { action: 'grant' }))
          .statusCode,
      ).toBe(201);
      const read = await scopedSecretary('GET', `/api/members/${inC}/consents`);
      expect(read.statusCode).toBe(404);
      const write = await scopedSecretary('POST', `/api/members/${inC}/consents`, {
        action: 'grant',
      });
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe('Você não tem acesso a esta congregação.');
      expect((await secretary('GET', `/api/members/${inC}/consents`)).json()).toEqual([]);
    });
  });

  describe('consent dates (issue 22)', () => {
    it('lie between the version’s creation and now', async () => {
      const member = (await created(secretary, '/api/members', { name: 'Datada Antes' })).id;
      const saved = await created(admin, '/api/consent_versions', {
        text: 'Autorizo a {igreja} a guardar os meus dados (texto novo de hoje).',
        guardian_text: 'Sou responsável legal por esta pessoa e autorizo o cadastro dela.',
      });
      const url = `/api/members/${member}/consents`;
      const day = (iso: string) => iso.slice(8, 10) + '/' + iso.slice(5, 7) + '/' + iso.slice(0, 4);
      for (const at of ['2001-01-01', '2026-01-01T09:00:00-03:00']) {
        const before = await secretary('POST', url, {
          action: 'grant',
          consent_version_id: saved.id,
          at,
        });
        expect(before.statusCode, at).toBe(422);
        expect(before.json().errors).toEqual({
          at: `A data não pode ser anterior ao texto consentido: a versão ${saved.version} foi salva em ${day(todayIso())}.`,
        });
      }
      expect(
        (
          await secretary('POST', url, {
            action: 'grant',
            consent_version_id: saved.id,
            at: '2999-01-01',
          })
        ).statusCode,
      ).toBe(422);
      // The version's own day: not before the moment it was saved.
      const today = await created(secretary, url, {
        action: 'grant',
        consent_version_id: saved.id,
        at: todayIso(),
      });
      expect(today.at >= saved.created_at).toBe(true);
      expect(Date.parse(today.at)).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('the requests register', () => {
    const base = '/api/privacy_requests';

    it('computes the 15-day deadline and where each open request stands', async () => {
      pinClock('2026-03-20T12:00:00-03:00');
      const holder = await member('Noemi Titular', { birth_date: '1975-02-02' });
      const overdue = await created(admin, base, {
        kind: 'access',
        member_id: holder,
        received_on: '2026-03-02',
      });
      expect(overdue).toMatchObject({
        kind: 'access',
        member_id: holder,
        member_name: 'Noemi Titular',
        holder_name: 'Noemi Titular',
        received_on: '2026-03-02',
        due_on: '2026-03-17',
        status: 'open',
        deadline_state: 'overdue',
        days_left: -3,
        answer: null,
        answered_on: null,
        created_by_name: 'Administrador',
      });
      const near = await created(admin, base, {
        kind: 'deletion',
        holder_name: 'Fulano Visitante',
        holder_contact: 'fulano@exemplo.com',
        received_on: '2026-03-08',
        status: 'in_progress',
      });
      expect(near).toMatchObject({
        member_id: null,
        due_on: '2026-03-23',
        deadline_state: 'near',
        days_left: 3,
      });
      const ok = await created(admin, base, {
        kind: 'portability',
        holder_name: 'Beatriz',
        received_on: '2026-03-19',
      });
      expect(ok).toMatchObject({ due_on: '2026-04-03', deadline_state: 'ok', days_left: 14 });
      // Across the end of February of a leap year.
      const leap = await created(admin, base, {
        kind: 'correction',
        holder_name: 'Bissexto',
        received_on: '2024-02-20',
        status: 'answered',
        answer: 'Dados corrigidos.',
        answered_on: '2024-02-28',
      });
      expect(leap).toMatchObject({
        due_on: '2024-03-06',
        deadline_state: 'closed',
        days_left: null,
      });

      const list = async (filter: object, sort: [string, string] = ['due_on', 'ASC']) => {
        const response = await admin('GET', `${base}?${query({ filter, sort, range: [0, 99] })}`);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as Row[]).map((row) => row.holder_name);
      };
      expect(await list({})).toEqual(['Bissexto', 'Noemi Titular', 'Fulano Visitante', 'Beatriz']);
      expect(await list({ overdue: true })).toEqual(['Noemi Titular']);
      expect(await list({ overdue: false })).toEqual(['Bissexto', 'Fulano Visitante', 'Beatriz']);
      expect(await list({ status: ['open', 'in_progress'] })).toEqual([
        'Noemi Titular',
        'Fulano Visitante',
        'Beatriz',
      ]);
      expect(await list({ kind: 'deletion' })).toEqual(['Fulano Visitante']);
      expect(await list({ q: 'noemi' })).toEqual(['Noemi Titular']);
      expect(await list({ member_id: holder })).toEqual(['Noemi Titular']);
      expect(await list({}, ['received_on', 'DESC'])).toEqual([
        'Beatriz',
        'Fulano Visitante',
        'Noemi Titular',
        'Bissexto',
      ]);

      // Answered: closed, whatever the date.
      const answered = await admin('PUT', `${base}/${overdue.id}`, {
        status: 'answered',
        answer: 'Enviamos a cópia dos dados por e-mail.',
        answered_on: '2026-03-19',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toMatchObject({
        status: 'answered',
        answered_on: '2026-03-19',
        deadline_state: 'closed',
        holder_name: 'Noemi Titular',
      });
      expect(await list({ overdue: true })).toEqual([]);
      // A new received date moves the deadline.
      const moved = await admin('PUT', `${base}/${near.id}`, { received_on: '2026-03-01' });
      expect(moved.json()).toMatchObject({ due_on: '2026-03-16', deadline_state: 'overdue' });
      // The day after, the near one is a day closer.
      pinClock('2026-03-21T12:00:00-03:00');
      expect((await admin('GET', `${base}/${ok.id}`)).json()).toMatchObject({ days_left: 13 });
    });

    it('answers every bad input with a Portuguese 4xx', async () => {
      pinClock('2026-03-20T12:00:00-03:00');
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [
          {},
          {
            kind: 'Escolha o tipo do pedido.',
            received_on: 'Informe a data em que o pedido foi recebido.',
            holder_name: 'Informe o titular: escolha um membro ou escreva o nome.',
          },
        ],
        [
          { kind: 'reclamação', holder_name: 'A', received_on: '2026-03-01' },
          { kind: 'Escolha o tipo do pedido.' },
        ],
        [
          { kind: 'access', holder_name: 'A', received_on: '2026-02-30' },
          { received_on: 'Data inválida: use DD/MM/AAAA.' },
        ],
        [
          { kind: 'access', holder_name: 'A', received_on: '01/03/2026' },
          { received_on: 'Data inválida: use DD/MM/AAAA.' },
        ],
        [
          { kind: 'access', holder_name: 'A', received_on: '2026-03-21' },
          { received_on: 'A data de recebimento não pode estar no futuro.' },
        ],
        [
          { kind: 'access', member_id: 999999, received_on: '2026-03-01' },
          { member_id: 'Membro não encontrado.' },
        ],
        [
          { kind: 'access', member_id: 'x', received_on: '2026-03-01' },
          { member_id: 'Membro inválido.' },
        ],
        [
          { kind: 'access', holder_name: 'A', received_on: '2026-03-01', status: 'fechado' },
          { status: 'Situação inválida.' },
        ],
        [
          { kind: 'access', holder_name: 'A', received_on: '2026-03-01', status: 'answered' },
          {
            answer: 'Informe a resposta dada ao titular.',
            answered_on: 'Informe a data da resposta.',
          },
        ],
        [
          {
            kind: 'access',
            holder_name: 'A',
            received_on: '2026-03-01',
            status: 'refused',
            answered_on: '2026-03-05',
          },
          { answer: 'Informe a resposta dada ao titular (o motivo da recusa).' },
        ],
        [
          {
            kind: 'access',
            holder_name: 'A',
            received_on: '2026-03-10',
            status: 'answered',
            answer: 'Feito.',
            answered_on: '2026-03-09',
          },
          { answered_on: 'A data da resposta não pode ser anterior ao recebimento.' },
        ],
        [
          {
            kind: 'access',
            holder_name: 'A',
            received_on: '2026-03-10',
            answered_on: '2026-03-12',
          },
          { answered_on: 'A data da resposta só vale para um pedido respondido ou recusado.' },
        ],
        [
          { kind: 'access', holder_name: 'x'.repeat(151), received_on: '2026-03-10' },
          { holder_name: 'Nome do titular: no máximo 150 caracteres.' },
        ],
      ];
      for (const [body, errors] of cases) {
        const response = await admin('POST', base, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().errors, JSON.stringify(body)).toMatchObject(errors);
      }
      const bad = async (filter: string, message: string) => {
        const response = await admin('GET', `${base}?filter=${encodeURIComponent(filter)}`);
        expect(response.statusCode, filter).toBe(400);
        expect(response.json().message).toBe(message);
      };
      await bad(
        '{"status":"fechado"}',
        'Filtro status inválido: use open, in_progress, answered, refused.',
      );
      await bad('{"overdue":"sim"}', 'Filtro overdue inválido: use true ou false.');
      await bad('{"cor":"azul"}', 'Filtro desconhecido: cor.');
      expect(
        (await admin('GET', `${base}?sort=${encodeURIComponent('["answer","ASC"]')}`)).statusCode,
      ).toBe(400);
      expect((await admin('GET', `${base}/999999`)).statusCode).toBe(404);
      expect((await admin('PUT', `${base}/999999`, { status: 'open' })).statusCode).toBe(404);
    });

    it('is the admins’ register: other roles are refused', async () => {
      const { id } = await created(admin, base, {
        kind: 'revocation',
        holder_name: 'Só Admin',
        received_on: '2026-01-05',
      });
      for (const api of [secretary, scopedSecretary, financial, noRole]) {
        expect((await api('GET', base)).statusCode).toBe(403);
        expect((await api('GET', `${base}/${id}`)).statusCode).toBe(403);
        expect(
          (await api('POST', base, { kind: 'access', holder_name: 'X', received_on: '2026-01-05' }))
            .statusCode,
        ).toBe(403);
        expect((await api('PUT', `${base}/${id}`, { status: 'in_progress' })).statusCode).toBe(403);
      }
      expect((await admin('DELETE', `${base}/${id}`)).statusCode).toBe(404);
    });

    it('a request about a member follows the congregation chosen in the app bar', async () => {
      const inC = await member('Raquel Cedro', { congregation_id: congregationC });
      await created(admin, base, { kind: 'access', member_id: inC, received_on: '2026-01-06' });
      const names = async (congregation: number) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `${base}?${query({ range: [0, 99] })}`,
          headers: {
            ...(await t.signIn(ADMIN.email, ADMIN.password)),
            'x-congregation': String(congregation),
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as Row[]).map((row) => row.holder_name);
      };
      expect(await names(congregationC)).toContain('Raquel Cedro');
      const inA = await names(congregationA);
      expect(inA).not.toContain('Raquel Cedro');
      // Requests about no member are the whole church's: shown in every view.
      expect(inA).toContain('Só Admin');
    });
  });
  describe('deleting', () => {
    it('a rejected registration takes its consents with it; a deleted member’s requests keep the name', async () => {
      expect((await register(newcomer({ name: 'Rejeitada Consentida' }))).statusCode).toBe(201);
      const id = await pendingId('Rejeitada Consentida');
      const request = await created(admin, '/api/privacy_requests', {
        kind: 'deletion',
        member_id: id,
        received_on: '2026-01-05',
      });
      const rejected = await secretary('POST', `/api/registrations/${id}/reject`, {});
      expect(rejected.statusCode, rejected.body).toBe(200);
      const left = await t.database.db
        .selectFrom('member_consents')
        .select('id')
        .where('member_id', '=', id)
        .execute();
      expect(left).toEqual([]);
      const kept = (await admin('GET', `/api/privacy_requests/${request.id}`)).json();
      expect(kept).toMatchObject({
        member_id: null,
        member_name: null,
        holder_name: 'Rejeitada Consentida',
      });
    });
  });
});

describe('migration 0017 on an existing database', () => {
  it('makes the form’s text version 1 and records the existing consents against it', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0013_congregation_scale')).error).toBeUndefined();
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      const row = (name: string, consent: Record<string, unknown>) => ({
        name,
        sort_name: name.toLowerCase(),
        search: name.toLowerCase(),
        has_photo: bool(false),
        status: 'pending',
        holy_spirit_baptism: bool(false),
        created_at: '2026-01-05T10:00:00.000Z',
        updated_at: '2026-01-05T10:00:00.000Z',
        ...consent,
      });
      await old
        .insertInto('members')
        .values([
          row('Adulto', { consent_at: '2026-01-05T10:00:00.000Z', consent_version: '2026-11-v1' }),
          row('Menor', {
            consent_at: '2026-01-06T11:00:00.000Z',
            consent_version: '2026-11-v1',
            guardian_name: 'Mãe do Menor',
            guardian_consent_at: '2026-01-06T11:00:00.000Z',
          }),
          row('Cadastrado pela secretaria', {}),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const db = database.db as Kysely<Database>;
      const versions = await db.selectFrom('consent_versions').selectAll().execute();
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ version: 1 });
      expect(versions[0].text).toContain('{igreja}');
      const consents = await db
        .selectFrom('member_consents')
        .innerJoin('members', 'members.id', 'member_consents.member_id')
        .select([
          'members.name',
          'members.consent_version',
          'member_consents.consent_version_id',
          'member_consents.action',
          'member_consents.channel',
          'member_consents.at',
          'member_consents.guardian_name',
        ])
        .orderBy('members.id')
        .execute();
      expect(consents).toEqual([
        {
          name: 'Adulto',
          consent_version: '1',
          consent_version_id: versions[0].id,
          action: 'grant',
          channel: 'form',
          at: '2026-01-05T10:00:00.000Z',
          guardian_name: null,
        },
        {
          name: 'Menor',
          consent_version: '1',
          consent_version_id: versions[0].id,
          action: 'grant',
          channel: 'form',
          at: '2026-01-06T11:00:00.000Z',
          guardian_name: 'Mãe do Menor',
        },
      ]);
      // Down and up again.
      expect((await migrator.migrateTo('0013_congregation_scale')).error).toBeUndefined();
      const back = await old
        .selectFrom('members')
        .select('consent_version')
        .orderBy('id')
        .execute();
      expect(back.map((r) => r.consent_version)).toEqual(['2026-11-v1', '2026-11-v1', null]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});

describe('seed --reset over consents and requests', () => {
  it('deletes the consent records with the members and keeps the requests without them', async () => {
    const t = await createTestApp();
    try {
      const admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
      const member = (await created(admin, '/api/members', { name: 'Saulo Semente' })).id;
      await t.database.db
        .updateTable('consent_versions')
        .set({ created_at: '2026-01-01T10:00:00.000Z' })
        .execute();
      await created(admin, `/api/members/${member}/consents`, {
        action: 'grant',
        at: '2026-01-05',
      });
      const request = await created(admin, '/api/privacy_requests', {
        kind: 'access',
        member_id: member,
        received_on: '2026-01-06',
      });
      await seedDatabase(t.database, { members: 20, seed: 3, reset: true });
      expect(await t.database.db.selectFrom('member_consents').select('id').execute()).toEqual([]);
      expect((await admin('GET', `/api/privacy_requests/${request.id}`)).json()).toMatchObject({
        member_id: null,
        holder_name: 'Saulo Semente',
      });
    } finally {
      await t.close();
    }
  });
});
