// The finance routes declare their schemas: the OpenAPI description shows them, and a refusal
// by a schema is answered as the handlers answered before (404 for a bad path, 422 with field
// errors for a body).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

type Schema = {
  properties?: Record<string, unknown>;
  oneOf?: Schema[];
  required?: string[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

describe('the finance routes in the OpenAPI description', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  const body = (operation: Operation) => operation.requestBody!.content['application/json'].schema;
  const parameters = (operation: Operation, place: string) =>
    (operation.parameters ?? []).filter((p) => p.in === place).map((p) => p.name);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    paths = (await t.app.inject({ url: '/api/openapi.json', headers: admin })).json().paths;
  });
  afterAll(() => t.close());

  it("describes the month's close and reopen (issue 27) with their fields and the month", () => {
    const close = paths['/api/finance/periods/{month}/close'].post;
    expect(parameters(close, 'path')).toEqual(['month']);
    expect(body(close).required!.sort()).toEqual(['approved_on', 'approvers', 'opinion']);
    const reopen = paths['/api/finance/periods/{month}/reopen'].post;
    expect(body(reopen).required).toEqual(['reason']);
    expect(paths['/api/finance/periods'].get).toBeDefined();
  });

  it('describes a new expense with its amount and instalments', () => {
    const schema = body(paths['/api/expenses'].post);
    expect(Object.keys(schema.properties!)).toEqual(
      expect.arrayContaining(['description', 'category_id', 'amount_cents', 'installments']),
    );
    // Instalments default to one, a vendor may be absent: only what a missing value fails.
    expect(schema.required!.sort()).toEqual(['amount_cents', 'category_id', 'date', 'description']);
  });

  it('describes an expense update with the same fields, none of them required', () => {
    const update = paths['/api/expenses/{id}'].put;
    expect(parameters(update, 'path')).toEqual(['id']);
    const schema = body(update);
    expect(Object.keys(schema.properties!)).toEqual(
      expect.arrayContaining(['amount_cents', 'installments', 'paid_on']),
    );
    expect(schema.required).toBeUndefined();
  });

  it('describes paying a payable with the day and the account', () => {
    const pay = paths['/api/accounts_payable/{id}/pay'].post;
    expect(parameters(pay, 'path')).toEqual(['id']);
    expect(Object.keys(body(pay).properties!)).toEqual(
      expect.arrayContaining(['paid_on', 'bank_account_id', 'amount_cents']),
    );
    expect(body(pay).required!.sort()).toEqual(['bank_account_id', 'paid_on']);
  });

  it('lists movements with sort, range and filter', () => {
    for (const path of ['/api/transactions', '/api/transactions/export', '/api/incomes']) {
      expect(parameters(paths[path].get, 'query').sort()).toEqual(['filter', 'range', 'sort']);
    }
    expect(parameters(paths['/api/finance/overview'].get, 'query')).toEqual(['month']);
  });

  it('describes a posted movement as a transfer or an adjustment', () => {
    const variants = body(paths['/api/transactions'].post).oneOf!;
    expect(variants.map((variant) => Object.keys(variant.properties!))).toEqual([
      expect.arrayContaining(['kind', 'from_account_id', 'to_account_id', 'amount_cents']),
      expect.arrayContaining(['kind', 'bank_account_id', 'amount_cents', 'description']),
    ]);
  });
});

describe('finance refusals by a route schema', () => {
  let t: TestApp;
  let api: Api;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial']));
  });
  afterAll(() => t.close());

  it('answers a malformed id with a 404, the receipt upload included', async () => {
    for (const [method, url] of [
      ['GET', '/api/expenses/abc'],
      ['PUT', '/api/incomes/01'],
      ['POST', '/api/accounts_payable/0/unpay'],
      ['PUT', '/api/expenses/1.5/receipt'],
    ]) {
      const response = await api(method, url, {});
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toBe('Registro não encontrado.');
    }
  });

  it('looks a payable up before reading the payment', async () => {
    const response = await api('POST', '/api/accounts_payable/999999/pay', { paid_on: 'ontem' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Conta a pagar não encontrada.');
  });

  it('answers a missing body with the errors of each field', async () => {
    const response = await api('POST', '/api/expenses');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      description: 'Informe a descrição.',
      category_id: 'Escolha a categoria.',
      amount_cents: 'Informe o valor.',
      date: 'Informe a data.',
    });
  });

  it('keeps a record as it was when an update sends no body', async () => {
    const category = (
      await api('POST', '/api/finance_categories', { name: 'Cantina', kind: 'income' })
    ).json();
    const response = await api('PUT', `/api/finance_categories/${category.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(category);
  });

  it('asks for transfer or adjustment when a posted movement is neither', async () => {
    for (const payload of [{}, { kind: 'income', amount_cents: 100 }]) {
      const response = await api('POST', '/api/transactions', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ kind: 'Escolha transferência ou ajuste.' });
    }
  });

  it('reports the errors of a batch line under its index', async () => {
    const response = await api('POST', '/api/incomes/batch', {
      date: '2026-03-01',
      bank_account_id: 1,
      lines: [{ category_id: 1, amount_cents: -5, payment_method: 'cash' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'lines.0.amount_cents': 'O valor deve ser maior que zero.',
    });
  });

  it('refuses an overview month that is not AAAA-MM', async () => {
    const response = await api('GET', '/api/finance/overview?month=2026-13');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Parâmetro month inválido: use AAAA-MM.');
  });
});
