// Issue 27, the plano de contas: the categories grown into a hierarchical chart with codes
// (migration 0043 on a database that already has categories and movements), its rules through
// /api/finance_categories, and only income and expense leaves taken by movements.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountOfCategory,
  accountPath,
  compareCodes,
  isAccountCode,
  nextChildCode,
  parentCode,
  parseCode,
} from '../../domain/finance/chart.js';
import type { Database } from '../../server/db/schema.js';
import { type Api, type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { withMigrationDatabase } from '../support/migrations.js';
import { ADMIN, type TestApp, createTestApp, usingPostgres } from '../support/testApp.js';

describe('account codes', () => {
  it('parses, orders and derives codes', () => {
    expect(isAccountCode('3.1.01')).toBe(true);
    for (const bad of ['', '3.', '.3', '3..1', '3.a', '3.1.01.1.1.1', '12345']) {
      expect(isAccountCode(bad), bad).toBe(false);
    }
    expect(parseCode('3.1.01')).toEqual([3, 1, 1]);
    expect(() => parseCode('3.x')).toThrow('Código inválido');
    expect(['3.10', '3.2', '3', '3.1.01', '10', '4'].sort(compareCodes)).toEqual([
      '3',
      '3.1.01',
      '3.2',
      '3.10',
      '4',
      '10',
    ]);
    expect(parentCode('3.1.01')).toBe('3.1');
    expect(parentCode('3')).toBeNull();
    expect(nextChildCode('3.1', ['3.1.01', '3.1.07', '3.10.20', '3.2'])).toBe('3.1.08');
    expect(nextChildCode('4.9', [])).toBe('4.9.01');
    const chart = [
      { id: 1, parent_id: null, code: '3' },
      { id: 2, parent_id: 1, code: '3.1' },
      { id: 3, parent_id: 2, code: '3.1.01' },
    ];
    expect(accountPath(chart, 3).map((a) => a.code)).toEqual(['3', '3.1', '3.1.01']);
    expect(accountOfCategory(new Map(chart.map((a) => [a.id, a])), 3).code).toBe('3.1.01');
    expect(() => accountOfCategory(new Map(), 9)).toThrow();
  });
});

describe('migration 0043 on a database with categories and movements', () => {
  it('places every category as a leaf of the chart, keeps every id, and goes back down', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0042_finance_periods')).error).toBeUndefined();
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      const now = '2026-11-20T22:10:00.000Z';
      const congregation = await old
        .selectFrom('congregations')
        .select('id')
        .executeTakeFirstOrThrow();
      const category = async (name: string, kind: string, tithe = false) =>
        Number(
          (
            await old
              .insertInto('finance_categories')
              .values({ name, kind, active: bool(true), is_tithe: bool(tithe) })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const retiros = await category('Retiros', 'expense');
      const missionTithe = await category('Dízimo missionário', 'income', true);
      // A church's own category that has a group's name: the group yields.
      const twin = await category('Despesas administrativas', 'expense');
      const bank = async (name: string) =>
        Number(
          (
            await old
              .insertInto('bank_accounts')
              .values({
                congregation_id: congregation.id,
                name,
                kind: 'checking',
                opening_balance_cents: 10_000,
                opening_date: '2026-01-01',
                balance_cents: 10_000,
                active: bool(true),
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const account = await bank('Banco do Brasil');
      const twinAccount = await bank('Banco do Brasil');
      const before = await old
        .selectFrom('finance_categories')
        .select(['id', 'name', 'kind'])
        .orderBy('id')
        .execute();
      const tithes = before.find((row) => row.name === 'Dízimos')!.id as number;
      const rent = before.find((row) => row.name === 'Aluguel')!.id as number;
      const income = await old
        .insertInto('incomes')
        .values({
          congregation_id: congregation.id,
          category_id: missionTithe,
          amount_cents: 5_000,
          date: '2026-02-03',
          bank_account_id: account,
          payment_method: 'pix',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await old
        .insertInto('transactions')
        .values({
          bank_account_id: account,
          date: '2026-02-03',
          description: 'Dízimo',
          amount_cents: 5_000,
          kind: 'income',
          category_id: missionTithe,
          income_id: income.id,
          created_at: now,
        })
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const db = database.db as Kysely<Database>;
      const chart = await db
        .selectFrom('finance_categories')
        .select(['id', 'code', 'name', 'kind', 'parent_id', 'role'])
        .execute();
      const byId = new Map(chart.map((row) => [row.id, row]));
      const codeOf = (id: number) => byId.get(id)!.code;
      const parentOf = (id: number) => byId.get(byId.get(id)!.parent_id!)!;
      // Every old category is still there, same id, name and kind, now a leaf with a code.
      for (const row of before) {
        const now = byId.get(row.id as number)!;
        expect([now.name, now.kind]).toEqual([row.name, row.kind]);
        expect(now.parent_id).not.toBeNull();
        expect(chart.some((other) => other.parent_id === now.id)).toBe(false);
        expect(now.code.startsWith(`${parentOf(now.id).code}.`)).toBe(true);
      }
      expect(parentOf(tithes).code).toBe('3.1');
      expect(parentOf(missionTithe).code).toBe('3.1');
      expect(codeOf(tithes)).toBe('3.1.01');
      expect(parentOf(rent).name).toBe('Despesas administrativas (grupo)');
      expect(parentOf(retiros).code).toBe('4.9');
      expect(parentOf(twin).code).toBe('4.9');
      expect(new Set(chart.map((row) => row.code)).size).toBe(chart.length);
      for (const row of chart) {
        if (row.parent_id === null) expect(row.code).toMatch(/^[1-4]$/);
      }
      expect(chart.find((row) => row.code === '2.3')).toMatchObject({
        name: 'Patrimônio social',
        kind: 'equity',
      });
      // Each bank account has its own asset account under 1.1 Disponível.
      const banks = await db
        .selectFrom('bank_accounts')
        .select(['id', 'ledger_account_id'])
        .orderBy('id')
        .execute();
      const ledgers = banks.map((row) => byId.get(row.ledger_account_id!)!);
      expect(ledgers.map((row) => [row.code, row.name, row.kind])).toEqual([
        ['1.1.01', 'Banco do Brasil', 'asset'],
        ['1.1.02', `Banco do Brasil (conta ${twinAccount})`, 'asset'],
      ]);
      // The movements kept their categories.
      const movement = await db
        .selectFrom('transactions')
        .select('category_id')
        .executeTakeFirstOrThrow();
      expect(movement.category_id).toBe(missionTithe);
      expect(
        (await db.selectFrom('incomes').select('fund_id').executeTakeFirstOrThrow()).fund_id,
      ).toBeNull();

      expect((await migrator.migrateTo('0042_finance_periods')).error).toBeUndefined();
      const after = await old
        .selectFrom('finance_categories')
        .select(['id', 'name', 'kind'])
        .orderBy('id')
        .execute();
      expect(after).toEqual(before);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});

describe('the plano de contas through the API', () => {
  let t: TestApp;
  let api: Api;
  const list = async (filter: object = {}) =>
    (
      await api('GET', `/api/finance_categories?${query({ filter, range: [0, 499] })}`)
    ).json() as Row[];
  const byCode = async (code: string) => (await list()).find((row) => row.code === code);

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
  });
  afterAll(() => t.close());

  it('lists the chart in code order, with its groups and leaves', async () => {
    const rows = await list();
    const codes = rows.map((row) => row.code);
    expect(codes).toEqual([...codes].sort(compareCodes));
    expect(rows[0]).toMatchObject({ code: '1', name: 'Ativo', kind: 'asset', leaf: false });
    expect(rows.find((row) => row.name === 'Dízimos')).toMatchObject({
      code: '3.1.01',
      leaf: true,
      depth: 2,
    });
    const postable = await list({ postable: true, kind: 'income' });
    expect(postable.length).toBeGreaterThan(0);
    expect(postable.every((row) => row.leaf && row.kind === 'income')).toBe(true);
    expect(postable.some((row) => row.code === '3.1')).toBe(false);
  });

  it('numbers a new category under its kind’s group, or under the parent chosen', async () => {
    const retreat = await created(api, '/api/finance_categories', {
      name: 'Retiros',
      kind: 'expense',
    });
    expect(retreat.code).toMatch(/^4\.9\.\d{2}$/);
    const group = await created(api, '/api/finance_categories', {
      name: 'Eventos e retiros',
      kind: 'expense',
      code: '4.5',
    });
    expect(group.parent_id).toBe((await byCode('4'))!.id);
    const camp = await created(api, '/api/finance_categories', {
      name: 'Acampamento',
      kind: 'expense',
      parent_id: group.id,
    });
    expect(camp.code).toBe('4.5.01');
    // Renumbering the group carries its subaccounts.
    const moved = await api('PUT', `/api/finance_categories/${group.id}`, { code: '4.6' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api('GET', `/api/finance_categories/${camp.id}`)).json().code).toBe('4.6.01');
  });

  it('refuses bad codes, twins, orphans, mismatched kinds and groups on movements', async () => {
    const refused = async (payload: object, field: string, message: RegExp) => {
      const response = await api('POST', '/api/finance_categories', payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toMatch(message);
    };
    await refused({ name: 'X', kind: 'expense', code: '4..1' }, 'code', /Código inválido/);
    await refused({ name: 'X', kind: 'expense', code: '3.1.01' }, 'code', /já é de outra conta/);
    await refused(
      { name: 'X', kind: 'expense', code: '7.1' },
      'code',
      /Não há conta com o código 7/,
    );
    await refused(
      { name: 'X', kind: 'expense', code: '3.1.50' },
      'kind',
      /mesmo da conta superior/,
    );
    await refused({ name: 'Aluguel', kind: 'expense' }, 'name', /Já existe/);
    await refused({ name: 'X', kind: 'asset' }, 'parent_id', /conta superior/);
    const tithes = await categoryId(api, 'Dízimos');
    const account = await created(api, '/api/bank_accounts', {
      name: 'Caixa da sede',
      kind: 'cash',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    await created(api, '/api/incomes', {
      category_id: tithes,
      amount_cents: 1000,
      date: '2026-03-01',
      bank_account_id: account.id,
      payment_method: 'cash',
    });
    // An account with movements takes no subaccounts.
    await refused({ name: 'X', kind: 'income', parent_id: tithes }, 'parent_id', /lançamentos/);
    // A group cannot take a movement.
    const group = (await byCode('3.1'))!;
    const onGroup = await api('POST', '/api/incomes', {
      category_id: group.id,
      amount_cents: 1000,
      date: '2026-03-01',
      bank_account_id: account.id,
      payment_method: 'cash',
    });
    expect(onGroup.statusCode).toBe(422);
    expect(onGroup.json().errors.category_id).toMatch(/grupo do plano de contas/);
    const asset = (await byCode('1.2.01'))!;
    const onAsset = await api('POST', '/api/incomes', {
      category_id: asset.id,
      amount_cents: 1000,
      date: '2026-03-01',
      bank_account_id: account.id,
      payment_method: 'cash',
    });
    expect(onAsset.json().errors.category_id).toBe('Escolha uma categoria de receita.');
  });

  it('deletes only unused leaves the mapping does not need', async () => {
    const remove = async (id: number) => api('DELETE', `/api/finance_categories/${id}`);
    const group = await remove((await byCode('3.1'))!.id);
    expect(group.statusCode).toBe(409);
    expect(group.json().message).toMatch(/tem subcontas/);
    const payables = await remove((await byCode('2.1.01'))!.id);
    expect(payables.statusCode).toBe(409);
    expect(payables.json().message).toMatch(/precisa desta conta/);
    const used = await remove(await categoryId(api, 'Dízimos'));
    expect(used.statusCode).toBe(409);
    const spare = await created(api, '/api/finance_categories', {
      name: 'Conta avulsa',
      kind: 'expense',
    });
    expect((await remove(spare.id)).statusCode).toBe(200);
    // A bank account brings its asset account under 1.1 Disponível, and takes it away.
    const savings = await created(api, '/api/bank_accounts', {
      name: 'Poupança da obra',
      kind: 'savings',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    const ledger = (
      await api('GET', `/api/finance_categories/${savings.ledger_account_id}`)
    ).json();
    expect(ledger).toMatchObject({ name: 'Poupança da obra', kind: 'asset', leaf: true });
    expect(ledger.code).toMatch(/^1\.1\.\d{2}$/);
    expect((await remove(ledger.id)).json().message).toMatch(/conta bancária “Poupança da obra”/);
    expect((await api('DELETE', `/api/bank_accounts/${savings.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/finance_categories/${ledger.id}`)).statusCode).toBe(404);
    // Deactivating a group is allowed.
    const deactivated = await api('PUT', `/api/finance_categories/${(await byCode('1.2'))!.id}`, {
      active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  });
});
