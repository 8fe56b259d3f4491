// Bank statements (issue 14): OFX import on an account (FITID dedupe, the fallback key, bad files),
// the match rules of the suggestions, each reconcile action and its undoing, the category memory,
// the balances, and who may do it (financial role, congregation scope).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  type Row,
  apiAs,
  categoryId,
  created,
  expectBalancesConsistent,
  query,
} from '../support/finance.js';
import { multipartBody } from '../support/multipart.js';
import { buildOfx } from '../support/ofx.js';
import {
  ADMIN,
  type SessionHeaders,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/ofx', name));

describe('bank statements', () => {
  let t: TestApp;
  let api: Api;
  let session: SessionHeaders;
  let tithes = 0;
  let offerings = 0;
  let otherExpenses = 0;
  let energy = 0;

  const upload = (
    accountId: number,
    file: Buffer,
    as: SessionHeaders = session,
    name?: string,
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = multipartBody(
      { data: file, name: name ?? 'extrato.ofx', type: 'application/x-ofx' },
      fields,
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${accountId}/statements`,
      headers: { ...as, ...headers },
      payload,
    });
  };
  const imported = async (accountId: number, file: Buffer) => {
    const response = await upload(accountId, file);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const account = async (name: string, extra: object = {}) =>
    created(api, '/api/bank_accounts', {
      name,
      kind: 'checking',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
      ...extra,
    });
  const lines = async (accountId: number, filter: object = {}, call: Api = api) => {
    const response = await call(
      'GET',
      `/api/statement_lines?${query({ filter: { bank_account_id: accountId, ...filter }, range: [0, 499] })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };
  const lineOf = async (accountId: number, fitid: string) => {
    const found = (await lines(accountId)).filter((line) => line.fitid === fitid);
    expect(found, fitid).toHaveLength(1);
    return found[0];
  };
  const reconcile = (lineId: number, body: object, call: Api = api) =>
    call('POST', `/api/statement_lines/${lineId}/reconcile`, body);
  const ok = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const adjustment = (accountId: number, date: string, amount_cents: number, description: string) =>
    created(api, '/api/transactions', {
      kind: 'adjustment',
      bank_account_id: accountId,
      date,
      amount_cents,
      description,
    });

  beforeAll(async () => {
    t = await createTestApp();
    session = await t.userWithRoles(['financial'], 'Tesoureira');
    api = apiAs(t, session);
    tithes = await categoryId(api, 'Dízimos');
    offerings = await categoryId(api, 'Ofertas');
    otherExpenses = await categoryId(api, 'Outras despesas');
    energy = await categoryId(api, 'Energia');
  });
  afterAll(() => t.close());

  describe('import', () => {
    it('stores each line once: the same file again brings only known lines (FITID)', async () => {
      const bb = await account('Banco do Brasil', { account_number: '12345-6' });
      const first = await imported(bb.id, fixture('banco-do-brasil.ofx'));
      expect(first.statement).toMatchObject({
        version: 1,
        encoding: 'windows-1252',
        line_count: 3,
        new_count: 3,
        known_count: 0,
        ledger_balance_cents: 111_935,
        ledger_balance_date: '2026-03-31',
        start_date: '2026-03-01',
        end_date: '2026-03-31',
      });
      expect(first.warnings).toEqual([]);
      expect(
        first.new_lines.map((line: Row) => [line.date, line.amount_cents, line.description]),
      ).toEqual([
        ['2026-03-02', 150_000, 'Pix - Recebido 02/03 12:10 Dízimo Fulano'],
        ['2026-03-05', -35_075, 'Pagamento de Boleto - CEMIG Energia Elétrica'],
        ['2026-03-10', -2_990, 'Tarifa Pacote de Serviços'],
      ]);
      const again = await imported(bb.id, fixture('banco-do-brasil.ofx'));
      expect(again.statement).toMatchObject({ new_count: 0, known_count: 3 });
      expect(again.known_lines.map((line: Row) => line.id)).toEqual(
        first.new_lines.map((line: Row) => line.id),
      );
      expect(await lines(bb.id)).toHaveLength(3);
    });

    it('an overlapping period adds only its new lines', async () => {
      const acc = await account('Conta sobreposta');
      const march = [
        { date: '2026-03-02', amount_cents: 1_000, memo: 'Um', fitid: 'F1' },
        { date: '2026-03-03', amount_cents: -2_000, memo: 'Dois', fitid: 'F2' },
      ];
      await imported(acc.id, buildOfx({ lines: march }));
      const more = await imported(
        acc.id,
        buildOfx({
          lines: [...march, { date: '2026-03-04', amount_cents: 3_000, memo: 'Três', fitid: 'F3' }],
        }),
      );
      expect(more.statement).toMatchObject({ new_count: 1, known_count: 2 });
      expect(more.new_lines[0]).toMatchObject({ description: 'Três', fitid: 'F3' });
    });

    it('lines without FITID get a key of their own; two equal ones stay two', async () => {
      const acc = await account('Bradesco');
      const first = await imported(acc.id, fixture('bradesco.ofx'));
      expect(first.statement).toMatchObject({ new_count: 3, known_count: 0 });
      expect(first.new_lines.map((line: Row) => line.fitid)).toEqual([null, null, '0315A']);
      const again = await imported(acc.id, fixture('bradesco.ofx'));
      expect(again.statement).toMatchObject({ new_count: 0, known_count: 3 });
      // A FITID a bank repeats for two lines of one file: both kept.
      const itau = await account('Itaú');
      expect((await imported(itau.id, fixture('itau.ofx'))).statement.new_count).toBe(3);
      expect((await imported(itau.id, fixture('itau.ofx'))).statement.new_count).toBe(0);
      // The same account's lines only: another account takes the same file in full.
      const other = await account('Bradesco 2');
      expect((await imported(other.id, fixture('bradesco.ofx'))).statement.new_count).toBe(3);
    });

    it('reads every bank shape: Caixa, Nubank, Sicoob (XML)', async () => {
      for (const [name, count, balance] of [
        ['caixa.ofx', 2, 25_500],
        ['nubank.ofx', 2, 37_950],
        ['sicoob.ofx', 2, 92_500],
      ] as const) {
        const acc = await account(`Conta ${name}`);
        const result = await imported(acc.id, fixture(name));
        expect(result.statement, name).toMatchObject({
          new_count: count,
          ledger_balance_cents: balance,
        });
      }
    });

    it('warns when the file is of another account number', async () => {
      const acc = await account('Conta 999', { account_number: '99999-9' });
      const result = await imported(acc.id, fixture('banco-do-brasil.ofx'));
      expect(result.warnings).toEqual([
        'O extrato é da conta 12345-6, e esta conta está cadastrada com o número 99999-9: confira se escolheu a conta certa.',
      ]);
    });

    it('a credit card statement without a transaction list: its lines, no silent empty import', async () => {
      const acc = await account('Cartão da igreja');
      const result = await imported(acc.id, fixture('cartao-sem-lista.ofx'));
      expect(result.statement).toMatchObject({
        line_count: 3,
        new_count: 3,
        ledger_balance_cents: 0,
      });
      expect(result.warnings).toEqual([]);
      expect((await lines(acc.id)).map((line) => line.amount_cents)).toEqual([
        -8_990, -24_500, 33_490,
      ]);
      // A statement that truly has no line says so.
      const empty = await imported(acc.id, buildOfx({ lines: [], start: '2026-04-01' }));
      expect(empty.statement.line_count).toBe(0);
      expect(empty.warnings).toEqual([
        'O extrato não traz nenhum lançamento: confira o período escolhido ao exportá-lo no banco.',
      ]);
    });

    it('a transaction list never closed keeps the ledger balance for the reconciliation', async () => {
      const acc = await account('Conta do banco digital');
      const result = await imported(acc.id, fixture('lista-sem-fim.ofx'));
      expect(result.statement).toMatchObject({
        line_count: 2,
        ledger_balance_cents: 137_965,
        ledger_balance_date: '2026-03-31',
      });
    });

    it('a file of two accounts: the accounts listed (409), the one chosen imported', async () => {
      const acc = await account('Conta sem número');
      const asked = await upload(acc.id, fixture('duas-contas.ofx'));
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toMatchObject({
        success: false,
        message: 'O arquivo traz extratos de 2 contas: escolha qual importar nesta conta.',
        statements: [
          { index: 0, kind: 'bank', account_id: '11111-1', line_count: 2, matches: false },
          { index: 1, kind: 'bank', account_id: '22222-2', line_count: 2, matches: false },
        ],
      });
      expect(await lines(acc.id)).toEqual([]);
      const chosen = await upload(acc.id, fixture('duas-contas.ofx'), session, undefined, {
        statement: '1',
      });
      expect(chosen.statusCode, chosen.body).toBe(201);
      expect(chosen.json().statement).toMatchObject({
        account_id: '22222-2',
        new_count: 2,
        ledger_balance_cents: 965_000,
      });
      expect((await lines(acc.id)).map((line) => line.fitid)).toEqual(['22222-2-1', '22222-2-2']);
      const wrong = await upload(acc.id, fixture('duas-contas.ofx'), session, undefined, {
        statement: '2',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        'Campo statement: escolha uma das contas do arquivo (de 0 a 1).',
      );
      // An account whose number is one of the file's: that one, without asking.
      const numbered = await account('Conta 11111-1', { account_number: '11111-1' });
      const matched = await imported(numbered.id, fixture('duas-contas.ofx'));
      expect(matched.statement).toMatchObject({ account_id: '11111-1', new_count: 2 });
      expect(matched.warnings).toEqual([]);
    });

    it('hostile files are a Portuguese 4xx: too many lines, deep tags, unclosed comments', async () => {
      const acc = await account('Conta de arquivos hostis');
      const many = buildOfx({
        lines: Array.from({ length: 5_001 }, (_, i) => ({
          date: '2026-03-02',
          amount_cents: i + 1,
          memo: `Oferta ${i}`,
          fitid: String(i),
        })),
      });
      const tooMany = await upload(acc.id, many);
      expect(tooMany.statusCode, tooMany.body.slice(0, 300)).toBe(413);
      expect(tooMany.json().message).toBe(
        'O extrato tem lançamentos demais: envie no máximo 5.000 por arquivo (um período mais curto).',
      );
      const deep = await upload(acc.id, Buffer.from(`<OFX>${'<BAL>'.repeat(100_000)}`));
      expect(deep.statusCode, deep.body).toBe(400);
      expect(deep.json().message).toBe('O arquivo OFX não traz extrato de conta.');
      const started = Date.now();
      const comments = await upload(acc.id, Buffer.from(`<OFX>${'<!--'.repeat(80_000)}`));
      expect(comments.statusCode).toBe(400);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await lines(acc.id)).toEqual([]);
    });

    it('bad files are refused in Portuguese, and nothing is written', async () => {
      const acc = await account('Conta de arquivos ruins');
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('bank_statements')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const refused = async (response: LightMyRequestResponse, status: number, message: RegExp) => {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().message).toMatch(message);
      };
      await refused(await upload(acc.id, Buffer.alloc(0)), 400, /vazio/);
      await refused(
        await upload(acc.id, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])),
        400,
        /binário/,
      );
      await refused(
        await upload(acc.id, Buffer.from('Data;Valor\n01/03/2026;10,00\n')),
        400,
        /não é um extrato OFX/,
      );
      await refused(
        await upload(
          acc.id,
          buildOfx({
            lines: [{ date: '2026-03-01', amount_cents: 1, memo: 'x' }],
            currency: 'USD',
          }),
        ),
        400,
        /em USD/,
      );
      const broken = fixture('itau.ofx').toString().replace('20260308', '2026-13-45');
      await refused(await upload(acc.id, Buffer.from(broken)), 400, /Lançamento 2 do extrato/);
      await refused(await api('POST', `/api/bank_accounts/${acc.id}/statements`, {}), 415, /OFX/);
      const text = await t.app.inject({
        method: 'POST',
        url: `/api/bank_accounts/${acc.id}/statements`,
        headers: { ...session, 'content-type': 'text/plain' },
        payload: 'OFXHEADER:100',
      });
      await refused(text, 415, /OFX/);
      const tooBig = await upload(acc.id, Buffer.alloc(10 * 1024 * 1024 + 10, 0x41));
      await refused(tooBig, 413, /10 MB/);
      const noAccount = await upload(999_999, fixture('itau.ofx'));
      expect(noAccount.statusCode).toBe(404);
      expect(await count()).toBe(before);
      expect(await lines(acc.id)).toEqual([]);
    });

    it('the list refuses unknown filters and values', async () => {
      const response = await api('GET', `/api/statement_lines?${query({ filter: { x: 1 } })}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Filtro desconhecido: x.');
      const summary = await api('GET', `/api/statement_lines/summary?${query({ filter: {} })}`);
      expect(summary.statusCode).toBe(400);
      expect(summary.json().message).toBe('Escolha a conta bancária (filtro bank_account_id).');
      const acc = await account('Conta filtros');
      const status = await api(
        'GET',
        `/api/statement_lines?${query({ filter: { bank_account_id: acc.id, status: 'talvez' } })}`,
      );
      expect(status.statusCode).toBe(400);
    });
  });

  describe('suggestions and reconciliation', () => {
    let acc: Row;
    let other: Row;
    const movement: Record<string, Row> = {};
    let payable: Row;
    let laterPayable: Row;

    beforeAll(async () => {
      acc = await account('Conta conciliação');
      other = await account('Outra conta');
      movement.tithe = await created(api, '/api/incomes', {
        category_id: tithes,
        description: 'Dízimo João Silva',
        amount_cents: 10_000,
        date: '2026-03-10',
        bank_account_id: acc.id,
        payment_method: 'pix',
      });
      movement.offering = await adjustment(acc.id, '2026-03-11', 10_000, 'Oferta Maria');
      movement.bakery = await adjustment(acc.id, '2026-03-15', -5_000, 'Padaria');
      movement.gasOld = await adjustment(acc.id, '2026-03-01', -7_000, 'Gás de cozinha');
      movement.gas = await adjustment(acc.id, '2026-03-20', -8_000, 'Gás de cozinha');
      movement.elsewhere = await adjustment(other.id, '2026-03-15', -5_001, 'Padaria');
      const bill = await created(api, '/api/expenses', {
        description: 'Conta de luz',
        category_id: energy,
        amount_cents: 20_000,
        date: '2026-03-01',
        due_date: '2026-03-25',
        bank_account_id: acc.id,
        payment_method: 'boleto',
      });
      payable = bill.schedule[0];
      const later = await created(api, '/api/expenses', {
        description: 'Conta de água',
        category_id: energy,
        amount_cents: 4_200,
        date: '2026-03-01',
        due_date: '2026-04-20',
        bank_account_id: acc.id,
        payment_method: 'boleto',
      });
      laterPayable = later.schedule[0];
      await imported(
        acc.id,
        buildOfx({
          lines: [
            {
              date: '2026-03-12',
              amount_cents: 10_000,
              memo: 'PIX RECEBIDO JOAO SILVA',
              fitid: 'L1',
            },
            { date: '2026-03-12', amount_cents: 10_000, memo: 'PIX RECEBIDO', fitid: 'L2' },
            { date: '2026-03-15', amount_cents: -5_001, memo: 'PADARIA PAO QUENTE', fitid: 'L3' },
            { date: '2026-03-05', amount_cents: -7_000, memo: 'GAS COZINHA', fitid: 'L4' },
            { date: '2026-03-23', amount_cents: -8_000, memo: 'GAS COZINHA ULTRAGAZ', fitid: 'L5' },
            { date: '2026-03-27', amount_cents: -20_000, memo: 'PAGTO CEMIG', fitid: 'L7' },
            {
              date: '2026-03-18',
              amount_cents: -2_990,
              memo: 'TARIFA PACOTE SERVICOS',
              fitid: 'L8',
            },
            { date: '2026-03-19', amount_cents: 4_500, memo: 'DEPOSITO OFERTA CULTO', fitid: 'L9' },
            { date: '2026-04-01', amount_cents: -4_200, memo: 'COPASA', fitid: 'L10' },
          ],
          ledger: { amount_cents: 0, date: '2026-03-31' },
        }),
      );
    });

    it('suggests by amount, date within 3 days and similar description; each movement once', async () => {
      const pending = await lines(acc.id, { status: 'pending' });
      const suggestion = (memo: string) =>
        pending.find((line) => line.description === memo)?.suggestion ?? null;
      // Two movements of R$ 100,00 within 3 days: the one whose description shares words wins,
      // though the other is nearer; the other line gets the other movement.
      expect(suggestion('PIX RECEBIDO JOAO SILVA')).toMatchObject({
        type: 'transaction',
        id: movement.tithe.transaction_id,
        days: 2,
        similar: true,
      });
      expect(suggestion('PIX RECEBIDO')).toMatchObject({
        type: 'transaction',
        id: movement.offering.id,
        days: 1,
        similar: false,
      });
      // One centavo apart: no suggestion; a movement of another account: never.
      expect(suggestion('PADARIA PAO QUENTE')).toBeNull();
      // 4 days apart: none; 3 days: suggested.
      expect(suggestion('GAS COZINHA')).toBeNull();
      expect(suggestion('GAS COZINHA ULTRAGAZ')).toMatchObject({ id: movement.gas.id, days: 3 });
      // An open payable of the amount due 2 days before.
      expect(suggestion('PAGTO CEMIG')).toMatchObject({
        type: 'payable',
        id: payable.payable_id,
        days: 2,
        amount_cents: -20_000,
      });
      // Due 19 days after the line: outside the payables' 7 days.
      expect(suggestion('COPASA')).toBeNull();
      expect(laterPayable.amount_cents).toBe(4_200);
    });

    it('reconciles a line with a movement; the movement is marked and taken', async () => {
      const line = await lineOf(acc.id, 'L5');
      const result = ok(await reconcile(line.id, { transaction_id: movement.gas.id }));
      expect(result).toMatchObject({
        status: 'reconciled',
        reconciled_how: 'matched',
        transaction_id: movement.gas.id,
        transaction: { id: movement.gas.id, description: 'Gás de cozinha' },
      });
      const listed = await api(
        'GET',
        `/api/transactions?${query({ filter: { bank_account_id: acc.id }, range: [0, 99] })}`,
      );
      const marks = Object.fromEntries(
        (listed.json() as Row[]).map((row) => [row.id, row.statement_line_id]),
      );
      expect(marks[movement.gas.id]).toBe(line.id);
      expect(marks[movement.bakery.id]).toBeNull();
      // Reconciled: out of the pending list, and no longer offered to another line.
      await imported(
        acc.id,
        buildOfx({
          lines: [{ date: '2026-03-21', amount_cents: -8_000, memo: 'GAS COZINHA', fitid: 'L6' }],
        }),
      );
      const l6 = (await lines(acc.id, { status: 'pending' })).find((row) => row.fitid === 'L6');
      expect(l6.suggestion).toBeNull();
      // Twice: 409; the same movement for another line: 409.
      expect((await reconcile(line.id, { transaction_id: movement.gas.id })).statusCode).toBe(409);
      const taken = await reconcile(l6.id, { transaction_id: movement.gas.id });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        'Este lançamento já está conciliado com outra linha do extrato.',
      );
    });

    it('refuses a movement of another amount or account, in Portuguese', async () => {
      const line = await lineOf(acc.id, 'L3');
      const amount = await reconcile(line.id, { transaction_id: movement.bakery.id });
      expect(amount.statusCode).toBe(422);
      expect(amount.json().errors.transaction_id).toBe(
        'O lançamento é de -R$ 50,00, e a linha do extrato de -R$ 50,01.',
      );
      const elsewhere = await reconcile(line.id, { transaction_id: movement.elsewhere.id });
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json().errors.transaction_id).toBe(
        'Este lançamento é de outra conta bancária.',
      );
      const none = await reconcile(line.id, {});
      expect(none.statusCode).toBe(422);
      expect(none.json().errors._).toMatch(/Escolha uma ação/);
      const two = await reconcile(line.id, { ignore: true, transaction_id: movement.bakery.id });
      expect(two.statusCode).toBe(422);
    });

    it('pays an open payable from the line; undoing it opens the payable again', async () => {
      const line = await lineOf(acc.id, 'L7');
      const wrongAccount = await reconcile(line.id, {
        payable_id: payable.payable_id,
        bank_account_id: other.id,
      });
      expect(wrongAccount.statusCode).toBe(422);
      const result = ok(
        await reconcile(line.id, { payable_id: payable.payable_id, bank_account_id: acc.id }),
      );
      expect(result).toMatchObject({ status: 'reconciled', reconciled_how: 'payable' });
      const paid = ok(await api('GET', `/api/accounts_payable/${payable.payable_id}`));
      expect(paid).toMatchObject({
        status: 'paid',
        paid_on: '2026-03-27',
        paid_amount_cents: 20_000,
        bank_account_id: acc.id,
        transaction_id: result.transaction_id,
      });
      await expectBalancesConsistent(t);
      ok(await api('POST', `/api/statement_lines/${line.id}/undo`));
      const open = ok(await api('GET', `/api/accounts_payable/${payable.payable_id}`));
      expect(open.status).not.toBe('paid');
      expect((await lineOf(acc.id, 'L7')).status).toBe('pending');
      const movementGone = await api('GET', `/api/transactions/${result.transaction_id}`);
      expect(movementGone.statusCode).toBe(404);
      await expectBalancesConsistent(t);
    });

    it('creates an expense or an income from a line, and remembers the category', async () => {
      const fee = await lineOf(acc.id, 'L8');
      expect(fee.suggested_category_id).toBeNull();
      const wrongKind = await reconcile(fee.id, {
        create: { kind: 'income', category_id: tithes },
      });
      expect(wrongKind.statusCode).toBe(422);
      expect(wrongKind.json().errors['create.kind']).toBe(
        'Um débito do extrato vira uma despesa, não uma receita.',
      );
      const wrongCategory = await reconcile(fee.id, {
        create: { kind: 'expense', category_id: tithes },
      });
      expect(wrongCategory.statusCode).toBe(422);
      expect(wrongCategory.json().errors['create.category_id']).toBe(
        'Escolha uma categoria de despesa.',
      );
      const result = ok(
        await reconcile(fee.id, { create: { kind: 'expense', category_id: otherExpenses } }),
      );
      expect(result).toMatchObject({ status: 'reconciled', reconciled_how: 'created' });
      const expense = ok(await api('GET', `/api/expenses/${result.transaction.expense_id}`));
      expect(expense).toMatchObject({
        description: 'TARIFA PACOTE SERVICOS',
        amount_cents: 2_990,
        date: '2026-03-18',
        status: 'paid',
        paid_on: '2026-03-18',
        category_id: otherExpenses,
        bank_account_id: acc.id,
      });
      const gift = await lineOf(acc.id, 'L9');
      const income = ok(
        await reconcile(gift.id, {
          create: { kind: 'income', category_id: offerings, description: 'Oferta do culto' },
        }),
      );
      expect(income.transaction).toMatchObject({
        amount_cents: 4_500,
        date: '2026-03-19',
        kind: 'income',
        description: 'Oferta do culto',
      });
      // Next month's statement: the same words get the category chosen last time.
      await imported(
        acc.id,
        buildOfx({
          lines: [
            {
              date: '2026-04-18',
              amount_cents: -2_990,
              memo: 'TARIFA PACOTE SERVICOS',
              fitid: 'M1',
            },
            { date: '2026-04-19', amount_cents: 5_000, memo: 'DEPOSITO OFERTA CULTO', fitid: 'M2' },
          ],
        }),
      );
      const april = await lines(acc.id, { status: 'pending', date_gte: '2026-04-18' });
      expect(
        Object.fromEntries(april.map((line) => [line.fitid, line.suggested_category_id])),
      ).toEqual({ M1: otherExpenses, M2: offerings });
      // Undoing a created expense deletes it; the line waits again.
      ok(await api('POST', `/api/statement_lines/${fee.id}/undo`));
      expect((await api('GET', `/api/expenses/${expense.id}`)).statusCode).toBe(404);
      expect((await lineOf(acc.id, 'L8')).status).toBe('pending');
      await expectBalancesConsistent(t);
    });

    it('ignores a line, and undoes it; undoing a pending line is refused', async () => {
      const line = await lineOf(acc.id, 'L4');
      expect(ok(await reconcile(line.id, { ignore: true })).status).toBe('ignored');
      expect((await lines(acc.id, { status: 'ignored' })).map((row) => row.id)).toEqual([line.id]);
      const again = await reconcile(line.id, { transaction_id: movement.gasOld.id });
      expect(again.statusCode).toBe(409);
      expect(ok(await api('POST', `/api/statement_lines/${line.id}/undo`)).status).toBe('pending');
      const pendingUndo = await api('POST', `/api/statement_lines/${line.id}/undo`);
      expect(pendingUndo.statusCode).toBe(409);
      expect(pendingUndo.json().message).toBe('Esta linha do extrato não está conciliada.');
    });

    it('a line whose movement is deleted or changed waits again', async () => {
      const line = await lineOf(acc.id, 'L1');
      ok(await reconcile(line.id, { transaction_id: movement.tithe.transaction_id }));
      // The income's amount changes: its movement no longer says what the bank says.
      ok(await api('PUT', `/api/incomes/${movement.tithe.id}`, { amount_cents: 10_500 }));
      expect((await lineOf(acc.id, 'L1')).status).toBe('pending');
      const offering = await lineOf(acc.id, 'L2');
      ok(await reconcile(offering.id, { transaction_id: movement.offering.id }));
      ok(await api('DELETE', `/api/transactions/${movement.offering.id}`));
      expect((await lineOf(acc.id, 'L2')).status).toBe('pending');
      // Undoing a matched line leaves the movement where it was.
      const bakery = await adjustment(acc.id, '2026-03-15', -5_001, 'Padaria Pão Quente');
      const bakeryLine = await lineOf(acc.id, 'L3');
      ok(await reconcile(bakeryLine.id, { transaction_id: bakery.id }));
      expect(ok(await api('POST', `/api/statement_lines/${bakeryLine.id}/undo`)).status).toBe(
        'pending',
      );
      expect((await api('GET', `/api/transactions/${bakery.id}`)).statusCode).toBe(200);
    });

    it("shows the bank's balance against Adam's on the statement's date", async () => {
      const clean = await account('Conta saldo', { opening_balance_cents: 100_000 });
      await imported(
        clean.id,
        buildOfx({
          lines: [
            { date: '2026-05-04', amount_cents: 25_000, memo: 'OFERTA', fitid: 'S1' },
            { date: '2026-05-06', amount_cents: -10_000, memo: 'ALUGUEL SALAO', fitid: 'S2' },
          ],
          ledger: { amount_cents: 115_000, date: '2026-05-31' },
        }),
      );
      const summary = async () =>
        ok(
          await api(
            'GET',
            `/api/statement_lines/summary?${query({ filter: { bank_account_id: clean.id } })}`,
          ),
        );
      expect(await summary()).toMatchObject({
        pending: 2,
        reconciled: 0,
        bank_balance_cents: 115_000,
        bank_balance_date: '2026-05-31',
        adam_balance_cents: 100_000,
        difference_cents: 15_000,
      });
      const [gift, rent] = await lines(clean.id);
      ok(await reconcile(gift.id, { create: { kind: 'income', category_id: offerings } }));
      ok(await reconcile(rent.id, { create: { kind: 'expense', category_id: otherExpenses } }));
      // A movement after the statement's date does not count against it.
      await adjustment(clean.id, '2026-06-02', 999, 'Depois do extrato');
      expect(await summary()).toMatchObject({
        pending: 0,
        reconciled: 2,
        adam_balance_cents: 115_000,
        difference_cents: 0,
      });
    });
  });

  describe("Pix txid: the purpose's income suggested", () => {
    let acc: Row;
    let joao: Row;
    /** 52 words of two letters, no bank's words among them. */
    const filler = (...firsts: string[]) =>
      firsts
        .flatMap((first) =>
          Array.from({ length: 26 }, (_, i) => first + String.fromCharCode(97 + i)),
        )
        .join(' ');
    const byFitid = async () =>
      Object.fromEntries((await lines(acc.id, { status: 'pending' })).map((l) => [l.fitid, l]));

    beforeAll(async () => {
      acc = await account('Conta Pix');
      joao = await created(api, '/api/donors', { person_type: 'person', name: 'João da Silva' });
      // Two donors of the same name: the memo cannot tell which one gave.
      for (let i = 0; i < 2; i++) {
        await created(api, '/api/donors', { person_type: 'person', name: 'Ana Souza' });
      }
      await created(api, '/api/donors', { person_type: 'person', name: 'João da Silva Neto' });
      await created(api, '/api/donors', { person_type: 'person', name: 'Maria Clara' });
      await imported(
        acc.id,
        buildOfx({
          lines: [
            {
              date: '2026-05-03',
              amount_cents: 25_000,
              memo: 'PIX RECEBIDO - JOAO DA SILVA - DIZIMO',
              fitid: 'P1',
            },
            {
              date: '2026-05-03',
              amount_cents: 3_000,
              memo: 'Pix recebido 03/05 TXID: oferta',
              fitid: 'P2',
            },
            {
              date: '2026-05-04',
              amount_cents: 7_000,
              memo: 'PIX RECEBIDO ANA SOUZA MISSÕES',
              fitid: 'P3',
            },
            { date: '2026-05-04', amount_cents: -1_000, memo: 'PIX ENVIADO - DIZIMO', fitid: 'P4' },
            {
              date: '2026-05-05',
              amount_cents: 2_000,
              memo: 'PIX RECEBIDO JOAO DA SILVA',
              fitid: 'P5',
            },
            { date: '2026-05-05', amount_cents: 2_100, memo: 'PIX RECEBIDO DIZIMOS2', fitid: 'P6' },
            { date: '2026-05-05', amount_cents: 2_200, memo: 'PIX RECEBIDO DIZIMOS', fitid: 'P7' },
            { date: '2026-05-06', amount_cents: 2_300, memo: 'DEPOSITO DIZIMO', fitid: 'P8' },
            {
              date: '2026-05-06',
              amount_cents: 2_400,
              memo: 'PIX RECEBIDO OFERTA DIZIMO',
              fitid: 'P9',
            },
            {
              date: '2026-05-06',
              amount_cents: 2_500,
              memo: 'PIX RECEBIDO TXID DIZIMO OFERTA',
              fitid: 'P10',
            },
            {
              date: '2026-05-07',
              amount_cents: 2_600,
              memo: 'PIX RECEBIDO JOAO DA SILVA NETO CAMPANHA',
              fitid: 'P11',
            },
            // Long memos: more names to look up than one query takes.
            {
              date: '2026-05-07',
              amount_cents: 2_700,
              memo: `PIX ${filler('q', 'w')} OFERTA`,
              fitid: 'P12',
            },
            {
              date: '2026-05-07',
              amount_cents: 2_800,
              memo: `PIX ${filler('x', 'z')} MARIA CLARA DIZIMO`,
              fitid: 'P13',
            },
          ],
        }),
      );
    });

    it('a Pix credit with DIZIMO is Dízimos by Pix from the one donor it names; OFERTA is Ofertas', async () => {
      const line = await byFitid();
      expect(line.P1).toMatchObject({
        pix: {
          purpose: 'DIZIMO',
          category_id: tithes,
          donor_id: joao.id,
          donor_name: 'João da Silva',
        },
        suggested_category_id: tithes,
        suggested_payment_method: 'pix',
      });
      // After TXID, in lowercase: still the code; no name in the memo, no donor.
      expect(line.P2).toMatchObject({
        pix: { purpose: 'OFERTA', category_id: offerings, donor_id: null },
        suggested_category_id: offerings,
        suggested_payment_method: 'pix',
      });
      // Accents aside; homonyms: no donor.
      expect(line.P3.pix).toMatchObject({
        purpose: 'MISSOES',
        category_id: await categoryId(api, 'Ofertas missionárias'),
        donor_id: null,
      });
      // The longest name the memo holds: "João da Silva Neto", not "João da Silva".
      expect(line.P11.pix).toMatchObject({ purpose: 'CAMPANHA', donor_name: 'João da Silva Neto' });
      expect(line.P12.pix).toMatchObject({ purpose: 'OFERTA', donor_id: null });
      expect(line.P13.pix).toMatchObject({ purpose: 'DIZIMO', donor_name: 'Maria Clara' });
      // The code after TXID decides between two.
      expect(line.P10.pix).toMatchObject({ purpose: 'DIZIMO' });
    });

    it('no suggestion: a debit, no txid, a longer word, not a Pix, two codes', async () => {
      const line = await byFitid();
      // P4 a debit; P5 a Pix without a code; P6 and P7 words that contain the code; P8 a deposit;
      // P9 two codes and no TXID to choose.
      for (const fitid of ['P5', 'P6', 'P7', 'P8', 'P9']) {
        expect(line[fitid].pix, fitid).toBeNull();
        expect(line[fitid].suggested_category_id, fitid).toBeNull();
      }
      expect(line.P4.pix).toBeNull();
      expect(line.P5.suggested_payment_method).toBe('pix');
      expect(line.P8.suggested_payment_method).toBe('transfer');
    });

    it('a renamed category: the next name of the purpose, then none (the treasurer chooses)', async () => {
      const missions = await categoryId(api, 'Ofertas missionárias');
      const rename = async (name: string) =>
        ok(await api('PUT', `/api/finance_categories/${missions}`, { name, kind: 'income' }));
      await rename('Missões');
      expect((await byFitid()).P3.pix.category_id).toBe(missions);
      await rename('Evangelismo');
      const line = (await byFitid()).P3;
      expect(line.pix).toMatchObject({ purpose: 'MISSOES', category_id: null });
      expect(line.suggested_category_id).toBeNull();
      expect(line.suggested_payment_method).toBe('pix');
      await rename('Ofertas missionárias');
    });

    it('only suggested: the treasurer confirms, and the income is what was suggested', async () => {
      const before = await byFitid();
      expect(before.P1.status).toBe('pending');
      expect(before.P1.transaction_id).toBeNull();
      const { pix } = before.P1;
      const result = ok(
        await reconcile(before.P1.id, {
          create: {
            kind: 'income',
            category_id: pix.category_id,
            donor_id: pix.donor_id,
            payment_method: before.P1.suggested_payment_method,
          },
        }),
      );
      const income = ok(await api('GET', `/api/incomes/${result.transaction.income_id}`));
      expect(income).toMatchObject({
        category_id: tithes,
        donor_id: joao.id,
        payment_method: 'pix',
        amount_cents: 25_000,
      });
      // A reconciled line suggests nothing more.
      expect((await lines(acc.id, { status: 'reconciled' }))[0].pix).toBeNull();
    });
  });

  describe('audit trail', () => {
    it('each import, reconciliation, ignore and undo leaves its entry; a refusal leaves none', async () => {
      const { db } = t.database;
      const lastId = async () =>
        Number(
          (
            await db
              .selectFrom('audit_log')
              .select((eb) => eb.fn.max('id').as('id'))
              .executeTakeFirstOrThrow()
          ).id ?? 0,
        );
      /** What `step` wrote to the trail: [action, resource, record, changes]. */
      const trail = async (step: () => Promise<unknown>) => {
        const before = await lastId();
        await step();
        const rows = await db
          .selectFrom('audit_log')
          .selectAll()
          .where('id', '>', before)
          .orderBy('id')
          .execute();
        for (const row of rows) {
          expect(row).toMatchObject({ user_name: 'Tesoureira', area: 'finance', ip: '127.0.0.1' });
        }
        return rows.map((row) => ({
          action: row.action,
          resource: row.resource,
          record_id: row.record_id,
          changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]>,
        }));
      };
      const audited = await account('Conta auditada');
      const fee = await adjustment(audited.id, '2026-07-02', -1_500, 'Tarifa avulsa');
      const bill = await created(api, '/api/expenses', {
        description: 'Internet',
        category_id: otherExpenses,
        amount_cents: 9_900,
        date: '2026-07-01',
        due_date: '2026-07-10',
        bank_account_id: audited.id,
        payment_method: 'boleto',
      });
      let statementId = 0;
      const imports = await trail(async () => {
        statementId = (
          await imported(
            audited.id,
            buildOfx({
              lines: [
                { date: '2026-07-02', amount_cents: -1_500, memo: 'TARIFA', fitid: 'U1' },
                { date: '2026-07-10', amount_cents: -9_900, memo: 'PAGTO NET', fitid: 'U2' },
                { date: '2026-07-11', amount_cents: -700, memo: 'CAFE', fitid: 'U3' },
                { date: '2026-07-12', amount_cents: 300, memo: 'ESTORNO', fitid: 'U4' },
              ],
            }),
          )
        ).statement.id;
      });
      expect(imports).toEqual([
        {
          action: 'import',
          resource: 'bank_statements',
          record_id: statementId,
          changes: {
            bank_account_id: [null, audited.id],
            file_name: [null, 'extrato.ofx'],
            line_count: [null, 4],
            new_count: [null, 4],
          },
        },
      ]);
      const [matched, paying, creating, ignoring] = await lines(audited.id);

      expect(await trail(() => reconcile(matched.id, { transaction_id: fee.id }))).toEqual([
        {
          action: 'reconcile',
          resource: 'statement_lines',
          record_id: matched.id,
          changes: {
            status: ['pending', 'reconciled'],
            reconciled_how: [null, 'matched'],
            transaction_id: [null, fee.id],
          },
        },
      ]);
      // A refused change writes nothing.
      expect(await trail(() => reconcile(matched.id, { ignore: true }))).toEqual([]);

      const payment = await trail(() =>
        reconcile(paying.id, {
          payable_id: bill.schedule[0].payable_id,
          bank_account_id: audited.id,
        }),
      );
      expect(payment.map((entry) => [entry.action, entry.resource])).toEqual([
        ['pay', 'accounts_payable'],
        ['reconcile', 'statement_lines'],
      ]);
      // (Before, the payable is 'pending' or 'overdue' by today's date, as on the payables screen.)
      expect(payment[0].changes.status[1]).toBe('paid');
      expect(payment[0].changes).toMatchObject({
        paid_on: [null, '2026-07-10'],
        paid_amount_cents: [null, 9_900],
      });
      expect(payment[1].changes).toMatchObject({
        reconciled_how: [null, 'payable'],
        payable_id: [null, bill.schedule[0].payable_id],
      });

      // The expense made from a line is audited as any other expense.
      const creation = await trail(() =>
        reconcile(creating.id, { create: { kind: 'expense', category_id: otherExpenses } }),
      );
      expect(creation.map((entry) => [entry.action, entry.resource])).toEqual([
        ['create', 'expenses'],
        ['reconcile', 'statement_lines'],
      ]);
      expect(creation[0].changes).toMatchObject({
        description: [null, 'CAFE'],
        amount_cents: [null, 700],
        category_id: [null, otherExpenses],
      });
      const expenseId = creation[0].record_id;

      expect(await trail(() => reconcile(ignoring.id, { ignore: true }))).toEqual([
        {
          action: 'ignore',
          resource: 'statement_lines',
          record_id: ignoring.id,
          changes: { status: ['pending', 'ignored'] },
        },
      ]);

      const undo = (id: number) => api('POST', `/api/statement_lines/${id}/undo`);
      expect(
        (await trail(() => undo(creating.id))).map((entry) => [
          entry.action,
          entry.resource,
          entry.record_id,
        ]),
      ).toEqual([
        ['delete', 'expenses', expenseId],
        ['unreconcile', 'statement_lines', creating.id],
      ]);
      expect(
        (await trail(() => undo(paying.id))).map((entry) => [entry.action, entry.resource]),
      ).toEqual([
        ['unpay', 'accounts_payable'],
        ['unreconcile', 'statement_lines'],
      ]);
      expect(await trail(() => undo(ignoring.id))).toEqual([
        {
          action: 'unreconcile',
          resource: 'statement_lines',
          record_id: ignoring.id,
          changes: { status: ['ignored', 'pending'] },
        },
      ]);
      expect(await trail(() => undo(ignoring.id))).toEqual([]);

      // The audit screen names the line, its movement and the statement.
      const admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
      const entry = async (resource: string, record_id: number) =>
        (
          ok(
            await admin('GET', `/api/audit_log?${query({ filter: { resource, record_id } })}`),
          ) as Row[]
        )[0];
      expect(await entry('statement_lines', matched.id)).toMatchObject({
        action: 'reconcile',
        record_name: 'TARIFA',
        names: { transaction_id: { [fee.id]: 'Tarifa avulsa' } },
      });
      expect(await entry('bank_statements', statementId)).toMatchObject({
        record_name: 'extrato.ofx',
        names: { bank_account_id: { [audited.id]: 'Conta auditada' } },
      });
    });
  });

  describe('one transaction', () => {
    // A failure after the income or expense is written (here: the database refuses to remember
    // the line's category, the last step) must take the record, its movement, the link and their
    // audit entries back with it: nothing half-written, nothing to clean up afterwards.
    const failRemembering = async (fail: boolean) => {
      const { db } = t.database;
      if (usingPostgres) {
        await sql`create or replace function injected_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
          db,
        );
        await sql`drop trigger if exists injected_failure on statement_categories`.execute(db);
        if (fail) {
          await sql`create trigger injected_failure before insert on statement_categories for each row execute function injected_failure()`.execute(
            db,
          );
        }
      } else {
        await sql`drop trigger if exists injected_failure`.execute(db);
        if (fail) {
          await sql`create trigger injected_failure before insert on statement_categories begin select raise(abort, 'injected failure'); end`.execute(
            db,
          );
        }
      }
    };
    const counts = async () => {
      const { db } = t.database;
      const count = async (table: 'incomes' | 'expenses' | 'transactions' | 'audit_log') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        incomes: await count('incomes'),
        expenses: await count('expenses'),
        transactions: await count('transactions'),
        audit_log: await count('audit_log'),
      };
    };

    it('creating a movement from a line that then fails leaves nothing behind', async () => {
      const acc = await account('Conta da falha');
      await imported(
        acc.id,
        buildOfx({
          lines: [
            { date: '2026-05-04', amount_cents: 12_000, memo: 'PIX OFERTA', fitid: 'X1' },
            { date: '2026-05-05', amount_cents: -3_300, memo: 'TARIFA DOC', fitid: 'X2' },
          ],
        }),
      );
      const credit = await lineOf(acc.id, 'X1');
      const debit = await lineOf(acc.id, 'X2');
      const before = await counts();
      await failRemembering(true);
      try {
        const income = await reconcile(credit.id, {
          create: { kind: 'income', category_id: offerings },
        });
        expect(income.statusCode).toBe(500);
        const expense = await reconcile(debit.id, {
          create: { kind: 'expense', category_id: otherExpenses },
        });
        expect(expense.statusCode).toBe(500);
      } finally {
        await failRemembering(false);
      }
      expect(await counts()).toEqual(before);
      expect((await lineOf(acc.id, 'X1')).status).toBe('pending');
      expect((await lineOf(acc.id, 'X2')).status).toBe('pending');
      // With the database willing again, the same request goes through whole.
      const income = ok(
        await reconcile(credit.id, { create: { kind: 'income', category_id: offerings } }),
      );
      expect(income).toMatchObject({ status: 'reconciled', reconciled_how: 'created' });
      expect((await counts()).incomes).toBe(before.incomes + 1);
    });
  });

  describe('who may', () => {
    it('only the financial role, and only on accounts inside the rights', async () => {
      const now = new Date().toISOString();
      const { id: congregation } = await t.database.db
        .insertInto('congregations')
        .values({
          name: 'Congregação Norte',
          kind: 'congregacao',
          parent_id: 1,
          slug: 'congregacao-norte',
          search: 'congregacao norte',
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sede = await account('Conta da sede');
      const north = await account('Conta do Norte', { congregation_id: congregation });
      await imported(sede.id, fixture('caixa.ofx'));
      await imported(north.id, fixture('caixa.ofx'));
      const scopedSession = await t.userWithRoles(['financial'], 'Tesoureiro do Norte');
      await t.database.db
        .updateTable('users')
        .set({ congregation_ids: JSON.stringify([congregation]) })
        .where('id', '=', scopedSession.id)
        .execute();
      const scoped = apiAs(t, scopedSession);
      // Inside: reads, imports and reconciles.
      const northLines = await lines(north.id, {}, scoped);
      expect(northLines).toHaveLength(2);
      expect((await upload(north.id, fixture('nubank.ofx'), scopedSession)).statusCode).toBe(201);
      expect(ok(await reconcile(northLines[0].id, { ignore: true }, scoped)).status).toBe(
        'ignored',
      );
      const sedeLine = (await lines(sede.id))[0];
      const outside = [
        await upload(sede.id, fixture('nubank.ofx'), scopedSession),
        await scoped(
          'GET',
          `/api/statement_lines?${query({ filter: { bank_account_id: sede.id } })}`,
        ),
        await scoped('GET', `/api/statement_lines/${sedeLine.id}`),
        await reconcile(sedeLine.id, { ignore: true }, scoped),
        await scoped('POST', `/api/statement_lines/${sedeLine.id}/undo`),
      ];
      // Outside: its lines are not seen (404) nor changed, nor the account given a file (403).
      expect(outside.map((response) => response.statusCode)).toEqual([403, 404, 404, 403, 403]);
      const all = await scoped('GET', `/api/statement_lines?${query({ range: [0, 99] })}`);
      expect(
        [...new Set((all.json() as Row[]).map((line) => line.bank_account_id))].sort(),
      ).toEqual([north.id]);
      expect((await lineOf(sede.id, 'CX0320')).status).toBe('pending');
      // The Pix suggestion inside the rights, as any other.
      await imported(
        north.id,
        buildOfx({
          lines: [
            { date: '2026-05-03', amount_cents: 500, memo: 'PIX RECEBIDO DIZIMO', fitid: 'N1' },
          ],
        }),
      );
      const northPix = (await lines(north.id, {}, scoped)).find((line) => line.fitid === 'N1');
      expect(northPix?.pix).toMatchObject({ purpose: 'DIZIMO', category_id: tithes });
      // A secretary has no finance access at all.
      const secretarySession = await t.userWithRoles(['secretary']);
      const secretary = apiAs(t, secretarySession);
      const denied = [
        await upload(north.id, fixture('caixa.ofx'), secretarySession),
        await secretary(
          'GET',
          `/api/statement_lines?${query({ filter: { bank_account_id: north.id } })}`,
        ),
        await secretary('POST', `/api/statement_lines/${sedeLine.id}/reconcile`, { ignore: true }),
      ];
      expect(denied.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    });
  });
});
