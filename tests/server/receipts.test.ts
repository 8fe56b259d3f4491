// Issue 25, the receipt (recibo) of an income with a donor: numbered per year and congregation,
// unique and without gaps when many are printed at once, the same number on a reprint marked
// "2ª via", the amount in words, a day's receipts in one PDF, scoped and audited.
import type { LightMyRequestResponse } from 'fastify';
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

describe('finance: receipts of incomes', () => {
  let t: TestApp;
  let api: Api;
  let onlyB: Api;
  let secretary: Api;
  let B = 0;
  let accountA = 0;
  let accountB = 0;
  let tithes = 0;
  let donor: Row;

  const income = (fields: Record<string, unknown>) =>
    created(api, '/api/incomes', {
      category_id: tithes,
      donor_id: donor.id,
      amount_cents: 12_345,
      date: '2026-03-08',
      bank_account_id: accountA,
      payment_method: 'pix',
      ...fields,
    });

  const pdf = async (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return flatPdfText(response.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .updateTable('church')
      .set({
        cnpj: '11222333000181',
        street: 'Rua das Flores',
        number: '100',
        treasurer_name: 'Marta Ribeiro',
      })
      .where('id', '=', 1)
      .execute();
    B = await insertCongregation(t, 'Congregação Vila Nova');
    api = apiAs(t, await t.userWithRoles(['financial']));
    onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro B', [B]));
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    tithes = await categoryId(api, 'Dízimos');
    accountA = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta Sede',
        kind: 'checking',
        opening_date: '2020-01-01',
      })
    ).id;
    accountB = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta Vila Nova',
        kind: 'checking',
        opening_date: '2020-01-01',
        congregation_id: B,
      })
    ).id;
    donor = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Maria da Silva',
      document: '529.982.247-25',
    });
  });
  afterAll(() => t.close());

  it('prints the receipt with the church, the donor, the amount in figures and in words', async () => {
    const gift = await income({ description: 'Dízimo de março' });
    const text = await pdf(await api('GET', `/api/incomes/${gift.id}/receipt`));
    expect(text).toContain('Igreja Evangélica do Teste');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('Rua das Flores, 100');
    expect(text).toContain('RECIBO');
    expect(text).toMatch(/Nº 1\/2026/);
    expect(text).toContain('Recebemos de Maria da Silva, 529.982.247-25');
    expect(text).toContain('R$ 123,45');
    expect(text).toContain('cento e vinte e três reais e quarenta e cinco centavos');
    expect(text).toContain('Dízimos');
    expect(text).toContain('Pix');
    expect(text).toContain('08/03/2026');
    // The treasurer of the church's settings signs it.
    expect(text).toContain('Marta Ribeiro Tesoureiro(a)');
    expect(text).not.toContain('2ª via');

    // The reprint: the same number, marked "2ª via"; both in the audit trail.
    const again = await pdf(await api('GET', `/api/incomes/${gift.id}/receipt`));
    expect(again).toMatch(/Nº 1\/2026/);
    expect(again).toContain('2ª via');
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('resource', '=', 'incomes')
      .where('record_id', '=', gift.id)
      .where('action', 'in', ['issue', 'reprint'])
      .orderBy('id')
      .execute();
    expect(
      entries.map((entry) => [entry.action, JSON.parse(entry.details ?? '{}').receipt]),
    ).toEqual([
      ['issue', '1/2026'],
      ['reprint', '1/2026'],
    ]);
  });

  it('numbers receipts without gaps or repeats when many are printed at once', async () => {
    const gifts = [];
    for (let i = 0; i < 12; i++) {
      gifts.push(await income({ date: '2025-06-01', amount_cents: 1_000 + i }));
    }
    const giftsB = [];
    for (let i = 0; i < 6; i++) {
      giftsB.push(
        await income({ date: '2025-06-01', bank_account_id: accountB, congregation_id: B }),
      );
    }
    // Every income printed twice at once: one number each, the second print a "2ª via".
    const responses = await Promise.all(
      [...gifts, ...giftsB, ...gifts, ...giftsB].map((gift) =>
        api('GET', `/api/incomes/${gift.id}/receipt`),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const rows = await t.database.db
      .selectFrom('income_receipts')
      .selectAll()
      .where('year', '=', 2025)
      .execute();
    const numbersOf = (congregationId: number) =>
      rows
        .filter((row) => row.congregation_id === congregationId)
        .map((row) => row.number)
        .sort((a, b) => a - b);
    expect(numbersOf(1)).toEqual([...Array(12).keys()].map((i) => i + 1));
    expect(numbersOf(B)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.every((row) => row.print_count === 2)).toBe(true);
    // The 2026 series of the sede went on by itself.
    const next = await income({});
    expect(await pdf(await api('GET', `/api/incomes/${next.id}/receipt`))).toMatch(/Nº 2\/2026/);
  });

  it('prints a day’s receipts in one PDF, a page each, within the view', async () => {
    const day = '2026-04-05';
    const first = await income({ date: day, amount_cents: 5_000 });
    await income({ date: day, donor_id: null, amount_cents: 700 });
    await income({ date: day, amount_cents: 100_000 });
    await income({ date: day, bank_account_id: accountB, congregation_id: B, amount_cents: 4_200 });
    // One of them printed before: a "2ª via" in the batch, with its number.
    await pdf(await api('GET', `/api/incomes/${first.id}/receipt`));

    const response = await api('GET', `/api/incomes/receipts?date=${day}`);
    const text = await pdf(response);
    expect(text).toContain('cinquenta reais');
    expect(text).toContain('mil reais');
    expect(text).toContain('quarenta e dois reais');
    expect(text.match(/RECIBO/g)).toHaveLength(3);
    expect(text.match(/2ª via/g)?.length).toBeGreaterThanOrEqual(1);

    // Congregation B's treasurer prints only B's.
    const mine = await flatPdfText(
      (await onlyB('GET', `/api/incomes/receipts?date=${day}`)).rawPayload,
    );
    expect(mine.match(/RECIBO/g)).toHaveLength(1);
    expect(mine).toContain('quarenta e dois reais');
    expect(mine).not.toContain('cinquenta reais');
  });

  it('carries the church’s Pix: of the income’s account, else of its congregation', async () => {
    const pixOf = async (response: LightMyRequestResponse) => {
      const text = (await pdf(response)).replace(/ /g, '');
      return text.match(/000201\S+?6304[0-9A-F]{4}/)?.[0] ?? null;
    };
    const codeOf = async (account: number, purpose: string) =>
      (await api('GET', `/api/pix?bank_account_id=${account}&purpose=${purpose}`)).json().payload;
    const setPix = async (account: number, key: string, name: string) =>
      expect(
        (
          await api('PUT', `/api/bank_accounts/${account}/pix`, {
            pix_key_type: 'email',
            pix_key: key,
            pix_name: name,
            pix_city: 'Campinas',
          })
        ).statusCode,
      ).toBe(200);

    // No account of the sede has a key yet: no Pix on its receipts.
    const before = await api('GET', `/api/incomes/${(await income({})).id}/receipt`);
    expect(await pixOf(before)).toBeNull();
    expect(await pdf(before)).not.toContain('Pix copia e cola');

    // The sede's Pix account: the receipt of a tithe received in another account carries it.
    const pixAccount = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta Pix',
        kind: 'checking',
        opening_date: '2020-01-01',
      })
    ).id;
    await setPix(pixAccount, 'pix@igreja.org', 'Igreja do Teste');
    const tithe = await api('GET', `/api/incomes/${(await income({})).id}/receipt`);
    expect(await pdf(tithe)).toContain('Contribua de novo por Pix – Dízimo');
    expect(await pixOf(tithe)).toBe((await codeOf(pixAccount, 'DIZIMO')).replace(/ /g, ''));
    expect(tithe.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // An offering received in B's account, which has its own key: B's code, for an offering.
    await setPix(accountB, 'vilanova@igreja.org', 'Igreja Vila Nova');
    const offering = await income({
      category_id: await categoryId(api, 'Ofertas'),
      bank_account_id: accountB,
      congregation_id: B,
      date: '2026-05-10',
    });
    const own = await api('GET', `/api/incomes/${offering.id}/receipt`);
    expect(await pixOf(own)).toBe((await codeOf(accountB, 'OFERTA')).replace(/ /g, ''));
    expect(await pdf(own)).toContain('Recebedor: Igreja Vila Nova; chave: vilanova@igreja.org');

    // A day's receipts: each with its own code.
    await income({ date: '2026-05-10' });
    const day = await pdf(await api('GET', '/api/incomes/receipts?date=2026-05-10'));
    expect(day.match(/Contribua de novo por Pix/g)).toHaveLength(2);
    expect(day).toContain('Contribua de novo por Pix – Oferta');
    expect(day).toContain('Contribua de novo por Pix – Dízimo');
  });

  it('refuses what has no receipt, in Portuguese', async () => {
    const anonymous = await income({ donor_id: null });
    const refused = await api('GET', `/api/incomes/${anonymous.id}/receipt`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/não tem contribuinte/);
    expect(
      await t.database.db
        .selectFrom('income_receipts')
        .select('id')
        .where('income_id', '=', anonymous.id)
        .execute(),
    ).toEqual([]);

    expect((await api('GET', '/api/incomes/999999/receipt')).statusCode).toBe(404);
    const badDay = await api('GET', '/api/incomes/receipts?date=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toBe('Parâmetro date inválido.');
    const noDay = await api('GET', '/api/incomes/receipts');
    expect(noDay.statusCode).toBe(400);
    const empty = await api('GET', '/api/incomes/receipts?date=1999-01-01');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('Nenhuma receita com contribuinte neste dia.');
  });

  it('keeps receipts to financial access inside the reader’s congregations', async () => {
    const gift = await income({});
    expect((await secretary('GET', `/api/incomes/${gift.id}/receipt`)).statusCode).toBe(403);
    // A receipt of the sede is not B's treasurer's to print (nor to number).
    expect((await onlyB('GET', `/api/incomes/${gift.id}/receipt`)).statusCode).toBe(404);
    expect(
      await t.database.db
        .selectFrom('income_receipts')
        .select('id')
        .where('income_id', '=', gift.id)
        .execute(),
    ).toEqual([]);
  });
});
