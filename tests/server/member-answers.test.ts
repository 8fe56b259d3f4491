// The member routes' response schemas (issue 23): even when the projection lets a field through by
// mistake — here the projection is wrapped to hand back the whole row plus a field no answer
// declares — a treasurer still receives only the reduced record, and nobody receives the extra
// field. The answers are checked by their keys and on the raw text.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDUCED_MEMBER_KEYS, REDUCED_MINISTRY_WORKER_KEYS } from '../../domain/memberAccess.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const INJECTED = { password_digest: 'segredo-que-nenhuma-resposta-declara' };

// A broken projection: whatever the reader, the stored row goes back whole, plus INJECTED.
vi.mock('../../server/modules/members/projection.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../server/modules/members/projection.js')>();
  return {
    ...original,
    projectMember: (_reader: unknown, row: Record<string, unknown>) => ({ ...row, ...INJECTED }),
    projectMinistryWorker: (_reader: unknown, row: Record<string, unknown>) => ({
      ...row,
      ...INJECTED,
    }),
  };
});

const CPF = '52998224725';
const PHONE = '31987654321';

describe('member answers keep to their schema, whatever the projection hands them', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let financial: SessionHeaders;
  let memberId = 0;
  const get = (session: SessionHeaders, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session });

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    financial = await t.userWithRoles(['financial']);
    const positions = (await get(secretary, '/api/positions')).json() as Array<{
      id: number;
      name: string;
    }>;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: secretary,
      payload: {
        name: 'Quitéria Esperança Lopes',
        cpf: CPF,
        phone_mobile: PHONE,
        street: 'Rua das Acácias Escondidas',
        birth_date: '1975-08-14',
        position_id: positions.find((p) => p.name === 'Pastor')!.id,
        status: 'active',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    memberId = created.json().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  type Row = Record<string, unknown>;
  const rowsOf = (body: string) => JSON.parse(body) as Row[];
  /** Every key of every row is one of `keys`. */
  const expectKeysWithin = (rows: Row[], keys: readonly string[], where: string) => {
    for (const row of rows) {
      for (const key of Object.keys(row)) expect(keys, `${where} key ${key}`).toContain(key);
    }
  };

  it('a treasurer reads the reduced record and list, and no extra field', async () => {
    const record = await get(financial, `/api/members/${memberId}`);
    expect(record.statusCode, record.body).toBe(200);
    expectKeysWithin([record.json() as Row], REDUCED_MEMBER_KEYS, 'record');
    expect(Object.keys(record.json() as object)).toContain('name');

    const list = await get(financial, '/api/members');
    expect(list.statusCode, list.body).toBe(200);
    expect(rowsOf(list.body).map((row) => row.id)).toContain(memberId);
    expectKeysWithin(rowsOf(list.body), REDUCED_MEMBER_KEYS, 'list');

    const workers = await get(financial, '/api/ministry_workers');
    expect(workers.statusCode, workers.body).toBe(200);
    expect(rowsOf(workers.body).map((row) => row.id)).toContain(memberId);
    expectKeysWithin(rowsOf(workers.body), REDUCED_MINISTRY_WORKER_KEYS, 'workers');

    for (const answer of [record, list, workers]) {
      for (const hidden of [CPF, PHONE, 'Acácias', '1975-08-14', INJECTED.password_digest]) {
        expect(answer.body).not.toContain(hidden);
      }
    }
  });

  it('a secretary still reads the whole record, without the field no schema declares', async () => {
    const record = await get(secretary, `/api/members/${memberId}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({
      cpf: CPF,
      phone_mobile: PHONE,
      birth_date: '1975-08-14',
    });

    const list = await get(
      secretary,
      `/api/members?filter=${encodeURIComponent('{"q":"Quitéria"}')}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(rowsOf(list.body)).toEqual([expect.objectContaining({ id: memberId, cpf: CPF })]);

    const workers = await get(secretary, '/api/ministry_workers');
    expect(rowsOf(workers.body)).toEqual([
      expect.objectContaining({ id: memberId, phone_mobile: PHONE }),
    ]);

    for (const answer of [record, list, workers]) {
      expect(answer.body).not.toContain(INJECTED.password_digest);
    }
  });
});
