// Issue 27, the repasses: each congregation's percentage of its tithes and offerings, valid from a
// month (set on the congregation, admin), the repasse due rounded half up to the centavo, what
// was transferred to its sede, and the cumulative balance due — checked against the incomes and
// transfers themselves over a seeded campo with random rates and transfers, on SQLite and
// PostgreSQL; consolidated is the sum of the congregations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../domain/dates.js';
import { todayIso } from '../../domain/dates.js';
import { transferDue } from '../../domain/finance/repasses.js';
import { type Api, type Row, apiAs, query, seedCampo, seededRandom } from '../support/finance.js';
import { pdfText } from '../support/pdf.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

const THIS_MONTH = todayIso().slice(0, 7);
const month = (back: number) => addMonths(`${THIS_MONTH}-01`, -back).slice(0, 7);

describe('the repasse due rounds half up to the centavo, exactly', () => {
  it.each([
    [12_345, 1_000, 1_235], // R$ 123,45 at 10% = 12,345 -> 12,35
    [12_344, 1_000, 1_234],
    [1, 5_000, 1], // half a centavo -> one
    [3, 3_333, 1],
    [0, 1_000, 0],
    [9_999_999_999_999, 9_999, 9_998_999_999_999_000 / 1_000 + 0],
  ])('%i centavos at %i bp = %i', (base, rate, due) => {
    expect(transferDue(base, rate)).toBe(Number((BigInt(base) * BigInt(rate) + 5_000n) / 10_000n));
    if (base < 1_000_000) expect(transferDue(base, rate)).toBe(due);
  });
});

describe('repasses à sede', { tags: ['dates'] }, () => {
  let t: TestApp;
  let admin: Api;
  /** The congregations under a sede, their parent, and their accounts. */
  let senders: Array<{ id: number; parent: number; account: number }>;
  /** Each sender's rates, by from_month. */
  const rates = new Map<number, Array<{ from_month: string; rate_bp: number }>>();
  /** Each transfer made: sender, month, centavos. */
  const transfers: Array<{ congregation: number; month: string; cents: number }> = [];

  const report = async (filter: object) => {
    const response = await admin(
      'GET',
      `/api/reports/finance/repasses?${query({ filter, range: [0, 999] })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp({ blankChurch: true });
    await seedCampo(t, 45);
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    const { db } = t.database;
    const congregations = await db
      .selectFrom('congregations')
      .select(['id', 'parent_id'])
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .execute();
    const accountOf = async (congregation: number) =>
      (
        await db
          .selectFrom('bank_accounts')
          .select('id')
          .where('congregation_id', '=', congregation)
          .where('kind', '=', 'checking')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    senders = [];
    for (const row of congregations) {
      senders.push({ id: row.id, parent: row.parent_id!, account: await accountOf(row.id) });
    }
    const next = seededRandom(2045);
    for (const sender of senders) {
      // A first rate some months back, and for some a second one later.
      const own = [{ from_month: month(8 + next(3)), rate_bp: 500 + next(1_500) }];
      if (next(2) === 0) own.push({ from_month: month(3), rate_bp: next(2_000) });
      for (const rate of own) {
        const response = await admin('PUT', `/api/congregations/${sender.id}`, {
          transfer_percent: rate.rate_bp / 100,
          transfer_from: rate.from_month,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      rates.set(sender.id, own);
      const to = await accountOf(sender.parent);
      for (let n = 0; n < 6; n++) {
        const when = month(next(10));
        const cents = 1 + next(300_000);
        const response = await admin('POST', '/api/transactions', {
          kind: 'transfer',
          from_account_id: sender.account,
          to_account_id: to,
          amount_cents: cents,
          date: `${when}-${String(1 + next(27)).padStart(2, '0')}`,
        });
        expect(response.statusCode, response.body).toBe(201);
        transfers.push({ congregation: sender.id, month: when, cents });
      }
    }
    // A transfer from the sede back to a congregation is no repasse.
    const back = senders[0];
    const response = await admin('POST', '/api/transactions', {
      kind: 'transfer',
      from_account_id: await accountOf(back.parent),
      to_account_id: back.account,
      amount_cents: 77_777,
      date: `${month(2)}-10`,
    });
    expect(response.statusCode, response.body).toBe(201);
  }, 120_000);
  afterAll(() => t?.close());

  /** The base of each sender and month, read from the incomes and the chart independently. */
  async function bases() {
    const { db } = t.database;
    const chart = await db
      .selectFrom('finance_categories')
      .select(['id', 'code', 'role'])
      .execute();
    const group = chart.find((account) => account.role === 'tithes')!.code;
    const accounts = new Set(
      chart
        .filter((account) => account.code === group || account.code.startsWith(`${group}.`))
        .map((account) => account.id),
    );
    const incomes = await db
      .selectFrom('incomes')
      .select(['congregation_id', 'category_id', 'date', 'amount_cents'])
      .execute();
    const out = new Map<string, number>();
    for (const income of incomes) {
      if (!accounts.has(income.category_id)) continue;
      const key = `${income.congregation_id} ${String(income.date).slice(0, 7)}`;
      out.set(key, (out.get(key) ?? 0) + Number(income.amount_cents));
    }
    return out;
  }

  /**
   * What each sender transferred to its sede's accounts by month, read from the movements
   * (the seed's own transfers included): the outgoing side of a transfer whose linked side is
   * an account of the sender's parent.
   */
  async function sentByMonth() {
    const { db } = t.database;
    const accounts = new Map(
      (await db.selectFrom('bank_accounts').select(['id', 'congregation_id']).execute()).map(
        (row) => [row.id, row.congregation_id],
      ),
    );
    const movements = await db
      .selectFrom('transactions')
      .select(['id', 'bank_account_id', 'date', 'amount_cents', 'kind', 'linked_id'])
      .where('kind', '=', 'transfer')
      .execute();
    const byId = new Map(movements.map((row) => [row.id, row]));
    const parents = new Map(senders.map((sender) => [sender.id, sender.parent]));
    const out = new Map<string, number>();
    for (const movement of movements) {
      if (Number(movement.amount_cents) >= 0 || movement.linked_id === null) continue;
      const from = accounts.get(movement.bank_account_id)!;
      const to = accounts.get(byId.get(movement.linked_id)!.bank_account_id);
      if (!parents.has(from) || parents.get(from) !== to) continue;
      const key = `${from} ${String(movement.date).slice(0, 7)}`;
      out.set(key, (out.get(key) ?? 0) - Number(movement.amount_cents));
    }
    return out;
  }

  const rateOf = (sender: number, on: string) =>
    rates
      .get(sender)!
      .filter((rate) => rate.from_month <= on)
      .at(-1)?.rate_bp;

  it('base, due, transferred and the balance due follow the incomes and transfers, per month', async () => {
    const base = await bases();
    const moved = await sentByMonth();
    expect([...base.values()].some((cents) => cents > 0)).toBe(true);
    for (const selected of [month(0), month(2), month(5)]) {
      const rows = await report({ month: selected });
      for (const sender of senders) {
        const row = rows.find((line) => line.congregation_id === sender.id)!;
        const own = rates.get(sender.id)!;
        const rate = rateOf(sender.id, selected);
        const monthBase = base.get(`${sender.id} ${selected}`) ?? 0;
        const sent = (on: string) => moved.get(`${sender.id} ${on}`) ?? 0;
        // Every transfer this test made is in it.
        for (const transfer of transfers.filter((item) => item.congregation === sender.id)) {
          expect(moved.get(`${sender.id} ${transfer.month}`)).toBeGreaterThanOrEqual(
            transfer.cents,
          );
        }
        expect(row.base_cents, `${sender.id} ${selected}`).toBe(monthBase);
        expect(row.percent).toBe(rate === undefined ? null : rate / 100);
        expect(row.due_cents).toBe(rate === undefined ? 0 : transferDue(monthBase, rate));
        expect(row.transferred_cents).toBe(sent(selected));
        expect(row.balance_cents).toBe(row.due_cents - row.transferred_cents);
        let balance = 0;
        for (
          let at = own[0].from_month;
          at <= selected;
          at = addMonths(`${at}-01`, 1).slice(0, 7)
        ) {
          balance +=
            transferDue(base.get(`${sender.id} ${at}`) ?? 0, rateOf(sender.id, at) ?? 0) - sent(at);
        }
        expect(row.balance_due_cents).toBe(balance);
      }
      const total = rows.find((line) => line.is_total)!;
      for (const field of ['base_cents', 'due_cents', 'transferred_cents', 'balance_due_cents']) {
        expect(total[field]).toBe(
          rows.filter((line) => !line.is_total).reduce((sum, line) => sum + line[field], 0),
        );
      }
      // The sede sends nothing: it has no row.
      expect(rows.some((line) => line.congregation_id === 1)).toBe(false);
    }
  });

  it('consolidated is the sum of the congregations', async () => {
    const selected = month(1);
    const whole = await report({ month: selected });
    for (const sender of senders) {
      const alone = await report({ month: selected, congregation_id: sender.id });
      expect(alone.filter((row) => !row.is_total)).toEqual(
        whole.filter((row) => row.congregation_id === sender.id),
      );
    }
  });

  it('a sede with its sub-tree: ?month= and include_subtree as plain parameters', async () => {
    const selected = month(1);
    const subtree = await admin(
      'GET',
      `/api/reports/finance/repasses?month=${selected}&congregation_id=1&include_subtree=true`,
    );
    expect(subtree.statusCode, subtree.body).toBe(200);
    // The sede's sub-tree is every congregation here: the whole church's rows.
    expect(subtree.json()).toEqual(await report({ month: selected }));
  });

  it('the percentage: two decimals at most, with its month, never on the sede, audited', async () => {
    const [sender] = senders;
    const cases: Array<[unknown, RegExp]> = [
      [{ transfer_percent: 10.555, transfer_from: month(0) }, /duas casas decimais/],
      [{ transfer_percent: 101, transfer_from: month(0) }, /de 0 a 100/],
      [{ transfer_percent: 10, transfer_from: null }, /a partir de qual mês/],
      [{ transfer_percent: 10, transfer_from: '2026-13' }, /Mês inválido/],
    ];
    for (const [body, message] of cases) {
      const response = await admin('PUT', `/api/congregations/${sender.id}`, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.body).toMatch(message);
    }
    const sede = await admin('PUT', '/api/congregations/1', {
      transfer_percent: 10,
      transfer_from: month(0),
    });
    expect(sede.statusCode, sede.body).toBe(422);
    expect(sede.body).toMatch(/A sede não faz repasse/);

    const saved = await admin('PUT', `/api/congregations/${sender.id}`, {
      transfer_percent: 12.5,
      transfer_from: month(-1),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ transfer_percent: 12.5, transfer_from: month(-1) });
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['changes'])
      .where('resource', '=', 'congregations')
      .where('record_id', '=', sender.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes).transfer_percent[1]).toBe(12.5);
    // What the past months owed did not change: the new rate starts next month.
    rates.get(sender.id)!.push({ from_month: month(-1), rate_bp: 1_250 });
  });

  it('a rate starting in a closed month is refused (it would change what that month owed)', async () => {
    const closedMonth = month(4);
    const closed = await admin('POST', `/api/finance/periods/${closedMonth}/close`, {
      approved_on: `${month(3)}-10`,
      approvers: 'Conselho fiscal',
      opinion: 'Contas aprovadas.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [sender] = senders;
    const before = await report({ month: closedMonth });
    const refused = await admin('PUT', `/api/congregations/${sender.id}`, {
      transfer_percent: 50,
      transfer_from: month(5),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toMatch(/está fechado/);
    expect(await report({ month: closedMonth })).toEqual(before);
  });

  it('says its basis in the PDF, and refuses a bad month', async () => {
    const pdf = await admin(
      'GET',
      `/api/reports/finance/repasses/pdf?${query({ filter: { month: month(1) } })}`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('competência');
    expect(text).toContain('Saldo devedor');
    const bad = await admin(
      'GET',
      `/api/reports/finance/repasses?${query({ filter: { month: '2026-13' } })}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
