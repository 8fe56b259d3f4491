// The worker that reads uploaded files (server/imports/worker.ts) as the last line: a file that
// would still take too much memory ends the worker (413), never the server's thread; a step past
// the time limit ends it too (413); and uploads beyond the two workers at once wait their turn.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerLimits } from '../../server/imports/worker.js';
import { multipartBody } from '../support/multipart.js';
import { buildOfx } from '../support/ofx.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';
import { SHEET_END, SHEET_START, xlsxOf } from '../support/zip.js';

describe('the upload worker', () => {
  let t: TestApp;
  let session: SessionHeaders;
  let accountId: number;
  const defaults = { ...workerLimits };

  beforeAll(async () => {
    t = await createTestApp();
    session = await t.userWithRoles(['admin'], 'Administradora');
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/bank_accounts',
      headers: session,
      payload: {
        name: 'Conta movimento',
        kind: 'checking',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      },
    });
    expect(account.statusCode, account.body).toBe(201);
    accountId = account.json().id;
  });
  afterEach(() => Object.assign(workerLimits, defaults));
  afterAll(() => t.close());

  const dryRun = (file: Buffer, as: SessionHeaders = session) => {
    const { payload, headers } = multipartBody(
      { data: file, name: 'membros.xlsx', type: 'application/octet-stream' },
      { dry_run: 'true' },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/imports/members',
      headers: { ...as, ...headers },
      payload,
    });
  };
  const statement = (file: Buffer) => {
    const { payload, headers } = multipartBody({ data: file, name: 'extrato.ofx' });
    return t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${accountId}/statements`,
      headers: { ...session, ...headers },
      payload,
    });
  };
  const oneMember = () =>
    xlsxOf({
      sheet: [
        `${SHEET_START}<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c></row>`,
        `<row r="2"><c r="A2" t="inlineStr"><is><t>Maria da Silva</t></is></c></row>${SHEET_END}`,
      ],
    });

  it('a file that exhausts the worker heap is a 413; the next upload is read', async () => {
    // 1,500,000 different texts fit the reader's limits, not a worker of 16 MB.
    const sharedStrings = [
      '<sst>',
      ...Array.from({ length: 30 }, (_, block) =>
        Array.from(
          { length: 50_000 },
          (_, i) => `<si><t>Texto ${block * 50_000 + i} é único</t></si>`,
        ).join(''),
      ),
      '</sst>',
    ];
    workerLimits.heapMb = 16;
    const exhausted = await dryRun(
      await xlsxOf({
        sheet: [`${SHEET_START}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_END}`],
        sharedStrings,
      }),
    );
    expect(exhausted.statusCode, exhausted.body).toBe(413);
    expect(exhausted.json().message).toBe(
      'O arquivo é grande demais para ser lido (memória): confira se é o arquivo certo, ou divida-o em partes.',
    );
    Object.assign(workerLimits, defaults);
    const read = await dryRun(await oneMember());
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().total_rows).toBe(1);
  });

  it('a step past the time limit is a 413, and nothing is written', async () => {
    workerLimits.stepMs = 1;
    const slow = await statement(
      buildOfx({ lines: [{ date: '2026-03-02', amount_cents: 100, memo: 'Oferta' }] }),
    );
    expect(slow.statusCode, slow.body).toBe(413);
    expect(slow.json().message).toMatch(/^O arquivo demorou demais para ser lido/);
    const statements = await t.database.db
      .selectFrom('bank_statements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(statements.n)).toBe(0);
  });

  it('five uploads at once: two workers at a time, every one read', async () => {
    // Three spreadsheets by three secretaries (one dry run at a time per user) beside two OFX.
    const secretaries = await Promise.all(
      [1, 2, 3].map((n) => t.userWithRoles(['secretary'], `Secretária ${n}`)),
    );
    const files = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        i % 2 === 0
          ? oneMember()
          : Promise.resolve(
              buildOfx({
                lines: [{ date: '2026-03-02', amount_cents: 100 + i, memo: 'x', fitid: `p${i}` }],
              }),
            ),
      ),
    );
    const answers = await Promise.all(
      files.map((file, i) => (i % 2 === 0 ? dryRun(file, secretaries[i / 2]) : statement(file))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 201, 200, 201, 200]);
  });
});
