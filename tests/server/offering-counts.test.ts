// Issue 25, the count of a culto's offering: a closed count writes exactly its incomes (one per
// envelope, one per category and method for the rest, to the centavo) and never changes again;
// an adjusting count carries the difference; closing is one transaction (a failure after the
// first income leaves nothing behind); the deposit keeps its difference; bad input is a
// Portuguese 4xx; a treasurer of one congregation neither sees nor changes another's counts.
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
import { flatPdfText } from '../support/pdf.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

const DATE = '2026-03-08';
const COUNTERS = [{ name: 'Diácono Elias Souza' }, { name: 'Irmã Débora Lima' }];

describe('offering counts', () => {
  let t: TestApp;
  let api: Api;
  let tithes = 0;
  let offerings = 0;
  let missions = 0;
  let rent = 0;
  let account = 0;
  let bank = 0;
  let donorX = 0;
  let donorY = 0;

  const incomesOf = async (countId: number) =>
    t.database.db
      .selectFrom('incomes')
      .innerJoin('offering_count_incomes', 'offering_count_incomes.income_id', 'incomes.id')
      .selectAll('incomes')
      .where('offering_count_incomes.count_id', '=', countId)
      .orderBy('incomes.id')
      .execute();
  const countIncomeRows = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('incomes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const open = (lines: unknown[], extra: Record<string, unknown> = {}) =>
    created(api, '/api/offering_counts', {
      date: DATE,
      service_name: 'Culto de domingo (noite)',
      bank_account_id: account,
      counters: COUNTERS,
      lines,
      ...extra,
    });
  const close = (id: number) =>
    api('POST', `/api/offering_counts/${id}/close`, { confirmed: true });

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    tithes = await categoryId(api, 'Dízimos');
    offerings = await categoryId(api, 'Ofertas');
    missions = await categoryId(api, 'Ofertas missionárias');
    rent = await categoryId(api, 'Aluguel');
    account = (
      await created(api, '/api/bank_accounts', {
        name: 'Caixa da tesouraria',
        kind: 'cash',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      })
    ).id;
    bank = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta corrente',
        kind: 'checking',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      })
    ).id;
    donorX = (await created(api, '/api/donors', { name: 'Abigail Rocha', person_type: 'person' }))
      .id;
    donorY = (await created(api, '/api/donors', { name: 'Baruque Nunes', person_type: 'person' }))
      .id;
  });
  afterAll(() => t?.close());

  it('a closed count writes exactly its incomes, to the centavo, and cannot change', async () => {
    const lines = [
      { method: 'cash', category_id: tithes, amount_cents: 15_000 },
      { method: 'pix', category_id: offerings, amount_cents: 5_001 },
      { method: 'cash', category_id: tithes, amount_cents: 3_333 },
      { method: 'cash', category_id: offerings, amount_cents: 2_000 },
      { method: 'card', category_id: missions, amount_cents: 1_000 },
      {
        method: 'cash',
        category_id: tithes,
        donor_id: donorX,
        envelope: '12',
        amount_cents: 10_000,
      },
      { method: 'check', category_id: tithes, donor_id: donorY, amount_cents: 25_000 },
    ];
    // Cash lines: 150,00 + 33,33 + 20,00 + 100,00 = 303,33, counted by notes and coins.
    const cash = [
      { denomination_cents: 20_000, quantity: 1 },
      { denomination_cents: 10_000, quantity: 1 },
      { denomination_cents: 100, quantity: 3 },
      { denomination_cents: 25, quantity: 1 },
      { denomination_cents: 5, quantity: 1 },
      { denomination_cents: 1, quantity: 3 },
    ];
    const count = await open(lines.slice(0, 3));
    expect(count).toMatchObject({ status: 'open', total_cents: 23_334, adjusts_id: null });
    const edited = await api('PUT', `/api/offering_counts/${count.id}`, { lines, cash });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      total_cents: 61_334,
      depositable_cents: 55_333,
      cash_total_cents: 30_333,
      envelopes_cents: 35_000,
      by_method: { cash: 30_333, pix: 5_001, card: 1_000, check: 25_000 },
    });

    const before = await countIncomeRows();
    const closed = await close(count.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_by_name: 'Administrador' });

    const incomes = await incomesOf(count.id);
    expect(await countIncomeRows()).toBe(before + 6);
    const summary = incomes.map((income) => [
      income.payment_method,
      income.category_id,
      income.donor_id,
      income.amount_cents,
    ]);
    expect(summary).toEqual([
      ['cash', tithes, null, 18_333],
      ['pix', offerings, null, 5_001],
      ['cash', offerings, null, 2_000],
      ['card', missions, null, 1_000],
      ['cash', tithes, donorX, 10_000],
      ['check', tithes, donorY, 25_000],
    ]);
    const byCategory = new Map<number, number>();
    for (const income of incomes) {
      expect(income).toMatchObject({ date: DATE, bank_account_id: account, congregation_id: 1 });
      byCategory.set(
        income.category_id,
        (byCategory.get(income.category_id) ?? 0) + income.amount_cents,
      );
    }
    expect(Object.fromEntries(byCategory)).toEqual({
      [tithes]: 53_333,
      [offerings]: 7_001,
      [missions]: 1_000,
    });
    expect(incomes.find((income) => income.donor_id === donorX)?.notes).toBe('Envelope 12');
    await expectBalancesConsistent(t);

    // Closed for good: no edit, no delete, no second closing, in Portuguese.
    for (const [method, url, body] of [
      ['PUT', `/api/offering_counts/${count.id}`, { service_name: 'Outro culto' }],
      ['DELETE', `/api/offering_counts/${count.id}`, undefined],
      ['POST', `/api/offering_counts/${count.id}/close`, { confirmed: true }],
    ] as const) {
      const refused = await api(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect(refused.json().message).toMatch(/já foi fechada/);
    }
    expect((await api('GET', `/api/offering_counts/${count.id}`)).json().service_name).toBe(
      'Culto de domingo (noite)',
    );
    expect(await countIncomeRows()).toBe(before + 6);

    // Its incomes are the count's record: no edit, no delete (one by one, as a bulk delete
    // sends them), each refusal naming the count; the list and the record say where they came from.
    const message =
      'Esta receita veio da contagem do culto de 08/03/2026; corrija com uma contagem de ajuste.';
    for (const income of incomes.slice(0, 3)) {
      const edit = await api('PUT', `/api/incomes/${income.id}`, { amount_cents: 1 });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(edit.json().message).toBe(message);
      const removal = await api('DELETE', `/api/incomes/${income.id}`);
      expect(removal.statusCode, removal.body).toBe(409);
      expect(removal.json().message).toBe(message);
    }
    const stored = await incomesOf(count.id);
    expect(stored.map((income) => income.amount_cents)).toEqual(
      incomes.map((income) => income.amount_cents),
    );
    expect((await api('GET', `/api/incomes/${incomes[0]!.id}`)).json()).toMatchObject({
      offering_count_id: count.id,
      offering_count_date: DATE,
    });
    const listed = (
      await api(
        'GET',
        `/api/incomes?filter=${encodeURIComponent(JSON.stringify({ id: incomes.map((i) => i.id) }))}`,
      )
    ).json() as Row[];
    expect(listed).toHaveLength(6);
    expect(listed.every((income) => income.offering_count_id === count.id)).toBe(true);
    await expectBalancesConsistent(t);

    // The trail: opened, edited, closed.
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'offering_counts')
      .where('record_id', '=', count.id)
      .orderBy('id')
      .execute();
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update', 'close']);

    // The deposit of the cash and the cheque (553,33), short by 3,33.
    const deposit = await api('POST', `/api/offering_counts/${count.id}/deposit`, {
      deposited_cents: 55_000,
      deposited_on: '2026-03-09',
      bank_account_id: bank,
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json()).toMatchObject({
      deposited_cents: 55_000,
      deposited_on: '2026-03-09',
      deposit_difference_cents: 333,
    });
    const early = await api('POST', `/api/offering_counts/${count.id}/deposit`, {
      deposited_cents: 55_000,
      deposited_on: '2026-03-01',
      bank_account_id: bank,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.deposited_on).toBe('O depósito não pode ser anterior ao culto.');

    // The termo: the church, the culto, the lines, the totals and a line for each counter.
    const pdf = await api('GET', `/api/offering_counts/${count.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await flatPdfText(pdf.rawPayload);
    for (const words of [
      'TERMO DE CONTAGEM',
      'Culto de domingo (noite)',
      '08/03/2026',
      'Abigail Rocha',
      'Envelope 12',
      'Cédula de R$ 200',
      'Diácono Elias Souza',
      'Irmã Débora Lima',
      'Ofertas missionárias',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/Total R\$\s613,34/);
    expect(text).toMatch(/Diferença \(contado – depositado\) R\$\s3,33/);
  });

  it('the deposit moves the caixa’s cash to the bank as a transfer and books the difference', async () => {
    const balance = async (id: number) =>
      Number((await api('GET', `/api/bank_accounts/${id}`)).json().balance_cents);
    const movements = async () =>
      t.database.db
        .selectFrom('transactions')
        .select(['bank_account_id', 'kind', 'amount_cents', 'description'])
        .where('kind', 'in', ['transfer', 'adjustment'])
        .where('description', 'like', `%da contagem nº ${countId} –%`)
        .orderBy('id')
        .execute();
    const deposit = (body: Record<string, unknown>) =>
      api('POST', `/api/offering_counts/${countId}/deposit`, {
        deposited_on: '2026-03-09',
        ...body,
      });
    // 300,00 in cash and a cheque of 50,00 go to the bank (350,00); the PIX of 20,01 does not.
    const count = await open([
      { method: 'cash', category_id: tithes, amount_cents: 30_000 },
      { method: 'check', category_id: offerings, amount_cents: 5_000 },
      { method: 'pix', category_id: offerings, amount_cents: 2_001 },
    ]);
    const countId = count.id as number;
    expect((await close(countId)).statusCode).toBe(200);
    const [caixa0, bank0] = [await balance(account), await balance(bank)];

    // A caixa's deposit names a bank account, never a caixa; refused, nothing is written.
    const other = await created(api, '/api/bank_accounts', {
      name: 'Caixa da cantina',
      kind: 'cash',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    for (const [body, message] of [
      [{ deposited_cents: 35_000 }, 'Informe a conta bancária em que o caixa foi depositado.'],
      [
        { deposited_cents: 35_000, bank_account_id: other.id },
        'Escolha uma conta bancária: o depósito sai do caixa.',
      ],
      [{ deposited_cents: 35_000, bank_account_id: 999_999 }, 'Conta bancária não encontrada.'],
    ] as const) {
      const refused = await deposit(body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.bank_account_id).toBe(message);
    }
    expect(await movements()).toEqual([]);
    expect([await balance(account), await balance(bank)]).toEqual([caixa0, bank0]);

    // Short by 0,10: 349,90 leave the caixa for the bank, the 0,10 missing leave the caixa too.
    const short = await deposit({ deposited_cents: 34_990, bank_account_id: bank });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toMatchObject({
      deposited_cents: 34_990,
      deposit_difference_cents: 10,
      deposit_account_name: 'Conta corrente',
      bank_account_kind: 'cash',
    });
    expect(await movements()).toEqual([
      expect.objectContaining({
        bank_account_id: account,
        kind: 'transfer',
        amount_cents: -34_990,
      }),
      expect.objectContaining({ bank_account_id: bank, kind: 'transfer', amount_cents: 34_990 }),
      expect.objectContaining({
        bank_account_id: account,
        kind: 'adjustment',
        amount_cents: -10,
        description: `Diferença do depósito da contagem nº ${countId} – Culto de domingo (noite) (contado R$ 350,00, depositado R$ 349,90)`,
      }),
    ]);
    expect(await balance(account)).toBe(caixa0 - 35_000);
    expect(await balance(bank)).toBe(bank0 + 34_990);

    // The count keeps its deposit: its movements are not deleted by hand.
    const stored = await t.database.db
      .selectFrom('offering_counts')
      .select(['deposit_transaction_id', 'deposit_adjustment_id'])
      .where('id', '=', countId)
      .executeTakeFirstOrThrow();
    for (const id of [stored.deposit_transaction_id, stored.deposit_adjustment_id]) {
      const refused = await api('DELETE', `/api/transactions/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Este lançamento é o depósito da contagem nº ${countId}: corrija o depósito na contagem.`,
      );
    }

    // Corrected to 350,05 (5 centavos over): the earlier movements give way to the new ones.
    const corrected = await deposit({ deposited_cents: 35_005, bank_account_id: bank });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().deposit_difference_cents).toBe(-5);
    expect((await movements()).map((row) => [row.bank_account_id, row.amount_cents])).toEqual([
      [account, -35_005],
      [bank, 35_005],
      [account, 5],
    ]);
    expect(await balance(account)).toBe(caixa0 - 35_000);
    expect(await balance(bank)).toBe(bank0 + 35_005);

    // Exact: one transfer, no adjustment.
    expect((await deposit({ deposited_cents: 35_000, bank_account_id: bank })).statusCode).toBe(
      200,
    );
    expect((await movements()).map((row) => row.amount_cents)).toEqual([-35_000, 35_000]);
    expect(await balance(account)).toBe(caixa0 - 35_000);
    expect(await balance(bank)).toBe(bank0 + 35_000);
    await expectBalancesConsistent(t);

    // Received straight in the bank: no transfer; a shortfall leaves the bank's balance.
    const direct = await open([{ method: 'cash', category_id: offerings, amount_cents: 10_000 }], {
      bank_account_id: bank,
    });
    expect((await close(direct.id)).statusCode).toBe(200);
    const bank1 = await balance(bank);
    const elsewhere = await api('POST', `/api/offering_counts/${direct.id}/deposit`, {
      deposited_cents: 9_900,
      deposited_on: DATE,
      bank_account_id: account,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.bank_account_id).toBe(
      'Esta contagem entrou direto em Conta corrente: o depósito é nela, sem transferência.',
    );
    const straight = await api('POST', `/api/offering_counts/${direct.id}/deposit`, {
      deposited_cents: 9_900,
      deposited_on: DATE,
    });
    expect(straight.statusCode, straight.body).toBe(200);
    expect(straight.json()).toMatchObject({
      deposit_difference_cents: 100,
      deposit_account_name: null,
    });
    expect(await balance(bank)).toBe(bank1 - 100);
    await expectBalancesConsistent(t);
  });

  it('an adjusting count carries the difference: new incomes up, the written ones down', async () => {
    const original = await open([
      { method: 'cash', category_id: tithes, amount_cents: 20_000 },
      { method: 'pix', category_id: offerings, amount_cents: 3_000 },
      { method: 'cash', category_id: tithes, donor_id: donorX, amount_cents: 5_000 },
    ]);
    const pending = await api('POST', `/api/offering_counts/${original.id}/adjust`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/Só uma contagem fechada/);
    expect((await close(original.id)).statusCode).toBe(200);

    const adjusting = await api('POST', `/api/offering_counts/${original.id}/adjust`);
    expect(adjusting.statusCode, adjusting.body).toBe(201);
    const adjustment = adjusting.json();
    expect(adjustment).toMatchObject({
      status: 'open',
      adjusts_id: original.id,
      counters: COUNTERS.map((counter) => ({ ...counter, user_id: null, member_id: null })),
      lines: [],
    });
    expect((await api('POST', `/api/offering_counts/${original.id}/adjust`)).statusCode).toBe(409);

    // Taking more than the count wrote is refused, and nothing changes.
    const tooMuch = await api('PUT', `/api/offering_counts/${adjustment.id}`, {
      lines: [{ method: 'pix', category_id: offerings, amount_cents: -3_001 }],
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(200);
    const refused = await close(adjustment.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.lines).toMatch(/tira R\$\s30,01 de Ofertas em pix/);
    expect((await incomesOf(original.id)).map((income) => income.amount_cents)).toEqual([
      20_000, 3_000, 5_000,
    ]);

    const lines = [
      { method: 'cash', category_id: tithes, amount_cents: -1_234 },
      { method: 'pix', category_id: offerings, amount_cents: 500 },
      { method: 'cash', category_id: tithes, donor_id: donorX, amount_cents: -5_000 },
    ];
    // The lines change; the culto, its day and its account stay the original's.
    const edited = await api('PUT', `/api/offering_counts/${adjustment.id}`, {
      lines,
      date: '2026-04-01',
      service_name: 'Outro culto',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ date: DATE, service_name: 'Culto de domingo (noite)' });
    const closed = await close(adjustment.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', total_cents: -5_734 });

    // The tithes in cash lowered, the envelope gone, the PIX difference a new income.
    const kept = await incomesOf(original.id);
    expect(kept.map((income) => [income.category_id, income.amount_cents])).toEqual([
      [tithes, 18_766],
      [offerings, 3_000],
    ]);
    const added = await incomesOf(adjustment.id);
    expect(added.map((income) => [income.payment_method, income.amount_cents])).toEqual([
      ['cash', 18_766],
      ['pix', 500],
    ]);
    const links = await t.database.db
      .selectFrom('offering_count_incomes')
      .select('amount_cents')
      .where('count_id', '=', adjustment.id)
      .orderBy('income_id')
      .execute();
    expect(links.map((link) => link.amount_cents).sort((a, b) => a - b)).toEqual([
      -5_000, -1_234, 500,
    ]);
    await expectBalancesConsistent(t);

    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('resource', '=', 'offering_counts')
      .where('record_id', '=', adjustment.id)
      .orderBy('id')
      .execute();
    expect(trail.map((entry) => entry.action)).toEqual(['adjust', 'update', 'update', 'close']);
    expect(JSON.parse(trail[0].details!)).toEqual({ adjusts_id: original.id });

    const termo = await flatPdfText(
      (await api('GET', `/api/offering_counts/${adjustment.id}/pdf`)).rawPayload,
    );
    expect(termo).toContain(`TERMO DE CONTAGEM DE AJUSTE Nº ${adjustment.id}`);
    expect(termo).toMatch(new RegExp(`corrigem em -R\\$\\s57,34 a contagem nº ${original.id}`));

    // The original lists its adjustment.
    const read = (await api('GET', `/api/offering_counts/${original.id}`)).json();
    expect(read.adjustments).toEqual([
      expect.objectContaining({ id: adjustment.id, status: 'closed', total_cents: -5_734 }),
    ]);
  });

  it('closing is one transaction: a failure after the first income leaves nothing behind', async () => {
    const { db } = t.database;
    const postgres = t.database.dialect.name === 'postgres';
    if (postgres) {
      await sql`create function fail_income() returns trigger as $$ begin
        if new.amount_cents = 77777 then raise exception 'falha injetada'; end if;
        return new; end $$ language plpgsql`.execute(db);
      await sql`create trigger fail_income before insert on incomes for each row
        execute function fail_income()`.execute(db);
    } else {
      await sql`create trigger fail_income before insert on incomes
        when new.amount_cents = 77777 begin select raise(abort, 'falha injetada'); end`.execute(db);
    }
    const count = await open([
      { method: 'cash', category_id: offerings, amount_cents: 1_000 },
      { method: 'pix', category_id: tithes, amount_cents: 77_777 },
    ]);
    const incomes = await countIncomeRows();
    const movements = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const audits = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    const failed = await close(count.id);
    expect(failed.statusCode).toBe(500);

    expect(await countIncomeRows()).toBe(incomes);
    const after = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(movements.n));
    expect(await incomesOf(count.id)).toEqual([]);
    const row = await db
      .selectFrom('offering_counts')
      .selectAll()
      .where('id', '=', count.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'open', closed_at: null });
    const entries = await db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '>', Number(audits.id))
      .execute();
    expect(entries).toEqual([]);
    await expectBalancesConsistent(t);

    await sql`drop trigger fail_income${postgres ? sql` on incomes` : sql``}`.execute(db);
    expect((await close(count.id)).statusCode).toBe(200);
    expect((await incomesOf(count.id)).map((income) => income.amount_cents)).toEqual([
      1_000, 77_777,
    ]);
  });

  it('bad input is a Portuguese 4xx and writes nothing', async () => {
    const base = {
      date: DATE,
      service_name: 'Culto de quarta',
      bank_account_id: account,
      counters: COUNTERS,
    };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        { lines: [{ method: 'cash', category_id: tithes, amount_cents: -100 }] },
        'lines.0.amount_cents',
        /maior que zero/,
      ],
      [
        { lines: [{ method: 'cash', category_id: tithes, amount_cents: 2 ** 53 + 2 }] },
        'lines.0.amount_cents',
        /alto demais/,
      ],
      [
        { lines: [{ method: 'cash', category_id: 987_654, amount_cents: 100 }] },
        'lines.0.category_id',
        /Categoria não encontrada/,
      ],
      [
        { lines: [{ method: 'cash', category_id: rent, amount_cents: 100 }] },
        'lines.0.category_id',
        /categoria de receita/,
      ],
      [
        { lines: [{ method: 'boleto', category_id: tithes, amount_cents: 100 }] },
        'lines.0.method',
        /dinheiro, Pix, cartão ou cheque/,
      ],
      [
        { lines: [{ method: 'cash', category_id: tithes, amount_cents: 0 }] },
        'lines.0.amount_cents',
        /não pode ser zero/,
      ],
      [{ counters: [{ name: 'Sozinho' }] }, 'counters', /de 2 a 3 contadores/],
      [
        { counters: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] },
        'counters',
        /de 2 a 3 contadores/,
      ],
      [{ counters: [{ name: 'Ana' }, { name: 'ana' }] }, 'counters', /se repetem/],
      [{ cash: [{ denomination_cents: 300, quantity: 1 }] }, 'cash.0.denomination_cents', /cédula/],
      [{ service_name: '' }, 'service_name', /Informe o culto/],
    ];
    const before = await t.database.db
      .selectFrom('offering_counts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [change, field, message] of cases) {
      const response = await api('POST', '/api/offering_counts', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(change)).toBeLessThan(500);
      expect(response.json().errors?.[field], `${field}: ${response.body}`).toMatch(message);
    }
    const after = await t.database.db
      .selectFrom('offering_counts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Closing: the counters must confirm, and an open count must have lines whose cash matches
    // the notes and coins counted.
    const empty = await open([]);
    const unconfirmed = await api('POST', `/api/offering_counts/${empty.id}/close`, {});
    expect(unconfirmed.statusCode).toBe(422);
    expect(JSON.stringify(unconfirmed.json())).toMatch(/Confirme que os contadores/);
    const noLines = await close(empty.id);
    expect(noLines.statusCode).toBe(422);
    expect(noLines.json().errors.lines).toBe('Informe ao menos uma linha antes de fechar.');
    const mismatch = await open([{ method: 'cash', category_id: tithes, amount_cents: 1_000 }], {
      cash: [{ denomination_cents: 500, quantity: 1 }],
    });
    const refused = await close(mismatch.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.cash).toMatch(/somam R\$\s5,00.*somam R\$\s10,00/);
    expect(await incomesOf(mismatch.id)).toEqual([]);
    const deposit = await api('POST', `/api/offering_counts/${mismatch.id}/deposit`, {
      deposited_cents: 1_000,
      deposited_on: DATE,
    });
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().message).toBe('Feche a contagem antes de registrar o depósito.');
    const negative = await api('POST', `/api/offering_counts/${mismatch.id}/deposit`, {
      deposited_cents: -1,
      deposited_on: DATE,
    });
    expect(negative.statusCode).toBeGreaterThanOrEqual(400);
    expect(negative.json().errors.deposited_cents).toBe('O valor não pode ser negativo.');
  });

  it('a treasurer of one congregation neither sees nor changes the counts of another', async () => {
    const congregation = async (name: string) =>
      (await created(api, '/api/congregations', { name, kind: 'congregacao' })).id as number;
    const A = await congregation('Congregação Aurora');
    const C = await congregation('Congregação Cedro');
    const accountOf = async (congregation_id: number) =>
      (
        await created(api, '/api/bank_accounts', {
          congregation_id,
          name: `Caixa ${congregation_id}`,
          kind: 'cash',
          opening_balance_cents: 0,
          opening_date: '2026-01-01',
        })
      ).id as number;
    const accountA = await accountOf(A);
    const accountC = await accountOf(C);
    const countC = await open([{ method: 'cash', category_id: tithes, amount_cents: 700 }], {
      congregation_id: C,
      bank_account_id: accountC,
    });
    const treasurer = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira A', [A]));
    const list = await treasurer('GET', `/api/offering_counts?${query({ range: [0, 99] })}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Row[]).map((row) => row.congregation_id)).not.toContain(C);
    expect((await treasurer('GET', `/api/offering_counts/${countC.id}`)).statusCode).toBe(404);
    expect((await treasurer('GET', `/api/offering_counts/${countC.id}/pdf`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PUT', `/api/offering_counts/${countC.id}`, { notes: 'mudou' }],
      ['POST', `/api/offering_counts/${countC.id}/close`, { confirmed: true }],
      ['DELETE', `/api/offering_counts/${countC.id}`, undefined],
    ] as const) {
      expect((await treasurer(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const into = await treasurer('POST', '/api/offering_counts', {
      congregation_id: C,
      date: DATE,
      service_name: 'Culto',
      bank_account_id: accountC,
      counters: COUNTERS,
    });
    expect(into.statusCode).toBe(403);
    // Its own congregation's account: created there without naming it.
    const own = await treasurer('POST', '/api/offering_counts', {
      date: DATE,
      service_name: 'Culto de domingo',
      bank_account_id: accountA,
      counters: COUNTERS,
      lines: [{ method: 'pix', category_id: offerings, amount_cents: 4_200 }],
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      congregation_id: A,
      congregation_name: 'Congregação Aurora',
    });
    const secretary = apiAs(t, await t.userWithRoles(['secretary']));
    expect((await secretary('GET', '/api/offering_counts')).statusCode).toBe(403);
  });
});
