// Issue 27, the orçamento anual: a congregation's year saved whole (categories × 12 months),
// validated and audited, inside the user's congregations, never blocked by a closed month; and the
// report Orçado × realizado, whose realizado is the incomes and expenses by date (competência)
// and whose consolidated figures are the sum of the congregations' — over a seeded campo with
// random budgets, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { type Api, type Row, apiAs, query, seedCampo, seededRandom } from '../support/finance.js';
import { pdfText } from '../support/pdf.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

const YEAR = Number(todayIso().slice(0, 4));

/** A small deterministic generator, so a failure can be replayed. */

interface Cell {
  budget: number;
  actual: number;
}

describe('orçamento anual and orçado × realizado', { tags: ['dates'] }, () => {
  let t: TestApp;
  let admin: Api;
  let congregations: number[];
  let categories: Array<{ id: number; kind: string }>;
  let groupId: number;
  let assetId: number;
  /** What each congregation's budget was saved with: congregation -> category -> months. */
  const saved = new Map<number, Map<number, number[]>>();

  const report = async (filter: object, as: Api = admin) => {
    const response = await as(
      'GET',
      `/api/reports/finance/budget?${query({ filter, range: [0, 999] })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp({ blankChurch: true });
    await seedCampo(t, 27);
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    congregations = (
      await t.database.db.selectFrom('congregations').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    // The income and expense leaves of the plano de contas: what a budget takes.
    const chart = await t.database.db
      .selectFrom('finance_categories')
      .select(['id', 'kind', 'parent_id', 'code'])
      .orderBy('id')
      .execute();
    const parents = new Set(chart.map((row) => row.parent_id));
    categories = chart.filter(
      (row) => !parents.has(row.id) && (row.kind === 'income' || row.kind === 'expense'),
    );
    groupId = chart.find((row) => row.code === '3.1')!.id;
    assetId = chart.find((row) => row.kind === 'asset' && !parents.has(row.id))!.id;
    const next = seededRandom(2027);
    for (const congregation of congregations) {
      const lines = categories
        .filter(() => next(3) > 0)
        .map((category) => ({
          category_id: category.id,
          months: Array.from({ length: 12 }, () => (next(4) === 0 ? 0 : next(5_000_000))),
        }));
      const response = await admin('PUT', '/api/budgets', {
        congregation_id: congregation,
        year: YEAR,
        lines,
      });
      expect(response.statusCode, response.body).toBe(200);
      saved.set(congregation, new Map(lines.map((line) => [line.category_id, line.months])));
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('reads back what was saved, and a save replaces the whole year', async () => {
    const [first] = congregations;
    const read = await admin('GET', `/api/budgets?congregation_id=${first}&year=${YEAR}`);
    expect(read.statusCode, read.body).toBe(200);
    const grid = read.json() as { lines: Array<{ category_id: number; months: number[] }> };
    const expected = [...saved.get(first)!]
      .filter(([, months]) => months.some((cents) => cents !== 0))
      .map(([category_id, months]) => ({ category_id, months }))
      .sort((a, b) => a.category_id - b.category_id);
    expect(grid.lines).toEqual(expected);

    // Another year of the same congregation is apart.
    const other = await admin('GET', `/api/budgets?congregation_id=${first}&year=${YEAR - 1}`);
    expect(other.json().lines).toEqual([]);
  });

  it('refuses bad input in Portuguese, writing nothing', async () => {
    const [first] = congregations;
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('budgets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const line = (months: unknown, category_id: unknown = categories[0].id) => ({
      congregation_id: first,
      year: YEAR,
      lines: [{ category_id, months }],
    });
    const twelve = Array<number>(12).fill(100);
    const cases: Array<[unknown, RegExp]> = [
      [line([-1, ...twelve.slice(1)]), /não pode ser negativo/],
      [line([10.5, ...twelve.slice(1)]), /centavos inteiros/],
      [line(twelve.slice(1)), /12 meses/],
      [line(twelve, 999_999), /Categoria não encontrada/],
      [line(twelve, groupId), /grupo do plano de contas/],
      [line(twelve, assetId), /Só contas de receita ou despesa/],
      [{ ...line(twelve), lines: [line(twelve).lines[0], line(twelve).lines[0]] }, /uma vez/],
      [{ ...line(twelve), year: 1999 }, /ano de 2000 a 2100/],
      [{ ...line(twelve), congregation_id: 999_999 }, /Congregação não encontrada/],
      ['orçamento', /./],
    ];
    for (const [body, message] of cases) {
      const response = await admin('PUT', '/api/budgets', body);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.body).toMatch(message);
    }
    expect(await count()).toBe(before);
    for (const url of [
      `/api/budgets?year=${YEAR}`,
      `/api/budgets?congregation_id=${first}&year=20x6`,
      `/api/reports/finance/budget?${query({ filter: { year: 'dois mil' } })}`,
      `/api/reports/finance/budget?${query({ filter: { month: 13 } })}`,
      `/api/reports/finance/budget?${query({ filter: { month: `${YEAR}-13` } })}`,
      `/api/reports/finance/budget?${query({ filter: { year: YEAR, month: `${YEAR - 1}-05` } })}`,
    ]) {
      const response = await admin('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
  });

  it('audits each save with the cells that changed', async () => {
    const [first] = congregations;
    const category = categories[0].id;
    const months = Array<number>(12).fill(12_345);
    const response = await admin('PUT', '/api/budgets', {
      congregation_id: first,
      year: YEAR + 1,
      lines: [{ category_id: category, months }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'budgets')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('update');
    expect(entry.area).toBe('finance');
    expect(JSON.parse(entry.details!)).toEqual({ congregation_id: first, year: YEAR + 1 });
    const changes = JSON.parse(entry.changes) as Record<string, [unknown, unknown]>;
    expect(Object.keys(changes)).toHaveLength(12);
    expect(Object.values(changes).every(([was, is]) => was === null && is === 12_345)).toBe(true);
  });

  it('keeps each treasurer inside his congregations', async () => {
    const [mine, theirs] = congregations;
    const limited = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira local', [mine]));
    const body = (congregation_id: number) => ({
      congregation_id,
      year: YEAR + 2,
      lines: [{ category_id: categories[0].id, months: Array<number>(12).fill(1) }],
    });
    expect((await limited('PUT', '/api/budgets', body(theirs))).statusCode).toBe(403);
    expect(
      (await limited('GET', `/api/budgets?congregation_id=${theirs}&year=${YEAR}`)).statusCode,
    ).toBe(404);
    expect((await limited('PUT', '/api/budgets', body(mine))).statusCode).toBe(200);
    // His report covers his congregation only.
    const rows = await report({ year: YEAR }, limited);
    const mineOnly = await report({ year: YEAR, congregation_id: mine });
    expect(rows).toEqual(mineOnly);
    const secretary = apiAs(t, await t.userWithRoles(['secretary'], 'Secretária'));
    expect((await secretary('PUT', '/api/budgets', body(mine))).statusCode).toBe(403);
    expect((await secretary('GET', `/api/reports/finance/budget`)).statusCode).toBe(403);
  });

  it('a category in a budget is not deleted under it (409, not a 500)', async () => {
    const created = await admin('POST', '/api/finance_categories', {
      name: 'Cantina',
      kind: 'income',
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json().id as number;
    const saved = await admin('PUT', '/api/budgets', {
      congregation_id: congregations[0],
      year: YEAR + 3,
      lines: [{ category_id: category, months: Array<number>(12).fill(700) }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await admin('DELETE', `/api/finance_categories/${category}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toMatch(/está no orçamento/);
  });

  it('a budget is not a movement: a closed month does not block it', async () => {
    const month = `${YEAR - 1}-03`;
    const closed = await admin('POST', `/api/finance/periods/${month}/close`, {
      approved_on: `${YEAR - 1}-04-10`,
      approvers: 'Conselho fiscal',
      opinion: 'Contas aprovadas.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const response = await admin('PUT', '/api/budgets', {
      congregation_id: congregations[0],
      year: YEAR - 1,
      lines: [{ category_id: categories[0].id, months: Array<number>(12).fill(50_000) }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines[0].months[2]).toBe(50_000);
  });

  it('realizado equals the movements and orçado the budgets, per congregation, category and month', async () => {
    const [incomes, expenses] = await Promise.all(
      (['incomes', 'expenses'] as const).map((table) =>
        t.database.db
          .selectFrom(table)
          .select(['congregation_id', 'category_id', 'date', 'amount_cents'])
          .where('date', '>=', `${YEAR}-01-01`)
          .where('date', '<=', `${YEAR}-12-31`)
          .execute(),
      ),
    );
    const movements = [...incomes, ...expenses];
    expect(movements.length).toBeGreaterThan(50);
    for (const congregation of congregations) {
      const rows = await report({ year: YEAR, congregation_id: congregation });
      const budgets = saved.get(congregation)!;
      const expected = new Map<number, Cell[]>();
      const cells = (category: number) =>
        expected.get(category) ??
        expected
          .set(
            category,
            Array.from({ length: 12 }, () => ({ budget: 0, actual: 0 })),
          )
          .get(category)!;
      for (const [category, months] of budgets) {
        months.forEach((cents, index) => (cells(category)[index].budget += cents));
      }
      for (const movement of movements) {
        if (movement.congregation_id !== congregation) continue;
        const month = Number(String(movement.date).slice(5, 7)) - 1;
        cells(movement.category_id)[month].actual += Number(movement.amount_cents);
      }
      const accounts = rows.filter((row) => !row.is_total);
      const nonZero = [...expected].filter(([, months]) =>
        months.some((cell) => cell.budget !== 0 || cell.actual !== 0),
      );
      expect(accounts.map((row) => row.category_id).sort((a, b) => a - b)).toEqual(
        nonZero.map(([category]) => category).sort((a, b) => a - b),
      );
      for (const row of accounts) {
        const months = expected.get(row.category_id)!;
        expect(row.months).toEqual(
          months.map((cell) => ({ budget_cents: cell.budget, actual_cents: cell.actual })),
        );
        expect(row.budget_cents).toBe(months.reduce((sum, cell) => sum + cell.budget, 0));
        expect(row.actual_cents).toBe(months.reduce((sum, cell) => sum + cell.actual, 0));
        expect(row.difference_cents).toBe(row.actual_cents - row.budget_cents);
      }
      const sum = (kind: string, field: string) =>
        accounts
          .filter((row) => row.kind === kind)
          .reduce((total, row) => total + (row[field] as number), 0);
      const [income, expense, result] = rows.filter((row) => row.is_total);
      expect(income.actual_cents).toBe(sum('income', 'actual_cents'));
      expect(expense.budget_cents).toBe(sum('expense', 'budget_cents'));
      expect(result.actual_cents).toBe(income.actual_cents - expense.actual_cents);
      expect(result.budget_cents).toBe(income.budget_cents - expense.budget_cents);
    }
  });

  it('consolidated is the sum of the congregations, for the year and for a month', async () => {
    for (const filter of [{ year: YEAR }, { year: YEAR, month: 1 }]) {
      const whole = await report(filter);
      const parts = await Promise.all(
        congregations.map((congregation) => report({ ...filter, congregation_id: congregation })),
      );
      const byCategory = (rows: Row[]) =>
        new Map(rows.filter((row) => !row.is_total).map((row) => [row.category_id, row]));
      const sums = new Map<number, { budget: number; actual: number }>();
      for (const rows of parts) {
        for (const [category, row] of byCategory(rows)) {
          const sum = sums.get(category) ?? { budget: 0, actual: 0 };
          sum.budget += row.budget_cents;
          sum.actual += row.actual_cents;
          sums.set(category, sum);
        }
      }
      const consolidated = byCategory(whole);
      expect([...consolidated.keys()].sort()).toEqual([...sums.keys()].sort());
      for (const [category, sum] of sums) {
        expect(consolidated.get(category)!.budget_cents).toBe(sum.budget);
        expect(consolidated.get(category)!.actual_cents).toBe(sum.actual);
      }
      const totals = (rows: Row[]) =>
        rows.filter((row) => row.is_total).map((row) => row.actual_cents as number);
      expect(totals(whole)).toEqual(
        parts.map(totals).reduce((a, b) => a.map((value, index) => value + b[index])),
      );
    }
  });

  it('takes ?year= and the congregation as plain parameters too', async () => {
    const [first] = congregations;
    const plain = await admin(
      'GET',
      `/api/reports/finance/budget?year=${YEAR}&month=2&congregation_id=${first}`,
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual(await report({ year: YEAR, month: 2, congregation_id: first }));
    // The month as AAAA-MM, as the other finance reports take it.
    expect(await report({ month: `${YEAR}-02`, congregation_id: first })).toEqual(plain.json());
  });

  it('says its basis in the CSV and the PDF', async () => {
    const csv = await admin(
      'GET',
      `/api/reports/finance/budget/csv?${query({ filter: { year: YEAR, congregation_id: congregations[0] } })}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, first] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toContain('Orçado (R$)');
    expect(header).toContain('Realizado dez (R$)');
    expect(header).toContain('Regime');
    expect(first).toContain('Competência');
    const pdf = await admin(
      'GET',
      `/api/reports/finance/budget/pdf?${query({ filter: { year: YEAR, month: 2 } })}`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Regime de competência');
    expect(text).toContain('Total de receitas');
  });

  it('a congregation with a budget is not deleted under it (409, not a 500)', async () => {
    const created = await admin('POST', '/api/congregations', {
      name: 'Congregação Orçada',
      kind: 'congregacao',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const saved = await admin('PUT', '/api/budgets', {
      congregation_id: id,
      year: YEAR,
      lines: [{ category_id: categories[0].id, months: Array<number>(12).fill(100) }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await admin('DELETE', `/api/congregations/${id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toMatch(/orçamento/);
  });

  // Last: it replaces the campo.
  it('a new seed of the campo (--reset) clears the budgets with the congregations and finance', async () => {
    const { seedDatabase } = await import('../../server/seed/index.js');
    const { resetFinance } = await import('../../server/seed/finance/reset.js');
    // As `seed --reset` does: the finance first, then the people and congregations.
    await resetFinance(t.database);
    await seedDatabase(t.database, { members: 50, congregations: 3, seed: 9, reset: true });
    const left = await t.database.db.selectFrom('budgets').select('id').execute();
    expect(left).toEqual([]);
  });
});
