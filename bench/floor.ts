// The floor of each scenario: the very SQL the route runs, timed in-process with no HTTP and
// no session check. The real routes (buildApp) run once on the benchmark database through a
// Kysely that logs its queries; the statements a request's handler issues (after the guard)
// are kept, with the overlaps of queries the route runs concurrently (Promise.all), and then
// replayed through the same Kysely driver N times. measureFloors does so for every scenario and
// keeps each statement's plan (EXPLAIN) for results.json.
import { join } from 'node:path';
import { CompiledQuery, Kysely, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { type Config, defaultAuthSettings, defaultCepSettings } from '../server/config.js';
import { SQLITE_FILE } from '../server/db/index.js';
import { dialectHelpers, postgresDialect, sqliteDialect } from '../server/db/dialect.js';
import type { Database } from '../server/db/schema.js';
import { floorKey } from './api.js';
import { BENCH_USER, DATABASE_URL, SCOPED_USER, type Scenario, log } from './config.js';
import { percentile } from './stats.js';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
  start: number;
  end: number;
}

/** Statements of one request, grouped: the statements of a group ran concurrently. */
export type CapturedRequest = Captured[][];

export interface FloorTiming {
  p50: number;
  p95: number;
  runs: number;
  statements: number;
  /** The statements, for EXPLAIN. */
  sql: Array<{ sql: string; parameters: readonly unknown[] }>;
}

export interface FloorHarness {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** Runs `path` once through the real route and returns the handler's statements. */
  capture(path: string, headers: Record<string, string>): Promise<CapturedRequest>;
  /** Replays captured statements `runs` times (bounded by `maxMs`), returns p50/p95 in ms. */
  time(request: CapturedRequest, options?: { runs?: number; maxMs?: number }): Promise<FloorTiming>;
  close(): Promise<void>;
}

export async function floorHarness(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<FloorHarness> {
  let capturing = false;
  let captured: Captured[] = [];
  const log = (event: { level: string; query: CompiledQuery; queryDurationMillis: number }) => {
    if (!capturing || event.level !== 'query') return;
    const end = performance.now();
    captured.push({
      sql: event.query.sql,
      parameters: event.query.parameters,
      start: end - event.queryDurationMillis,
      end,
    });
  };

  const name = options.databaseUrl ? 'postgres' : 'sqlite';
  let db: Kysely<Database>;
  let raw: ReturnType<typeof sqliteDialect>['raw'] | undefined;
  if (options.databaseUrl) {
    db = new Kysely<Database>({ dialect: postgresDialect(options.databaseUrl).dialect, log });
  } else {
    const opened = sqliteDialect(join(options.dataDir, SQLITE_FILE));
    raw = opened.raw;
    db = new Kysely<Database>({ dialect: opened.dialect, log });
  }
  const config: Config = {
    host: '127.0.0.1',
    port: 0,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    distDir: null,
    auth: defaultAuthSettings,
    // The benchmark asks no CEP; nothing may leave the machine.
    cep: { ...defaultCepSettings, viaCepUrl: null, brasilApiUrl: null },
    log: false,
  };
  const app = await buildApp(config, {
    db,
    dialect: dialectHelpers(name),
    sqlite: raw,
    close: () => db.destroy(),
  });
  // After the guard (onRequest) and before the handler: only the handler's SQL is kept.
  app.addHook('preHandler', async () => {
    captured = [];
    capturing = true;
  });
  app.addHook('onResponse', async () => {
    capturing = false;
  });

  return {
    app,
    db,
    dialect: name,
    async capture(path, headers) {
      const response = await app.inject({ method: 'GET', url: path, headers });
      capturing = false;
      if (response.statusCode !== 200) {
        throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      const sorted = [...captured].sort((a, b) => a.start - b.start);
      const groups: Captured[][] = [];
      let groupEnd = -Infinity;
      for (const query of sorted) {
        if (groups.length > 0 && query.start < groupEnd) {
          groups[groups.length - 1].push(query);
          groupEnd = Math.max(groupEnd, query.end);
        } else {
          groups.push([query]);
          groupEnd = query.end;
        }
      }
      return groups;
    },
    async time(request, { runs = 300, maxMs = 3000 } = {}) {
      const run = async () => {
        for (const group of request) {
          await Promise.all(
            group.map((query) =>
              db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters])),
            ),
          );
        }
      };
      for (let i = 0; i < 5; i++) await run();
      const samples: number[] = [];
      const started = performance.now();
      while (
        samples.length < runs &&
        (samples.length < 20 || performance.now() - started < maxMs)
      ) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      return {
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        runs: samples.length,
        statements: request.flat().length,
        sql: request.flat().map(({ sql, parameters }) => ({ sql, parameters })),
      };
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** A scenario's floor: its handler's statements replayed in-process. */
export interface Floor {
  p50: number;
  p95: number;
  runs: number;
  statements: number;
}

async function explain(
  harness: FloorHarness,
  statements: Array<{ sql: string; parameters: readonly unknown[] }>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const statement of statements) {
    if (!/^\s*select/i.test(statement.sql)) continue;
    const text =
      harness.dialect === 'sqlite'
        ? `explain query plan ${statement.sql}`
        : `explain (analyze, buffers, costs off) ${statement.sql}`;
    const { rows } = await harness.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(text, [...statement.parameters]),
    );
    lines.push(
      `-- ${statement.sql.length > 160 ? `${statement.sql.slice(0, 160)}…` : statement.sql}`,
    );
    for (const row of rows) lines.push(String(row.detail ?? row['QUERY PLAN']));
  }
  return lines;
}

/** Floors: each scenario's handler SQL, captured from the real route and timed in-process. */
export async function measureFloors(dataDir: string, list: Scenario[]) {
  const harness = await floorHarness({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const signIn = async (user: { email: string; password: string }) => {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email: user.email, password: user.password },
      });
      return {
        'access-token': String(response.headers['access-token']),
        client: String(response.headers.client),
        uid: String(response.headers.uid),
      };
    };
    const sessions = {
      admin: await signIn(BENCH_USER),
      scoped: list.some((s) => s.as === 'scoped') ? await signIn(SCOPED_USER) : undefined,
    };
    const floors = new Map<string, { floor: Floor; plan: string[] }>();
    for (const scenario of list) {
      const headers = {
        ...(scenario.as === 'scoped' ? sessions.scoped! : sessions.admin),
        ...scenario.headers,
      };
      const captured = await harness.capture(scenario.path, headers);
      const timing = await harness.time(captured);
      const plan = await explain(harness, timing.sql);
      floors.set(floorKey(scenario), {
        floor: {
          p50: timing.p50,
          p95: timing.p95,
          runs: timing.runs,
          statements: timing.statements,
        },
        plan,
      });
      log(
        `  floor ${scenario.name}: p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (${timing.statements} statements, ${timing.runs} runs)`,
      );
    }
    const { rows } = await (
      harness.dialect === 'sqlite'
        ? sql<{ v: string }>`select sqlite_version() as v`
        : sql<{ v: string }>`select current_setting('server_version') as v`
    ).execute(harness.db);
    return { floors, version: rows[0].v };
  } finally {
    await harness.close();
  }
}

/** Whether the server scopes by congregation: the explicit congregation_id filter is known. */
export async function probeScoping(dataDir: string): Promise<boolean> {
  const harness = await floorHarness({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: BENCH_USER.email, password: BENCH_USER.password },
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/members?range=${encodeURIComponent('[0,0]')}&filter=${encodeURIComponent(JSON.stringify({ congregation_id: 1 }))}`,
      headers: {
        'access-token': String(signIn.headers['access-token']),
        client: String(signIn.headers.client),
        uid: String(signIn.headers.uid),
      },
    });
    return response.statusCode === 200;
  } finally {
    await harness.close();
  }
}
