// The audit log names what its entries point at: "Categoria: Aluguel → Energia" rather than
// "Categoria: 15 → 16", the record itself by its name, a renamed vendor by its current name and
// a deleted one by the name its deletion recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('audit log names', () => {
  let t: TestApp;
  let api: Api;
  let admin: Api;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira Ana'));
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
  });
  afterAll(() => t.close());

  const entries = async (filter: object): Promise<Row[]> => {
    const response = await admin('GET', `/api/audit_log?${query({ filter, range: [0, 99] })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('resolves the references of a change and the record, when the log is read', async () => {
    const rent = await categoryId(api, 'Aluguel');
    const energy = await categoryId(api, 'Energia');
    const account = await created(api, '/api/bank_accounts', {
      name: 'Conta corrente da igreja',
      kind: 'checking',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    const vendor = await created(api, '/api/vendors', {
      person_type: 'entity',
      name: 'Imobiliária Centro',
    });
    const expense = await created(api, '/api/expenses', {
      description: 'Aluguel de março',
      category_id: rent,
      vendor_id: vendor.id,
      amount_cents: 150_000,
      date: '2026-03-01',
      due_date: '2026-03-10',
      installments: 1,
      bank_account_id: account.id,
    });
    const changed = await api('PUT', `/api/expenses/${expense.id}`, {
      ...expense,
      category_id: energy,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Renamed after the entries were written: the log shows the current name.
    const renamed = await api('PUT', `/api/vendors/${vendor.id}`, {
      ...vendor,
      name: 'Imobiliária Centro Ltda.',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const [update] = await entries({ resource: 'expenses', action: 'update' });
    expect(update.changes.category_id).toEqual([rent, energy]);
    expect(update.names.category_id).toEqual({ [rent]: 'Aluguel', [energy]: 'Energia' });
    expect(update.record_name).toBe('Aluguel de março');

    const [create] = await entries({ resource: 'expenses', action: 'create' });
    expect(create.names).toMatchObject({
      vendor_id: { [vendor.id]: 'Imobiliária Centro Ltda.' },
      bank_account_id: { [account.id]: 'Conta corrente da igreja' },
    });
    const one = await admin('GET', `/api/audit_log/${create.id}`);
    expect(one.json().names.vendor_id).toEqual({ [vendor.id]: 'Imobiliária Centro Ltda.' });
  });

  it('refuses a resource filter that is not a word with a 400 in Portuguese', async () => {
    const response = await admin(
      'GET',
      `/api/audit_log?${query({ filter: { resource: { valueOf: 1, toString: 1 } }, range: [0, 9] })}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Filtro resource inválido.');
  });

  it('names a deleted record by its deletion entry', async () => {
    const donor = await created(api, '/api/donors', { person_type: 'person', name: 'Joana Prado' });
    const tithes = await categoryId(api, 'Dízimos');
    const [account] = (await api('GET', `/api/bank_accounts?${query({ range: [0, 0] })}`)).json();
    const income = await created(api, '/api/incomes', {
      category_id: tithes,
      donor_id: donor.id,
      amount_cents: 10_000,
      date: '2026-03-08',
      bank_account_id: account.id,
      payment_method: 'pix',
    });
    expect((await api('DELETE', `/api/incomes/${income.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/donors/${donor.id}`)).statusCode).toBe(200);

    const [created_] = await entries({ resource: 'incomes', action: 'create' });
    expect(created_.names.donor_id).toEqual({ [donor.id]: 'Joana Prado' });
    const [deleted] = await entries({ resource: 'donors', action: 'delete' });
    expect(deleted.record_name).toBe('Joana Prado');
    expect(created_.names.category_id).toEqual({ [tithes]: 'Dízimos' });
  });
});
