// Issue 27, the treasurer's statements over two years of random movements made through the API
// (seeded, so a failure replays): the livro caixa's running balance on every page and its closing
// balance = the account's; the DFC's opening and closing cash = the accounts' balances, its
// flows = the movements with the transfers inside the report netted out (a congregation's
// transfer to the sede is its outflow and nets out in the sede with its sub-tree and in the
// consolidated); the DRP's superávit = incomes − expenses by their dates, last year beside it;
// consolidated = the sum of the congregations; the filters' 400s and the scope's 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refillLedgerTotals } from '../../server/db/migrations/0054_month_legs_treasurer.js';
import { formatMoney } from '../../domain/formats.js';
import {
  type Api,
  type Row,
  apiAs,
  created,
  expectBalancesConsistent,
  insertCongregation,
  query,
} from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const SEED = 27;
const YEAR = '2026';
const FULL = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
const MAY = { from: `${YEAR}-05-01`, to: `${YEAR}-05-31` };

/** A small seeded generator (mulberry32). */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

interface Movement {
  id: number;
  bank_account_id: number;
  date: string;
  amount_cents: number;
  kind: string;
  category_id: number | null;
  linked_id: number | null;
}

describe('finance statements: livro caixa, DFC and DRP', () => {
  let t: TestApp;
  let api: Api;
  let sede = 1;
  let A = 0;
  let A1 = 0;
  let B = 0;
  /** congregation -> its accounts */
  const accounts: Array<{ id: number; congregation: number; opening: number; opened: string }> = [];

  const report = async (key: string, filter: object, range: [number, number] = [0, 999]) => {
    const response = await api('GET', `/api/reports/finance/${key}?${query({ filter, range })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };
  const line = (rows: Row[], label: string) => rows.find((row) => row.label === label);
  const linesStarting = (rows: Row[], start: string) =>
    rows.filter((row) => String(row.label).startsWith(start));

  async function movements(): Promise<Movement[]> {
    const rows = await t.database.db.selectFrom('transactions').selectAll().execute();
    return rows.map((row) => ({
      id: row.id,
      bank_account_id: row.bank_account_id,
      date: String(row.date).slice(0, 10),
      amount_cents: Number(row.amount_cents),
      kind: row.kind,
      category_id: row.category_id,
      linked_id: row.linked_id,
    }));
  }

  /** The accounts of `congregations` opened by `to`, and their cash when `date` begins. */
  async function cashAt(congregations: number[], date: string, to: string) {
    const all = await movements();
    const own = accounts.filter((a) => congregations.includes(a.congregation) && a.opened <= to);
    return own.reduce(
      (sum, account) =>
        sum +
        account.opening +
        all
          .filter((m) => m.bank_account_id === account.id && m.date < date)
          .reduce((s, m) => s + m.amount_cents, 0),
      0,
    );
  }

  async function result(
    table: 'incomes' | 'expenses',
    congregations: number[],
    from: string,
    to: string,
    onlyFree = false,
  ) {
    let sum = t.database.db
      .selectFrom(table)
      .leftJoin('finance_funds', 'finance_funds.id', `${table}.fund_id`)
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>(`${table}.amount_cents`), eb.lit(0)).as('total'),
      )
      .where(`${table}.congregation_id`, 'in', congregations)
      .where(`${table}.date`, '>=', from)
      .where(`${table}.date`, '<=', to);
    if (onlyFree) {
      sum = sum.where((eb) =>
        eb.or([eb(`${table}.fund_id`, 'is', null), eb('finance_funds.restricted', '=', false)]),
      );
    }
    const { total } = await sum.executeTakeFirstOrThrow();
    return Number(total);
  }

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial']));
    A = await insertCongregation(t, 'Congregação Alfa');
    B = await insertCongregation(t, 'Congregação Beta');
    A1 = await insertCongregation(t, 'Ponto de pregação Alfa Um');
    // A1 belongs to A: the sede's sub-tree holds A and A1, A's holds A1.
    await t.database.db
      .updateTable('congregations')
      .set({ parent_id: A })
      .where('id', '=', A1)
      .execute();
    const sedeRow = await t.database.db
      .selectFrom('congregations')
      .select('id')
      .where('kind', '=', 'sede')
      .executeTakeFirstOrThrow();
    sede = sedeRow.id;

    const rnd = random(SEED);
    // The leaves of the plano de contas take movements (its groups do not).
    const chart = await t.database.db
      .selectFrom('finance_categories')
      .select(['id', 'kind', 'parent_id', 'active'])
      .execute();
    const parents = new Set(chart.map((c) => c.parent_id));
    const leaves = (kind: string) =>
      chart.filter((c) => c.kind === kind && c.active && !parents.has(c.id)).map((c) => c.id);
    const incomeCategories = leaves('income');
    const expenseCategories = leaves('expense');

    const plan: Array<[number, string, string]> = [
      [sede, 'Conta corrente da sede', '2025-01-01'],
      [sede, 'Caixa da sede', '2025-01-01'],
      [A, 'Conta da Alfa', '2025-01-01'],
      [A1, 'Caixa da Alfa Um', '2025-03-01'],
      // Opened in the middle of the year: its opening balance belongs to the year, not to May.
      [B, 'Conta da Beta', '2026-06-01'],
    ];
    for (const [congregation, name, opened] of plan) {
      const opening = rnd.int(0, 500_000);
      const account = await created(api, '/api/bank_accounts', {
        congregation_id: congregation,
        name,
        kind: name.startsWith('Caixa') ? 'cash' : 'checking',
        opening_balance_cents: opening,
        opening_date: opened,
      });
      accounts.push({ id: account.id, congregation, opening, opened });
    }
    const day = (year: string) => `${year}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`;
    const dayOf = (account: (typeof accounts)[number]) => {
      for (;;) {
        const date = day(rnd.pick(['2025', '2026']));
        if (date >= account.opened) return date;
      }
    };
    for (let i = 0; i < 90; i++) {
      const account = rnd.pick(accounts);
      const choice = rnd.int(0, 9);
      if (choice <= 3) {
        await created(api, '/api/incomes', {
          congregation_id: account.congregation,
          category_id: rnd.pick(incomeCategories),
          amount_cents: rnd.int(1, 300_000),
          date: dayOf(account),
          bank_account_id: account.id,
          payment_method: 'pix',
        });
      } else if (choice <= 6) {
        const date = dayOf(account);
        const paid = rnd.chance(0.7);
        // Some are paid a month or two later: competência and caixa part ways.
        const paidOn =
          date.slice(0, 8) + pad(Math.min(28, Number(date.slice(8)) + (rnd.int(0, 40) % 28)));
        await created(api, '/api/expenses', {
          congregation_id: account.congregation,
          description: `Despesa ${i}`,
          category_id: rnd.pick(expenseCategories),
          amount_cents: rnd.int(1, 150_000),
          date,
          due_date: date,
          bank_account_id: account.id,
          ...(paid ? { paid_on: rnd.chance(0.5) ? paidOn : date } : {}),
        });
      } else if (choice <= 8) {
        const to = rnd.pick(accounts.filter((other) => other.id !== account.id));
        const date = dayOf(account);
        if (date < to.opened) continue;
        await created(api, '/api/transactions', {
          kind: 'transfer',
          from_account_id: account.id,
          to_account_id: to.id,
          amount_cents: rnd.int(1, 100_000),
          date,
        });
      } else {
        await created(api, '/api/transactions', {
          kind: 'adjustment',
          bank_account_id: account.id,
          amount_cents: rnd.int(-5_000, 5_000) || 1,
          date: dayOf(account),
          description: 'Diferença de caixa',
        });
      }
    }
    // One known transfer from A to the sede in May.
    await created(api, '/api/transactions', {
      kind: 'transfer',
      from_account_id: accounts[2].id,
      to_account_id: accounts[0].id,
      amount_cents: 12_345,
      date: `${YEAR}-05-15`,
      description: 'Repasse da Alfa à sede',
    });
    // Funds (migration 0043): a restricted one (Missões) and a free one, on some of the records.
    const missions = await t.database.db
      .insertInto('finance_funds')
      .values({ name: 'Missões', restricted: true, active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const general = await t.database.db
      .insertInto('finance_funds')
      .values({ name: 'Fundo geral', restricted: false, active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const table of ['incomes', 'expenses'] as const) {
      const ids = await t.database.db.selectFrom(table).select('id').execute();
      for (const { id } of ids) {
        const pick = rnd.int(0, 3);
        if (pick === 0) continue;
        await t.database.db
          .updateTable(table)
          .set({ fund_id: pick === 1 ? missions.id : pick === 2 ? general.id : null })
          .where('id', '=', id)
          .execute();
      }
    }
    // Written straight to the rows, as the seed writes: the ledger's sums derived as it derives them.
    await refillLedgerTotals(t.database.db as never, t.database.dialect.name);
    await expectBalancesConsistent(t);
  });
  afterAll(() => t.close());

  it('livro caixa: every page continues the running balance and the closing balance is the account’s', async () => {
    for (const account of accounts) {
      const whole = await report('cash_book', { account_id: account.id, ...FULL });
      const all = (await movements())
        .filter((m) => m.bank_account_id === account.id && m.date >= FULL.from && m.date <= FULL.to)
        .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
      expect(whole).toHaveLength(all.length + 2);
      const opening =
        account.opening +
        (await movements())
          .filter((m) => m.bank_account_id === account.id && m.date < FULL.from)
          .reduce((s, m) => s + m.amount_cents, 0);
      expect(whole[0]).toMatchObject({ style: 'opening', balance_cents: opening });
      let balance = opening;
      whole.slice(1, -1).forEach((row, index) => {
        const m = all[index];
        balance += m.amount_cents;
        expect(row).toMatchObject({
          id: m.id,
          date: m.date,
          in_cents: m.amount_cents > 0 ? m.amount_cents : null,
          out_cents: m.amount_cents < 0 ? -m.amount_cents : null,
          balance_cents: balance,
        });
      });
      // The seeded movements end in 2026: the closing balance is the account's balance.
      const { balance_cents } = await t.database.db
        .selectFrom('bank_accounts')
        .select('balance_cents')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(whole.at(-1)).toMatchObject({
        style: 'closing',
        balance_cents: Number(balance_cents),
      });
      // Pages of 4 rows walk the same book, each starting from the balance before it.
      const paged: Row[] = [];
      for (let offset = 0; offset < whole.length; offset += 4) {
        paged.push(
          ...(await report('cash_book', { account_id: account.id, ...FULL }, [offset, offset + 3])),
        );
      }
      expect(paged).toEqual(whole);
    }
  });

  it('livro caixa: the plain parameters, the CSV and the PDF (every row, the basis named)', async () => {
    const account = accounts[0];
    const plain = await api(
      'GET',
      `/api/reports/finance/cash_book?account_id=${account.id}&from=${MAY.from}&to=${MAY.to}`,
    );
    expect(plain.statusCode, plain.body).toBe(200);
    const rows = plain.json() as Row[];
    expect(rows.at(-1).style).toBe('closing');
    const csv = await api(
      'GET',
      `/api/reports/finance/cash_book/csv?${query({ filter: { account_id: account.id, ...MAY } })}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\n').filter(Boolean)).toHaveLength(rows.length + 1);
    expect(csv.body).toContain('Caixa');
    const pdf = await api(
      'GET',
      `/api/reports/finance/cash_book/pdf?${query({ filter: { account_id: account.id, ...MAY } })}`,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await flatPdfText(pdf.rawPayload);
    expect(text).toContain('Livro caixa');
    expect(text).toContain('Conta corrente da sede');
    expect(text).toContain('Regime de caixa');
    expect(text).toContain(formatMoney(rows.at(-1).balance_cents));
  });

  it('fluxo de caixa: opening and closing cash are the accounts’ balances and the flows are the movements', async () => {
    const all = await movements();
    const selections: Array<[string, object, number[]]> = [
      ['sede alone', { congregation_id: sede }, [sede]],
      ['A alone', { congregation_id: A }, [A]],
      ['A with its sub-tree', { congregation_id: A, include_subtree: true }, [A, A1]],
      [
        'sede with its sub-tree',
        { congregation_id: sede, include_subtree: true },
        [sede, A, A1, B],
      ],
      ['B', { congregation_id: B }, [B]],
      ['consolidated', {}, [sede, A, A1, B]],
    ];
    for (const period of [FULL, MAY]) {
      for (const [name, filter, congregations] of selections) {
        const rows = await report('cash_flow', { ...filter, ...period });
        const opening = await cashAt(congregations, period.from, period.to);
        const closing = await cashAt(congregations, nextDay(period.to), period.to);
        expect(rows[0].amount_cents, `${name}: saldo inicial`).toBe(opening);
        expect(rows.at(-1).amount_cents, `${name}: saldo final`).toBe(closing);
        const ids = new Set(
          accounts
            .filter((a) => congregations.includes(a.congregation) && a.opened <= period.to)
            .map((a) => a.id),
        );
        const inPeriod = all.filter(
          (m) => ids.has(m.bank_account_id) && m.date >= period.from && m.date <= period.to,
        );
        const legOf = new Map(all.map((m) => [m.id, m]));
        const external = inPeriod.filter(
          (m) => m.kind !== 'transfer' || !ids.has(legOf.get(m.linked_id!)?.bank_account_id ?? -1),
        );
        const sent = external.filter((m) => m.kind === 'transfer' && m.amount_cents < 0);
        const received = external.filter((m) => m.kind === 'transfer' && m.amount_cents > 0);
        const sum = (list: Movement[]) => list.reduce((s, m) => s + m.amount_cents, 0);
        expect(
          line(rows, 'Transferências enviadas a outras congregações')?.amount_cents ?? 0,
          name,
        ).toBe(-sum(sent) || 0);
        expect(
          line(rows, 'Transferências recebidas de outras congregações')?.amount_cents ?? 0,
          name,
        ).toBe(sum(received));
        const inflows = line(rows, 'Total das entradas')!.amount_cents;
        const outflows = line(rows, 'Total das saídas')!.amount_cents;
        expect(inflows - outflows, name).toBe(sum(external));
        expect(opening + inflows - outflows, name).toBe(closing);
      }
    }
    // The consolidated year ends on the accounts' balances.
    const { total } = await t.database.db
      .selectFrom('bank_accounts')
      .select((eb) => eb.fn.sum<number>('balance_cents').as('total'))
      .executeTakeFirstOrThrow();
    expect((await report('cash_flow', FULL)).at(-1).amount_cents).toBe(Number(total));
  });

  it('fluxo de caixa: A’s transfer to the sede is A’s outflow and nets out in the sede with its sub-tree', async () => {
    const known = (await movements()).filter(
      (m) => m.date === `${YEAR}-05-15` && Math.abs(m.amount_cents) === 12_345,
    );
    expect(known).toHaveLength(2);
    const alone = await report('cash_flow', { congregation_id: A, ...MAY });
    expect(
      line(alone, 'Transferências enviadas a outras congregações')!.amount_cents,
    ).toBeGreaterThanOrEqual(12_345);
    const subtree = await report('cash_flow', {
      congregation_id: sede,
      include_subtree: true,
      ...MAY,
    });
    const consolidated = await report('cash_flow', MAY);
    // The same congregations: the same statement, and no transfer between them is cash in or out.
    expect(subtree).toEqual(consolidated);
    // The opening and closing cash of the consolidated are the sum of the congregations'.
    const parts = await Promise.all(
      [sede, A, A1, B].map((id) => report('cash_flow', { congregation_id: id, ...MAY })),
    );
    expect(consolidated[0].amount_cents).toBe(
      parts.reduce((s, rows) => s + rows[0].amount_cents, 0),
    );
    expect(consolidated.at(-1).amount_cents).toBe(
      parts.reduce((s, rows) => s + rows.at(-1).amount_cents, 0),
    );
    // Without transfers between them, the flows add up too: incomes by category.
    const incomeLines = (rows: Row[]) => {
      const start = rows.findIndex((row) => row.label === 'Entradas');
      const end = rows.findIndex((row) => row.label === 'Total das entradas');
      return rows
        .slice(start + 1, end)
        .filter((row) => !String(row.label).startsWith('Transferências'));
    };
    const summed = new Map<string, number>();
    for (const rows of parts) {
      for (const row of incomeLines(rows))
        summed.set(row.label, (summed.get(row.label) ?? 0) + row.amount_cents);
    }
    expect(new Map(incomeLines(consolidated).map((row) => [row.label, row.amount_cents]))).toEqual(
      summed,
    );
  });

  it('DRP: superávit = receitas − despesas by their dates, last year beside it, consolidated = the sum', async () => {
    const selections: Array<[object, number[]]> = [
      [{ congregation_id: sede }, [sede]],
      [{ congregation_id: A, include_subtree: true }, [A, A1]],
      [{ congregation_id: B }, [B]],
      [{}, [sede, A, A1, B]],
    ];
    for (const period of [FULL, MAY]) {
      const before = { from: `2025${period.from.slice(4)}`, to: `2025${period.to.slice(4)}` };
      for (const [filter, congregations] of selections) {
        const rows = await report('statement_of_activities', { ...filter, ...period });
        const incomes = await result('incomes', congregations, period.from, period.to);
        const expenses = await result('expenses', congregations, period.from, period.to);
        const lastIncomes = await result('incomes', congregations, before.from, before.to);
        const lastExpenses = await result('expenses', congregations, before.from, before.to);
        expect(line(rows, 'Total das receitas')).toMatchObject({
          current_cents: incomes,
          previous_cents: lastIncomes,
        });
        expect(line(rows, 'Total das despesas')).toMatchObject({
          current_cents: expenses,
          previous_cents: lastExpenses,
        });
        expect(line(rows, 'Superávit (déficit) do período')).toMatchObject({
          current_cents: incomes - expenses,
          previous_cents: lastIncomes - lastExpenses,
        });
        // The accounts' lines (above the superávit) add up to the totals.
        const end = rows.findIndex((row) => row.label === 'Superávit (déficit) do período');
        const accountsSum = rows
          .slice(0, end)
          .filter((row) => row.style === 'line')
          .reduce((s, row) => s + row.current_cents, 0);
        expect(accountsSum).toBe(incomes + expenses);
        // The restricted funds apart: the free resources' result leaves out Missões.
        const free =
          (await result('incomes', congregations, period.from, period.to, true)) -
          (await result('expenses', congregations, period.from, period.to, true));
        expect(
          line(rows, 'Superávit (déficit) dos recursos livres')?.current_cents ??
            incomes - expenses,
        ).toBe(free);
      }
      expect(
        line(await report('statement_of_activities', FULL), 'Missões: superávit (déficit)'),
      ).toBeDefined();
      // Consolidated = the sum of the congregations, line by line.
      const consolidated = await report('statement_of_activities', period);
      const summed = new Map<string, number>();
      const FREE = 'Superávit (déficit) dos recursos livres';
      for (const id of [sede, A, A1, B]) {
        const rows = await report('statement_of_activities', { congregation_id: id, ...period });
        for (const row of rows) {
          if (row.style !== 'heading')
            summed.set(row.label, (summed.get(row.label) ?? 0) + row.current_cents);
        }
        // Without restricted funds, all of a congregation's result is free.
        if (!line(rows, FREE)) {
          const all = line(rows, 'Superávit (déficit) do período')!.current_cents;
          summed.set(FREE, (summed.get(FREE) ?? 0) + all);
        }
      }
      for (const row of consolidated.filter((r) => r.style !== 'heading')) {
        expect(row.current_cents, row.label).toBe(summed.get(row.label) ?? 0);
      }
    }
    const csv = await api(
      'GET',
      `/api/reports/finance/statement_of_activities/csv?${query({ filter: FULL })}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Competência');
    const pdf = await api(
      'GET',
      `/api/reports/finance/statement_of_activities/pdf?${query({ filter: FULL })}`,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await flatPdfText(pdf.rawPayload);
    expect(text).toContain('Demonstração do Resultado do Período');
    expect(text).toContain('Regime de competência');
    expect(text).toContain('Superávit (déficit) do período');
    // A statement's lines are not records: no count under the title.
    expect(text).not.toMatch(/\d+ registros/);
    expect(
      linesStarting(await report('statement_of_activities', FULL), 'Total').length,
    ).toBeGreaterThan(1);
  });

  it('refuses bad filters with a Portuguese 400 and an account outside the user’s congregations with a 404', async () => {
    const cases: Array<[string, object, string]> = [
      ['cash_book', { ...MAY }, 'Escolha a conta'],
      ['cash_book', { account_id: 'x', ...MAY }, 'account_id inválido'],
      ['cash_flow', { from: '2026-13-01' }, 'Filtro from inválido'],
      ['cash_flow', { from: '2026-05-10', to: '2026-05-01' }, 'não pode ser anterior'],
      ['statement_of_activities', { from: '2025-01-01', to: '2026-01-01' }, 'no máximo 12 meses'],
      ['statement_of_activities', { month: '2026-05' }, 'Filtro desconhecido'],
      ['cash_flow', { include_subtree: 'talvez' }, 'include_subtree inválido'],
    ];
    for (const [key, filter, message] of cases) {
      const response = await api('GET', `/api/reports/finance/${key}?${query({ filter })}`);
      expect(response.statusCode, `${key} ${JSON.stringify(filter)}`).toBe(400);
      expect(response.json().message ?? response.body).toContain(message);
    }
    const onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira Beta', [B]));
    const outside = await onlyB(
      'GET',
      `/api/reports/finance/cash_book?${query({ filter: { account_id: accounts[0].id, ...MAY } })}`,
    );
    expect(outside.statusCode).toBe(404);
    // Her consolidated DFC is B's alone.
    const hers = await onlyB('GET', `/api/reports/finance/cash_flow?${query({ filter: FULL })}`);
    expect(hers.json()).toEqual(await report('cash_flow', { congregation_id: B, ...FULL }));
    // The sede's sub-tree is, for her, B alone: a filter never widens the view.
    const subtree = await onlyB(
      'GET',
      `/api/reports/finance/cash_flow?${query({ filter: { congregation_id: sede, include_subtree: true, ...FULL } })}`,
    );
    expect(subtree.json()).toEqual(hers.json());
    const secretary = apiAs(t, await t.userWithRoles(['secretary']));
    expect((await secretary('GET', `/api/reports/finance/cash_flow`)).statusCode).toBe(403);
  });
});

function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}
