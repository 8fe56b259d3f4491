// Races on one record: the same requests sent at once (on PostgreSQL each on its own
// connection, truly in parallel; SQLite serialises them), several rounds each. After every
// race the outcome is one of the serial ones and the ledger adds up: no double payment, no
// lost update, every balance equal to the opening balance plus the movements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiAs,
  categoryId,
  created,
  expectBalancesConsistent,
  type Row,
} from '../support/finance.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const ROUNDS = 8;

describe('corridas num mesmo registro', () => {
  let t: TestApp;
  let api: Api;
  let account: { id: number };
  let rent = 0;
  let tithes = 0;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial', 'secretary'], 'Tesoureira Rute'));
    rent = await categoryId(api, 'Aluguel');
    tithes = await categoryId(api, 'Dízimos');
    account = await created(api, '/api/bank_accounts', {
      name: 'Conta corrente',
      kind: 'checking',
      opening_balance_cents: 1_000_000,
      opening_date: '2026-01-01',
    });
  });
  afterAll(() => t.close());

  /** A new single-payment expense and its payable. */
  async function newPayable(round: number) {
    const expense = await created(api, '/api/expenses', {
      description: `Conta de luz ${round}`,
      category_id: rent,
      amount_cents: 10_000 + round,
      date: '2026-03-01',
      due_date: '2026-03-10',
      installments: 1,
      bank_account_id: account.id,
    });
    const payable = await t.database.db
      .selectFrom('accounts_payable')
      .selectAll()
      .where('expense_id', '=', expense.id)
      .executeTakeFirstOrThrow();
    return { expense, payable };
  }

  /** The payable's movements agree with its status: one when paid, none when open. */
  async function expectPaymentsConsistent(payableId: number) {
    const { db } = t.database;
    const payable = await db
      .selectFrom('accounts_payable')
      .selectAll()
      .where('id', '=', payableId)
      .executeTakeFirstOrThrow();
    const movements = await db
      .selectFrom('transactions')
      .select(['id', 'amount_cents'])
      .where('payable_id', '=', payableId)
      .execute();
    if (payable.status === 'paid') {
      expect(movements).toEqual([
        { id: payable.transaction_id, amount_cents: -payable.paid_amount_cents! },
      ]);
    } else {
      expect(movements).toEqual([]);
      expect(payable.transaction_id).toBeNull();
    }
    await expectBalancesConsistent(t);
    return payable;
  }

  const pay = (id: number) =>
    api('POST', `/api/accounts_payable/${id}/pay`, {
      paid_on: '2026-03-09',
      bank_account_id: account.id,
    });

  it('paying the same payable several times at once pays it once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { payable } = await newPayable(round);
      const answers = await Promise.all([1, 2, 3, 4].map(() => pay(payable.id)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
        'Esta conta já foi paga.',
      );
      expect((await expectPaymentsConsistent(payable.id)).status).toBe('paid');
    }
  });

  it('paying through the expense and through the payable at once pays it once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { expense, payable } = await newPayable(100 + round);
      const answers = await Promise.all([
        api('PUT', `/api/expenses/${expense.id}`, { paid_on: '2026-03-08' }),
        pay(payable.id),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      // The expense edit may come second and find it paid (then it keeps that payment) or
      // be refused; the payable's payment may be refused when the edit paid it first.
      expect(codes.filter((code) => code === 200).length, codes.join()).toBeGreaterThanOrEqual(1);
      expect(
        codes.every((code) => code === 200 || code === 409),
        answers.map((a) => a.body).join('\n'),
      ).toBe(true);
      expect((await expectPaymentsConsistent(payable.id)).status).toBe('paid');
      const stored = (await api('GET', `/api/expenses/${expense.id}`)).json();
      expect(stored.status).toBe('paid');
    }
  });

  it('paying against undoing the payment ends as one of the two orders', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { payable } = await newPayable(200 + round);
      expect((await pay(payable.id)).statusCode).toBe(200);
      const [undo, again] = await Promise.all([
        api('POST', `/api/accounts_payable/${payable.id}/unpay`),
        pay(payable.id),
      ]);
      expect(undo.statusCode, undo.body).toBe(200);
      const final = await expectPaymentsConsistent(payable.id);
      if (again.statusCode === 200) {
        // undo first, then paid again
        expect(final.status).toBe('paid');
      } else {
        // paid (already), then undone
        expect(again.statusCode, again.body).toBe(409);
        expect(final.status).toBe('pending');
      }
    }
  });

  it('undoing the same payment twice at once undoes it once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { payable } = await newPayable(300 + round);
      expect((await pay(payable.id)).statusCode).toBe(200);
      const answers = await Promise.all(
        [1, 2, 3].map(() => api('POST', `/api/accounts_payable/${payable.id}/unpay`)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect((await expectPaymentsConsistent(payable.id)).status).toBe('pending');
    }
  });

  it('approving and rejecting one registration at once: only one of them happens', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const pending = await created(api, '/api/members', {
        name: `Cadastro Pendente ${round}`,
        status: 'pending',
      });
      const [approve, reject] = await Promise.all([
        api('POST', `/api/registrations/${pending.id}/approve`),
        api('POST', `/api/registrations/${pending.id}/reject`),
      ]);
      const bodies = `${approve.body}\n${reject.body}`;
      // One wins. A rejection that lost finds the member no longer pending (409); an approval
      // that lost finds the registration either being removed (409) or already gone (404: the
      // rejection had committed before it looked).
      if (approve.statusCode === 200) expect(reject.statusCode, bodies).toBe(409);
      else {
        expect(reject.statusCode, bodies).toBe(200);
        expect([404, 409], bodies).toContain(approve.statusCode);
      }
      const member = await t.database.db
        .selectFrom('members')
        .select('status')
        .where('id', '=', pending.id)
        .executeTakeFirst();
      if (approve.statusCode === 200) expect(member?.status).toBe('active');
      else expect(member).toBeUndefined();
    }
  });

  it('approving one registration twice at once approves it once', async () => {
    const pending = await created(api, '/api/members', {
      name: 'Cadastro Repetido',
      status: 'pending',
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/api/registrations/${pending.id}/approve`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('parallel edits of one income: no change is lost and its movement follows', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const income = await created(api, '/api/incomes', {
        category_id: tithes,
        amount_cents: 5_000,
        date: '2026-04-05',
        bank_account_id: account.id,
        payment_method: 'pix',
        description: 'Dízimo',
      });
      const answers = await Promise.all([
        api('PUT', `/api/incomes/${income.id}`, { amount_cents: 7_000 + round }),
        api('PUT', `/api/incomes/${income.id}`, { description: `Dízimo de abril ${round}` }),
        api('PUT', `/api/incomes/${income.id}`, { date: '2026-05-06' }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const stored = (await api('GET', `/api/incomes/${income.id}`)).json() as Row;
      expect(stored).toMatchObject({
        amount_cents: 7_000 + round,
        description: `Dízimo de abril ${round}`,
        date: '2026-05-06',
      });
      const movement = (await api('GET', `/api/transactions/${stored.transaction_id}`)).json();
      expect(movement).toMatchObject({ amount_cents: 7_000 + round, date: '2026-05-06' });
      await expectBalancesConsistent(t);
    }
  });

  it('parallel edits of one paid expense: no change is lost and its payment follows', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { expense, payable } = await newPayable(400 + round);
      expect((await pay(payable.id)).statusCode).toBe(200);
      const answers = await Promise.all([
        api('PUT', `/api/expenses/${expense.id}`, { amount_cents: 20_000 + round }),
        api('PUT', `/api/expenses/${expense.id}`, { description: `Conta de água ${round}` }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const stored = (await api('GET', `/api/expenses/${expense.id}`)).json() as Row;
      expect(stored).toMatchObject({
        amount_cents: 20_000 + round,
        description: `Conta de água ${round}`,
        status: 'paid',
      });
      const final = await expectPaymentsConsistent(payable.id);
      expect(final.paid_amount_cents).toBe(20_000 + round);
    }
  });

  it('parallel amount edits of one income leave the balance equal to the last one', async () => {
    const income = await created(api, '/api/incomes', {
      category_id: tithes,
      amount_cents: 1_000,
      date: '2026-04-07',
      bank_account_id: account.id,
      payment_method: 'cash',
    });
    const amounts = [2_000, 3_000, 4_000, 5_000, 6_000];
    const answers = await Promise.all(
      amounts.map((amount) => api('PUT', `/api/incomes/${income.id}`, { amount_cents: amount })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const stored = (await api('GET', `/api/incomes/${income.id}`)).json() as Row;
    expect(amounts).toContain(stored.amount_cents);
    const movement = (await api('GET', `/api/transactions/${stored.transaction_id}`)).json();
    expect(movement.amount_cents).toBe(stored.amount_cents);
    await expectBalancesConsistent(t);
  });
  it('parallel deletes of one income, one paid expense and one transfer: one 200, the other 404, each movement reversed once', async () => {
    const cash = await created(api, '/api/bank_accounts', {
      name: 'Caixa',
      kind: 'cash',
      opening_balance_cents: 50_000,
      opening_date: '2026-01-01',
    });
    for (let round = 0; round < ROUNDS; round++) {
      const income = await created(api, '/api/incomes', {
        category_id: tithes,
        amount_cents: 3_000 + round,
        date: '2026-05-03',
        bank_account_id: account.id,
        payment_method: 'pix',
      });
      const expense = await created(api, '/api/expenses', {
        description: `Material ${round}`,
        category_id: rent,
        amount_cents: 2_000 + round,
        date: '2026-05-04',
        due_date: '2026-05-04',
        bank_account_id: account.id,
        paid: true,
        payment_method: 'pix',
      });
      const transfer = await created(api, '/api/transactions', {
        kind: 'transfer',
        from_account_id: account.id,
        to_account_id: cash.id,
        amount_cents: 1_000 + round,
        date: '2026-05-05',
      });
      for (const url of [
        `/api/incomes/${income.id}`,
        `/api/expenses/${expense.id}`,
        `/api/transactions/${transfer.id}`,
      ]) {
        const answers = await Promise.all([api('DELETE', url), api('DELETE', url)]);
        expect(answers.map((answer) => answer.statusCode).sort(), url).toEqual([200, 404]);
        await expectBalancesConsistent(t);
      }
    }
  });
  it('parallel deletes of one member, one department and one user: one 200, the other 404', async () => {
    const admin = apiAs(t, await t.userWithRoles(['admin'], 'Pastor Elias'));
    for (let round = 0; round < ROUNDS; round++) {
      const member = await created(api, '/api/members', { name: `Visitante ${round}` });
      const department = await created(api, '/api/departments', { name: `Coral ${round}` });
      const user = await created(admin, '/api/users', {
        name: `Auxiliar ${round}`,
        email: `auxiliar${round}@igreja.org`,
        password: 'senha-longa-123',
        roles: ['secretary'],
      });
      for (const [who, url] of [
        [api, `/api/members/${member.id}`],
        [api, `/api/departments/${department.id}`],
        [admin, `/api/users/${user.id}`],
      ] as const) {
        const answers = await Promise.all([who('DELETE', url), who('DELETE', url)]);
        expect(answers.map((answer) => answer.statusCode).sort(), url).toEqual([200, 404]);
      }
    }
  });
});
