// The data provider's typed methods beyond CRUD (finance, members' documents, reports, public
// pages), against an msw stand-in for the API: paths, snake_case on the wire, camelCase in the
// app, session headers (none on the public calls), and files as their exact bytes.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/providers/dataProvider';
import { isSessionEndAnswer } from '../../src/providers/useAction';

const api = (path: string) => `*/api/${path}`;
const server = setupServer();

const SESSION = {
  'access-token': 'token-1',
  client: 'client-1',
  uid: 'tesouraria@igreja.org.br',
  expiry: '1900000000',
  'token-type': 'Bearer',
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => localStorage.setItem('adamSession', JSON.stringify(SESSION)));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  body: unknown;
}

/** Answers `method path` with `answer` and records each request. */
function answering(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  answer: () => Response,
): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      const url = new URL(request.url);
      const text = method === 'get' ? '' : await request.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      seen.push({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        token: request.headers.get('access-token'),
        body,
      });
      return answer();
    }),
  );
  return seen;
}

const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('finance calls', () => {
  it('asks the month’s prestação de contas as a PDF, for the view or a sede with its sub-tree', async () => {
    const seen = answering(
      'get',
      'reports/finance/monthly_pack',
      () =>
        new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'inline; filename="prestacao-de-contas-2026-10.pdf"',
          },
        }),
    );
    const whole = await dataProvider.monthlyPackPdf('2026-10', {});
    expect(await bytesOf(whole)).toEqual([37, 80, 68, 70]);
    await dataProvider.monthlyPackPdf('2026-10', { congregationId: 4, includeSubtree: true });
    // The sub-tree box alone, without a congregation, asks nothing of it.
    await dataProvider.monthlyPackPdf('2026-09', { includeSubtree: true });
    expect(seen.map((request) => Object.fromEntries(request.query))).toEqual([
      { month: '2026-10', format: 'pdf' },
      { month: '2026-10', format: 'pdf', congregation_id: '4', include_subtree: 'true' },
      { month: '2026-09', format: 'pdf' },
    ]);
    expect(seen.every((request) => request.token === 'token-1')).toBe(true);
  });

  it('reads the overview of a month in camelCase, with the session headers', async () => {
    const seen = answering('get', 'finance/overview', () =>
      HttpResponse.json({ month: '2026-03', total_balance_cents: 150000 }),
    );
    const overview = await dataProvider.financeOverview('2026-03');
    expect(overview).toMatchObject({ month: '2026-03', totalBalanceCents: 150000 });
    expect(seen[0].query.get('month')).toBe('2026-03');
    expect(seen[0].token).toBe('token-1');
  });

  it('pays an instalment with a snake_case body', async () => {
    const seen = answering('post', 'accounts_payable/:id/pay', () =>
      HttpResponse.json({ id: 9, status: 'paid', paid_on: '2026-03-10' }),
    );
    const paid = await dataProvider.payPayable(9, { paidOn: '2026-03-10', bankAccountId: 2 });
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/accounts_payable/9/pay',
        body: { paid_on: '2026-03-10', bank_account_id: 2 },
      },
    ]);
    expect(paid).toEqual({ id: 9, status: 'paid', paidOn: '2026-03-10' });
  });

  it('undoes a payment and switches an account off with bodiless POSTs', async () => {
    const unpay = answering('post', 'accounts_payable/:id/unpay', () =>
      HttpResponse.json({ id: 9, status: 'pending' }),
    );
    const account = answering('post', 'bank_accounts/:id/deactivate', () =>
      HttpResponse.json({ id: 4, active: false }),
    );
    await dataProvider.unpayPayable(9);
    await dataProvider.setBankAccountActive(4, false);
    expect(unpay[0].path).toBe('/api/accounts_payable/9/unpay');
    expect(account[0].path).toBe('/api/bank_accounts/4/deactivate');
  });

  it('asks the totals of a filtered list with the API names of the filters', async () => {
    const seen = answering('get', 'transactions/summary', () =>
      HttpResponse.json({ income_cents: 1000, expense_cents: 400, net_cents: 600 }),
    );
    const summary = await dataProvider.transactionsSummary({
      bankAccountId: 3,
      dateGte: '2026-01-01',
    });
    expect(JSON.parse(seen[0].query.get('filter')!)).toEqual({
      bank_account_id: 3,
      date_gte: '2026-01-01',
    });
    expect(summary).toEqual({ incomeCents: 1000, expenseCents: 400, netCents: 600 });
  });

  it('reads a page of the statement and its total from Content-Range', async () => {
    const seen = answering('get', 'bank_accounts/:id/statement', () =>
      HttpResponse.json([{ id: 1, amount_cents: 500, balance_cents: 500 }], {
        headers: { 'Content-Range': 'statement 0-24/73' },
      }),
    );
    const page = await dataProvider.bankStatement(7, {
      filter: { dateGte: '2026-02-01' },
      range: [0, 24],
    });
    expect(page).toEqual({ rows: [{ id: 1, amountCents: 500, balanceCents: 500 }], total: 73 });
    expect(seen[0].path).toBe('/api/bank_accounts/7/statement');
    expect(JSON.parse(seen[0].query.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(seen[0].query.get('filter')!)).toEqual({ date_gte: '2026-02-01' });
  });

  it('exports the movements as CSV with one byte order mark, whether the API sent it or not', async () => {
    const seen = answering(
      'get',
      'transactions/export',
      () =>
        new HttpResponse(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0x3b, 0x42]), {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    );
    const csv = await dataProvider.exportTransactionsCsv({
      filter: { bankAccountId: 1 },
      sort: { field: 'date', order: 'DESC' },
    });
    expect(await bytesOf(csv)).toEqual([0xef, 0xbb, 0xbf, 0x41, 0x3b, 0x42]);
    expect(JSON.parse(seen[0].query.get('sort')!)).toEqual(['date', 'DESC']);
  });

  it('uploads a receipt as the raw file with its name, and fetches it back as bytes', async () => {
    // jsdom's File is not one undici can send as is, so only the headers are checked here.
    let upload: { type: string | null; name: string | null } | null = null;
    server.use(
      http.put(api('expenses/:id/receipt'), ({ request }) => {
        upload = {
          type: request.headers.get('content-type'),
          name: request.headers.get('x-file-name'),
        };
        return HttpResponse.json({
          file_name: 'nota fiscal.pdf',
          content_type: 'application/pdf',
          size: 4,
        });
      }),
      http.get(
        api('expenses/:id/receipt'),
        () =>
          new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
            headers: { 'Content-Type': 'application/pdf' },
          }),
      ),
    );
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'nota fiscal.pdf', {
      type: 'application/pdf',
    });
    const stored = await dataProvider.uploadReceipt(12, file);
    expect(stored).toEqual({
      fileName: 'nota fiscal.pdf',
      contentType: 'application/pdf',
      size: 4,
    });
    expect(upload).toEqual({
      type: 'application/pdf',
      name: 'nota%20fiscal.pdf',
    });
    const receipt = await dataProvider.getReceipt(12);
    expect(receipt.type).toBe('application/pdf');
    expect(await bytesOf(receipt)).toEqual([0x25, 0x50, 0x44, 0x46]);
  });

  it('rejects a refused file with an HttpError carrying the status and the API message', async () => {
    answering('get', 'expenses/:id/receipt', () =>
      HttpResponse.json({ message: 'Esta despesa não tem comprovante.' }, { status: 404 }),
    );
    const error = await dataProvider.getReceipt(12).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'Esta despesa não tem comprovante.' });
  });

  it('keeps the rotated token of a file answer', async () => {
    answering(
      'get',
      'credentials/:id/pdf',
      () =>
        new HttpResponse(new Uint8Array([1]), {
          headers: { 'access-token': 'token-2', expiry: '1900000100', client: 'client-1' },
        }),
    );
    await dataProvider.credentialPdf(5);
    expect(JSON.parse(localStorage.getItem('adamSession')!)['access-token']).toBe('token-2');
  });
});

describe('members, documents and reports', () => {
  it('issues cards in bulk and prints them in one PDF', async () => {
    const issue = answering('post', 'credentials/bulk', () =>
      HttpResponse.json({ issued: 2, skipped: 1, ids: [31, 32] }),
    );
    const pdf = answering(
      'get',
      'credentials/pdf',
      () =>
        new HttpResponse(new Uint8Array([0x25]), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const result = await dataProvider.issueCredentials({ memberIds: [4, 5, 6], renew: false });
    expect(issue[0].body).toEqual({ member_ids: [4, 5, 6], renew: false });
    expect(result).toEqual({ issued: 2, skipped: 1, ids: [31, 32] });
    await dataProvider.credentialsPdf(result.ids);
    expect(pdf[0].query.get('ids')).toBe('31,32');
  });

  it('revokes a card, reviews a registration and fetches a letter', async () => {
    const revoke = answering('post', 'credentials/:id/revoke', () =>
      HttpResponse.json({ id: 8, status: 'revoked' }),
    );
    const review = answering('post', 'registrations/:id/:verdict', () =>
      HttpResponse.json({ id: 3, status: 'active' }),
    );
    const letter = answering('get', 'letters/:id/pdf', () => new HttpResponse(new Uint8Array([7])));
    await dataProvider.revokeCredential(8);
    await dataProvider.reviewRegistration(3, 'approve');
    const file = await dataProvider.letterPdf(21);
    expect(revoke[0].path).toBe('/api/credentials/8/revoke');
    expect(review[0].path).toBe('/api/registrations/3/approve');
    expect(letter[0].path).toBe('/api/letters/21/pdf');
    expect(await bytesOf(file)).toEqual([7]);
  });

  it('asks a report as CSV or PDF with its filters in the API names', async () => {
    const csv = answering('get', 'reports/birthdays/csv', () => new HttpResponse('Nome\n'));
    const pdf = answering('get', 'reports/birthdays/pdf', () => new HttpResponse('%PDF'));
    const table = await dataProvider.reportFile('birthdays', 'csv', {
      month: 3,
      congregationId: 2,
    });
    await dataProvider.reportFile('birthdays', 'pdf', { month: 3 });
    expect(JSON.parse(csv[0].query.get('filter')!)).toEqual({ month: 3, congregation_id: 2 });
    expect(JSON.parse(pdf[0].query.get('filter')!)).toEqual({ month: 3 });
    expect((await bytesOf(table)).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps the file name the API gives a report (Content-Disposition), BOM added or not', async () => {
    answering(
      'get',
      'reports/birthdays/csv',
      () =>
        new HttpResponse('Nome\n', {
          headers: { 'Content-Disposition': 'attachment; filename="aniversariantes-2026-12.csv"' },
        }),
    );
    answering(
      'get',
      'reports/birthdays/pdf',
      () =>
        new HttpResponse('%PDF', {
          headers: {
            'Content-Disposition':
              'inline; filename="x.pdf"; filename*=UTF-8\'\'anivers%C3%A1rios-2026-12.pdf',
          },
        }),
    );
    const csv = await dataProvider.reportFile('birthdays', 'csv', { month: 12 });
    const pdf = await dataProvider.reportFile('birthdays', 'pdf', { month: 12 });
    expect(csv).toBeInstanceOf(File);
    expect((csv as File).name).toBe('aniversariantes-2026-12.csv');
    expect((await bytesOf(csv)).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect((pdf as File).name).toBe('aniversários-2026-12.pdf');
  });
});

describe('public calls', () => {
  it('send no session headers and never touch the stored session', async () => {
    const seen = answering('get', 'public/credentials/:code', () =>
      HttpResponse.json(
        {
          name: 'João',
          photo: null,
          position: 'Diácono',
          expires_on: '2027-01-31',
          status: 'valid',
        },
        { headers: { 'access-token': 'someone-else', expiry: '1999999999', client: 'x' } },
      ),
    );
    const credential = await dataProvider.publicCredential('ab/12');
    expect(credential).toEqual({
      name: 'João',
      photo: null,
      position: 'Diácono',
      expiresOn: '2027-01-31',
      status: 'valid',
    });
    expect(seen[0].path).toBe('/api/public/credentials/ab%2F12');
    expect(seen[0].token).toBeNull();
    expect(JSON.parse(localStorage.getItem('adamSession')!)).toEqual(SESSION);
  });

  it('posts a self-registration in snake_case and reads the custom fields', async () => {
    const post = answering('post', 'public/registrations', () =>
      HttpResponse.json({ message: 'Cadastro recebido.' }, { status: 201 }),
    );
    answering('get', 'public/custom_fields', () =>
      HttpResponse.json([
        {
          key: 'igreja_anterior',
          label: 'Igreja anterior',
          field_type: 'text',
          options: [],
          required: false,
        },
      ]),
    );
    await expect(
      dataProvider.register({ name: 'Maria', birthDate: '1990-05-01', consent: true }),
    ).resolves.toEqual({ message: 'Cadastro recebido.' });
    expect(post[0].body).toEqual({ name: 'Maria', birth_date: '1990-05-01', consent: true });
    expect(post[0].token).toBeNull();
    await expect(dataProvider.publicCustomFields()).resolves.toEqual([
      {
        key: 'igreja_anterior',
        label: 'Igreja anterior',
        fieldType: 'text',
        options: [],
        required: false,
      },
    ]);
  });

  it('pass on a 429 with the API message', async () => {
    answering('post', 'public/registrations', () =>
      HttpResponse.json({ errors: ['Muitas tentativas. Tente mais tarde.'] }, { status: 429 }),
    );
    await expect(dataProvider.register({ name: 'Maria' })).rejects.toMatchObject({
      status: 429,
      message: 'Muitas tentativas. Tente mais tarde.',
    });
  });
});

describe('the answer react-admin gives after a session error', () => {
  it('is told apart from every answer of the API', () => {
    expect(isSessionEndAnswer({ data: {} })).toBe(true);
    expect(isSessionEndAnswer({ data: [] })).toBe(true);
    expect(isSessionEndAnswer({ success: true })).toBe(false);
    expect(isSessionEndAnswer({ updated: 0 })).toBe(false);
    expect(isSessionEndAnswer({ data: { id: 1 } })).toBe(false);
    expect(isSessionEndAnswer([])).toBe(false);
    expect(isSessionEndAnswer(null)).toBe(false);
  });
});
