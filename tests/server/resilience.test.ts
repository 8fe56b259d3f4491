// The real server as `npm start` runs it (supervised, heap capped at 128 MB), attacked and
// killed: a flood of 1 MB sign-ins does not end it, kill -9 during writes loses no acknowledged
// write and the server starts again at once on the same data, and two API processes on one
// PostgreSQL database share the sign-in limit (on SQLite a second process is refused instead).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/serverProcess.js';
import { createPostgresDatabase, usingPostgres } from '../support/testApp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'admin@adam.local', password: 'senha-admin-123' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Data {
  dataDir: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

/** A data folder and, on PostgreSQL, a database of its own, dropped after the file. */
const made: Data[] = [];
async function freshData(): Promise<Data> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adam-resilience-'));
  const pg = usingPostgres ? await createPostgresDatabase() : null;
  const data = {
    dataDir,
    databaseUrl: pg?.url ?? '',
    drop: async () => {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  made.push(data);
  return data;
}
afterAll(async () => {
  for (const data of made) await data.drop();
});

function start(data: Data, extra: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  return startServerProcess({
    root: ROOT,
    env: {
      ...process.env,
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SKIP_BUILD: '1',
      LOG: '0',
      ...extra,
    },
  });
}

async function post(
  server: ServerProcess,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<number> {
  try {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // the server answered 413 and closed the connection before the body was sent
  }
}

async function signIn(server: ServerProcess, ip?: string) {
  const response = await fetch(`${server.baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const session: Record<string, string> = {};
  for (const name of ['access-token', 'client', 'uid']) session[name] = response.headers.get(name)!;
  return session;
}

describe('a flood of 1 MB sign-ins', () => {
  let server: ServerProcess;
  let data: Data;
  beforeAll(async () => {
    data = await freshData();
    // Behind a proxy on this machine: X-Forwarded-For names the attackers' addresses.
    server = await start(data, { TRUST_PROXY: '127.0.0.1' });
  }, 120_000);
  afterAll(() => server?.stop());

  it('does not end the server process, and sign-in still works', async () => {
    const pid = server.serverPid();
    expect(pid).toBeGreaterThan(0);
    const pad = JSON.stringify({ email: 'x@y', password: 'p', pad: Array(340_000).fill({}) });
    expect(pad.length).toBeGreaterThan(1_000_000);
    expect(pad.length).toBeLessThan(1024 * 1024); // under the old 1 MB limit of every route
    const codes = await Promise.all(
      Array.from({ length: 12 }, () => post(server, '/api/auth/sign_in', pad)),
    );
    expect(codes.every((code) => code === 413 || code === 0)).toBe(true);

    // The slower variant: distinct ~1 MB e-mails, 30 per address, from five addresses.
    const slow: number[] = [];
    for (let address = 1; address <= 5; address++) {
      for (let i = 0; i < 30; i++) {
        const email = `${String(i).padStart(4, '0')}${'a'.repeat(1_000_000)}@x.org`;
        slow.push(
          await post(server, '/api/auth/sign_in', JSON.stringify({ email, password: 'p' }), {
            'x-forwarded-for': `198.51.100.${address}`,
          }),
        );
      }
    }
    expect(slow.filter((code) => code !== 413 && code !== 0)).toEqual([]);

    expect(server.serverPid()).toBe(pid);
    expect(server.output()).not.toMatch(/Reiniciando|heap/);
    await signIn(server, '192.0.2.1');
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(server.memory().rssMb).toBeLessThan(300);
  }, 180_000);

  it('restarts the server after a crash, and says so in the log', async () => {
    const before = server.serverPid();
    process.kill(before, 'SIGKILL');
    let after = 0;
    for (let i = 0; i < 100 && (!after || after === before); i++) {
      await sleep(100);
      after = server.serverPid();
    }
    expect(after).not.toBe(before);
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${server.baseUrl}/api/health`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    expect(server.output()).toMatch(
      /O servidor do Adam parou inesperadamente \(pelo sinal SIGKILL\)\. Reiniciando em 1 s…/,
    );
    await signIn(server, '192.0.2.2');
  }, 60_000);

  it('stops cleanly on SIGTERM: the server closes and the lock is released', async () => {
    const serverPid = server.serverPid();
    const lock = join(data.dataDir, 'adam.pid');
    if (!usingPostgres) expect(existsSync(lock)).toBe(true);
    const startedAt = Date.now();
    await server.stop();
    expect(Date.now() - startedAt).toBeLessThan(8_000);
    expect(existsSync(`/proc/${serverPid}`)).toBe(false);
    expect(existsSync(lock)).toBe(false);
    expect(server.output()).not.toMatch(/à força/);
  }, 30_000);
});

/** A signed-in call against a server process, answering status and JSON. */
async function call(
  server: ServerProcess,
  session: Record<string, string>,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<unknown> }> {
  return fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...session },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every row of a list, page by page (500 a page). `path` ends in `?` or carries a query. */
async function everyRow<Row>(
  server: ServerProcess,
  session: Record<string, string>,
  path: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const range = encodeURIComponent(JSON.stringify([page * 500, page * 500 + 499]));
    const response = await call(
      server,
      session,
      `${path}${path.endsWith('?') ? '' : '&'}range=${range}`,
    );
    expect(response.status).toBe(200);
    const batch = (await response.json()) as Row[];
    rows.push(...batch);
    if (batch.length < 500) return rows;
  }
}

describe('kill -9 during concurrent writes', () => {
  it('three times: every acknowledged write is there, the ledger balances, and the server starts again at once', async () => {
    const data = await freshData();
    const acknowledged = new Set<string>();
    const acknowledgedIncomes = new Set<string>();
    let accountId = 0;
    let tithes = 0;
    const OPENING = 1_000_000;
    for (let round = 1; round <= 3; round++) {
      const startedAt = Date.now();
      const server = await start(data);
      const restartMs = Date.now() - startedAt;
      const session = await signIn(server);
      if (round === 1) {
        const account = await call(server, session, '/api/bank_accounts', {
          name: 'Conta corrente',
          kind: 'checking',
          opening_balance_cents: OPENING,
          opening_date: '2026-01-01',
        });
        expect(account.status).toBe(201);
        accountId = ((await account.json()) as { id: number }).id;
        const categories = (await (
          await call(
            server,
            session,
            `/api/finance_categories?range=${encodeURIComponent('[0,99]')}`,
          )
        ).json()) as Array<{ id: number; name: string }>;
        tithes = categories.find((category) => category.name === 'Dízimos')!.id;
      }
      let running = true;
      // Even writers add members, odd ones add incomes received into the account (a movement
      // and a balance change in one transaction).
      const writer = async (worker: number) => {
        for (let n = 0; running; n++) {
          const name = `Rodada ${round} Escritor ${worker} Registro ${n}`;
          try {
            if (worker % 2 === 0) {
              const response = await call(server, session, '/api/members', { name });
              if (response.status === 201) acknowledged.add(name);
            } else {
              const response = await call(server, session, '/api/incomes', {
                category_id: tithes,
                amount_cents: 100 + n,
                date: '2026-04-05',
                bank_account_id: accountId,
                payment_method: 'pix',
                description: name,
              });
              if (response.status === 201) acknowledgedIncomes.add(name);
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      await sleep(1_500);
      // The whole `npm start` (supervisor and server) dies at once, like a power cut.
      process.kill(-server.pid, 'SIGKILL');
      running = false;
      await Promise.all(writers);
      await server.stop();
      expect(restartMs, `round ${round}`).toBeLessThan(60_000);
    }
    expect(acknowledged.size).toBeGreaterThan(15);
    expect(acknowledgedIncomes.size).toBeGreaterThan(15);

    const server = await start(data);
    try {
      const session = await signIn(server);
      const members = await everyRow<{ name: string }>(
        server,
        session,
        `/api/members?filter=${encodeURIComponent('{"q":"Rodada"}')}`,
      );
      const names = new Set(members.map((member) => member.name));
      const missing = [...acknowledged].filter((name) => !names.has(name));
      expect(missing).toEqual([]);

      // Every acknowledged income is stored, and the balance is the opening balance plus every
      // stored movement (a write cut before its answer may be there too, but whole).
      const incomes = await everyRow<{ description: string; amount_cents: number }>(
        server,
        session,
        '/api/incomes?',
      );
      const stored = new Set(incomes.map((income) => income.description));
      expect([...acknowledgedIncomes].filter((name) => !stored.has(name))).toEqual([]);
      const account = (await (
        await call(server, session, `/api/bank_accounts/${accountId}`)
      ).json()) as { balance_cents: number };
      const movements = incomes.reduce((sum, income) => sum + income.amount_cents, 0);
      expect(account.balance_cents).toBe(OPENING + movements);
      console.log(
        `kill -9 ×3 (${usingPostgres ? 'PostgreSQL' : 'SQLite'}): ${acknowledged.size} members and ` +
          `${acknowledgedIncomes.size} incomes acknowledged, none missing; ${incomes.length} incomes ` +
          `stored, balance ${account.balance_cents} = opening ${OPENING} + ${movements}`,
      );
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe('two API processes on one database', () => {
  it(
    usingPostgres
      ? 'share the sign-in limit per address (PostgreSQL)'
      : 'are refused on SQLite: one server per data folder',
    async () => {
      const data = await freshData();
      const first = await start(data);
      try {
        if (!usingPostgres) {
          await expect(start(data)).rejects.toThrow(/já está em execução com os dados de/);
          return;
        }
        const second = await start(data);
        try {
          // 30 attempts per address per window (the default), split across both processes.
          const codes: number[] = [];
          for (let i = 0; i < 32; i++) {
            const server = i % 2 === 0 ? first : second;
            codes.push(
              await post(
                server,
                '/api/auth/sign_in',
                JSON.stringify({ email: `tentativa-${i}@x.org`, password: 'errada' }),
              ),
            );
          }
          expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
          expect(codes.slice(30)).toEqual([429, 429]);
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    },
    180_000,
  );
});
