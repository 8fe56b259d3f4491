// The public form's congregation (issue 12): GET /api/public/church lists the active
// congregations; POST /api/public/registrations files the newcomer in the one chosen (required
// when several are active; otherwise the only one), refusing an inactive or unknown one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, created } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('public form: congregations', () => {
  let t: TestApp;
  let admin: Api;
  let ipCount = 0;

  const register = (extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      remoteAddress: `10.9.0.${++ipCount}`,
      payload: {
        name: `Recém-chegado ${ipCount}`,
        birth_date: '1990-03-10',
        email: `pessoa${ipCount}@exemplo.com`,
        consent: true,
        ...extra,
      },
    });

  const pending = (name: string) =>
    t.database.db
      .selectFrom('members')
      .select(['congregation_id', 'status'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
  });
  afterAll(() => t.close());

  it('with only the sede, files a registration there without asking', async () => {
    const church = (await t.app.inject({ url: '/api/public/church' })).json();
    expect(church.congregations).toEqual([
      { id: 1, name: expect.any(String), slug: 'sede', kind: 'sede' },
    ]);
    const response = await register({ name: 'Só a Sede' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await pending('Só a Sede')).toMatchObject({ congregation_id: 1, status: 'pending' });
  });

  it('lists the active congregations, sede first, and files a registration in the one chosen', async () => {
    const norte = await created(admin, '/api/congregations', {
      name: 'Congregação Norte',
      kind: 'congregacao',
    });
    const fechada = await created(admin, '/api/congregations', {
      name: 'Congregação Fechada',
      kind: 'congregacao',
      active: false,
    });
    const church = (await t.app.inject({ url: '/api/public/church' })).json();
    expect(church.congregations).toEqual([
      { id: 1, name: expect.any(String), slug: 'sede', kind: 'sede' },
      { id: norte.id, name: 'Congregação Norte', slug: 'congregacao-norte', kind: 'congregacao' },
    ]);

    const chosen = await register({ name: 'Da Norte', congregation_id: norte.id });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(await pending('Da Norte')).toMatchObject({ congregation_id: norte.id });
    const asText = await register({ name: 'Da Norte em texto', congregation_id: String(norte.id) });
    expect(asText.statusCode, asText.body).toBe(201);

    const cases: Array<[unknown, string]> = [
      [undefined, 'Escolha a sua congregação.'],
      ['', 'Escolha a sua congregação.'],
      [fechada.id, 'Esta congregação não está recebendo cadastros: escolha outra.'],
      [999_999, 'Congregação não encontrada: escolha uma da lista.'],
      ['norte', 'Congregação inválida: escolha uma da lista.'],
      [{ id: 1 }, 'Congregação inválida: escolha uma da lista.'],
    ];
    for (const [value, message] of cases) {
      const response = await register({ name: 'Sem congregação', congregation_id: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      expect(response.json().errors.congregation_id, JSON.stringify(value)).toBe(message);
    }
    // With the other fields' errors, in one answer.
    const both = await register({ name: '', congregation_id: 999_999 });
    expect(Object.keys(both.json().errors).sort()).toEqual(['congregation_id', 'name']);
    const none = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('name', '=', 'Sem congregação')
      .execute();
    expect(none).toEqual([]);
  });
});
