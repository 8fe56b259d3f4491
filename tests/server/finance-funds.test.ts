// Issue 27, funds: an income or expense may belong to a fund (none: the free resources); the
// funds' CRUD is audited; an inactive or unknown fund is refused; a fund in use is not deleted;
// a closed month refuses moving a movement of it into or out of a fund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('finance funds', () => {
  let t: TestApp;
  let api: Api;
  let account: number;
  let tithes: number;
  let rent: number;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    account = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta da sede',
        kind: 'checking',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      })
    ).id;
    tithes = await categoryId(api, 'Ofertas missionárias');
    rent = await categoryId(api, 'Missões');
  });
  afterAll(() => t.close());

  const income = (fund_id: number | null, date = '2026-03-10') => ({
    category_id: tithes,
    amount_cents: 12_345,
    date,
    bank_account_id: account,
    payment_method: 'pix',
    fund_id,
  });

  it('keeps an income and an expense in a fund, and refuses unknown or inactive funds', async () => {
    const missions = await created(api, '/api/finance_funds', {
      name: 'Missões',
      description: 'Ofertas para o campo missionário',
    });
    expect(missions).toMatchObject({ restricted: true, active: true });
    const twin = await api('POST', '/api/finance_funds', { name: 'missoes' });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().errors.name).toBe('Já existe um fundo com este nome.');

    const given = await created(api, '/api/incomes', income(missions.id));
    expect(given.fund_id).toBe(missions.id);
    const free = await created(api, '/api/incomes', income(null));
    expect(free.fund_id).toBeNull();
    const spent = await created(api, '/api/expenses', {
      description: 'Sustento do missionário',
      category_id: rent,
      amount_cents: 5_000,
      date: '2026-03-12',
      bank_account_id: account,
      payment_method: 'pix',
      paid_on: '2026-03-12',
      fund_id: missions.id,
    });
    expect(spent.fund_id).toBe(missions.id);

    const unknown = await api('POST', '/api/incomes', income(99_999));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.fund_id).toBe('Fundo não encontrado.');
    const old = await created(api, '/api/finance_funds', { name: 'Campanha 2020', active: false });
    const inactive = await api('POST', '/api/incomes', income(old.id));
    expect(inactive.json().errors.fund_id).toBe('Este fundo está desativado.');

    const remove = await api('DELETE', `/api/finance_funds/${missions.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toMatch(/em uso \(2 lançamentos\)/);
    expect((await api('DELETE', `/api/finance_funds/${old.id}`)).statusCode).toBe(200);

    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'resource'])
      .where('resource', '=', 'finance_funds')
      .execute();
    expect(trail.map((row) => row.action).sort()).toEqual(['create', 'create', 'delete']);
  });

  it('a closed month refuses moving its income into or out of a fund', async () => {
    const building = await created(api, '/api/finance_funds', { name: 'Obra de construção' });
    const given = await created(api, '/api/incomes', income(null, '2026-02-10'));
    const closed = await api('POST', '/api/finance/periods/2026-02/close', {
      approved_on: '2026-03-05',
      approvers: 'Ana Souza e Paulo Lima',
      opinion: 'Contas aprovadas.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const moved = await api('PUT', `/api/incomes/${given.id}`, { fund_id: building.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/02\/2026 está fechado/);
    const stored = await t.database.db
      .selectFrom('incomes')
      .select('fund_id')
      .where('id', '=', given.id)
      .executeTakeFirstOrThrow();
    expect(stored.fund_id).toBeNull();
  });

  it('shows the restricted funds apart from the free resources, by period', async () => {
    const report = async (date_gte: string, date_lte: string) => {
      const response = await api(
        'GET',
        `/api/reports/finance/funds?${query({ filter: { date_gte, date_lte } })}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Row[];
    };
    const figures = (rows: Row[]) =>
      rows.map((row) => [
        row.name,
        row.opening_cents,
        row.income_cents,
        row.expense_cents,
        row.closing_cents,
      ]);
    expect(figures(await report('2026-01-01', '2026-03-31'))).toEqual([
      ['Missões', 0, 12_345, 5_000, 7_345],
      ['Obra de construção', 0, 0, 0, 0],
      ['Recursos livres', 0, 24_690, 0, 24_690],
      ['Total', 0, 37_035, 5_000, 32_035],
    ]);
    // The same as plain parameters, as every finance report takes them.
    const plain = await api(
      'GET',
      '/api/reports/finance/funds?date_gte=2026-03-01&date_lte=2026-03-31&congregation_id=1',
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect(figures(plain.json() as Row[])[2]).toEqual([
      'Recursos livres',
      12_345,
      12_345,
      0,
      24_690,
    ]);
    // March alone: February's free income is the opening balance.
    expect(figures(await report('2026-03-01', '2026-03-31'))[2]).toEqual([
      'Recursos livres',
      12_345,
      12_345,
      0,
      24_690,
    ]);
  });
});
