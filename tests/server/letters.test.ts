// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { nextNumber } from '../../server/db/counters.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('/api/letters', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  const year = Number(todayIso().slice(0, 4));

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: secretary, payload: payload as object });

  const member = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/members', { name, status: 'active', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  const letter = (memberId: number, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/letters', {
      member_id: memberId,
      letter_type: 'recommendation',
      destination_church: 'Igreja Batista Central',
      destination_city: 'Campinas/SP',
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
  });
  afterAll(() => t.close());

  it('a recommendation letter gets the year sequence (1/2026) and leaves the member active', async () => {
    const id = await member('Recomendado Alves');
    const response = await letter(id, { notes: '  Visita de férias.  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      member_id: id,
      member_name: 'Recomendado Alves',
      letter_type: 'recommendation',
      year,
      number: 1,
      number_text: `1/${year}`,
      issued_on: todayIso(),
      destination_church: 'Igreja Batista Central',
      destination_city: 'Campinas/SP',
      notes: 'Visita de férias.',
    });
    expect((await api('GET', `/api/members/${id}`)).json().status).toBe('active');
    expect((await letter(id)).json().number).toBe(2);
  });

  it('a transfer letter puts the member in transfer (card kept until confirmed), in one go', async () => {
    const id = await member('Transferido Costa');
    const card = (await api('POST', '/api/credentials', { member_id: id })).json();
    const response = await letter(id, { letter_type: 'transfer' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ transfer_state: 'requested' });
    const stored = (await api('GET', `/api/members/${id}`)).json();
    expect(stored.status).toBe('transferring');
    expect((await api('GET', `/api/credentials/${card.id}`)).json().state).toBe('valid');
    // In transfer: no second letter, and nothing is written.
    const before = (await api('GET', '/api/letters')).headers['content-range'];
    const again = await letter(id, { letter_type: 'transfer' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.member_id).toMatch(/Só membros com situação Ativo/);
    expect((await api('GET', '/api/letters')).headers['content-range']).toBe(before);
  });

  it('validates in Portuguese, field by field', async () => {
    const id = await member('Validação Dias');
    const response = await api('POST', '/api/letters', {
      member_id: id,
      letter_type: 'ordination',
      destination_church: ' ',
      destination_city: 'x'.repeat(81),
      notes: 'y'.repeat(1001),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      letter_type: 'Escolha o tipo de carta.',
      destination_church: 'Informe a igreja de destino.',
      destination_city: 'Cidade de destino: no máximo 80 caracteres.',
      notes: 'Observações: no máximo 1000 caracteres.',
    });
    const missing = await letter(999999);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.member_id).toBe('Membro não encontrado.');
  });

  it('20 parallel letters get 20 different numbers, without gaps', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await member(`Carta Paralela ${i}`));
    const responses = await Promise.all(ids.map((id) => letter(id)));
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 201));
    const numbers = responses.map((r) => r.json().number as number).sort((a, b) => a - b);
    const first = numbers[0];
    expect(numbers).toEqual(ids.map((_, i) => first + i));
  });

  it('each year has its own sequence', async () => {
    const { db } = t.database;
    const numbers = await db
      .transaction()
      .execute(async (trx) => [
        await nextNumber(trx, 'letter:2099'),
        await nextNumber(trx, 'letter:2099'),
        await nextNumber(trx, 'letter:2100'),
      ]);
    expect(numbers).toEqual([1, 2, 1]);
  });

  it('lists by member, type and period', async () => {
    const id = await member('Filtro Ramos');
    await letter(id);
    const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
    const byMember = await api('GET', `/api/letters?filter=${filter({ member_id: id })}`);
    expect(byMember.json()).toHaveLength(1);
    const transfers = await api(
      'GET',
      `/api/letters?filter=${filter({ letter_type: 'transfer', issued_on_gte: todayIso() })}`,
    );
    expect(
      transfers.json().every((l: { letter_type: string }) => l.letter_type === 'transfer'),
    ).toBe(true);
    expect((await api('GET', `/api/letters?filter=${filter({ color: 'x' })}`)).statusCode).toBe(
      400,
    );
    expect((await api('GET', '/api/letters/999999')).statusCode).toBe(404);
  });

  it('a member with letters cannot be deleted', async () => {
    const id = await member('Com Carta');
    await letter(id);
    await letter(id);
    const response = await api('DELETE', `/api/members/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/2 cartas emitidas/);
  });
});
