// Ofertas a receber (issues 26 and 25): the offering of a cell's report and of an EBD chamada is
// one pending line each for the treasurer; receiving it writes exactly its income (no donor, the
// "Ofertas" category, the gathering's congregation and date, the account's balance up by the
// amount) and links it, once; a received offering's amount no longer changes; a treasurer limited
// to one congregation sees and receives only hers.
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
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

const REPORT_DAY = '2026-07-08';
const SUNDAY = '2026-07-05';

describe('ofertas a receber', () => {
  let t: TestApp;
  let admin: Api;
  let treasurer: Api;
  let treasurerA: Api;
  let secretary: Api;
  const ids: Record<string, number> = {};

  const balance = async (account: number) =>
    (
      await t.database.db
        .selectFrom('bank_accounts')
        .select('balance_cents')
        .where('id', '=', account)
        .executeTakeFirstOrThrow()
    ).balance_cents;
  const incomeCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('incomes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pending = async (api: Api) => {
    const response = await api('GET', `/api/pending_offerings?${query({ range: [0, 99] })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    ids.A = (await created(admin, '/api/congregations', { name: 'Betel', kind: 'congregacao' })).id;
    ids.B = (await created(admin, '/api/congregations', { name: 'Siloé', kind: 'congregacao' })).id;
    const cell = async (name: string, congregation_id: number) =>
      (await created(admin, '/api/cells', { name, congregation_id, weekday: 3, time: '20:00' }))
        .id as number;
    ids.cell = await cell('Célula Betel', ids.A);
    ids.cellB = await cell('Célula Siloé', ids.B);
    ids.quiet = await cell('Célula Sem Oferta', ids.A);
    ids.ebdClass = (
      await created(admin, '/api/ebd_classes', {
        name: 'Jovens',
        congregation_id: ids.A,
        year: 2026,
        quarter: 3,
      })
    ).id;
    const account = async (name: string, congregation_id: number) =>
      (
        await created(admin, '/api/bank_accounts', {
          congregation_id,
          name,
          kind: 'cash',
          opening_balance_cents: 10_000,
          opening_date: '2026-01-01',
        })
      ).id as number;
    ids.caixaA = await account('Caixa Betel', ids.A);
    ids.caixaB = await account('Caixa Siloé', ids.B);
    ids.ofertas = await categoryId(admin, 'Ofertas');
    treasurer = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro Geral'));
    treasurerA = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureira Betel', [ids.A]));
    secretary = apiAs(t, await t.userWithRoles(['secretary'], 'Secretária'));
  });
  afterAll(() => t?.close());

  it('takes the offering of a cell report and of an EBD chamada, each one pending line', async () => {
    const report = await admin('POST', `/api/cells/${ids.cell}/reports`, {
      date: REPORT_DAY,
      offering_cents: 12_345,
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toMatchObject({ offering_cents: 12_345, offering_received: false });
    ids.report = report.json().id;
    // Sent again from the phone's queue: still one line.
    const replay = await admin('POST', `/api/cells/${ids.cell}/reports`, {
      date: REPORT_DAY,
      offering_cents: 12_345,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    ids.reportB = (
      await created(admin, `/api/cells/${ids.cellB}/reports`, {
        date: REPORT_DAY,
        offering_cents: 5_001,
      })
    ).id;
    await created(admin, `/api/cells/${ids.quiet}/reports`, {
      date: REPORT_DAY,
      offering_cents: 0,
    });
    const bad = await admin('POST', `/api/cells/${ids.quiet}/reports`, {
      date: REPORT_DAY,
      offering_cents: 12.5,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.offering_cents).toMatch(/Oferta/);

    ids.chamada = (
      await created(admin, `/api/ebd_classes/${ids.ebdClass}/roll_calls`, { date: SUNDAY })
    ).id;
    const counts = await admin('PUT', `/api/ebd_roll_calls/${ids.chamada}`, {
      offering_cents: 4_567,
    });
    expect(counts.statusCode, counts.body).toBe(200);

    const lines = await pending(treasurer);
    expect(lines).toEqual([
      expect.objectContaining({
        id: ids.chamada,
        kind: 'ebd',
        kind_label: 'Chamada da EBD',
        name: 'Jovens',
        date: SUNDAY,
        congregation_id: ids.A,
        congregation_name: 'Betel',
        amount_cents: 4_567,
        recorded_by: 'Administrador',
      }),
      expect.objectContaining({
        id: ids.report,
        kind: 'cell',
        kind_label: 'Célula',
        name: 'Célula Betel',
        date: REPORT_DAY,
        congregation_id: ids.A,
        amount_cents: 12_345,
      }),
      expect.objectContaining({ id: ids.reportB, congregation_id: ids.B, amount_cents: 5_001 }),
    ]);
    const byKind = await treasurer(
      'GET',
      `/api/pending_offerings?${query({ filter: { kind: 'cell', congregation_id: ids.A } })}`,
    );
    expect(byKind.json().map((row: Row) => row.id)).toEqual([ids.report]);
    expect(byKind.headers['content-range']).toMatch(/\/1$/);
    // The office records the offering; the list is the treasury's.
    expect((await secretary('GET', '/api/pending_offerings')).statusCode).toBe(403);
  });

  it('receives one line as exactly its income, linked, and refuses it the second time', async () => {
    const before = await balance(ids.caixaA);
    const incomes = await incomeCount();
    const response = await treasurerA('POST', `/api/pending_offerings/${ids.report}/receive`, {
      bank_account_id: ids.caixaA,
    });
    expect(response.statusCode, response.body).toBe(201);
    const incomeId = response.json().income_id as number;
    const income = await t.database.db
      .selectFrom('incomes')
      .selectAll()
      .where('id', '=', incomeId)
      .executeTakeFirstOrThrow();
    expect(income).toMatchObject({
      amount_cents: 12_345,
      congregation_id: ids.A,
      date: REPORT_DAY,
      category_id: ids.ofertas,
      donor_id: null,
      payment_method: 'cash',
      bank_account_id: ids.caixaA,
      description: 'Oferta da célula Célula Betel em 08/07/2026',
    });
    expect(await incomeCount()).toBe(incomes + 1);
    expect(await balance(ids.caixaA)).toBe(before + 12_345);
    const link = await t.database.db
      .selectFrom('gatherings')
      .select('offering_income_id')
      .where('id', '=', ids.report)
      .executeTakeFirstOrThrow();
    expect(link.offering_income_id).toBe(incomeId);
    expect((await pending(treasurer)).map((row) => row.id)).toEqual([ids.chamada, ids.reportB]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('resource', '=', 'pending_offerings')
      .where('record_id', '=', ids.report)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['receive']);

    const again = await treasurer('POST', `/api/pending_offerings/${ids.report}/receive`, {
      bank_account_id: ids.caixaA,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta oferta já foi recebida pela tesouraria.');
    expect(await incomeCount()).toBe(incomes + 1);
    expect(await balance(ids.caixaA)).toBe(before + 12_345);

    // The EBD's, on a chosen date, category and method.
    const dizimos = await categoryId(admin, 'Dízimos');
    const ebd = await treasurer('POST', `/api/pending_offerings/${ids.chamada}/receive`, {
      bank_account_id: ids.caixaA,
      category_id: dizimos,
      date: '2026-07-06',
      payment_method: 'pix',
    });
    expect(ebd.statusCode, ebd.body).toBe(201);
    expect(ebd.json().income).toMatchObject({
      amount_cents: 4_567,
      category_id: dizimos,
      date: '2026-07-06',
      payment_method: 'pix',
      description: 'Oferta da EBD – Jovens em 05/07/2026',
    });
    expect(await balance(ids.caixaA)).toBe(before + 12_345 + 4_567);
    await expectBalancesConsistent(t);
  });

  it('refuses to change a received offering (409) and keeps the same amount', async () => {
    const changed = await admin('POST', `/api/cells/${ids.cell}/reports`, {
      date: REPORT_DAY,
      offering_cents: 12_000,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/já recebeu esta oferta/);
    const same = await admin('POST', `/api/cells/${ids.cell}/reports`, {
      date: REPORT_DAY,
      offering_cents: 12_345,
      notes: 'Corrigido',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ offering_received: true, notes: 'Corrigido' });
    const chamada = await admin('PUT', `/api/ebd_roll_calls/${ids.chamada}`, {
      offering_cents: 1,
    });
    expect(chamada.statusCode).toBe(409);
    const stored = await t.database.db
      .selectFrom('gatherings')
      .select(['id', 'offering_cents'])
      .where('id', 'in', [ids.report, ids.chamada])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.offering_cents)).toEqual([12_345, 4_567]);
    // Nor does the received offering's report move to another congregation (its income stays).
    const moved = await admin('PUT', `/api/gatherings/${ids.report}`, { congregation_id: ids.B });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.congregation_id).toMatch(/oferta já recebida não muda/);
  });

  it('keeps a treasurer of one congregation to hers', async () => {
    expect((await pending(treasurerA)).map((row) => row.id)).toEqual([]);
    expect((await pending(treasurer)).map((row) => row.id)).toEqual([ids.reportB]);
    const incomes = await incomeCount();
    const other = await treasurerA('POST', `/api/pending_offerings/${ids.reportB}/receive`, {
      bank_account_id: ids.caixaA,
    });
    expect(other.statusCode).toBe(403);
    // Her own congregation's offering, but into Siloé's cash box: refused, nothing written.
    const mine = (
      await created(admin, `/api/cells/${ids.quiet}/reports`, {
        date: '2026-07-15',
        offering_cents: 701,
      })
    ).id as number;
    const intoOther = await treasurerA('POST', `/api/pending_offerings/${mine}/receive`, {
      bank_account_id: ids.caixaB,
    });
    expect(intoOther.statusCode).toBe(403);
    const unknownAccount = await treasurer(
      'POST',
      `/api/pending_offerings/${ids.reportB}/receive`,
      {
        bank_account_id: 999_999,
      },
    );
    expect(unknownAccount.statusCode).toBe(422);
    expect(unknownAccount.json().errors.bank_account_id).toBeTruthy();
    const missing = await treasurer('POST', `/api/pending_offerings/${ids.reportB}/receive`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.bank_account_id).toBe('Escolha a conta que recebeu.');
    expect(await incomeCount()).toBe(incomes);
    expect((await pending(treasurer)).map((row) => row.id)).toEqual([ids.reportB, mine]);
    const received = await treasurerA('POST', `/api/pending_offerings/${mine}/receive`, {
      bank_account_id: ids.caixaA,
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json().income).toMatchObject({ amount_cents: 701, congregation_id: ids.A });
  });

  it('makes an offering pending again when its income is removed', async () => {
    const received = await treasurer('POST', `/api/pending_offerings/${ids.reportB}/receive`, {
      bank_account_id: ids.caixaB,
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(await pending(treasurer)).toEqual([]);
    const removed = await treasurer('DELETE', `/api/incomes/${received.json().income_id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await pending(treasurer)).map((row) => [row.id, row.amount_cents])).toEqual([
      [ids.reportB, 5_001],
    ]);
    // Two treasurers receive it at once: one income, the other told it was received.
    const incomes = await incomeCount();
    const answers = await Promise.all(
      [treasurer, admin].map((api) =>
        api('POST', `/api/pending_offerings/${ids.reportB}/receive`, {
          bank_account_id: ids.caixaB,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await incomeCount()).toBe(incomes + 1);
    expect(await pending(treasurer)).toEqual([]);
    await expectBalancesConsistent(t);
  });
});
