// Issue 27, the month closed: an admin closes a month after the conselho fiscal's approval; from
// then on EVERY finance write route dated in it answers 409 in Portuguese and writes nothing (the
// routes are read from the app, so a new write route that is not classified here fails the
// walk), an update moving a movement into or out of it is refused, reopening needs a reason, is
// audited and lets the writes in again, and only an admin closes or reopens.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedMonthMessage } from '../../domain/finance/periods.js';
import { RESOURCES } from '../../domain/resources.js';
import { SYSTEM_ACTOR } from '../../server/audit/trail.js';
import { periodService } from '../../server/modules/finance/periodService.js';
import { type Api, type Row, apiAs, categoryId, created } from '../support/finance.js';
import { buildOfx } from '../support/ofx.js';
import { multipartBody } from '../support/multipart.js';
import {
  ADMIN,
  type SessionHeaders,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

/** The month the conselho approved; OPEN stays open. */
const MONTH = '2026-03';
const OPEN = '2026-05';
const APPROVED_ON = '2026-04-15';
const MESSAGE = closedMonthMessage(MONTH, APPROVED_ON);
const APPROVAL = {
  approved_on: APPROVED_ON,
  approvers: 'Ana Souza, Paulo Lima e Marta Reis',
  opinion: 'O conselho fiscal examinou o livro caixa e os comprovantes e aprova as contas.',
};

type Ids = Record<string, number>;

/** A write route dated in the closed month: its URL (`:id` from ids) and its body. */
interface Case {
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** A file sent as the body (an expense's receipt). */
  raw?: { type: string; data: Buffer };
}

const CASES: Record<string, Case> = {
  'POST /api/incomes': {
    url: () => '/api/incomes',
    body: (ids) => ({
      congregation_id: ids.congregation,
      category_id: ids.tithes,
      amount_cents: 100,
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      payment_method: 'pix',
    }),
  },
  'POST /api/incomes/batch': {
    url: () => '/api/incomes/batch',
    body: (ids) => ({
      congregation_id: ids.congregation,
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      lines: [{ category_id: ids.tithes, amount_cents: 100, payment_method: 'cash' }],
    }),
  },
  'PUT /api/incomes/:id': {
    url: (ids) => `/api/incomes/${ids.income}`,
    body: () => ({ amount_cents: 123 }),
  },
  'DELETE /api/incomes/:id': { url: (ids) => `/api/incomes/${ids.income}` },
  'POST /api/expenses': {
    url: () => '/api/expenses',
    body: (ids) => ({
      congregation_id: ids.congregation,
      description: 'Conta de água',
      category_id: ids.rent,
      amount_cents: 100,
      date: `${MONTH}-12`,
      due_date: `${OPEN}-22`,
      bank_account_id: ids.account,
    }),
  },
  'PUT /api/expenses/:id': {
    url: (ids) => `/api/expenses/${ids.expense}`,
    body: () => ({ description: 'Aluguel corrigido' }),
  },
  'DELETE /api/expenses/:id': { url: (ids) => `/api/expenses/${ids.expense}` },
  'PUT /api/expenses/:id/receipt': {
    url: (ids) => `/api/expenses/${ids.expense}/receipt`,
    raw: { type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
  },
  'DELETE /api/expenses/:id/receipt': { url: (ids) => `/api/expenses/${ids.withReceipt}/receipt` },
  'POST /api/accounts_payable/:id/pay': {
    url: (ids) => `/api/accounts_payable/${ids.payable}/pay`,
    body: (ids) => ({ paid_on: `${MONTH}-20`, bank_account_id: ids.account }),
  },
  'POST /api/accounts_payable/:id/unpay': {
    url: (ids) => `/api/accounts_payable/${ids.paidPayable}/unpay`,
    body: () => ({}),
  },
  'POST /api/transactions': {
    url: () => '/api/transactions',
    body: (ids) => ({
      kind: 'transfer',
      from_account_id: ids.account,
      to_account_id: ids.savings,
      amount_cents: 100,
      date: `${MONTH}-16`,
    }),
  },
  'DELETE /api/transactions/:id': { url: (ids) => `/api/transactions/${ids.transaction}` },
  'POST /api/bank_accounts': {
    url: () => '/api/bank_accounts',
    body: (ids) => ({
      congregation_id: ids.congregation,
      name: 'Conta aberta em março',
      kind: 'checking',
      opening_balance_cents: 5_000,
      opening_date: `${MONTH}-01`,
    }),
  },
  'DELETE /api/bank_accounts/:id': { url: (ids) => `/api/bank_accounts/${ids.lateAccount}` },
  'POST /api/offering_counts': {
    url: () => '/api/offering_counts',
    body: (ids) => ({
      congregation_id: ids.congregation,
      date: `${MONTH}-22`,
      service_name: 'Culto de domingo',
      bank_account_id: ids.account,
      counters: [{ name: 'Elias' }, { name: 'Débora' }],
    }),
  },
  'PUT /api/offering_counts/:id': {
    url: (ids) => `/api/offering_counts/${ids.count}`,
    body: () => ({ notes: 'mudou' }),
  },
  'DELETE /api/offering_counts/:id': { url: (ids) => `/api/offering_counts/${ids.count}` },
  'POST /api/offering_counts/:id/close': {
    url: (ids) => `/api/offering_counts/${ids.count}/close`,
    body: () => ({ confirmed: true }),
  },
  'POST /api/offering_counts/:id/adjust': {
    url: (ids) => `/api/offering_counts/${ids.closedCount}/adjust`,
    body: () => ({}),
  },
  'POST /api/offering_counts/:id/deposit': {
    url: (ids) => `/api/offering_counts/${ids.closedCount}/deposit`,
    body: () => ({ deposited_cents: 900, deposited_on: `${MONTH}-25` }),
  },
  'POST /api/statement_lines/:id/reconcile': {
    url: (ids) => `/api/statement_lines/${ids.line}/reconcile`,
    body: () => ({ ignore: true }),
  },
  'POST /api/statement_lines/:id/undo': {
    url: (ids) => `/api/statement_lines/${ids.ignoredLine}/undo`,
    body: () => ({}),
  },
  'POST /api/pending_offerings/:id/receive': {
    url: (ids) => `/api/pending_offerings/${ids.pendingOffering}/receive`,
    body: (ids) => ({ bank_account_id: ids.account }),
  },
};

/** Finance write routes with no dated money fact to guard, and why. */
const NOT_DATED: Record<string, string> = {
  'POST /api/vendors': 'a church-wide party',
  'PUT /api/vendors/:id': 'a church-wide party',
  'DELETE /api/vendors/:id': 'a church-wide party',
  'POST /api/donors': 'a church-wide party',
  'PUT /api/donors/:id': 'a church-wide party',
  'DELETE /api/donors/:id': 'a church-wide party',
  'POST /api/finance_categories': 'the chart, not a movement',
  'PUT /api/finance_categories/:id': 'the chart, not a movement',
  'DELETE /api/finance_categories/:id': 'the chart, not a movement',
  'POST /api/finance_funds': 'a fund, not a movement (moving a movement into one is guarded)',
  'PUT /api/finance_funds/:id': 'a fund, not a movement (moving a movement into one is guarded)',
  'DELETE /api/finance_funds/:id': 'a fund, not a movement',
  'POST /api/credit_cards': 'a card, not a charge',
  'PUT /api/credit_cards/:id': 'a card, not a charge',
  'DELETE /api/credit_cards/:id': 'a card, not a charge',
  'PUT /api/bank_accounts/:id/pix': "the account's Pix key",
  'POST /api/bank_accounts/:id/activate': "the account's state, not its money",
  'POST /api/bank_accounts/:id/deactivate': "the account's state, not its money",
  'POST /api/bank_accounts/:id/statements':
    "the bank's lines are the bank's facts; reconciling them is guarded",
  'POST /api/finance/periods/:month/close': 'closing itself',
  'POST /api/finance/periods/:month/reopen': 'reopening itself',
  'PUT /api/budgets': 'a plan, not a movement: a closed month does not block it (issue 27)',
};

/** The registry's finance resources: their routes are the finance module's. */
const FINANCE_APIS = RESOURCES.filter(
  (entry) => entry.menu === 'finance' || entry.audit?.area === 'finance',
).map((entry) => entry.api);

const isFinance = (url: string) =>
  FINANCE_APIS.some((api) => url === `/api/${api}` || url.startsWith(`/api/${api}/`));

/** Every table a finance write touches, as rows: equal before and after means nothing written. */
const TABLES = [
  'incomes',
  'expenses',
  'accounts_payable',
  'transactions',
  'card_charges',
  'finance_month_totals',
  'finance_month_results',
  'finance_year_totals',
  'finance_year_results',
  'offering_counts',
  'offering_count_lines',
  'offering_count_cash',
  'offering_count_incomes',
  'statement_lines',
  'receipts',
  'bank_accounts',
  'gatherings',
  'audit_log',
] as const;

describe('finance: the month closed', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let api: Api;
  const ids: Ids = {};

  async function snapshot(): Promise<string> {
    const parts: unknown[] = [];
    for (const table of TABLES) {
      parts.push(await t.database.db.selectFrom(table).selectAll().execute());
    }
    return JSON.stringify(parts, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
    );
  }

  function send(session: SessionHeaders, route: string, c: Case) {
    const [method] = route.split(' ');
    return t.app.inject({
      method: method as 'POST',
      url: c.url(ids),
      headers: c.raw ? { ...session, 'content-type': c.raw.type } : session,
      payload: c.raw ? c.raw.data : (c.body?.(ids) as object),
    });
  }

  const close = (month: string, body: unknown = APPROVAL, session = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/finance/periods/${month}/close`,
      headers: session,
      payload: body as object,
    });
  const reopen = (month: string, body: unknown, session = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/finance/periods/${month}/reopen`,
      headers: session,
      payload: body as object,
    });

  const expectRefused = (response: LightMyRequestResponse, route: string) => {
    expect(response.statusCode, `${route}: ${response.body}`).toBe(409);
    expect(response.json().message, route).toBe(MESSAGE);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    api = apiAs(t, admin);
    ids.congregation = (
      await created(api, '/api/congregations', { name: 'Congregação Central', kind: 'congregacao' })
    ).id;
    ids.tithes = await categoryId(api, 'Dízimos');
    ids.rent = await categoryId(api, 'Aluguel');
    const account = async (name: string, opening_date: string) =>
      (
        await created(api, '/api/bank_accounts', {
          congregation_id: ids.congregation,
          name,
          kind: 'checking',
          opening_balance_cents: 10_000,
          opening_date,
        })
      ).id as number;
    ids.account = await account('Conta movimento', '2026-01-01');
    ids.savings = await account('Poupança', '2026-01-01');
    ids.lateAccount = await account('Conta de março', `${MONTH}-02`);
    const income = (date: string) =>
      created(api, '/api/incomes', {
        congregation_id: ids.congregation,
        category_id: ids.tithes,
        amount_cents: 4_000,
        date,
        bank_account_id: ids.account,
        payment_method: 'pix',
      });
    ids.income = (await income(`${MONTH}-10`)).id;
    ids.openIncome = (await income(`${OPEN}-10`)).id;
    const expense = (description: string, day: string) =>
      created(api, '/api/expenses', {
        congregation_id: ids.congregation,
        description,
        category_id: ids.rent,
        amount_cents: 700,
        date: `${MONTH}-${day}`,
        due_date: `${MONTH}-20`,
        bank_account_id: ids.account,
      });
    const rent = await expense('Aluguel', '05');
    ids.expense = rent.id;
    ids.payable = rent.schedule[0].payable_id;
    ids.withReceipt = (await expense('Material de limpeza', '06')).id;
    const attached = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${ids.withReceipt}/receipt`,
      headers: { ...admin, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const paid = await expense('Conta de luz', '07');
    ids.paidPayable = paid.schedule[0].payable_id;
    const payment = await api('POST', `/api/accounts_payable/${ids.paidPayable}/pay`, {
      paid_on: `${MONTH}-07`,
      bank_account_id: ids.account,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    ids.transaction = (
      await created(api, '/api/transactions', {
        kind: 'transfer',
        from_account_id: ids.account,
        to_account_id: ids.savings,
        amount_cents: 250,
        date: `${MONTH}-15`,
      })
    ).id;
    const count = (date: string) =>
      created(api, '/api/offering_counts', {
        congregation_id: ids.congregation,
        date,
        service_name: 'Culto de domingo',
        bank_account_id: ids.account,
        counters: [{ name: 'Elias' }, { name: 'Débora' }],
        lines: [{ method: 'cash', category_id: ids.tithes, amount_cents: 900 }],
      });
    ids.count = (await count(`${MONTH}-08`)).id;
    ids.closedCount = (await count(`${MONTH}-01`)).id;
    const closed = await api('POST', `/api/offering_counts/${ids.closedCount}/close`, {
      confirmed: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const statement = buildOfx({
      lines: [
        { date: `${MONTH}-18`, amount_cents: -990, memo: 'Tarifa bancária', fitid: 'L1' },
        { date: `${MONTH}-19`, amount_cents: -120, memo: 'Tarifa de TED', fitid: 'L2' },
      ],
    });
    const upload = multipartBody({ data: statement, name: 'extrato.ofx' });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${ids.account}/statements`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [line, ignored] = (imported.json() as Row).new_lines as Row[];
    ids.line = line.id;
    ids.ignoredLine = ignored.id;
    const ignoring = await api('POST', `/api/statement_lines/${ids.ignoredLine}/reconcile`, {
      ignore: true,
    });
    expect(ignoring.statusCode, ignoring.body).toBe(200);
    const member = await created(api, '/api/members', {
      name: 'Josué Prado',
      congregation_id: ids.congregation,
      status: 'active',
    });
    const cell = await created(api, '/api/cells', {
      name: 'Célula Esperança',
      congregation_id: ids.congregation,
      weekday: 2,
      time: '20:00',
    });
    await api('PUT', `/api/cells/${cell.id}/members`, { member_ids: [member.id] });
    ids.pendingOffering = (
      await created(api, `/api/cells/${cell.id}/reports`, {
        date: `${MONTH}-03`,
        member_ids: [member.id],
        offering_cents: 900,
      })
    ).id;

    const response = await close(MONTH);
    expect(response.statusCode, response.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('classifies every finance write route', () => {
    const writes = t.app.apiRoutes
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => isFinance(route.split(' ')[1]));
    expect(writes.filter((route) => !(route in CASES) && !(route in NOT_DATED))).toEqual([]);
    expect(Object.keys(CASES).filter((route) => !writes.includes(route))).toEqual([]);
  });

  it('refuses every finance write dated in the closed month, writing nothing', async () => {
    const passed: string[] = [];
    for (const [route, c] of Object.entries(CASES)) {
      const before = await snapshot();
      const response = await send(admin, route, c);
      const refused = response.statusCode === 409 && response.json().message === MESSAGE;
      if (!refused || (await snapshot()) !== before) {
        passed.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(passed).toEqual([]);
  });

  it('refuses an update moving a movement into or out of the closed month', async () => {
    const before = await snapshot();
    expectRefused(
      await api('PUT', `/api/incomes/${ids.openIncome}`, { date: `${MONTH}-12` }),
      'into',
    );
    expectRefused(await api('PUT', `/api/incomes/${ids.income}`, { date: `${OPEN}-12` }), 'out');
    expectRefused(
      await api('PUT', `/api/expenses/${ids.expense}`, { date: `${OPEN}-05` }),
      'expense out',
    );
    expect(await snapshot()).toBe(before);
    // The open month takes its writes, and a bill due in the closed month is paid in another.
    const edited = await api('PUT', `/api/incomes/${ids.openIncome}`, { amount_cents: 4_100 });
    expect(edited.statusCode, edited.body).toBe(200);
    const late = await api('POST', `/api/accounts_payable/${ids.payable}/pay`, {
      paid_on: `${OPEN}-02`,
      bank_account_id: ids.account,
    });
    expect(late.statusCode, late.body).toBe(200);
    const undone = await api('POST', `/api/accounts_payable/${ids.payable}/unpay`, {});
    expect(undone.statusCode, undone.body).toBe(200);
  });

  it('lets only an admin close or reopen; the financial users read the months', async () => {
    const treasurer = await t.userWithRoles(['financial'], 'Tesoureira Lia');
    const secretary = await t.userWithRoles(['secretary'], 'Secretária Rute');
    expect((await close('2026-02', APPROVAL, treasurer)).statusCode).toBe(403);
    expect((await reopen(MONTH, { reason: 'Erro' }, treasurer)).statusCode).toBe(403);
    expect((await close('2026-02', APPROVAL, secretary)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/finance/periods',
      headers: treasurer,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as Row[]).map((period) => [period.month, period.status])).toEqual([
      [MONTH, 'closed'],
    ]);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/finance/periods',
      headers: secretary,
    });
    expect(denied.statusCode).toBe(403);
    // The treasurer's own write meets the same refusal.
    expectRefused(
      await send(treasurer, 'PUT /api/incomes/:id', CASES['PUT /api/incomes/:id']),
      'treasurer',
    );
  });

  it('refuses a close that is not a finished, approved month, in Portuguese', async () => {
    const message = async (response: LightMyRequestResponse, status: number) => {
      expect(response.statusCode, response.body).toBe(status);
      return response.json() as Row;
    };
    expect((await message(await close(MONTH), 409)).message).toBe('O mês 03/2026 já está fechado.');
    expect((await message(await close('2099-01'), 409)).message).toBe(
      'O mês 01/2099 ainda não terminou: só um mês encerrado pode ser fechado.',
    );
    expect((await message(await close('2026-13'), 404)).message).toBe('Mês inválido: use AAAA-MM.');
    expect((await message(await close('2026-02', {}), 422)).errors).toEqual({
      approved_on: 'Informe a data da aprovação.',
      approvers: 'Informe quem aprovou (os membros do conselho fiscal).',
      opinion: 'Informe o parecer do conselho fiscal.',
    });
    expect(
      (await message(await close('2026-02', { ...APPROVAL, approved_on: '2026-02-20' }), 422))
        .errors,
    ).toEqual({
      approved_on: 'A aprovação deve ser posterior ao fim do mês (a partir de 01/03/2026).',
    });
    expect((await message(await reopen('2026-02', { reason: 'Erro' }), 409)).message).toBe(
      'O mês 02/2026 não está fechado.',
    );
  });

  it('a close waits for the writes under way, and the writes after it wait for the close', async () => {
    const { db, dialect } = t.database;
    /** PostgreSQL: someone waits on the periods' advisory lock (SQLite's writer lock serializes). */
    const waiting = () =>
      expect
        .poll(
          async () =>
            usingPostgres
              ? Number(
                  (
                    await sql<{ n: number }>`select count(*) as n from pg_locks
                      where locktype = 'advisory' and not granted`.execute(db)
                  ).rows[0].n,
                )
              : 1,
          { timeout: 10_000 },
        )
        .toBe(1);
    /** Someone waits, then `trx` commits, also when the wait failed (nothing left open). */
    const waitingThenCommit = async (trx: { commit(): { execute(): Promise<void> } }) => {
      try {
        await waiting();
      } finally {
        await trx.commit().execute();
      }
    };
    const income = (date: string) => ({
      congregation_id: ids.congregation,
      category_id: ids.tithes,
      amount_cents: 700,
      date,
      bank_account_id: ids.account,
      payment_method: 'cash',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    // A write of January under way: January's close waits for it, then closes.
    const writing = await db.startTransaction().execute();
    await writing.insertInto('incomes').values(income('2026-01-20')).execute();
    const closing = close('2026-01');
    await waitingThenCommit(writing);
    expect((await closing).statusCode).toBe(200);
    // February's close under way: a write of February waits for it and is refused.
    const closer = await db.startTransaction().execute();
    await periodService(closer, dialect).close(SYSTEM_ACTOR, '2026-02', {
      ...APPROVAL,
      approved_on: '2026-03-05',
    });
    const write = api('POST', '/api/incomes', {
      congregation_id: ids.congregation,
      category_id: ids.tithes,
      amount_cents: 700,
      date: '2026-02-11',
      bank_account_id: ids.account,
      payment_method: 'cash',
    });
    await waitingThenCommit(closer);
    const refused = await write;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(closedMonthMessage('2026-02', '2026-03-05'));
    const incomes = db.selectFrom('incomes').select('id').where('date', '=', '2026-02-11');
    expect(await incomes.execute()).toEqual([]);
  });

  it('reopens with a reason, audited, and the writes go in again', async () => {
    const missing = await reopen(MONTH, { reason: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: 'Informe o motivo da reabertura.' });
    const reason = 'Comprovante de março lançado em duplicidade';
    const response = await reopen(MONTH, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      month: MONTH,
      status: 'reopened',
      reopen_reason: reason,
      reopened_by_name: 'Administrador',
    });
    const entries = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'finance/periods')
      .where('record_id', '=', 202603)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => [entry.action, entry.record_id, entry.area])).toEqual([
      ['close', 202603, 'finance'],
      ['reopen', 202603, 'finance'],
    ]);
    expect(JSON.parse(entries[1].changes).reason).toEqual([null, reason]);
    const edited = await api('PUT', `/api/incomes/${ids.income}`, { amount_cents: 4_200 });
    expect(edited.statusCode, edited.body).toBe(200);
    // Closed again after the correction: the history keeps all three, the latest first.
    expect((await close(MONTH, { ...APPROVAL, approved_on: '2026-05-02' })).statusCode).toBe(200);
    const [period] = (await api('GET', '/api/finance/periods')).json() as Row[];
    expect(period).toMatchObject({ month: MONTH, status: 'closed', approved_on: '2026-05-02' });
    expect(period.history.map((event: Row) => [event.action, event.reason])).toEqual([
      ['close', null],
      ['reopen', reason],
      ['close', null],
    ]);
    const again = await api('PUT', `/api/incomes/${ids.income}`, { amount_cents: 4_300 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(closedMonthMessage(MONTH, '2026-05-02'));
  });
});
