// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { SYSTEM_ACTOR } from '../../server/audit/trail.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialExpiry } from '../../domain/credentials.js';
import { addDays, addMonths, todayIso } from '../../domain/dates.js';
import { issueCredential } from '../../server/modules/credentials/issue.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const CPF = '52998224725';

describe('/api/credentials', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  const today = todayIso();

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: secretary, payload: payload as object });

  const member = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/members', { name, status: 'active', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  const issue = async (memberId: number) => {
    const response = await api('POST', '/api/credentials', { member_id: memberId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
  });
  afterAll(() => t.close());

  it('issues the next number, valid from today for the church validity', async () => {
    const id = await member('Maria Aparecida', { cpf: CPF });
    const card = await issue(id);
    expect(card).toMatchObject({
      member_id: id,
      member_name: 'Maria Aparecida',
      number: 1,
      issued_on: today,
      expires_on: addMonths(today, 12),
      status: 'active',
      state: 'valid',
    });
    // 192 random bits, URL-safe
    expect(card.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const member2 = await member('José Pereira');
    expect((await issue(member2)).number).toBe(2);
  });

  it("follows the church's validity in months", async () => {
    const put = await api('PUT', '/api/church', { credential_validity_months: 6 });
    expect(put.statusCode, put.body).toBe(200);
    const card = await issue(await member('Validade Seis Meses'));
    expect(card.expires_on).toBe(addMonths(today, 6));
    await api('PUT', '/api/church', { credential_validity_months: 12 });
  });

  it('computes the expiry with month-end clamping', async () => {
    expect(credentialExpiry('2026-01-31', 1)).toBe('2026-02-28');
    expect(credentialExpiry('2028-01-31', 1)).toBe('2028-02-29');
    expect(credentialExpiry('2028-02-29', 12)).toBe('2029-02-28');
    expect(credentialExpiry('2026-08-31', 6)).toBe('2027-02-28');
    expect(credentialExpiry('2026-03-15', 12)).toBe('2027-03-15');
    expect(credentialExpiry('2026-11-30', 3)).toBe('2027-02-28');
    // and as stored, when issued on 31/01 with a one-month validity
    const memberId = await member('Emitida em 31 de janeiro');
    const { db, dialect } = t.database;
    const id = await db.transaction().execute((trx) =>
      issueCredential(trx, memberId, {
        today: '2026-01-31',
        actor: SYSTEM_ACTOR,
        months: 1,
        dialect,
      }),
    );
    const row = await db
      .selectFrom('credentials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([row.issued_on, row.expires_on]).toEqual(['2026-01-31', '2026-02-28']);
    const stored = await db
      .selectFrom('members')
      .select('credential_expires_on')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(stored.credential_expires_on).toBe('2026-02-28');
  });

  it('renewing revokes the previous card; the history lists both, newest first', async () => {
    const id = await member('Renovação da Silva');
    const first = await issue(id);
    const second = await issue(id);
    expect(second.number).toBeGreaterThan(first.number);
    const filter = encodeURIComponent(JSON.stringify({ member_id: id }));
    const list = await api('GET', `/api/credentials?filter=${filter}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('credentials 0-1/2');
    expect(list.json().map((c: { id: number; state: string }) => [c.id, c.state])).toEqual([
      [second.id, 'valid'],
      [first.id, 'revoked'],
    ]);
  });

  it('refuses members that are not active, in Portuguese', async () => {
    const pending = await member('Pendente Souza', { status: 'pending' });
    const response = await api('POST', '/api/credentials', { member_id: pending });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.member_id).toMatch(/Só membros com situação Ativo/);
    const missing = await api('POST', '/api/credentials', { member_id: 999999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.member_id).toBe('Membro não encontrado.');
    expect((await api('POST', '/api/credentials', {})).statusCode).toBe(422);
  });

  it('20 parallel issues get 20 different numbers, without gaps', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await member(`Paralelo ${String(i).padStart(2, '0')}`));
    const before = await t.database.db
      .selectFrom('document_counters')
      .select('value')
      .where('name', '=', 'credential')
      .executeTakeFirstOrThrow();
    const responses = await Promise.all(
      ids.map((id) => api('POST', '/api/credentials', { member_id: id })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 201));
    const numbers = responses.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(ids.map((_, i) => before.value + 1 + i));
  });

  it('parallel renewals of one member leave exactly one active card', async () => {
    const id = await member('Renovação Concorrente');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', '/api/credentials', { member_id: id })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
    const rows = await t.database.db
      .selectFrom('credentials')
      .select(['status', 'expires_on'])
      .where('member_id', '=', id)
      .execute();
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
    const stored = await t.database.db
      .selectFrom('members')
      .select('credential_expires_on')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.credential_expires_on).toBe(addMonths(today, 12));
  });

  it('revokes once; the public page then says revoked', async () => {
    const card = await issue(await member('Revogada Lima'));
    const check = () => t.app.inject({ url: `/api/public/credentials/${card.code}` });
    expect((await check()).json().status).toBe('valid');
    const revoked = await api('POST', `/api/credentials/${card.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', state: 'revoked' });
    expect(revoked.json().revoked_at).toBeTruthy();
    expect((await check()).json()).toEqual({ name: 'Revogada Lima', status: 'revoked' });
    const again = await api('POST', `/api/credentials/${card.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta credencial já foi revogada.');
    expect((await api('POST', '/api/credentials/999999/revoke')).statusCode).toBe(404);
  });

  it('the public check answers only name, photo, position, validity and status', async () => {
    const positions = (await api('GET', '/api/positions')).json() as Array<{
      id: number;
      name: string;
    }>;
    const deacon = positions.find((p) => p.name === 'Diácono')!;
    const id = await member('Público Santos', {
      cpf: '11144477735',
      email: 'publico@igreja.org',
      street: 'Rua Secreta',
      phone_mobile: '11987654321',
      position_id: deacon.id,
      photo: 'data:image/jpeg;base64,/9j/AAAA',
      photo_thumb: 'data:image/jpeg;base64,/9j/BBBB',
    });
    const card = await issue(id);
    // No session at all, and a signed-in user's stale headers: never 401.
    for (const headers of [{}, { ...secretary, 'access-token': 'expirado' }]) {
      const response = await t.app.inject({ url: `/api/public/credentials/${card.code}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        name: 'Público Santos',
        photo: 'data:image/jpeg;base64,/9j/AAAA',
        position: 'Diácono',
        expires_on: card.expires_on,
        status: 'valid',
      });
      expect(response.body).not.toMatch(/11144477735|publico@|Secreta|98765/);
    }
  });

  it('the public check says expired after the last day, and revoked when the member left', async () => {
    const id = await member('Vencida Rocha', { photo: 'data:image/jpeg;base64,/9j/AAAA' });
    const card = await issue(id);
    const answer = async () =>
      (await t.app.inject({ url: `/api/public/credentials/${card.code}` })).json();
    const check = async () => (await answer()).status;
    const { db } = t.database;
    await db
      .updateTable('credentials')
      .set({ expires_on: today })
      .where('id', '=', card.id)
      .execute();
    expect(await check()).toBe('valid');
    await db
      .updateTable('credentials')
      .set({ expires_on: addDays(today, -1) })
      .where('id', '=', card.id)
      .execute();
    expect(await check()).toBe('expired');
    // A card that no longer holds: its holder's name and its state, no photo and no date.
    expect(await answer()).toEqual({ name: 'Vencida Rocha', status: 'expired' });
    await api('PUT', `/api/members/${id}`, { status: 'deceased' });
    expect(await answer()).toEqual({ name: 'Vencida Rocha', status: 'revoked' });
  });

  it('an unknown code is "Credencial não encontrada." (404), never 401', async () => {
    for (const code of ['x'.repeat(32), 'curto', "'; drop table credentials; --"]) {
      const response = await t.app.inject({
        url: `/api/public/credentials/${encodeURIComponent(code)}`,
        headers: { ...secretary, 'access-token': 'falso' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Credencial não encontrada.');
    }
  });

  it('bulk issue gives cards to active members without a valid one and skips the rest', async () => {
    const none = await member('Sem Cartão Bulk');
    const valid = await member('Com Cartão Bulk');
    const inactive = await member('Inativo Bulk', { status: 'inactive' });
    await issue(valid);
    const response = await api('POST', '/api/credentials/bulk', {
      member_ids: [none, valid, inactive],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ issued: 1, skipped: 2 });
    const [credentialId] = response.json().ids;
    expect((await api('GET', `/api/credentials/${credentialId}`)).json().member_id).toBe(none);
    expect((await api('POST', '/api/credentials/bulk', { member_ids: [] })).statusCode).toBe(400);

    // renew: every active member selected gets a new card, the valid ones too
    const renewed = await api('POST', '/api/credentials/bulk', {
      member_ids: [none, valid, inactive],
      renew: true,
    });
    expect(renewed.json()).toMatchObject({ issued: 2, skipped: 1 });
  });

  it('a member with cards cannot be deleted; the message suggests changing the status', async () => {
    const id = await member('Não Excluir');
    await issue(id);
    const response = await api('DELETE', `/api/members/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/1 credencial emitida.*mude a situação do membro/);
  });
});
