// Issue 27, the accountant's CSV: GET /api/exports/accounting.csv?from&to — one line per journal
// entry (date dd/mm/aaaa; debit code; credit code; 1234,56; histórico; cost centre), UTF-8 with
// BOM and semicolons, read a month at a time, in the user's congregations, the same entries the
// balancete sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journal } from '../../server/modules/finance/index.js';
import {
  type Api,
  apiAs,
  categoryId,
  created,
  insertCongregation,
  query,
} from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('accounting CSV', () => {
  let t: TestApp;
  let admin: Api;
  let scoped: Api;
  let alfa: number;
  const codes: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    alfa = await insertCongregation(t, 'Congregação Alfa');
    scoped = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira da Alfa', [alfa]));
    const sede = await created(admin, '/api/bank_accounts', {
      name: 'Conta da sede',
      kind: 'checking',
      congregation_id: 1,
      opening_balance_cents: 100_000,
      opening_date: '2026-01-01',
    });
    const box = await created(admin, '/api/bank_accounts', {
      name: 'Caixa da Alfa',
      kind: 'cash',
      congregation_id: alfa,
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    const code = async (id: number) =>
      (await admin('GET', `/api/finance_categories/${id}`)).json().code as string;
    codes.sede = await code(sede.ledger_account_id);
    codes.box = await code(box.ledger_account_id);
    codes.tithes = await code(await categoryId(admin, 'Dízimos'));
    codes.rent = await code(await categoryId(admin, 'Aluguel'));
    await created(admin, '/api/incomes', {
      congregation_id: alfa,
      category_id: await categoryId(admin, 'Dízimos'),
      amount_cents: 123_456,
      date: '2026-02-10',
      bank_account_id: box.id,
      payment_method: 'cash',
      description: 'Dízimos; culto de domingo',
    });
    await created(admin, '/api/expenses', {
      congregation_id: 1,
      description: 'Aluguel de fevereiro',
      category_id: await categoryId(admin, 'Aluguel'),
      amount_cents: 80_000,
      date: '2026-02-05',
      bank_account_id: sede.id,
      payment_method: 'boleto',
      paid_on: '2026-02-05',
    });
    await created(admin, '/api/transactions', {
      kind: 'transfer',
      from_account_id: box.id,
      to_account_id: sede.id,
      amount_cents: 50_000,
      date: '2026-03-01',
      description: 'Repasse à sede',
    });
  });
  afterAll(() => t.close());

  const csv = (api: Api, from: string, to: string) =>
    api('GET', `/api/exports/accounting.csv?from=${from}&to=${to}`);

  it('writes one line per entry, as accounting systems import them', async () => {
    const response = await csv(admin, '2026-01-01', '2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'contabilidade-2026-01-01-a-2026-03-31.csv',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data;Conta débito;Conta crédito;Valor;Histórico;Centro de custo');
    const equity = (
      await admin('GET', `/api/finance_categories?${query({ filter: { q: 'Fundo social' } })}`)
    ).json()[0].code;
    expect(lines.slice(1)).toEqual([
      `01/01/2026;${codes.sede};${equity};1000,00;Saldo inicial – Conta da sede;Minha Igreja`,
      `05/02/2026;${codes.rent};2.1.01;800,00;Aluguel de fevereiro;Minha Igreja`,
      `05/02/2026;2.1.01;${codes.sede};800,00;Aluguel de fevereiro;Minha Igreja`,
      `10/02/2026;${codes.box};${codes.tithes};1234,56;"Dízimos; culto de domingo";Congregação Alfa`,
      // Between two congregations: each side through 1.3 Transferências em trânsito.
      `01/03/2026;1.3;${codes.box};500,00;Repasse à sede;Congregação Alfa`,
      `01/03/2026;${codes.sede};1.3;500,00;Repasse à sede;Minha Igreja`,
    ]);
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'export')
      .execute();
    expect(JSON.stringify(trail)).toContain('contabilidade-2026-01-01-a-2026-03-31.csv');
  });

  it("takes congregation_id and include_subtree as the reports do, inside the user's view", async () => {
    const lines = async (api: Api, filter: string) => {
      const response = await api(
        'GET',
        `/api/exports/accounting.csv?from=2026-01-01&to=2026-03-31${filter}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.body.slice(1).trimEnd().split('\r\n').slice(1);
    };
    const whole = await lines(admin, '');
    const places = (rows: string[]) => [...new Set(rows.map((line) => line.split(';').at(-1)))];
    expect(places(await lines(admin, `&congregation_id=${alfa}`))).toEqual(['Congregação Alfa']);
    const sede = await lines(admin, '&congregation_id=1');
    expect(places(sede)).toEqual(['Minha Igreja']);
    // The sede with the congregations below it: the whole church here.
    expect(await lines(admin, '&congregation_id=1&include_subtree=true')).toEqual(whole);
    // A filter never widens the view: the Alfa's treasurer asking for the sede gets nothing.
    expect(await lines(scoped, '&congregation_id=1')).toEqual([]);
    const bad = await admin(
      'GET',
      '/api/exports/accounting.csv?from=2026-01-01&to=2026-03-31&congregation_id=abc',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Filtro congregation_id inválido: use o número de uma congregação.',
    );
  });

  it('holds only the congregations the user sees, and the period asked', async () => {
    const response = await csv(scoped, '2026-02-01', '2026-02-28');
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(lines).toEqual([
      `10/02/2026;${codes.box};${codes.tithes};1234,56;"Dízimos; culto de domingo";Congregação Alfa`,
    ]);
  });

  it('reads the books a month at a time, only where they have facts', async () => {
    const batches: number[] = [];
    for await (const batch of journal(t.database.db, null, '2016-01-01', '2026-03-31')) {
      batches.push(batch.length);
    }
    // Ten years asked, the books start in January 2026: three months read, not 123.
    expect(batches).toEqual([1, 3, 2]);
  });

  it('answers any period at once: 1900 to 9999 is the books themselves', async () => {
    // Month by month over the whole period asked, this was 97,000 empty months (92 s).
    const wide = await csv(admin, '1900-01-01', '9999-12-31');
    expect(wide.statusCode, wide.body).toBe(200);
    const books = await csv(admin, '2026-01-01', '2026-03-31');
    const lines = (body: string) => body.slice(1).trimEnd().split('\r\n');
    expect(lines(wide.body)).toEqual(lines(books.body));
  });

  it('refuses a missing or inverted period with a 400 in Portuguese', async () => {
    const missing = await admin('GET', '/api/exports/accounting.csv?from=2026-01-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Parâmetro to inválido.');
    const inverted = await csv(admin, '2026-03-01', '2026-01-01');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe('Parâmetro to inválido.');
    const bad = await csv(admin, '2026-02-30', '2026-03-01');
    expect(bad.statusCode).toBe(400);
  });
});
