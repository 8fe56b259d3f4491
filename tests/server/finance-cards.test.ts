// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Credit cards: purchases fall into the invoice of the closing day after them (the closing day
// itself goes to the next one), payable on the due day; instalments go to the next invoices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { openInvoice } from '../../domain/finance/invoices.js';
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

describe('finance: credit cards and invoices', () => {
  let t: TestApp;
  let api: Api;
  let accountId = 0;
  let card: Row;
  let maintenance = 0;

  const invoices = async () =>
    (
      await api(
        'GET',
        `/api/accounts_payable?${query({ filter: { kind: 'invoice', credit_card_id: card.id }, sort: ['due_date', 'ASC'], range: [0, 99] })}`,
      )
    ).json() as Array<Row>;

  const purchase = (date: string, amount: number, installments = 1, description = 'Compra') =>
    api('POST', '/api/expenses', {
      description,
      category_id: maintenance,
      amount_cents: amount,
      date,
      installments,
      credit_card_id: card.id,
    });

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await t.userWithRoles(['financial']));
    maintenance = await categoryId(api, 'Manutenção');
    accountId = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta corrente',
        kind: 'checking',
        opening_balance_cents: 1_000_000,
        opening_date: '2025-01-01',
      })
    ).id;
    card = await created(api, '/api/credit_cards', {
      name: 'Cartão da igreja',
      brand: 'Visa',
      last_digits: '4321',
      closing_day: 10,
      due_day: 20,
      limit_cents: 500_000,
      bank_account_id: accountId,
    });
  });
  afterAll(() => t.close());

  it('a purchase the day before closing falls into this month’s invoice', async () => {
    const response = await purchase('2025-03-09', 10_000);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      due_date: '2025-03-20',
      payment_method: 'card',
      bank_account_id: null,
    });
    expect(response.json().schedule).toMatchObject([
      { installment: 1, amount_cents: 10_000, due_date: '2025-03-20' },
    ]);
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({
      closing_date: '2025-03-10',
      due_date: '2025-03-20',
      amount_cents: 10_000,
    });
  });

  it('a purchase on the closing day goes to the next invoice', async () => {
    const response = await purchase('2025-03-10', 5_000);
    expect(response.json().due_date).toBe('2025-04-20');
    const rows = await invoices();
    expect(rows.map((row) => [row.closing_date, row.amount_cents])).toEqual([
      ['2025-03-10', 10_000],
      ['2025-04-10', 5_000],
    ]);
  });

  it('instalments of a card purchase go to consecutive invoices, the centavo on the last', async () => {
    const response = await purchase('2025-03-25', 10_000, 3, 'Geladeira');
    expect(response.statusCode).toBe(201);
    expect(response.json().schedule.map((part: Row) => [part.amount_cents, part.due_date])).toEqual(
      [
        [3_333, '2025-04-20'],
        [3_333, '2025-05-20'],
        [3_334, '2025-06-20'],
      ],
    );
    const rows = await invoices();
    expect(rows.map((row) => [row.closing_date, row.amount_cents])).toEqual([
      ['2025-03-10', 10_000],
      ['2025-04-10', 8_333],
      ['2025-05-10', 3_333],
      ['2025-06-10', 3_334],
    ]);
    expect(rows.map((row) => row.description)).toEqual([
      'Fatura de março de 2025 – Cartão da igreja (final 4321)',
      'Fatura de abril de 2025 – Cartão da igreja (final 4321)',
      'Fatura de maio de 2025 – Cartão da igreja (final 4321)',
      'Fatura de junho de 2025 – Cartão da igreja (final 4321)',
    ]);
  });

  it('a due day before the closing day falls in the following month', async () => {
    const other = await created(api, '/api/credit_cards', {
      name: 'Outro cartão',
      closing_day: 28,
      due_day: 5,
      limit_cents: 100_000,
      bank_account_id: accountId,
    });
    const response = await api('POST', '/api/expenses', {
      description: 'Pneus',
      category_id: maintenance,
      amount_cents: 40_000,
      date: '2025-02-27',
      credit_card_id: other.id,
    });
    expect(response.json().due_date).toBe('2025-03-05');
    const onClosing = await api('POST', '/api/expenses', {
      description: 'Óleo',
      category_id: maintenance,
      amount_cents: 1_000,
      date: '2025-02-28',
      credit_card_id: other.id,
    });
    expect(onClosing.json().due_date).toBe('2025-04-05');
  });

  it('purchases made at the same instant open one invoice together, with their total', async () => {
    const shared = await created(api, '/api/credit_cards', {
      name: 'Cartão da secretaria',
      closing_day: 15,
      due_day: 25,
      limit_cents: 1_000_000,
      bank_account_id: accountId,
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('POST', '/api/expenses', {
          description: `Material ${i + 1}`,
          category_id: maintenance,
          amount_cents: 1_000 + i,
          date: '2025-09-01',
          credit_card_id: shared.id,
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const rows = (
      await api(
        'GET',
        `/api/accounts_payable?${query({ filter: { kind: 'invoice', credit_card_id: shared.id } })}`,
      )
    ).json() as Array<Row>;
    expect(rows.map((row) => [row.closing_date, row.due_date, row.amount_cents])).toEqual([
      ['2025-09-15', '2025-09-25', 10_045],
    ]);
  });

  it('paying an invoice takes the money from the card’s account and marks its purchases paid', async () => {
    const [invoice] = await invoices();
    const paid = await api('POST', `/api/accounts_payable/${invoice.id}/pay`, {
      paid_on: '2025-03-20',
      bank_account_id: accountId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const movement = (await api('GET', `/api/transactions/${paid.json().transaction_id}`)).json();
    expect(movement).toMatchObject({
      amount_cents: -10_000,
      kind: 'expense',
      expense_id: null,
      category_id: null,
    });
    expect(movement.description).toBe('Fatura de março de 2025 – Cartão da igreja (final 4321)');
    expect((await api('GET', `/api/bank_accounts/${accountId}`)).json().balance_cents).toBe(
      990_000,
    );
    const expenses = (
      await api(
        'GET',
        `/api/expenses?${query({ filter: { credit_card_id: card.id, status: 'paid' } })}`,
      )
    ).json() as Array<Row>;
    expect(expenses.map((row) => row.date)).toEqual(['2025-03-09']);
    expect(expenses[0].paid_on).toBe('2025-03-20');
    await expectBalancesConsistent(t);
  });

  it('refuses a purchase, an edit or a delete that would change a paid invoice', async () => {
    const late = await purchase('2025-03-01', 999);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/já foi paga/);
    const paid = (
      await api(
        'GET',
        `/api/expenses?${query({ filter: { credit_card_id: card.id, status: 'paid' } })}`,
      )
    ).json()[0];
    const edit = await api('PUT', `/api/expenses/${paid.id}`, { amount_cents: 11_000 });
    expect(edit.statusCode).toBe(409);
    expect((await api('DELETE', `/api/expenses/${paid.id}`)).statusCode).toBe(409);
    const relabel = await api('PUT', `/api/expenses/${paid.id}`, {
      description: 'Peças do ar-condicionado',
    });
    expect(relabel.statusCode, relabel.body).toBe(200);
    expect(relabel.json()).toMatchObject({ status: 'paid', paid_on: '2025-03-20' });
  });

  it('moving a purchase’s date moves it between open invoices; an emptied invoice disappears', async () => {
    const response = await purchase('2025-07-01', 2_000, 1, 'Lâmpadas');
    const expense = response.json();
    expect((await invoices()).some((row) => row.closing_date === '2025-07-10')).toBe(true);
    const moved = await api('PUT', `/api/expenses/${expense.id}`, { date: '2025-07-15' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().due_date).toBe('2025-08-20');
    const closings = (await invoices()).map((row) => row.closing_date);
    expect(closings).toContain('2025-08-10');
    expect(closings).not.toContain('2025-07-10');
  });

  it('the list shows the open invoice and the limit left', async () => {
    const today = todayIso();
    const open = openInvoice(today, { closing_day: 10, due_day: 20 });
    const current = await purchase(today, 7_700, 1, 'Compra de hoje');
    expect(current.statusCode).toBe(201);
    const cards = (await api('GET', '/api/credit_cards')).json() as Array<Row>;
    const row = cards.find((c) => c.id === card.id)!;
    expect(row.open_invoice_closing_date).toBe(open.closing_date);
    expect(row.open_invoice_due_date).toBe(open.due_date);
    expect(row.open_invoice_cents).toBeGreaterThanOrEqual(7_700);
    const unpaid = (await invoices()).filter((invoice) => invoice.status !== 'paid');
    const used = unpaid.reduce((sum, invoice) => sum + invoice.amount_cents, 0);
    expect(row.used_cents).toBe(used);
    expect(row.limit_left_cents).toBe(500_000 - used);
  });

  it('refuses to delete a card with purchases, and an account that pays a card', async () => {
    const refused = await api('DELETE', `/api/credit_cards/${card.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/compras lançadas/);
    const deactivate = await api('POST', `/api/bank_accounts/${accountId}/deactivate`);
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toMatch(/Cartão da igreja/);
    const unused = await created(api, '/api/credit_cards', {
      name: 'Cartão sem uso',
      closing_day: 1,
      due_day: 10,
      limit_cents: 1_000,
      bank_account_id: accountId,
    });
    const removed = await api('DELETE', `/api/credit_cards/${unused.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: unused.id, name: 'Cartão sem uso', used_cents: 0 });
    expect((await api('GET', `/api/credit_cards/${unused.id}`)).statusCode).toBe(404);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select('changes')
      .where('action', '=', 'delete')
      .where('resource', '=', 'credit_cards')
      .where('record_id', '=', unused.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toMatchObject({ name: ['Cartão sem uso', null] });
    expect(JSON.parse(entry.changes)).not.toHaveProperty('used_cents');
  });

  it('validates the card days and the paying account', async () => {
    const response = await api('POST', '/api/credit_cards', {
      name: 'Ruim',
      closing_day: 0,
      due_day: 32,
      bank_account_id: 999_999,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      closing_day: 'Dia de fechamento: de 1 a 31.',
      due_day: 'Dia de vencimento: de 1 a 31.',
    });
    const noAccount = await api('POST', '/api/credit_cards', {
      name: 'Ruim',
      closing_day: 1,
      due_day: 8,
      bank_account_id: 999_999,
    });
    expect(noAccount.json().errors.bank_account_id).toBe('Conta bancária não encontrada.');
  });

  it('stores a receipt (image or PDF) with the expense and refuses other files and big ones', async () => {
    const expense = (await purchase('2025-09-01', 1_500, 1, 'Com comprovante')).json();
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(2000, 32),
      Buffer.from('\n%%EOF'),
    ]);
    const headers = await t.userWithRoles(['financial']);
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${expense.id}/receipt`,
      headers: {
        ...headers,
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent('nota fiscal çã.pdf'),
      },
      payload: pdf,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({
      file_name: 'nota fiscal çã.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
    expect((await api('GET', `/api/expenses/${expense.id}`)).json().receipt).toEqual(upload.json());

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/expenses/${expense.id}/receipt`,
      headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${expense.id}/receipt`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'não é um comprovante',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(
      'O comprovante deve ser uma imagem (JPEG, PNG ou WebP) ou um PDF.',
    );

    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${expense.id}/receipt`,
      headers: { ...headers, 'content-type': 'image/jpeg' },
      payload: big,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(
      'O comprovante passa de 5 MB. Envie uma foto ou um PDF menor.',
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/expenses/${expense.id}/receipt`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await api('GET', `/api/expenses/${expense.id}`)).json().receipt).toBeNull();
  });
});
