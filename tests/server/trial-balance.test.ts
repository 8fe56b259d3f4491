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
  insertCongregation,
  query,
} from '../support/finance.js';
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
const endOf = (month: string) =>
  `${month}-${month === '2026-02' ? '28' : month === '2026-04' ? '30' : '31'}`;

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
    }
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
