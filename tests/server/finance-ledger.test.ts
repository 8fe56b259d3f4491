// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Accounts, incomes, expenses, payables, transfers and balances against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/finance/installments.js';
import { todayIso } from '../../domain/dates.js';
import {
  type Api,
  apiAs,
  categoryId,
  created,
  expectBalancesConsistent,
  query,
  type Row,
} from '../support/finance.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

describe('finance: ledger', () => {
  let t: TestApp;
  let api: Api;
  let checking: { id: number };
  let cash: { id: number };
  let tithes = 0;
  let offerings = 0;
  let rent = 0;
  let energy = 0;
  const today = todayIso();

  const account = async (id: number) => (await api('GET', `/api/bank_accounts/${id}`)).json();
  const payablesOf = async (expenseId: number) =>
    (
      await api(
        'GET',
        `/api/accounts_payable?${query({ filter: { expense_id: expenseId }, sort: ['due_date', 'ASC'] })}`,
      )
    ).json() as Array<Row>;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira Ana'));
    tithes = await categoryId(api, 'Dízimos');
    offerings = await categoryId(api, 'Ofertas');
    rent = await categoryId(api, 'Aluguel');
    energy = await categoryId(api, 'Energia');
    checking = await created(api, '/api/bank_accounts', {
      name: 'Conta corrente Banco do Brasil',
      kind: 'checking',
      bank: 'Banco do Brasil',
      agency: '1234-5',
      account_number: '67890-1',
      opening_balance_cents: 100_000,
      opening_date: '2026-01-01',
    });
    cash = await created(api, '/api/bank_accounts', {
      name: 'Caixa da tesouraria',
      kind: 'cash',
      opening_balance_cents: 5_000,
      opening_date: '2026-01-01',
    });
  });
  afterAll(() => t.close());

  it('seeds the categories of a church', async () => {
    const response = await api('GET', `/api/finance_categories?${query({ range: [0, 99] })}`);
    const names = (response.json() as Array<{ name: string; kind: string }>).map(
      (row) => `${row.kind}:${row.name}`,
    );
    for (const name of [
      'income:Dízimos',
      'income:Ofertas missionárias',
      'expense:Prebenda pastoral',
      'expense:Água',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('a new account starts at its opening balance', async () => {
    const row = await account(checking.id);
    expect(row).toMatchObject({ balance_cents: 100_000, active: true, kind: 'checking' });
  });

  it('refuses an account without name or opening date, in Portuguese', async () => {
    const response = await api('POST', '/api/bank_accounts', { kind: 'checking' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      name: 'Informe o nome da conta.',
      opening_date: 'Informe a data do saldo inicial.',
    });
  });

  it('an income is a movement on its account; editing and deleting it follow', async () => {
    const income = await created(api, '/api/incomes', {
      category_id: tithes,
      amount_cents: 25_050,
      date: '2026-03-01',
      bank_account_id: checking.id,
      payment_method: 'pix',
    });
    expect(income.transaction_id).toBeGreaterThan(0);
    expect((await account(checking.id)).balance_cents).toBe(125_050);

    const moved = await api('PUT', `/api/incomes/${income.id}`, {
      amount_cents: 30_000,
      bank_account_id: cash.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await account(checking.id)).balance_cents).toBe(100_000);
    expect((await account(cash.id)).balance_cents).toBe(35_000);
    const movement = (await api('GET', `/api/transactions/${income.transaction_id}`)).json();
    expect(movement).toMatchObject({
      bank_account_id: cash.id,
      amount_cents: 30_000,
      kind: 'income',
      description: 'Dízimos',
    });

    const removed = await api('DELETE', `/api/incomes/${income.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await account(cash.id)).balance_cents).toBe(5_000);
    expect((await api('GET', `/api/transactions/${income.transaction_id}`)).statusCode).toBe(404);
    await expectBalancesConsistent(t);
  });

  it('refuses an income in an expense category', async () => {
    const response = await api('POST', '/api/incomes', {
      category_id: rent,
      amount_cents: 100,
      date: '2026-03-01',
      bank_account_id: checking.id,
      payment_method: 'cash',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.category_id).toBe('Escolha uma categoria de receita.');
  });

  it('records the offerings of a service at once, all or nothing', async () => {
    const bad = await api('POST', '/api/incomes/batch', {
      date: '2026-03-08',
      bank_account_id: cash.id,
      lines: [
        { category_id: offerings, amount_cents: 10_000, payment_method: 'cash' },
        { category_id: rent, amount_cents: 5_000, payment_method: 'pix' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['lines.1.category_id']).toBe('Escolha uma categoria de receita.');
    expect((await account(cash.id)).balance_cents).toBe(5_000);

    const response = await api('POST', '/api/incomes/batch', {
      date: '2026-03-08',
      bank_account_id: cash.id,
      description: 'Culto de domingo à noite',
      lines: [
        { category_id: offerings, amount_cents: 10_000, payment_method: 'cash' },
        { category_id: tithes, amount_cents: 5_000, payment_method: 'pix' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toHaveLength(2);
    expect((await account(cash.id)).balance_cents).toBe(20_000);
  });

  it('splits an expense into monthly instalments, the rounding centavo on the last', async () => {
    const expense = await created(api, '/api/expenses', {
      description: 'Conserto do telhado',
      category_id: rent,
      amount_cents: 10_000,
      date: '2026-01-20',
      due_date: '2026-01-31',
      installments: 3,
      bank_account_id: checking.id,
    });
    expect(expense).toMatchObject({ status: 'pending', paid_on: null, installments: 3 });
    const parts = await payablesOf(expense.id);
    expect(parts.map((part) => part.amount_cents)).toEqual([3_333, 3_333, 3_334]);
    expect(parts.map((part) => part.due_date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(parts.map((part) => part.description)).toEqual([
      'Conserto do telhado (1/3)',
      'Conserto do telhado (2/3)',
      'Conserto do telhado (3/3)',
    ]);
    expect(expense.schedule).toHaveLength(3);
  });

  it('splits R$ 1.234,56 in 3 equal parts and R$ 0,10 in 3 as 0,03 + 0,03 + 0,04', async () => {
    const big = await created(api, '/api/expenses', {
      description: 'Som novo',
      category_id: rent,
      amount_cents: 123_456,
      date: '2026-02-01',
      due_date: '2026-02-10',
      installments: 3,
      bank_account_id: checking.id,
    });
    expect((await payablesOf(big.id)).map((part) => part.amount_cents)).toEqual([
      41_152, 41_152, 41_152,
    ]);
    const small = await created(api, '/api/expenses', {
      description: 'Tarifa',
      category_id: rent,
      amount_cents: 10,
      date: '2026-02-01',
      due_date: '2026-02-10',
      installments: 3,
      bank_account_id: checking.id,
    });
    expect((await payablesOf(small.id)).map((part) => part.amount_cents)).toEqual([3, 3, 4]);
  });

  it('paying an instalment creates the movement; paying twice is refused; undoing restores', async () => {
    const expense = await created(api, '/api/expenses', {
      description: 'Cadeiras',
      category_id: rent,
      amount_cents: 30_000,
      date: '2026-03-01',
      due_date: '2026-03-10',
      installments: 3,
      bank_account_id: checking.id,
    });
    const [first] = await payablesOf(expense.id);
    const before = (await account(checking.id)).balance_cents;
    const paid = await api('POST', `/api/accounts_payable/${first.id}/pay`, {
      paid_on: '2026-03-09',
      bank_account_id: checking.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'paid',
      paid_on: '2026-03-09',
      paid_amount_cents: 10_000,
    });
    expect((await account(checking.id)).balance_cents).toBe(before - 10_000);
    const movement = (await api('GET', `/api/transactions/${paid.json().transaction_id}`)).json();
    expect(movement).toMatchObject({
      kind: 'expense',
      amount_cents: -10_000,
      date: '2026-03-09',
      expense_id: expense.id,
      payable_id: first.id,
      category_id: rent,
      description: 'Cadeiras (1/3)',
    });
    expect((await api('GET', `/api/expenses/${expense.id}`)).json().status).toBe('partial');

    const again = await api('POST', `/api/accounts_payable/${first.id}/pay`, {
      paid_on: '2026-03-09',
      bank_account_id: checking.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta conta já foi paga.');

    const edit = await api('PUT', `/api/expenses/${expense.id}`, { amount_cents: 40_000 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/parcelas pagas/);

    const undo = await api('POST', `/api/accounts_payable/${first.id}/unpay`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().status).not.toBe('paid');
    expect((await account(checking.id)).balance_cents).toBe(before);
    expect((await api('GET', `/api/expenses/${expense.id}`)).json().status).toBe('pending');
    await expectBalancesConsistent(t);
  });

  it('pays with interest: the movement carries what was really paid', async () => {
    const expense = await created(api, '/api/expenses', {
      description: 'Conta de luz de fevereiro',
      category_id: energy,
      amount_cents: 20_000,
      date: '2026-02-01',
      due_date: '2026-02-15',
      bank_account_id: checking.id,
    });
    const [part] = await payablesOf(expense.id);
    const before = (await account(checking.id)).balance_cents;
    const paid = await api('POST', `/api/accounts_payable/${part.id}/pay`, {
      paid_on: '2026-02-20',
      bank_account_id: checking.id,
      amount_cents: 20_450,
    });
    expect(paid.statusCode).toBe(200);
    expect((await account(checking.id)).balance_cents).toBe(before - 20_450);
    const expenseAfter = (await api('GET', `/api/expenses/${expense.id}`)).json();
    expect(expenseAfter).toMatchObject({ status: 'paid', paid_on: '2026-02-20' });
  });

  it('an expense paid now: editing it adjusts its movement, deleting it removes the movement', async () => {
    const before = (await account(checking.id)).balance_cents;
    const expense = await created(api, '/api/expenses', {
      description: 'Material de limpeza',
      category_id: rent,
      amount_cents: 8_000,
      date: '2026-03-02',
      paid_on: '2026-03-02',
      bank_account_id: checking.id,
      payment_method: 'pix',
    });
    expect(expense).toMatchObject({
      status: 'paid',
      paid_on: '2026-03-02',
      due_date: '2026-03-02',
    });
    expect((await account(checking.id)).balance_cents).toBe(before - 8_000);
    const [part] = await payablesOf(expense.id);

    const edited = await api('PUT', `/api/expenses/${expense.id}`, {
      amount_cents: 9_500,
      paid_on: '2026-03-03',
      category_id: energy,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await account(checking.id)).balance_cents).toBe(before - 9_500);
    const movement = (await api('GET', `/api/transactions/${part.transaction_id}`)).json();
    expect(movement).toMatchObject({
      amount_cents: -9_500,
      date: '2026-03-03',
      category_id: energy,
    });

    const moved = await api('PUT', `/api/expenses/${expense.id}`, { bank_account_id: cash.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await account(checking.id)).balance_cents).toBe(before);
    expect((await account(cash.id)).balance_cents).toBe(20_000 - 9_500);

    const unpaid = await api('PUT', `/api/expenses/${expense.id}`, {
      paid_on: null,
      due_date: '2026-04-01',
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ status: 'pending', paid_on: null });
    expect((await account(cash.id)).balance_cents).toBe(20_000);

    const paidAgain = await api('PUT', `/api/expenses/${expense.id}`, { paid_on: '2026-03-05' });
    expect(paidAgain.statusCode).toBe(200);
    expect((await account(cash.id)).balance_cents).toBe(10_500);

    const removed = await api('DELETE', `/api/expenses/${expense.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await account(cash.id)).balance_cents).toBe(20_000);
    expect(await payablesOf(expense.id)).toEqual([]);
    await expectBalancesConsistent(t);
  });

  it('deleting an expense with paid instalments removes their movements', async () => {
    const expense = await created(api, '/api/expenses', {
      description: 'Reforma do banheiro',
      category_id: rent,
      amount_cents: 60_000,
      date: '2026-01-05',
      due_date: '2026-01-10',
      installments: 2,
      bank_account_id: checking.id,
    });
    const before = (await account(checking.id)).balance_cents;
    const [first] = await payablesOf(expense.id);
    await api('POST', `/api/accounts_payable/${first.id}/pay`, {
      paid_on: '2026-01-10',
      bank_account_id: checking.id,
    });
    expect((await account(checking.id)).balance_cents).toBe(before - 30_000);
    expect((await api('DELETE', `/api/expenses/${expense.id}`)).statusCode).toBe(200);
    expect((await account(checking.id)).balance_cents).toBe(before);
    await expectBalancesConsistent(t);
  });

  it('editing the description of an instalment plan relabels instalments and movements', async () => {
    const expense = await created(api, '/api/expenses', {
      description: 'Projetor',
      category_id: rent,
      amount_cents: 20_000,
      date: '2026-01-05',
      due_date: '2026-01-10',
      installments: 2,
      bank_account_id: checking.id,
    });
    const [first] = await payablesOf(expense.id);
    const paid = (
      await api('POST', `/api/accounts_payable/${first.id}/pay`, {
        paid_on: '2026-01-10',
        bank_account_id: checking.id,
      })
    ).json();
    const edited = await api('PUT', `/api/expenses/${expense.id}`, {
      description: 'Projetor da nave',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await payablesOf(expense.id)).map((part) => part.description)).toEqual([
      'Projetor da nave (1/2)',
      'Projetor da nave (2/2)',
    ]);
    expect((await api('GET', `/api/transactions/${paid.transaction_id}`)).json().description).toBe(
      'Projetor da nave (1/2)',
    );
  });

  it('refuses an expense without account or card, and with both', async () => {
    const base = {
      description: 'X',
      category_id: rent,
      amount_cents: 100,
      date: '2026-01-01',
      due_date: '2026-01-01',
    };
    const none = await api('POST', '/api/expenses', base);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.bank_account_id).toBe(
      'Escolha a conta bancária ou o cartão de crédito.',
    );
    const split = await api('POST', '/api/expenses', {
      ...base,
      bank_account_id: checking.id,
      installments: 2,
      paid_on: '2026-01-01',
    });
    expect(split.json().errors.paid_on).toMatch(/Contas a pagar/);
    const noDue = await api('POST', '/api/expenses', {
      ...base,
      due_date: null,
      bank_account_id: checking.id,
    });
    expect(noDue.json().errors.due_date).toBe('Informe o vencimento.');
  });

  it('lists payables by due date, highlights the overdue ones and filters by status and period', async () => {
    const late = await created(api, '/api/expenses', {
      description: 'Água atrasada',
      category_id: rent,
      amount_cents: 4_000,
      date: addDays(today, -40),
      due_date: addDays(today, -5),
      bank_account_id: checking.id,
    });
    const soon = await created(api, '/api/expenses', {
      description: 'Internet',
      category_id: rent,
      amount_cents: 9_990,
      date: today,
      due_date: addDays(today, 10),
      bank_account_id: checking.id,
    });
    const overdue = (
      await api(
        'GET',
        `/api/accounts_payable?${query({ filter: { status: 'overdue' }, range: [0, 999] })}`,
      )
    ).json() as Array<Row>;
    expect(overdue.some((row) => row.expense_id === late.id)).toBe(true);
    expect(overdue.every((row) => row.status === 'overdue' && row.due_date < today)).toBe(true);

    const open = await api(
      'GET',
      `/api/accounts_payable?${query({ filter: { status: 'open', due_date_gte: today, due_date_lte: addDays(today, 30) } })}`,
    );
    const rows = open.json() as Array<Row>;
    expect(rows.map((row) => row.expense_id)).toContain(soon.id);
    expect(rows.map((row) => row.expense_id)).not.toContain(late.id);
    const dues = rows.map((row) => row.due_date);
    expect([...dues].sort()).toEqual(dues);
    expect(String(open.headers['content-range'])).toMatch(/^accounts_payable /);

    const summary = (
      await api('GET', `/api/accounts_payable/summary?${query({ filter: { status: 'open' } })}`)
    ).json();
    expect(summary.overdue_cents).toBeGreaterThanOrEqual(4_000);
    expect(summary.open_cents).toBeGreaterThanOrEqual(summary.overdue_cents + 9_990);

    const bad = await api(
      'GET',
      `/api/accounts_payable?${query({ filter: { status: 'whatever' } })}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('transfers money as two linked movements; deleting one removes both', async () => {
    const from = (await account(checking.id)).balance_cents;
    const to = (await account(cash.id)).balance_cents;
    const transfer = await created(api, '/api/transactions', {
      kind: 'transfer',
      from_account_id: checking.id,
      to_account_id: cash.id,
      amount_cents: 12_345,
      date: '2026-03-10',
    });
    expect(transfer).toMatchObject({
      kind: 'transfer',
      amount_cents: -12_345,
      bank_account_id: checking.id,
    });
    const other = (await api('GET', `/api/transactions/${transfer.linked_id}`)).json();
    expect(other).toMatchObject({
      kind: 'transfer',
      amount_cents: 12_345,
      bank_account_id: cash.id,
      linked_id: transfer.id,
    });
    expect(other.description).toBe('Transferência de Conta corrente Banco do Brasil');
    expect((await account(checking.id)).balance_cents).toBe(from - 12_345);
    expect((await account(cash.id)).balance_cents).toBe(to + 12_345);

    const same = await api('POST', '/api/transactions', {
      kind: 'transfer',
      from_account_id: cash.id,
      to_account_id: cash.id,
      amount_cents: 1,
      date: '2026-03-10',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.to_account_id).toBe(
      'A conta de destino deve ser diferente da de origem.',
    );

    expect((await api('DELETE', `/api/transactions/${other.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/transactions/${transfer.id}`)).statusCode).toBe(404);
    expect((await account(checking.id)).balance_cents).toBe(from);
    expect((await account(cash.id)).balance_cents).toBe(to);
  });

  it('refuses to delete the movement of an income: the income owns it', async () => {
    const income = await created(api, '/api/incomes', {
      category_id: offerings,
      amount_cents: 1_000,
      date: '2026-03-15',
      bank_account_id: cash.id,
      payment_method: 'cash',
    });
    const response = await api('DELETE', `/api/transactions/${income.transaction_id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/receita/);
  });

  it('adjusts a balance with a signed movement', async () => {
    const before = (await account(cash.id)).balance_cents;
    const adjustment = await created(api, '/api/transactions', {
      kind: 'adjustment',
      bank_account_id: cash.id,
      amount_cents: -250,
      date: '2026-03-16',
      description: 'Diferença de caixa',
    });
    expect(adjustment.kind).toBe('adjustment');
    expect((await account(cash.id)).balance_cents).toBe(before - 250);
  });

  it('lists movements filtered by account, month and kind, with totals', async () => {
    const filter = { bank_account_id: cash.id, date_gte: '2026-03-01', date_lte: '2026-03-31' };
    const list = await api('GET', `/api/transactions?${query({ filter, range: [0, 99] })}`);
    const rows = list.json() as Array<Row>;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((row) => row.bank_account_id === cash.id && row.date.startsWith('2026-03')),
    ).toBe(true);
    const summary = (await api('GET', `/api/transactions/summary?${query({ filter })}`)).json();
    const income = rows
      .filter((row) => row.kind === 'income')
      .reduce((s, row) => s + row.amount_cents, 0);
    expect(summary.income_cents).toBe(income);
    expect(summary.net_cents).toBe(rows.reduce((s, row) => s + row.amount_cents, 0));
    const incomesOnly = (
      await api('GET', `/api/transactions?${query({ filter: { ...filter, kind: 'income' } })}`)
    ).json() as Array<Row>;
    expect(incomesOnly.every((row) => row.kind === 'income')).toBe(true);
    expect(
      (await api('GET', `/api/transactions?${query({ filter: { foo: 1 } })}`)).statusCode,
    ).toBe(400);
    expect(
      (await api('GET', `/api/transactions?${query({ filter: { date_gte: '2026-13-01' } })}`))
        .statusCode,
    ).toBe(400);
  });

  it('exports the filtered movements as CSV in Portuguese', async () => {
    const response = await api(
      'GET',
      `/api/transactions/export?${query({ filter: { bank_account_id: cash.id }, sort: ['date', 'ASC'] })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data;Conta;Descrição;Tipo;Categoria;Valor (R$)');
    expect(
      lines.some((line) =>
        /^08\/03\/2026;Caixa da tesouraria;Culto de domingo à noite;Receita;Ofertas;100,00$/.test(
          line,
        ),
      ),
    ).toBe(true);
  });

  it('shows the statement newest first with the balance after each movement', async () => {
    const response = await api(
      'GET',
      `/api/bank_accounts/${cash.id}/statement?${query({ range: [0, 2] })}`,
    );
    expect(response.statusCode).toBe(200);
    const page = response.json() as Array<Row>;
    const current = (await account(cash.id)).balance_cents;
    expect(page[0].balance_after_cents).toBe(current);
    for (let i = 1; i < page.length; i++) {
      expect(page[i].balance_after_cents).toBe(
        page[i - 1].balance_after_cents - page[i - 1].amount_cents,
      );
    }
    const next = (
      await api('GET', `/api/bank_accounts/${cash.id}/statement?${query({ range: [3, 5] })}`)
    ).json() as Array<Row>;
    const all = (
      await api('GET', `/api/bank_accounts/${cash.id}/statement?${query({ range: [0, 99] })}`)
    ).json() as Array<Row>;
    expect(next.map((row) => row.balance_after_cents)).toEqual(
      all.slice(3, 6).map((row) => row.balance_after_cents),
    );
    const oldest = all[all.length - 1];
    expect(oldest.balance_after_cents - oldest.amount_cents).toBe(5_000);
  });

  it('refuses to delete categories and accounts in use; deactivates the account instead', async () => {
    const category = await api('DELETE', `/api/finance_categories/${tithes}`);
    expect(category.statusCode).toBe(409);
    expect(category.json().message).toMatch(/em uso/);
    const used = await api('DELETE', `/api/bank_accounts/${cash.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/Desative-a/);

    const off = await api('POST', `/api/bank_accounts/${cash.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const income = await api('POST', '/api/incomes', {
      category_id: offerings,
      amount_cents: 100,
      date: '2026-03-20',
      bank_account_id: cash.id,
      payment_method: 'cash',
    });
    expect(income.statusCode).toBe(422);
    expect(income.json().errors.bank_account_id).toBe('Esta conta está desativada.');
    expect((await api('POST', `/api/bank_accounts/${cash.id}/activate`)).json().active).toBe(true);

    const empty = await created(api, '/api/bank_accounts', {
      name: 'Conta sem uso',
      kind: 'savings',
      opening_date: '2026-01-01',
    });
    expect((await api('DELETE', `/api/bank_accounts/${empty.id}`)).statusCode).toBe(200);
    const unused = await created(api, '/api/finance_categories', { name: 'Bazar', kind: 'income' });
    expect((await api('DELETE', `/api/finance_categories/${unused.id}`)).statusCode).toBe(200);
    // Only the deletes that happened are in the audit log, with what the records held.
    const deletions = await t.database.db
      .selectFrom('audit_log')
      .select(['resource', 'record_id', 'changes'])
      .where('action', '=', 'delete')
      .where('resource', 'in', ['bank_accounts', 'finance_categories'])
      .orderBy('id')
      .execute();
    expect(deletions.map((row) => [row.resource, row.record_id])).toEqual([
      ['bank_accounts', empty.id],
      ['finance_categories', unused.id],
    ]);
    expect(JSON.parse(deletions[0].changes).name).toEqual(['Conta sem uso', null]);
    expect(JSON.parse(deletions[1].changes).name).toEqual(['Bazar', null]);
  });

  it('has no edit of bank accounts (no PUT route)', async () => {
    const response = await api('PUT', `/api/bank_accounts/${cash.id}`, { name: 'Outro' });
    expect(response.statusCode).toBe(404);
  });

  it('the financial overview adds up the month, the balances and what is due', async () => {
    const month = today.slice(0, 7);
    const incomeBefore = (await api('GET', '/api/finance/overview')).json();
    await created(api, '/api/incomes', {
      category_id: tithes,
      amount_cents: 70_000,
      date: today,
      bank_account_id: checking.id,
      payment_method: 'pix',
    });
    const overview = (await api('GET', '/api/finance/overview')).json();
    expect(overview.month).toBe(month);
    expect(overview.income_cents).toBe(incomeBefore.income_cents + 70_000);
    expect(overview.result_cents).toBe(overview.income_cents - overview.expense_cents);
    const accounts = (
      await api('GET', `/api/bank_accounts?${query({ filter: { active: true } })}`)
    ).json() as Array<Row>;
    expect(overview.total_balance_cents).toBe(accounts.reduce((s, a) => s + a.balance_cents, 0));
    expect(overview.overdue.count).toBeGreaterThanOrEqual(1);
    expect(overview.months).toHaveLength(12);
    expect(overview.months[11]).toMatchObject({
      month,
      income_cents: overview.income_cents,
      expense_cents: overview.expense_cents,
    });
    expect(
      overview.incomes_by_category.find((row: Row) => row.name === 'Dízimos').total_cents,
    ).toBeGreaterThanOrEqual(70_000);
    const march = (await api('GET', '/api/finance/overview?month=2026-03')).json();
    expect(march.month).toBe('2026-03');
    expect((await api('GET', '/api/finance/overview?month=março')).statusCode).toBe(400);
  });

  it('the main dashboard carries the finance card only for financial access', async () => {
    const financial = (await api('GET', '/api/dashboard')).json();
    expect(financial.finance).toMatchObject({
      total_balance_cents: expect.any(Number),
      income_cents: expect.any(Number),
    });
    const secretary = apiAs(t, await t.userWithRoles(['secretary']));
    expect((await secretary('GET', '/api/dashboard')).json().finance).toBeUndefined();
    expect((await secretary('GET', '/api/finance/overview')).statusCode).toBe(403);
  });

  it('every change is in the audit log with user, time and fields changed', async () => {
    const admin = apiAs(t, await t.signIn('admin@teste.org', 'senha-do-admin'));
    const log = (
      await admin(
        'GET',
        `/api/audit_log?${query({ filter: { resource: 'incomes', action: 'update' } })}`,
      )
    ).json() as Array<Row>;
    expect(log.length).toBeGreaterThan(0);
    expect(log[0]).toMatchObject({
      user_name: 'Tesoureira Ana',
      resource: 'incomes',
      action: 'update',
    });
    expect(log[0].changes.amount_cents).toEqual([25_050, 30_000]);
    expect(log[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const pays = (
      await admin('GET', `/api/audit_log?${query({ filter: { action: 'pay' } })}`)
    ).json();
    expect(pays.length).toBeGreaterThan(0);
    expect((await api('GET', '/api/audit_log')).statusCode).toBe(403);
    await expectBalancesConsistent(t);
  });
});
