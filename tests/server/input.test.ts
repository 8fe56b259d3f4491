// Hostile input as an attacker or an unlucky client sends it: each case that once answered 500
// (issue 15) now answers a 4xx with a Portuguese message, on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('hostile input', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let memberId: number;
  const api = (method: string, url: string, payload?: unknown, contentType?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...admin, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  const json = (method: string, url: string, payload?: unknown) =>
    api(method, url, payload, payload === undefined ? undefined : 'application/json');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    const member = await json('POST', '/api/members', { name: 'Ana Lima', cpf: '52998224725' });
    expect(member.statusCode, member.body).toBe(201);
    memberId = member.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    '/api/members',
    '/api/positions',
    '/api/users',
    '/api/letters',
    '/api/credentials',
    '/api/incomes',
    '/api/reports/birthdays',
  ])('refuses a range past what a database counts on %s', async (url) => {
    for (const range of [
      [1e20, 1e20],
      [0, 1e20],
      [2 ** 53, 2 ** 53 + 5],
      [1e308, 1e308],
    ]) {
      const response = await api('GET', `${url}?range=${q(range)}`);
      expect(response.statusCode, `${url} ${JSON.stringify(range)}`).toBe(400);
      expect(response.json().message).toMatch(/^(Parâmetro range inválido|No máximo)/);
    }
  });

  it('refuses a sort order that is not a text', async () => {
    const response = await api('GET', `/api/incomes?sort=${q(['date', { toString: 'x' }])}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Parâmetro sort inválido: use ["campo","ASC"] ou ["campo","DESC"].',
    );
  });

  it('refuses a NUL character in the query, the path or a body', async () => {
    const escaped = await api('GET', `/api/members?filter=${q({ q: 'a\u0000b' })}`);
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().message).toBe('Parâmetro filter inválido: caractere nulo.');
    const raw = await api('GET', `/api/members?filter=${q({ q: 'Ana' })}%00`);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toBe('Parâmetro filter inválido: caractere nulo.');
    const month = await api('GET', '/api/finance/overview?month=2026-01%00');
    expect(month.statusCode).toBe(400);
    expect(month.json().message).toBe('Parâmetro month inválido: caractere nulo.');

    const code = await t.app.inject({ url: `/api/public/credentials/${'a'.repeat(31)}%00` });
    expect(code.statusCode).toBe(404);

    const body = await json('POST', '/api/members', { name: 'Ana\u0000', notes: 'ok' });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ name: 'O texto contém um caractere inválido (nulo).' });
    const nested = await json('POST', '/api/incomes/batch', {
      date: '2026-01-10',
      bank_account_id: 1,
      lines: [{ description: 'x\u0000' }],
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({
      'lines.0.description': 'O texto contém um caractere inválido (nulo).',
    });
    const key = await json('PUT', `/api/members/${memberId}`, { 'a\u0000': 1 });
    expect(key.statusCode).toBe(422);
    expect(key.json().errors).toEqual({ _: 'O texto contém um caractere inválido (nulo).' });
    // Nothing was written.
    const stored = await json('GET', `/api/members/${memberId}`);
    expect(stored.json().name).toBe('Ana Lima');
  });

  it('treats the names of every object’s properties as unknown filters', async () => {
    for (const url of [
      '/api/positions',
      '/api/departments',
      '/api/custom_fields',
      '/api/members',
    ]) {
      for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const filter = `{${JSON.stringify(key)}:1}`;
        const response = await api('GET', `${url}?filter=${encodeURIComponent(filter)}`);
        expect(response.statusCode, `${url} ${key}`).toBe(400);
        expect(response.json().message).toBe(`Filtro desconhecido: ${key}.`);
      }
    }
  });

  it('refuses an object where a text or an id is expected, however it converts to text', async () => {
    const sneaky = { toString: 'x', valueOf: 'y' };
    const member = await json('POST', '/api/members', { name: 'Bia', cpf: sneaky });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors).toEqual({ cpf: 'CPF inválido.' });
    const church = await json('PUT', '/api/church', { cnpj: sneaky });
    expect(church.statusCode).toBe(422);
    expect(church.json().errors).toEqual({ cnpj: 'CNPJ inválido.' });
    const vendor = await json('POST', '/api/vendors', {
      person_type: 'entity',
      name: 'Papelaria',
      document: sneaky,
    });
    expect(vendor.statusCode).toBe(422);
    expect(vendor.json().errors).toEqual({ document: 'Documento inválido.' });
    const card = await json('POST', '/api/credentials', { member_id: sneaky });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors).toEqual({ member_id: 'Informe o membro.' });
    const letters = await api('GET', `/api/letters?filter=${q({ member_id: sneaky })}`);
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toBe('Filtro member_id inválido.');
    // The small tables read their filters as every list does (http/listFilters.ts).
    const leader = await api('GET', `/api/departments?filter=${q({ leader_id: sneaky })}`);
    expect(leader.statusCode).toBe(400);
    expect(leader.json().message).toBe('Filtro leader_id inválido.');
    const bulk = await json('POST', '/api/members/bulk', {
      ids: [memberId],
      action: 'add_department',
      department_id: sneaky,
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().errors).toEqual({ department_id: 'Departamento não encontrado.' });
  });

  it('reads a small table’s true/false filter as a boolean, "false" included', async () => {
    const ministerial = (value: unknown) =>
      api('GET', `/api/positions?filter=${q({ ministerial: value })}`).then(
        (response) => response.json() as Array<{ name: string; ministerial: boolean }>,
      );
    for (const value of [false, 'false', 0]) {
      const positions = await ministerial(value);
      expect(positions.map((p) => p.name)).toContain('Membro');
      expect(positions.every((p) => !p.ministerial)).toBe(true);
    }
    const pastors = await ministerial('true');
    expect(pastors.map((p) => p.name)).toContain('Pastor');
    expect(pastors.every((p) => p.ministerial)).toBe(true);
    const bad = await api('GET', `/api/positions?filter=${q({ ministerial: 'talvez' })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filtro ministerial inválido.');
  });

  it.each([
    '/api/transactions',
    '/api/transactions/export',
    '/api/expenses',
    '/api/donors',
    '/api/vendors',
    '/api/bank_accounts',
    '/api/congregations',
  ])('refuses a search q that is an object on %s (no String() of it)', async (url) => {
    const response = await api('GET', `${url}?filter=${q({ q: { toString: 'x' } })}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('Filtro q inválido.');
    // A number typed in the search is a text like any other.
    expect((await api('GET', `${url}?filter=${q({ q: 2026 })}`)).statusCode).toBe(200);
  });

  it('answers an id past the id columns as a missing record in a path, and a field error in a body', async () => {
    for (const id of ['2147483648', '4294967296', '9007199254740993', '99999999999']) {
      for (const url of [`/api/members/${id}`, `/api/positions/${id}`, `/api/incomes/${id}`]) {
        const response = await api('GET', url);
        expect(response.statusCode, url).toBe(404);
      }
    }
    expect((await api('GET', '/api/members/2147483647')).statusCode).toBe(404);

    const big = 2 ** 31;
    const member = await json('POST', '/api/members', {
      name: 'Caio',
      position_id: big,
      department_ids: [big],
    });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors).toEqual({
      position_id: 'Cargo inválido.',
      'department_ids.0': 'Departamento inválido.',
    });
    const letter = await json('POST', '/api/letters', {
      member_id: big,
      letter_type: 'recommendation',
      destination_church: 'Igreja',
      destination_city: 'Recife',
    });
    expect(letter.statusCode).toBe(422);
    expect(letter.json().errors).toEqual({ member_id: 'Informe o membro.' });
    const income = await json('POST', '/api/incomes', {
      category_id: big,
      amount_cents: 100,
      date: '2026-01-10',
      bank_account_id: 2 ** 53 + 2,
      payment_method: 'pix',
    });
    expect(income.statusCode).toBe(422);
    expect(income.json().errors).toMatchObject({
      category_id: 'Escolha a categoria.',
      bank_account_id: 'Escolha a conta que recebeu.',
    });
    const card = await json('POST', '/api/credentials', { member_id: big });
    expect(card.statusCode).toBe(422);
    const filter = await api('GET', `/api/members?filter=${q({ department_id: big })}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('Filtro department_id inválido.');
    const ids = await api('GET', `/api/incomes?filter=${q({ id: [big] })}`);
    expect(ids.statusCode).toBe(400);
  });

  it('says in Portuguese that a body must be an object', async () => {
    for (const [payload, type] of [
      ['"texto"', 'application/json'],
      ['[1,2]', 'application/json'],
      ['nome=Ana', 'text/plain'],
    ]) {
      const response = await api('POST', '/api/users', payload, type);
      expect(response.statusCode, payload).toBe(422);
      expect(response.json().errors).toEqual({ _: 'Envie um objeto JSON.' });
    }
  });

  it('refuses a custom field named as a property of every object', async () => {
    for (const label of ['constructor', 'Constructor', 'toString', 'valueOf', 'prototype']) {
      const response = await json('POST', '/api/custom_fields', { label, field_type: 'text' });
      expect(response.statusCode, label).toBe(422);
      expect(response.json().errors).toEqual({
        label: 'Este nome é reservado pelo sistema: escolha outro.',
      });
    }
  });

  it('keeps member writes working with such a field from an older version', async () => {
    // Written as Adam allowed before: a required text field keyed "constructor".
    await t.database.db
      .insertInto('custom_fields')
      .values({
        key: 'constructor',
        label: 'Construtor',
        field_type: 'text',
        options: '[]',
        required: false,
        active: true,
        sort_order: 0,
      })
      .execute();
    const created = await json('POST', '/api/members', { name: 'Davi' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().custom_fields).toEqual({});
    const updated = await json('PUT', `/api/members/${memberId}`, {
      custom_fields: { constructor: 'Obras' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().custom_fields).toEqual({ constructor: 'Obras' });
    const read = await json('GET', `/api/members/${memberId}`);
    expect(read.json().custom_fields).toEqual({ constructor: 'Obras' });
  });
});
