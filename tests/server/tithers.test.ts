// Issue 25, the dizimistas: a tithe is an income of a category flagged as tithes; the report
// gives each donor linked to a member his months, total, last tithe and the months since, with a
// month-by-month grid, in the reader's congregations, for financial access only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSchema } from '../../domain/memberSchema.js';
import { toColumns } from '../../server/db/memberColumns.js';
import {
  type Api,
  type Row,
  apiAs,
  categoryId,
  created,
  insertCongregation,
  query,
} from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const URL = '/api/reports/finance/tithers';

describe('finance: the dizimistas report', () => {
  let t: TestApp;
  let api: Api;
  let onlyB: Api;
  let secretary: Api;
  let B = 0;
  let ana: Row;
  let bruno: Row;
  let carlos: Row;
  let tithes = 0;
  let offerings = 0;
  let firstFruits = 0;

  /** What the report should say a donor gave in a period, from the incomes the test wrote. */
  const given: Array<{ donor: number; date: string; amount: number; tithe: boolean; B: boolean }> =
    [];
  const expected = (donor: number, from: string, to: string, onlyInB = false) =>
    given
      .filter((gift) => gift.donor === donor && gift.tithe && (!onlyInB || gift.B))
      .filter((gift) => gift.date >= `${from}-01` && gift.date <= `${to}-31`)
      .reduce((sum, gift) => sum + gift.amount, 0);

  const report = async (as: Api, filter: object) => {
    const response = await as('GET', `${URL}?${query({ filter, range: [0, 99] })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };
  const rowOf = (rows: Row[], donor: Row) => rows.find((row) => row.donor_id === donor.id);

  beforeAll(async () => {
    t = await createTestApp();
    B = await insertCongregation(t, 'Congregação Vila Nova');
    const admin = apiAs(t, await t.userWithRoles(['admin']));
    api = apiAs(t, await t.userWithRoles(['financial']));
    onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro B', [B]));
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    tithes = await categoryId(api, 'Dízimos');
    offerings = await categoryId(api, 'Ofertas');
    firstFruits = (
      await created(api, '/api/finance_categories', {
        name: 'Primícias',
        kind: 'income',
        is_tithe: true,
      })
    ).id;
    const member = async (name: string, congregation_id?: number) =>
      (await created(admin, '/api/members', { name, status: 'active', congregation_id })).id;
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
    ana = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Ana Dizimista',
      member_id: await member('Ana Dizimista'),
    });
    bruno = await created(api, '/api/donors', {
      person_type: 'person',
      name: 'Bruno Fiel',
      member_id: await member('Bruno Fiel', B),
    });
    // Not linked to a member: a giver, not a dizimista.
    carlos = await created(api, '/api/donors', { person_type: 'person', name: 'Carlos Avulso' });
    const gift = async (
      donor: Row,
      date: string,
      amount: number,
      category: number,
      inB = false,
    ) => {
      await created(api, '/api/incomes', {
        category_id: category,
        donor_id: donor.id,
        amount_cents: amount,
        date,
        bank_account_id: inB ? vila : sede,
        payment_method: 'pix',
        ...(inB ? { congregation_id: B } : {}),
      });
      given.push({ donor: donor.id, date, amount, tithe: category !== offerings, B: inB });
    };
    await gift(ana, '2024-12-31', 1_001, tithes); // the day before the period
    await gift(ana, '2025-01-31', 10_000, tithes);
    await gift(ana, '2025-02-01', 20_000, tithes);
    await gift(ana, '2025-02-28', 5_003, tithes);
    await gift(ana, '2025-03-15', 99_999, offerings); // an offering: not a tithe
    await gift(ana, '2025-04-10', 1_234, firstFruits);
    await gift(ana, '2025-06-30', 7_000, tithes, true);
    await gift(ana, '2025-07-01', 4_444, tithes); // the day after the period
    await gift(bruno, '2025-03-01', 3_000, tithes, true);
    await gift(carlos, '2025-02-10', 8_000, tithes);
  });
  afterAll(() => t.close());

  it('flags the seeded Dízimos as tithes and lets a category be flagged, income only', async () => {
    const category = (await api('GET', `/api/finance_categories/${tithes}`)).json();
    expect(category.is_tithe).toBe(true);
    expect((await api('GET', `/api/finance_categories/${offerings}`)).json().is_tithe).toBe(false);
    const expense = await api('POST', '/api/finance_categories', {
      name: 'Dízimo pago',
      kind: 'expense',
      is_tithe: true,
    });
    expect(expense.statusCode).toBe(422);
    expect(expense.body).toContain('Só uma categoria de receita pode ser de dízimos.');
  });

  it('gives each dizimista his months, total, last tithe and the months since', async () => {
    const rows = await report(api, { from: '2025-01', to: '2025-06' });
    expect(rows.map((row) => row.name)).toEqual(['Ana Dizimista', 'Bruno Fiel']);
    const a = rowOf(rows, ana)!;
    expect(a.total_cents).toBe(expected(ana.id, '2025-01', '2025-06'));
    expect(a.total_cents).toBe(10_000 + 20_000 + 5_003 + 1_234 + 7_000);
    expect(a.months).toEqual([10_000, 25_003, 0, 1_234, 0, 7_000]);
    expect(a.months_with_tithe).toBe(4);
    expect(a.last_date).toBe('2025-06-30');
    expect(a.months_without).toBe(0);
    expect(a.congregation_name).toBeTruthy();
    const b = rowOf(rows, bruno)!;
    expect(b.total_cents).toBe(expected(bruno.id, '2025-01', '2025-06'));
    expect(b.months).toEqual([0, 0, 3_000, 0, 0, 0]);
    expect(b.congregation_name).toBe('Congregação Vila Nova');
    expect(b.last_date).toBe('2025-03-01');
    expect(b.months_without).toBe(3);
    expect(rowOf(rows, carlos)).toBeUndefined();
  });

  it('counts months at their boundaries', async () => {
    // The period ends in May: Ana's last tithe was in April (the first fruits).
    const rows = await report(api, { from: '2025-02', to: '2025-05' });
    const a = rowOf(rows, ana)!;
    expect(a.months).toEqual([25_003, 0, 1_234, 0]);
    expect(a.total_cents).toBe(expected(ana.id, '2025-02', '2025-05'));
    expect(a.last_date).toBe('2025-04-10');
    expect(a.months_without).toBe(1);
    // January alone: 31/01 is in, 31/12 before it is not.
    const january = rowOf(await report(api, { from: '2025-01', to: '2025-01' }), ana)!;
    expect(january.months).toEqual([10_000]);
    // A year that crosses December: 31/12/2024 and 01/07/2025 both count.
    const crossing = rowOf(await report(api, { from: '2024-12', to: '2025-07' }), ana)!;
    expect(crossing.total_cents).toBe(expected(ana.id, '2024-12', '2025-07'));
    expect(crossing.months[0]).toBe(1_001);
    expect(crossing.months[7]).toBe(4_444);
    // Only the offering in March: no tithe month.
    const march = await report(api, { from: '2025-03', to: '2025-03' });
    expect(rowOf(march, ana)).toBeUndefined();
  });

  it('follows the congregation: the treasurer of B sees B’s tithes only', async () => {
    const rows = await report(onlyB, { from: '2025-01', to: '2025-06' });
    expect(rows.map((row) => row.name)).toEqual(['Ana Dizimista', 'Bruno Fiel']);
    const a = rowOf(rows, ana)!;
    expect(a.total_cents).toBe(expected(ana.id, '2025-01', '2025-06', true));
    expect(a.months).toEqual([0, 0, 0, 0, 0, 7_000]);
    expect(rowOf(rows, bruno)!.total_cents).toBe(3_000);
    // The whole church's treasurer choosing B (filter, or the app bar's X-Congregation).
    const chosen = await report(api, { from: '2025-01', to: '2025-06', congregation_id: B });
    expect(rowOf(chosen, ana)!.total_cents).toBe(7_000);
    const header = await t.app.inject({
      method: 'GET',
      url: `${URL}?${query({ filter: { from: '2025-01', to: '2025-06' } })}`,
      headers: { ...(await t.userWithRoles(['financial'])), 'x-congregation': String(B) },
    });
    expect(header.json().map((row: Row) => row.total_cents)).toEqual([7_000, 3_000]);
    // B's treasurer cannot widen his view with the filter.
    const sede = await report(onlyB, { from: '2025-01', to: '2025-06', congregation_id: 1 });
    expect(sede).toEqual([]);
  });

  it('gives one donor’s figures (his page)', async () => {
    const rows = await report(api, { from: '2025-01', to: '2025-12', donor_id: ana.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].total_cents).toBe(expected(ana.id, '2025-01', '2025-12'));
    expect(rows[0].months).toHaveLength(12);
    expect(rows[0].months_without).toBe(5);
  });

  it('exports the CSV and the PDF', async () => {
    const filter = query({ filter: { from: '2025-01', to: '2025-06' } });
    const csv = await api('GET', `${URL}/csv?${filter}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('dizimistas-2025-01-a-2025-06.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Contribuinte;Congregação;jan/2025 (R$)');
    expect(lines[0]).toContain('Total (R$)');
    const anaLine = lines.find((line) => line.startsWith('Ana Dizimista'))!;
    expect(anaLine).toContain(';100,00;250,03;0,00;12,34;0,00;70,00;4;432,37;30/06/2025;Em dia');
    const pdf = await api('GET', `${URL}/pdf?${filter}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await flatPdfText(pdf.rawPayload);
    expect(text).toContain('Dizimistas');
    expect(text).toContain('Bruno Fiel');
    expect(text).toContain('Sem dízimo há 3 meses');
  });

  it('refuses a secretary (who gave what is financial data)', async () => {
    const filter = query({ filter: { from: '2025-01', to: '2025-06' } });
    for (const url of [URL, `${URL}/csv`, `${URL}/pdf`]) {
      expect((await secretary('GET', `${url}?${filter}`)).statusCode).toBe(403);
    }
  });

  it('answers bad periods in Portuguese with a 400', async () => {
    const cases: Array<[object, string]> = [
      [{ from: '2025-06', to: '2025-01' }, 'O fim do período não pode ser anterior ao início.'],
      [{ from: '2025-13', to: '2025-12' }, 'Filtro from inválido: use AAAA-MM'],
      [{ from: '2025-01', to: '2025-1' }, 'Filtro to inválido: use AAAA-MM'],
      [{ from: '2015-01', to: '2025-01' }, 'Escolha um período de no máximo 12 meses.'],
      [{ from: '2025-01', to: '2025-06', donor_id: 'x' }, 'Filtro donor_id inválido'],
      [{ year: 2025 }, 'Filtro desconhecido: year.'],
    ];
    for (const [filter, message] of cases) {
      const response = await api('GET', `${URL}?${query({ filter })}`);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

// A campo's dizimistas: the page walks the donors in name order and its total stops at the
// page's step, as the other big lists do ("mais de 100", domain/listTotals.ts); and whatever a
// treasurer changes, the report's figures stay the incomes of the period.
describe('finance: the dizimistas report at scale', () => {
  const DIZIMISTAS = 120;
  let t: TestApp;
  let api: Api;
  let onlyB: Api;
  let B = 0;
  let tithes = 0;
  let sede = 0;
  let vila = 0;
  const donors: Row[] = [];
  const period = { from: '2025-01', to: '2025-12' };
  /** The queries of the request being watched (null: none is). */
  let queries: string[] | null = null;

  const listed = async (as: Api, filter: object, range: [number, number]) => {
    const response = await as('GET', `${URL}?${query({ filter, range })}`);
    expect(response.statusCode, response.body).toBe(200);
    const total = Number(String(response.headers['content-range']).split('/').pop());
    return { total, rows: response.json() as Row[] };
  };

  /** Every row of the report, page after page, as a screen walks it. */
  const everyRow = async (as: Api, filter: object) => {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += 25) {
      const page = await listed(as, filter, [offset, offset + 24]);
      rows.push(...page.rows);
      if (page.rows.length < 25) return rows;
    }
  };

  /** Each donor's tithes of the period, from the incomes themselves (donor id -> centavos). */
  const incomesByDonor = async (as: Api) => {
    const response = await as(
      'GET',
      `/api/incomes?${query({
        filter: { category_id: tithes, date_gte: '2025-01-01', date_lte: '2025-12-31' },
        range: [0, 999],
      })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const sums = new Map<number, number>();
    for (const income of response.json() as Row[]) {
      sums.set(income.donor_id, (sums.get(income.donor_id) ?? 0) + income.amount_cents);
    }
    return sums;
  };

  const expectReportEqualsIncomes = async (as: Api) => {
    const rows = await everyRow(as, period);
    expect(new Set(rows.map((row) => row.donor_id)).size).toBe(rows.length);
    const byDonor = new Map(rows.map((row) => [row.donor_id, row.total_cents]));
    expect(byDonor).toEqual(await incomesByDonor(as));
    for (const row of rows) {
      expect(row.months.reduce((sum: number, cents: number) => sum + cents, 0)).toBe(
        row.total_cents,
      );
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (sql) => queries?.push(sql) });
    B = await insertCongregation(t, 'Congregação Jardim');
    api = apiAs(t, await t.userWithRoles(['financial']));
    onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira do Jardim', [B]));
    tithes = await categoryId(api, 'Dízimos');
    const account = async (name: string, congregation_id?: number) =>
      (
        await created(api, '/api/bank_accounts', {
          name,
          kind: 'checking',
          opening_date: '2020-01-01',
          ...(congregation_id ? { congregation_id } : {}),
        })
      ).id as number;
    sede = await account('Conta da sede');
    vila = await account('Conta do Jardim', B);
    // The members straight to the database (volume, not the subject here); the donors and
    // their tithes through the API.
    const now = new Date().toISOString();
    const members = await t.database.db
      .insertInto('members')
      .values(
        Array.from({ length: DIZIMISTAS }, (_, i) => {
          const { department_ids: _none, ...member } = memberSchema.parse({
            name: `Dizimista ${String(i).padStart(3, '0')}`,
            status: 'active',
          });
          return { ...toColumns(member, {}), created_at: now, updated_at: now };
        }),
      )
      .returning(['id', 'name'])
      .execute();
    for (const member of members) {
      donors.push(
        await created(api, '/api/donors', {
          person_type: 'person',
          name: member.name,
          member_id: member.id,
        }),
      );
    }
    for (let i = 0; i < DIZIMISTAS; i += 100) {
      await created(api, '/api/incomes/batch', {
        date: '2025-03-10',
        bank_account_id: sede,
        lines: donors.slice(i, i + 100).map((donor, j) => ({
          category_id: tithes,
          donor_id: donor.id,
          amount_cents: 10_000 + i + j,
          payment_method: 'pix',
        })),
      });
    }
  });
  afterAll(() => t.close());

  it('stops counting at the page’s step, in name order, and walks every dizimista once', async () => {
    const first = await listed(api, period, [0, 24]);
    expect(first.total).toBe(101);
    expect(first.rows.map((row) => row.name)).toEqual(
      donors.slice(0, 25).map((donor) => donor.name),
    );
    expect((await listed(api, period, [75, 99])).total).toBe(101);
    // The page past 100 counts up to 200: the exact 120.
    const last = await listed(api, period, [100, 124]);
    expect(last.total).toBe(DIZIMISTAS);
    expect(last.rows.map((row) => row.name)).toEqual(donors.slice(100).map((donor) => donor.name));
    const rows = await everyRow(api, period);
    expect(rows.map((row) => row.donor_id)).toEqual(donors.map((donor) => donor.id));
    // A total under the step is exact; one donor's page is his row alone.
    expect((await listed(onlyB, period, [0, 24])).total).toBe(0);
    expect((await listed(api, { ...period, donor_id: donors[7].id }, [0, 24])).total).toBe(1);
  });

  it('counts only past a full page: a short one already walked every dizimista', async () => {
    const counts = async (filter: object, as: Api = api) => {
      queries = [];
      const { total } = await listed(as, filter, [0, 24]);
      const run: string[] = queries;
      queries = null;
      return { total, counts: run.filter((sql) => /^select count\(\*\)/i.test(sql)).length };
    };
    expect(await counts(period)).toEqual({ total: 101, counts: 1 });
    expect(await counts({ ...period, donor_id: donors[7].id })).toEqual({ total: 1, counts: 0 });
    expect(await counts(period, onlyB)).toEqual({ total: 0, counts: 0 });
  });

  it('equals the incomes of the period after edits, deletes, moves and donor changes', async () => {
    await expectReportEqualsIncomes(api);
    const incomeOf = async (donor: Row) =>
      (
        await api('GET', `/api/incomes?${query({ filter: { donor_id: donor.id }, range: [0, 9] })}`)
      ).json()[0] as Row;
    const put = async (income: Row, changes: object) => {
      const response = await api('PUT', `/api/incomes/${income.id}`, changes);
      expect(response.statusCode, response.body).toBe(200);
    };
    // A new tithe, an amount corrected, a date moved out of the period and into another month.
    await created(api, '/api/incomes', {
      category_id: tithes,
      donor_id: donors[0].id,
      amount_cents: 1_234,
      date: '2025-11-30',
      bank_account_id: sede,
      payment_method: 'cash',
    });
    await put(await incomeOf(donors[1]), { amount_cents: 77_777 });
    await put(await incomeOf(donors[2]), { date: '2024-12-31' });
    await put(await incomeOf(donors[3]), { date: '2025-07-01' });
    // Given by another donor; moved to the Jardim (with its account).
    await put(await incomeOf(donors[4]), { donor_id: donors[5].id });
    await put(await incomeOf(donors[6]), { congregation_id: B, bank_account_id: vila });
    // Deleted.
    const removed = await api('DELETE', `/api/incomes/${(await incomeOf(donors[8])).id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectReportEqualsIncomes(api);
    const rows = await everyRow(api, period);
    const rowOf = (donor: Row) => rows.find((row) => row.donor_id === donor.id);
    expect(rowOf(donors[0])!.months[10]).toBe(1_234);
    expect(rowOf(donors[1])!.total_cents).toBe(77_777);
    expect(rowOf(donors[2])).toBeUndefined();
    expect(rowOf(donors[3])!.months[6]).toBe(10_003);
    expect(rowOf(donors[4])).toBeUndefined();
    expect(rowOf(donors[5])!.total_cents).toBe(10_004 + 10_005);
    expect(rowOf(donors[8])).toBeUndefined();
    expect(rows).toHaveLength(DIZIMISTAS - 3);
    // The Jardim's treasurer sees the moved tithe alone; the whole church still counts it.
    const jardim = await everyRow(onlyB, period);
    expect(jardim.map((row) => [row.donor_id, row.total_cents])).toEqual([[donors[6].id, 10_006]]);
    expect(rowOf(donors[6])!.total_cents).toBe(10_006);
  });
});
