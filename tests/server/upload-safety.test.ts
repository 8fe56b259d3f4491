// Uploads cannot stop the server (issue 22): small files that unpack or parse into too much —
// an .xlsx whose one cell unpacks to 400 MB, one of five million shared strings, an OFX of
// 2,000,000 tags, one of 80,000 lines, one of 80,000 unclosed comments — sent to the real server
// as `npm start` runs it (heap capped at 128 MB). The same process answers /api/health within a
// second during and after every upload, and every upload is a Portuguese 4xx; then an ordinary
// statement and spreadsheet are still read (the worker of the compiled server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart.js';
import { buildOfx } from '../support/ofx.js';
import { type ServerProcess, startServerProcess } from '../support/serverProcess.js';
import { createPostgresDatabase, usingPostgres } from '../support/testApp.js';
import { SHEET_END, SHEET_START, repeated, xlsxOf } from '../support/zip.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'admin@adam.local', password: 'senha-admin-123' };
const MB = 1024 * 1024;

const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c></row>';
/** A sheet whose row 2 has one inline cell of `mb` MB of "a". */
function* bigCell(mb: number) {
  yield `${SHEET_START}${header}<row r="2"><c r="A2" t="inlineStr"><is><t>`;
  yield* repeated(Buffer.alloc(MB, 'a'), mb);
  yield `</t></is></c></row>${SHEET_END}`;
}

interface Hostile {
  name: string;
  route: 'statement' | 'members';
  file: Buffer;
  status: number;
  message: RegExp;
}

describe('hostile uploads against the real server (npm start, heap 128 MB)', () => {
  let server: ServerProcess;
  let dataDir: string;
  let drop: (() => Promise<void>) | null = null;
  let session: Record<string, string>;
  let accountId: number;
  const hostile: Hostile[] = [];
  let largest: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'adam-uploads-'));
    const pg = usingPostgres ? await createPostgresDatabase() : null;
    drop = pg?.drop ?? null;
    // The files first: making them must not slow the test's own health checks later.
    const sharedStrings = [
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5000000" uniqueCount="5000000">',
      ...repeated('<si><t>x</t></si>'.repeat(50_000), 100),
      '</sst>',
    ];
    const sheetOfShared = [
      `${SHEET_START}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_END}`,
    ];
    hostile.push(
      {
        name: 'xlsx: one cell of 400 MB',
        route: 'members',
        file: await xlsxOf({ sheet: bigCell(400) }),
        status: 413,
        message: /^A planilha é grande demais para ser lida \(mais de 256 MB descompactada\)/,
      },
      {
        name: 'xlsx: one cell of 400 MB, declared as 64 KB',
        route: 'members',
        file: await xlsxOf({ sheet: bigCell(400), sheetDeclaredSize: 64 * 1024 }),
        status: 400,
        message: /^O arquivo \.xlsx está corrompido/,
      },
      {
        name: 'xlsx: one cell of 100 MB',
        route: 'members',
        file: await xlsxOf({ sheet: bigCell(100) }),
        status: 400,
        message: /uma célula com mais de 32\.767 caracteres/,
      },
      {
        name: 'xlsx: 5,000,000 shared strings',
        route: 'members',
        file: await xlsxOf({ sheet: sheetOfShared, sharedStrings }),
        status: 413,
        message: /mais de 2\.000\.000 textos diferentes/,
      },
      {
        name: 'OFX: 2,000,000 nested tags (10 MB)',
        route: 'statement',
        file: Buffer.from(`<OFX>${'<BAL>'.repeat(2_000_000)}`),
        status: 400,
        message: /^O arquivo OFX não traz extrato de conta\.$/,
      },
      {
        name: 'OFX: 1,000,000 statements inside each other',
        route: 'statement',
        file: Buffer.from(`<OFX>${'<STMTRS>'.repeat(1_000_000)}`),
        status: 413,
        message: /contas demais/,
      },
      {
        name: 'OFX: 80,000 lines',
        route: 'statement',
        file: buildOfx({
          lines: Array.from({ length: 80_000 }, (_, i) => ({
            date: '2026-03-02',
            amount_cents: 100 + i,
            memo: 'x',
            fitid: String(i),
          })),
        }),
        status: 413,
        message: /^O extrato tem lançamentos demais/,
      },
      {
        name: 'OFX: 80,000 unclosed comments',
        route: 'statement',
        file: Buffer.from(`<OFX>${'<!--'.repeat(80_000)}`),
        status: 400,
        message: /^O arquivo OFX não traz extrato de conta\.$/,
      },
      {
        name: 'OFX: 100,000 <BAL>',
        route: 'statement',
        file: Buffer.from(`<OFX>${'<BAL>'.repeat(100_000)}`),
        status: 400,
        message: /^O arquivo OFX não traz extrato de conta\.$/,
      },
    );
    largest = buildOfx({
      lines: Array.from({ length: 5_000 }, (_, i) => ({
        date: '2026-02-02',
        amount_cents: -(100 + i),
        memo: `Pagamento ${i}`,
        fitid: `limite-${i}`,
      })),
    });
    for (const { name, file } of hostile) {
      expect(file.length, name).toBeLessThan(10 * MB);
    }
    server = await startServerProcess({
      root: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: pg?.url ?? '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SKIP_BUILD: '1',
        LOG: '0',
      },
    });
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    session = {};
    for (const name of ['access-token', 'client', 'uid']) session[name] = signIn.headers.get(name)!;
    const account = await fetch(`${server.baseUrl}/api/bank_accounts`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Conta movimento',
        kind: 'checking',
        opening_balance_cents: 0,
        opening_date: '2026-01-01',
      }),
    });
    expect(account.status).toBe(201);
    accountId = ((await account.json()) as { id: number }).id;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (
    route: Hostile['route'],
    file: Buffer,
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = multipartBody(
      route === 'statement'
        ? { data: file, name: 'extrato.ofx', type: 'application/x-ofx' }
        : {
            data: file,
            name: 'membros.xlsx',
            type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
      route === 'members' ? { dry_run: 'true', ...fields } : fields,
    );
    const url =
      route === 'statement'
        ? `${server.baseUrl}/api/bank_accounts/${accountId}/statements`
        : `${server.baseUrl}/api/imports/members`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...session, ...headers },
      body: payload,
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  };

  it('answers each with a Portuguese 4xx, /api/health within 1 s throughout, same process', async () => {
    const pid = server.serverPid();
    expect(pid).toBeGreaterThan(0);
    // /api/health asked every 100 ms while the uploads go, and RSS read as often.
    let slowest = 0;
    /** The slowest answer since the current upload began. */
    let slowestNow = 0;
    let peakRss = 0;
    let failures = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const started = performance.now();
        try {
          const response = await fetch(`${server.baseUrl}/api/health`, {
            signal: AbortSignal.timeout(5_000),
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures++;
        } catch {
          failures++;
        }
        slowest = Math.max(slowest, performance.now() - started);
        slowestNow = Math.max(slowestNow, performance.now() - started);
        peakRss = Math.max(peakRss, server.memory().rssMb);
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const results: string[] = [];
    try {
      for (const { name, route, file, status, message } of hostile) {
        const started = performance.now();
        slowestNow = 0;
        const answer = await send(route, file);
        results.push(
          `${name} (${(file.length / 1024).toFixed(0)} KB): ${answer.status} in ${(performance.now() - started).toFixed(0)} ms, /api/health at most ${slowestNow.toFixed(0)} ms`,
        );
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(status);
        expect(answer.body.message, name).toMatch(message);
      }
      // The limit itself is one the server survives: a statement of 5,000 lines is imported.
      const started = performance.now();
      slowestNow = 0;
      const atLimit = await send('statement', largest);
      results.push(
        `OFX: 5,000 lines (${(largest.length / 1024).toFixed(0)} KB): ${atLimit.status} in ${(performance.now() - started).toFixed(0)} ms, /api/health at most ${slowestNow.toFixed(0)} ms`,
      );
      expect(atLimit.status).toBe(201);
      expect(atLimit.body.statement).toMatchObject({ line_count: 5_000, new_count: 5_000 });
    } finally {
      polling = false;
      await poll;
    }
    console.log(
      [
        ...results,
        `/api/health slowest ${slowest.toFixed(0)} ms; server RSS peak ${peakRss.toFixed(0)} MB (VmHWM ${server.memory().peakMb.toFixed(0)} MB)`,
      ].join('\n'),
    );
    expect(failures).toBe(0);
    expect(slowest).toBeLessThan(1_000);
    expect(server.serverPid()).toBe(pid);
    expect(server.output()).not.toMatch(/parou inesperadamente/);

    // The compiled server's worker still reads ordinary files.
    const statement = await send(
      'statement',
      buildOfx({
        lines: [{ date: '2026-03-02', amount_cents: 15_000, memo: 'Oferta', fitid: 'a1' }],
      }),
    );
    expect(statement.status, JSON.stringify(statement.body)).toBe(201);
    const sheet = await send(
      'members',
      await xlsxOf({
        sheet: [
          `${SHEET_START}${header}<row r="2"><c r="A2" t="inlineStr"><is><t>Maria da Silva</t></is></c></row>${SHEET_END}`,
        ],
      }),
    );
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect(sheet.body).toMatchObject({ total_rows: 1 });
    expect(server.serverPid()).toBe(pid);
  }, 120_000);
});
