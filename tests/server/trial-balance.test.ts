// Issue 27, the balancete do mês (trial_balance) over seeded random books: incomes, expenses
// paid at once, on terms and on a card, payments (some with interest), transfers within and
// between congregations, adjustments, an account opened mid-period. For every month and every
// scope (the whole church, each congregation): debits equal credits, each bank account's
// closing equals its balance from its movements, and next month's opening is this month's close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  type Row,
  apiAs,
  created,
  expectBalancesConsistent,
  insertCongregation,
  query,
} from '../support/finance.js';
import { journal } from '../../server/modules/finance/index.js';
import { lastDayOf } from '../../domain/reports.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';
import { type MovementFact, journalEntries } from '../../domain/finance/doubleEntry.js';

describe('the double-entry mapping', () => {
  const accounts = {
    bank: (id: number) => 1000 + id,
    payables: 21,
    cards: 22,
    equity: 23,
    transit: 13,
  };
  const movement = (changes: Partial<MovementFact>): MovementFact => ({
    source: 'movement',
    date: '2026-03-02',
    description: 'Movimento',
    amount_cents: 500,
    kind: 'income',
    bank_account_id: 1,
    congregation_id: 7,
    category_id: 301,
    invoice: false,
    linked: null,
    ...changes,
  });
  const sides = (fact: Parameters<typeof journalEntries>[0]) =>
    journalEntries(fact, accounts).map((e) => [
      e.debit,
      e.credit,
      e.amount_cents,
      e.congregation_id,
    ]);

  it('debits and credits each fact as the accountant reads it', () => {
    expect(sides(movement({}))).toEqual([[1001, 301, 500, 7]]);
    // A count lowered: the income reversed.
    expect(sides(movement({ amount_cents: -200 }))).toEqual([[301, 1001, 200, 7]]);
    expect(sides(movement({ kind: 'expense', amount_cents: -500 }))).toEqual([[21, 1001, 500, 7]]);
    expect(sides(movement({ kind: 'expense', amount_cents: -500, invoice: true }))).toEqual([
      [22, 1001, 500, 7],
    ]);
    expect(sides(movement({ kind: 'adjustment', amount_cents: -90 }))).toEqual([[23, 1001, 90, 7]]);
    const within = { bank_account_id: 2, congregation_id: 7 };
    expect(sides(movement({ kind: 'transfer', linked: within }))).toEqual([[1001, 1002, 500, 7]]);
    expect(sides(movement({ kind: 'transfer', amount_cents: -500, linked: within }))).toEqual([]);
    const across = { bank_account_id: 2, congregation_id: 8 };
    expect(sides(movement({ kind: 'transfer', amount_cents: -500, linked: across }))).toEqual([
      [13, 1001, 500, 7],
    ]);
    expect(
      sides({
        source: 'expense',
        date: '2026-03-02',
        description: 'Aluguel',
        amount_cents: 120_000,
        category_id: 402,
        congregation_id: 7,
        on_card: false,
      }),
    ).toEqual([[402, 21, 120_000, 7]]);
    expect(
      sides({
        source: 'opening',
        date: '2026-01-01',
        description: 'Saldo inicial',
        amount_cents: 10_000,
        bank_account_id: 3,
        congregation_id: 7,
      }),
    ).toEqual([[1003, 23, 10_000, 7]]);
  });
});

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const SEED = Number(process.env.ADAM_TEST_SEED ?? 2027);
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const endOf = (month: string) => lastDayOf(month);

describe('balancete (trial_balance) over random books', () => {
  let t: TestApp;
  let api: Api;
  const congregations: number[] = [];
  let accounts: Array<{ id: number; congregation_id: number; ledger: number }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    const rnd = random(SEED);
    const A = await insertCongregation(t, 'Congregação Alfa');
    const B = await insertCongregation(t, 'Congregação Beta');
    congregations.push(1, A, B);
    const account = async (name: string, congregation_id: number, opening_date: string) => {
      const row = await created(api, '/api/bank_accounts', {
        name,
        kind: 'checking',
        congregation_id,
        opening_balance_cents: rnd.int(-5_000, 500_000),
        opening_date,
      });
      return { id: row.id as number, congregation_id, ledger: row.ledger_account_id as number };
    };
    accounts = [
      await account('Conta da sede', 1, '2026-01-01'),
      await account('Caixa da sede', 1, '2026-01-01'),
      await account('Conta da Alfa', A, '2026-01-01'),
      await account('Conta da Beta', B, '2026-02-15'),
    ];
    const card = await created(api, '/api/credit_cards', {
      name: 'Cartão da sede',
      closing_day: 5,
      due_day: 15,
      bank_account_id: accounts[0].id,
    });
    const leaves = async (kind: string) =>
      (
        (
          await api(
            'GET',
            `/api/finance_categories?${query({ filter: { kind, postable: true }, range: [0, 499] })}`,
          )
        ).json() as Row[]
      ).map((row) => row.id as number);
    const incomeLeaves = await leaves('income');
    const expenseLeaves = await leaves('expense');
    const day = (account: { id: number }) => {
      const from = account.id === accounts[3].id ? 46 : 1; // the Beta's account opens on 15/02
      const n = rnd.int(from, 119);
      return new Date(Date.UTC(2026, 0, n)).toISOString().slice(0, 10);
    };

    for (let i = 0; i < 70; i++) {
      const on = rnd.pick(accounts);
      const date = day(on);
      const amount_cents = rnd.int(1, 250_000);
      const roll = rnd.int(1, 10);
      if (roll <= 4) {
        await created(api, '/api/incomes', {
          congregation_id: on.congregation_id,
          category_id: rnd.pick(incomeLeaves),
          amount_cents,
          date,
          bank_account_id: on.id,
          payment_method: 'pix',
        });
      } else if (roll <= 7) {
        const card = roll === 7;
        await created(api, '/api/expenses', {
          congregation_id: on.congregation_id,
          description: `Despesa ${i}`,
          category_id: rnd.pick(expenseLeaves),
          amount_cents,
          date,
          installments: card ? 1 : rnd.pick([1, 1, 2, 3]),
          ...(card
            ? { credit_card_id: cardId() }
            : rnd.chance(0.5)
              ? { bank_account_id: on.id, payment_method: 'pix', paid_on: date, installments: 1 }
              : { bank_account_id: on.id, payment_method: 'boleto', due_date: date }),
        });
      } else if (roll <= 9) {
        const to = rnd.pick(accounts.filter((other) => other.id !== on.id));
        const later = date > day(to) ? date : day(to);
        await created(api, '/api/transactions', {
          kind: 'transfer',
          from_account_id: on.id,
          to_account_id: to.id,
          amount_cents,
          date: later,
          description: `Transferência ${i}`,
        });
      } else {
        await created(api, '/api/transactions', {
          kind: 'adjustment',
          bank_account_id: on.id,
          amount_cents: rnd.chance(0.5) ? amount_cents : -amount_cents,
          date,
          description: `Ajuste ${i}`,
        });
      }
    }
    function cardId() {
      return card.id as number;
    }
    // Pay some bills and invoices due by April, some with interest.
    const open = (
      await api(
        'GET',
        `/api/accounts_payable?${query({ filter: { status: 'open' }, range: [0, 499] })}`,
      )
    ).json() as Row[];
    for (const payable of open) {
      if (payable.due_date > '2026-04-30' || !rnd.chance(0.7)) continue;
      const from = accounts[0];
      const paid_on = payable.due_date < '2026-01-02' ? '2026-01-02' : payable.due_date;
      const response = await api('POST', `/api/accounts_payable/${payable.id}/pay`, {
        paid_on,
        bank_account_id: from.id,
        amount_cents: Number(payable.amount_cents) + (rnd.chance(0.3) ? rnd.int(1, 999) : 0),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const balancete = async (month: string, congregation?: number) => {
    const filter =
      congregation === undefined ? { month } : { month, congregation_id: congregation };
    const response = await api(
      'GET',
      `/api/reports/finance/trial_balance?${query({ filter, range: [0, 999] })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  it('balances, matches every bank statement and carries each close into the next month', async () => {
    const { db } = t.database;
    const movements = await db
      .selectFrom('transactions')
      .select(['bank_account_id', 'date', 'amount_cents'])
      .execute();
    const banks = await db
      .selectFrom('bank_accounts')
      .select(['id', 'opening_balance_cents', 'opening_date'])
      .execute();
    const statement = (id: number, end: string) => {
      const bank = banks.find((row) => row.id === id)!;
      const opening = String(bank.opening_date) <= end ? Number(bank.opening_balance_cents) : 0;
      return movements
        .filter((row) => row.bank_account_id === id && String(row.date) <= end)
        .reduce((sum, row) => sum + Number(row.amount_cents), opening);
    };
    let checked = 0;
    for (const scope of [undefined, ...congregations]) {
      let previous: Map<string, number> | null = null;
      const debitsByMonth: number[] = [];
      for (const month of MONTHS) {
        const rows = await balancete(month, scope);
        const total = rows.at(-1)!;
        expect(total.is_total).toBe(true);
        expect(total.debit_cents, `${month} ${scope}`).toBe(total.credit_cents);
        expect(total.opening_cents).toBe(0);
        expect(total.closing_cents).toBe(0);
        debitsByMonth.push(total.debit_cents);
        const byId = new Map(rows.map((row) => [row.id as number, row]));
        for (const account of accounts) {
          if (scope !== undefined && account.congregation_id !== scope) continue;
          const row = byId.get(account.ledger);
          expect(row?.closing_cents ?? 0, `conta ${account.id} em ${month}`).toBe(
            statement(account.id, endOf(month)),
          );
          checked++;
        }
        // A group is the sum of its subaccounts.
        for (const row of rows.filter((row) => !row.leaf && !row.is_total)) {
          const children = rows.filter(
            (other) => other.code.startsWith(`${row.code}.`) && other.depth === row.depth + 1,
          );
          expect(children.reduce((sum, child) => sum + child.debit_cents, 0)).toBe(row.debit_cents);
        }
        if (previous) {
          for (const row of rows.filter((row) => !row.is_total)) {
            expect(row.opening_cents, `${row.code} em ${month}`).toBe(previous.get(row.code) ?? 0);
          }
        }
        previous = new Map(rows.map((row) => [row.code as string, row.closing_cents as number]));
      }
      expect(debitsByMonth.some((debits) => debits > 0)).toBe(true);
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('starts a new year with the results carried into the accumulated surplus', async () => {
    const april = await balancete('2026-04');
    const january = await balancete('2027-01');
    const closing = (code: string) => april.find((row) => row.code === code)?.closing_cents ?? 0;
    const opening = (rows: Row[], code: string) =>
      rows.find((row) => row.code === code)?.opening_cents ?? 0;
    expect(opening(january, '3')).toBe(0);
    expect(opening(january, '4')).toBe(0);
    expect(opening(january, '2.3.02')).toBe(closing('3') + closing('4') + closing('2.3.02'));
    expect(opening(january, '1.1')).toBe(closing('1.1'));
    expect(january.at(-1)!.opening_cents).toBe(0);
  });

  it('consolidated is the sum of the congregations', async () => {
    for (const month of MONTHS) {
      const whole = (await balancete(month)).at(-1)!;
      let debits = 0;
      for (const congregation of congregations) {
        debits += (await balancete(month, congregation)).at(-1)!.debit_cents;
      }
      expect(debits).toBe(whole.debit_cents);
      // The sede with its sub-tree is the whole church here.
      const response = await api(
        'GET',
        `/api/reports/finance/trial_balance?${query({
          filter: { month, congregation_id: 1, include_subtree: true },
          range: [0, 999],
        })}`,
      );
      expect((response.json() as Row[]).at(-1)!.debit_cents).toBe(whole.debit_cents);
      // The same as plain parameters, as every finance report takes them.
      for (const congregation of congregations) {
        const plain = await api(
          'GET',
          `/api/reports/finance/trial_balance?month=${month}&congregation_id=${congregation}&range=[0,999]`,
        );
        expect(plain.statusCode, plain.body).toBe(200);
        expect(plain.json()).toEqual(await balancete(month, congregation));
      }
    }
  });

  /**
   * Every account's opening balance of `month` as the journal gives it walked entry by entry
   * from the first fact, receitas and despesas of earlier years carried into 2.3.02; and the
   * month's debits and credits, entry by entry.
   */
  async function openingsWalked(month: string, scope: number[] | null) {
    const { db } = t.database;
    const chart = await db
      .selectFrom('finance_categories')
      .select(['id', 'kind', 'role'])
      .execute();
    const surplus = chart.find((account) => account.role === 'surplus')!.id;
    const result = new Set(
      chart.filter((a) => a.kind === 'income' || a.kind === 'expense').map((a) => a.id),
    );
    const yearStart = `${month.slice(0, 4)}-01-01`;
    const balances = new Map<number, number>();
    const moved = new Map<number, [number, number]>();
    const before = `${month}-01`;
    for await (const entries of journal(db, scope, null, endOf(month))) {
      for (const entry of entries) {
        if (entry.date >= before) {
          const [debit] = moved.get(entry.debit) ?? [0, 0];
          moved.set(entry.debit, [debit + entry.amount_cents, moved.get(entry.debit)?.[1] ?? 0]);
          const [d, credit] = moved.get(entry.credit) ?? [0, 0];
          moved.set(entry.credit, [d, credit + entry.amount_cents]);
          continue;
        }
        const early = entry.date < yearStart;
        const debit = early && result.has(entry.debit) ? surplus : entry.debit;
        const credit = early && result.has(entry.credit) ? surplus : entry.credit;
        balances.set(debit, (balances.get(debit) ?? 0) + entry.amount_cents);
        balances.set(credit, (balances.get(credit) ?? 0) - entry.amount_cents);
      }
    }
    return { balances, moved };
  }

  it('keeps its monthly sums through edits, deletes and a month closed and reopened', async () => {
    const rnd = random(SEED + 1);
    const { db } = t.database;
    const incomes = (
      await api('GET', `/api/incomes?${query({ range: [0, 499] })}`)
    ).json() as Row[];
    const expenses = (
      await api('GET', `/api/expenses?${query({ range: [0, 499] })}`)
    ).json() as Row[];
    const incomeLeaves = [...new Set(incomes.map((row) => row.category_id as number))];
    const funds = [
      null,
      (await created(api, '/api/finance_funds', { name: 'Missões', restricted: true })).id,
    ];
    const anotherMonth = (date: string) =>
      `${rnd.pick(MONTHS)}-${String(rnd.int(1, 28)).padStart(2, '0')}`.slice(0, 10) || date;
    for (const income of incomes.slice(0, 12)) {
      const response = await api('PUT', `/api/incomes/${income.id}`, {
        amount_cents: rnd.int(1, 90_000),
        category_id: rnd.pick(incomeLeaves),
        date: anotherMonth(String(income.date)),
        fund_id: rnd.pick(funds),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const income of incomes.slice(12, 16)) {
      expect((await api('DELETE', `/api/incomes/${income.id}`)).statusCode).toBe(200);
    }
    for (const expense of expenses
      .filter((row) => row.status === 'pending' && row.credit_card_id === null)
      .slice(0, 6)) {
      const response = await api('PUT', `/api/expenses/${expense.id}`, {
        amount_cents: rnd.int(1, 90_000),
        date: anotherMonth(String(expense.date)),
        fund_id: rnd.pick(funds),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const expense of expenses
      .filter((row) => row.status === 'pending' && row.credit_card_id === null)
      .slice(6, 9)) {
      expect((await api('DELETE', `/api/expenses/${expense.id}`)).statusCode).toBe(200);
    }
    const transfers = await db
      .selectFrom('transactions')
      .select('id')
      .where('kind', '=', 'transfer')
      .where('amount_cents', '<', 0)
      .limit(3)
      .execute();
    for (const transfer of transfers) {
      expect((await api('DELETE', `/api/transactions/${transfer.id}`)).statusCode).toBe(200);
    }
    await expectBalancesConsistent(t);

    // A month closed refuses the writes, and its sums stay as they were; reopened, it takes them.
    const approval = {
      approved_on: '2026-03-10',
      approvers: 'Ana Souza e Paulo Lima',
      opinion: 'O conselho fiscal aprova as contas.',
    };
    expect((await api('POST', '/api/finance/periods/2026-02/close', approval)).statusCode).toBe(
      200,
    );
    const sums = () =>
      db
        .selectFrom('finance_month_results')
        .selectAll()
        .orderBy('congregation_id')
        .orderBy('month')
        .orderBy('source')
        .orderBy('category_id')
        .orderBy('fund_id')
        .orderBy('on_card')
        .execute();
    const before = JSON.stringify(await sums());
    const february = incomes.find(
      (row) => String(row.date).startsWith('2026-02') && !incomes.slice(0, 16).includes(row),
    );
    if (february) {
      const refused = await api('PUT', `/api/incomes/${february.id}`, { amount_cents: 1 });
      expect(refused.statusCode).toBe(409);
    }
    const into = await api('POST', '/api/incomes', {
      congregation_id: accounts[0].congregation_id,
      category_id: incomeLeaves[0],
      amount_cents: 777,
      date: '2026-02-10',
      bank_account_id: accounts[0].id,
      payment_method: 'pix',
    });
    expect(into.statusCode).toBe(409);
    expect(JSON.stringify(await sums())).toBe(before);
    const reopened = await api('POST', '/api/finance/periods/2026-02/reopen', {
      reason: 'Lançamento esquecido',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    await created(api, '/api/incomes', {
      congregation_id: accounts[2].congregation_id,
      category_id: incomeLeaves[0],
      amount_cents: 777,
      date: '2026-02-10',
      bank_account_id: accounts[2].id,
      payment_method: 'pix',
    });
    // Late in the year a balancete reads its year's sums less the months after: some of those.
    await created(api, '/api/incomes', {
      congregation_id: accounts[0].congregation_id,
      category_id: incomeLeaves[1] ?? incomeLeaves[0],
      amount_cents: 4_321,
      date: '2026-11-03',
      bank_account_id: accounts[0].id,
      payment_method: 'pix',
    });
    await created(api, '/api/expenses', {
      congregation_id: accounts[2].congregation_id,
      description: 'Despesa de novembro',
      category_id: expenses[0].category_id,
      amount_cents: 1_234,
      date: '2026-11-20',
      bank_account_id: accounts[2].id,
      payment_method: 'boleto',
      due_date: '2026-11-20',
    });
    await expectBalancesConsistent(t);

    // Every opening balance read from the sums is the journal walked movement by movement.
    let compared = 0;
    for (const scope of [null, ...congregations.map((id) => [id])]) {
      for (const month of [...MONTHS, '2026-09', '2026-11', '2026-12', '2027-01']) {
        const { balances: walked, moved } = await openingsWalked(month, scope);
        const rows = await balancete(month, scope?.[0]);
        for (const row of rows.filter((row) => row.leaf && !row.is_total)) {
          expect(row.opening_cents, `${row.code} em ${month}, ${scope}`).toBe(
            walked.get(row.id as number) ?? 0,
          );
          expect([row.debit_cents, row.credit_cents], `${row.code} em ${month}`).toEqual(
            moved.get(row.id as number) ?? [0, 0],
          );
          compared++;
        }
        // Every account the month's entries touched is on the balancete with those sides.
        for (const [id, sides] of moved) {
          const row = rows.find((other) => other.id === id);
          expect([row?.debit_cents, row?.credit_cents], `conta ${id} em ${month}`).toEqual(sides);
        }
        for (const [id, cents] of walked) {
          if (cents === 0) continue;
          expect(rows.find((row) => row.id === id)?.opening_cents, `conta ${id} em ${month}`).toBe(
            cents,
          );
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('answers a bad month with a 400 in Portuguese', async () => {
    const response = await api(
      'GET',
      `/api/reports/finance/trial_balance?${query({ filter: { month: '2026-13' } })}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Filtro month inválido: use AAAA-MM.');
  });
});
