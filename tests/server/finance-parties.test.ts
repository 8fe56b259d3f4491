// Vendors and donors: person type and document (CPF or CNPJ, alphanumeric CNPJ included),
// search, totals by year, and deletes refused while in use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, categoryId, created, query } from '../support/finance.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

describe('finance: vendors and donors', () => {
  let t: TestApp;
  let api: Api;
  let accountId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial']));
    accountId = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta',
        kind: 'checking',
        opening_date: '2020-01-01',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('creates a PJ vendor with a formatted CNPJ, stored as 14 characters', async () => {
    const vendor = await created(api, '/api/vendors', {
      person_type: 'entity',
      name: 'Companhia de Energia',
      document: '11.222.333/0001-81',
      email: 'Contato@Energia.com.br',
      phone: '(11) 3333-4444',
      pix_key: 'financeiro@energia.com.br',
    });
    expect(vendor).toMatchObject({
      person_type: 'entity',
      document: '11222333000181',
      email: 'contato@energia.com.br',
      phone: '1133334444',
      pix_key: 'financeiro@energia.com.br',
    });
    expect(vendor.search).toBeUndefined();
  });

  it('accepts an alphanumeric CNPJ (July 2026) and refuses wrong check digits', async () => {
    const vendor = await created(api, '/api/vendors', {
      person_type: 'entity',
      name: 'Gráfica Nova Era',
      document: '12.abc.345/01de-35',
    });
    expect(vendor.document).toBe('12ABC34501DE35');
    const wrong = await api('POST', '/api/vendors', {
      person_type: 'entity',
      name: 'Gráfica Errada',
      document: '12.ABC.345/01DE-36',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.document).toBe('CNPJ inválido.');
  });

  it('validates a CPF for a person and refuses a CPF given as a CNPJ (and the reverse)', async () => {
    const person = await created(api, '/api/vendors', {
      person_type: 'person',
      name: 'José Eletricista',
      document: '529.982.247-25',
    });
    expect(person.document).toBe('52998224725');
    const badCpf = await api('POST', '/api/vendors', {
      person_type: 'person',
      name: 'X',
      document: '529.982.247-24',
    });
    expect(badCpf.json().errors.document).toBe('CPF inválido.');
    const cnpjAsPerson = await api('POST', '/api/vendors', {
      person_type: 'person',
      name: 'Y',
      document: '11.444.777/0001-61',
    });
    expect(cnpjAsPerson.json().errors.document).toBe('CPF inválido.');
    const cpfAsEntity = await api('POST', '/api/vendors', {
      person_type: 'entity',
      name: 'Z',
      document: '52998224725',
    });
    expect(cpfAsEntity.json().errors.document).toBe('CNPJ inválido.');
    const noType = await api('POST', '/api/vendors', { name: 'Sem tipo' });
    expect(noType.json().errors).toMatchObject({
      person_type: 'Escolha Pessoa Física ou Pessoa Jurídica.',
    });
  });

  it('refuses a second vendor with the same document', async () => {
    const twin = await api('POST', '/api/vendors', {
      person_type: 'entity',
      name: 'Energia de novo',
      document: '11222333000181',
    });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().errors.document).toBe(
      'Já existe um fornecedor com este documento: Companhia de Energia.',
    );
  });

  it('finds vendors by name without accents and by formatted document', async () => {
    const byName = await api('GET', `/api/vendors?${query({ filter: { q: 'grafica' } })}`);
    expect(byName.json().map((row: { name: string }) => row.name)).toEqual(['Gráfica Nova Era']);
    const byDocument = await api(
      'GET',
      `/api/vendors?${query({ filter: { q: '11.222.333/0001-81' } })}`,
    );
    expect(byDocument.json().map((row: { name: string }) => row.name)).toEqual([
      'Companhia de Energia',
    ]);
    const entities = await api(
      'GET',
      `/api/vendors?${query({ filter: { person_type: 'entity' } })}`,
    );
    expect(
      entities.json().every((row: { person_type: string }) => row.person_type === 'entity'),
    ).toBe(true);
    expect(String(entities.headers['content-range'])).toBe('vendors 0-1/2');
  });

  it('shows a vendor’s expenses by year and refuses to delete it while it has expenses', async () => {
    const vendor = (
      await api('GET', `/api/vendors?${query({ filter: { q: 'energia' } })}`)
    ).json()[0];
    const energy = await categoryId(api, 'Energia');
    for (const [date, amount] of [
      ['2025-05-10', 10_000],
      ['2026-01-10', 12_000],
      ['2026-02-10', 13_000],
    ] as const) {
      await created(api, '/api/expenses', {
        description: 'Conta de luz',
        vendor_id: vendor.id,
        category_id: energy,
        amount_cents: amount,
        date,
        due_date: date,
        bank_account_id: accountId,
      });
    }
    const detail = (await api('GET', `/api/vendors/${vendor.id}`)).json();
    expect(detail.yearly_totals).toEqual([
      { year: 2026, count: 2, total_cents: 25_000 },
      { year: 2025, count: 1, total_cents: 10_000 },
    ]);
    const byVendor = await api(
      'GET',
      `/api/expenses?${query({ filter: { vendor_id: vendor.id } })}`,
    );
    expect(byVendor.json()).toHaveLength(3);
    const refused = await api('DELETE', `/api/vendors/${vendor.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este fornecedor tem 3 despesas lançadas: não pode ser excluído. Mude o fornecedor dessas despesas antes.',
    );
    const free = await created(api, '/api/vendors', {
      person_type: 'person',
      name: 'Sem despesas',
    });
    expect((await api('DELETE', `/api/vendors/${free.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/vendors/${free.id}`)).statusCode).toBe(404);
  });

  it('links a donor to a member; the member then cannot be deleted', async () => {
    const secretary = apiAs(t, await t.userWithRoles(['secretary']));
    const member = (await secretary('POST', '/api/members', { name: 'Maria das Dores' })).json();
    const missing = await api('POST', '/api/donors', {
      person_type: 'person',
      name: 'Ninguém',
      member_id: 999_999,
    });
    expect(missing.json().errors.member_id).toBe('Membro não encontrado.');
    const donor = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Maria das Dores',
      document: '111.444.777-35',
      member_id: member.id,
    });
    expect(donor.member_id).toBe(member.id);
    const byMember = await api('GET', `/api/donors?${query({ filter: { member_id: member.id } })}`);
    expect(byMember.json().map((row: { id: number }) => row.id)).toEqual([donor.id]);

    const refused = await secretary('DELETE', `/api/members/${member.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/contribuinte “Maria das Dores”/);

    const tithes = await categoryId(api, 'Dízimos');
    await created(api, '/api/incomes', {
      category_id: tithes,
      donor_id: donor.id,
      amount_cents: 50_000,
      date: '2026-02-01',
      bank_account_id: accountId,
      payment_method: 'pix',
    });
    const detail = (await api('GET', `/api/donors/${donor.id}`)).json();
    expect(detail.yearly_totals).toEqual([{ year: 2026, count: 1, total_cents: 50_000 }]);
    const income = (
      await api('GET', `/api/incomes?${query({ filter: { donor_id: donor.id } })}`)
    ).json()[0];
    const movement = (await api('GET', `/api/transactions/${income.transaction_id}`)).json();
    expect(movement.description).toBe('Dízimos – Maria das Dores');
    const donorDelete = await api('DELETE', `/api/donors/${donor.id}`);
    expect(donorDelete.statusCode).toBe(409);
    expect(donorDelete.json().message).toMatch(/1 receita lançada/);

    const unlinked = await api('PUT', `/api/donors/${donor.id}`, { member_id: null });
    expect(unlinked.statusCode).toBe(200);
    expect((await secretary('DELETE', `/api/members/${member.id}`)).statusCode).toBe(200);
  });

  it('a secretary may not read or write vendors or donors', async () => {
    const secretary = apiAs(t, await t.userWithRoles(['secretary']));
    expect((await secretary('GET', '/api/vendors')).statusCode).toBe(403);
    expect(
      (await secretary('POST', '/api/donors', { person_type: 'person', name: 'X' })).statusCode,
    ).toBe(403);
  });
});
