// Issue 25, the annual statement of gifts (informe anual de contribuições): one donor's year as
// JSON or PDF and every donor's year in one PDF, a page each; the totals are the year's incomes,
// the reader's congregations only; it never calls the gifts deductible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  type Row,
  apiAs,
  categoryId,
  created,
  insertCongregation,
} from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

describe('finance: annual statements of donors', () => {
  let t: TestApp;
  let api: Api;
  let onlyB: Api;
  let secretary: Api;
  let B = 0;
  let maria: Row;
  let joao: Row;
  let idle: Row;

  /** The year's incomes of a donor, summed by the database itself. */
  const dbTotal = async (donorId: number, year: number, congregationId?: number) => {
    let query = t.database.db
      .selectFrom('incomes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('donor_id', '=', donorId)
      .where('date', '>=', `${year}-01-01`)
      .where('date', '<=', `${year}-12-31`);
    if (congregationId) query = query.where('congregation_id', '=', congregationId);
    return Number((await query.executeTakeFirstOrThrow()).total);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .updateTable('church')
      .set({ cnpj: '11222333000181', treasurer_name: 'Marta Ribeiro' })
      .where('id', '=', 1)
      .execute();
    B = await insertCongregation(t, 'Congregação Vila Nova');
    api = apiAs(t, await t.userWithRoles(['financial']));
    onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro B', [B]));
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    const tithes = await categoryId(api, 'Dízimos');
    const offerings = await categoryId(api, 'Ofertas');
    const account = async (congregation_id?: number) =>
      (
        await created(api, '/api/bank_accounts', {
          name: `Conta ${congregation_id ?? 'sede'}`,
          kind: 'checking',
          opening_date: '2020-01-01',
          ...(congregation_id ? { congregation_id } : {}),
        })
      ).id as number;
    const sede = await account();
    const vila = await account(B);
    maria = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Maria da Silva',
      document: '529.982.247-25',
    });
    joao = await created(api, '/api/donors', { person_type: 'person', name: 'Ábner João' });
    idle = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Zacarias Sem Oferta',
    });
    const gift = (donor: Row | null, date: string, amount_cents: number, inB = false) =>
      created(api, '/api/incomes', {
        category_id: amount_cents % 2 ? offerings : tithes,
        donor_id: donor?.id ?? null,
        amount_cents,
        date,
        bank_account_id: inB ? vila : sede,
        payment_method: 'pix',
        ...(inB ? { congregation_id: B } : {}),
      });
    for (const month of ['01', '02', '03', '05', '08', '12']) {
      await gift(maria, `2025-${month}-10`, 35_000);
    }
    await gift(maria, '2025-03-20', 1_501);
    await gift(maria, '2025-12-31', 2_000, true);
    await gift(maria, '2024-12-31', 99_900);
    await gift(maria, '2026-01-01', 77_700);
    await gift(joao, '2025-06-01', 10_000, true);
    await gift(null, '2025-06-01', 5_000);
    await gift(idle, '2023-06-01', 5_000);
  });
  afterAll(() => t.close());

  it('gives a donor’s year as JSON: the months and the total are the year’s incomes', async () => {
    const response = await api('GET', `/api/donors/${maria.id}/statement?year=2025&format=json`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    expect(statement.year).toBe(2025);
    expect(statement.donor).toMatchObject({ id: maria.id, name: 'Maria da Silva' });
    expect(statement.total_cents).toBe(await dbTotal(maria.id, 2025));
    expect(statement.total_cents).toBe(6 * 35_000 + 1_501 + 2_000);
    expect(statement.months).toHaveLength(12);
    expect(statement.months[2]).toEqual({ month: 3, total_cents: 36_501 });
    expect(statement.months[3]).toEqual({ month: 4, total_cents: 0 });
    expect(statement.months[11]).toEqual({ month: 12, total_cents: 37_000 });
    expect(statement.months.reduce((sum: number, month: Row) => sum + month.total_cents, 0)).toBe(
      statement.total_cents,
    );
    expect(statement.incomes).toHaveLength(8);
    expect(statement.incomes[0]).toMatchObject({ date: '2025-01-10', amount_cents: 35_000 });

    // Congregation B's treasurer: only B's incomes.
    const mine = (
      await onlyB('GET', `/api/donors/${maria.id}/statement?year=2025&format=json`)
    ).json();
    expect(mine.total_cents).toBe(await dbTotal(maria.id, 2025, B));
    expect(mine.total_cents).toBe(2_000);
  });

  it('prints a donor’s statement: what was given, never "dedutível"', async () => {
    const response = await api('GET', `/api/donors/${maria.id}/statement?year=2025`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await flatPdfText(response.rawPayload);
    expect(text).toContain('Informe anual de contribuições – 2025');
    expect(text).toContain('Maria da Silva – 529.982.247-25');
    expect(text).toContain('Total do ano: R$ 2.135,01');
    expect(text).toContain('Março R$ 365,01');
    expect(text).toContain('Abril —');
    expect(text).toContain(
      'como doação em favor de Igreja Evangélica do Teste, CNPJ 11.222.333/0001-81',
    );
    // The treasurer of the church's settings signs it.
    expect(text).toContain('Marta Ribeiro Tesoureiro(a)');
    expect(text.toLowerCase()).not.toMatch(/dedut/);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('resource', '=', 'donors')
      .where('record_id', '=', maria.id)
      .where('action', 'in', ['pdf', 'export'])
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['export', 'export', 'pdf']);
    expect(JSON.parse(entries[2].details ?? '{}')).toMatchObject({ year: 2025, rows: 8 });
  });

  it('prints every donor of the year in one PDF, a page each, within the view', async () => {
    const response = await api('GET', '/api/donors/statements?year=2025');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await flatPdfText(response.rawPayload);
    expect(text.match(/Informe anual de contribuições – 2025/g)).toHaveLength(2);
    // By name: Ábner before Maria; the donor without gifts in 2025 has no page.
    expect(text.indexOf('Ábner João')).toBeLessThan(text.indexOf('Maria da Silva'));
    expect(text).not.toContain('Zacarias');
    expect(text).toContain(`Total do ano: R$ 2.135,01`);
    expect(text).toContain(`Total do ano: R$ 100,00`);
    expect(text.match(/-- \d+ of 2 --/g)).toHaveLength(2);

    const mine = await flatPdfText(
      (await onlyB('GET', '/api/donors/statements?year=2025')).rawPayload,
    );
    expect(mine.match(/Informe anual de contribuições – 2025/g)).toHaveLength(2);
    expect(mine).toContain('Total do ano: R$ 20,00');
    expect(mine).toContain('Total do ano: R$ 100,00');
    expect(mine).not.toContain('R$ 2.135,01');
  });

  it('refuses bad years, unknown donors and other roles, in Portuguese', async () => {
    for (const query of ['year=25', 'year=abcd', 'year=2025&format=xml', '']) {
      const response = await api('GET', `/api/donors/${maria.id}/statement?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Parâmetro .* inválido\.$/);
    }
    const unknown = await api('GET', '/api/donors/987654/statement?year=2025');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Contribuinte não encontrado.');
    const none = await api('GET', '/api/donors/statements?year=1999');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Nenhuma contribuição com contribuinte em 1999.');
    expect((await api('GET', '/api/donors/statements?year=2025x')).statusCode).toBe(400);
    expect((await secretary('GET', `/api/donors/${maria.id}/statement?year=2025`)).statusCode).toBe(
      403,
    );
    expect((await secretary('GET', '/api/donors/statements?year=2025')).statusCode).toBe(403);
  });
});
