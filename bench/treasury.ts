// npm run bench -- --treasury [--reuse] [--members N] [--congregations C] [--data-dir DIR]
//
// Issues 25 and 26 on the database of the main bench (seeded, or reused with --reuse; SQLite in
// --data-dir or the PostgreSQL of DATABASE_URL), through the real server process (npm start):
// - the Dizimistas report, a year's page of 25, 4 clients at once: p95 ≤ 100 ms;
// - a receipt PDF (GET /api/incomes/:id/receipt), one at a time: p95 ≤ 300 ms;
// - the annual statements of every donor of the largest congregation for last year, streamed
//   (GET /api/donors/statements): the server's peak RSS ≤ 250 MB, ≥ 50 statements per second;
// - check-in during a culto, 8 phones at once (POST /api/gatherings/:id/attendances, each a
//   different member of that congregation): p95 ≤ 50 ms;
// - the check-in's member name search (the members list's q, best matches first, the
//   congregation, 8 rows), 8 at
//   once: p95 ≤ 100 ms;
// - the pastor's attendance report for a year, the whole church (GET /api/reports/church_life,
//   section "cultos"), 4 clients at once: p95 ≤ 300 ms. A year and a month of cultos are seeded
//   into the database the first time (bench/churchLife.ts seedChurchLife: a Sunday and a Wednesday
//   culto in every congregation, a tenth of the members checked in by name on Sundays).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONGREGATION_HEADER } from '../domain/congregations.js';
import { addMonths, todayIso } from '../domain/dates.js';
import { openDatabase } from '../server/db/index.js';
import type { ServerProcess } from '../tests/support/serverProcess.js';
import { query } from '../tests/support/finance.js';
import { BENCH_USER, DATABASE_URL, KIND, MEMBERS, args, log } from './config.js';
import { seedChurchLife } from './churchLife.js';
import { prepareDatabase } from './database.js';
import { startBenchServer } from './server.js';
import { Session } from './session.js';
import { percentile } from './stats.js';

const TARGETS = {
  tithersP95: 100,
  receiptP95: 300,
  statementsRssMb: 250,
  statementsPerSecond: 50,
  checkinP95: 50,
  searchP95: 100,
  attendanceP95: 300,
};

/** A few first letters a phone types before the list shows the member. */
const PREFIXES = ['mar', 'jo', 'ana', 'sil', 'ped', 'lu', 'fer', 'ca', 'ra', 'bea', 'pau', 'an'];

interface Largest {
  id: number;
  name: string;
  members: number[];
  incomes: number[];
  statements: number;
}

/** The congregation with the most members, some of its members and incomes with a donor. */
async function largestCongregation(dataDir: string, year: number): Promise<Largest> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  const { db } = database;
  try {
    const top = await db
      .selectFrom('members')
      .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
      .select(['congregations.id', 'congregations.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['congregations.id', 'congregations.name'])
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('members')
      .select('id')
      .where('congregation_id', '=', top.id)
      .where('status', '=', 'active')
      .orderBy('id', 'desc')
      .limit(400)
      .execute();
    const incomes = await db
      .selectFrom('incomes')
      .select('id')
      .where('congregation_id', '=', top.id)
      .where('donor_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(40)
      .execute();
    const { n } = await db
      .selectFrom('donors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('incomes')
            .select(eb.lit(1).as('one'))
            .whereRef('incomes.donor_id', '=', 'donors.id')
            .where('incomes.congregation_id', '=', top.id)
            .where('incomes.date', '>=', `${year}-01-01`)
            .where('incomes.date', '<=', `${year}-12-31`),
        ),
      )
      .executeTakeFirstOrThrow();
    return {
      id: top.id,
      name: top.name,
      members: members.map((row) => row.id),
      incomes: incomes.map((row) => row.id),
      statements: Number(n),
    };
  } finally {
    await database.close();
  }
}

/** A year and a month of cultos in every congregation, unless the database has them already. */
async function ensureCultos(dataDir: string) {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const { n } = await database.db
      .selectFrom('gatherings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) >= 1_000) return;
    log('Seeding a year and a month of cultos in every congregation…');
    const started = performance.now();
    const seeded = await seedChurchLife(database);
    log(
      `…${seeded.gatherings.toLocaleString('en')} cultos with ${seeded.attendances.toLocaleString('en')} named presences in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await database.close();
  }
}

/** `clients` at once, each running `work` `times` times: every duration in ms. */
async function concurrently(
  clients: number,
  times: number,
  work: (client: number, i: number) => Promise<void>,
): Promise<number[]> {
  const durations: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        await work(client, i);
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations;
}

const verdict = (value: number, target: number, below = true) =>
  (below ? value <= target : value >= target) ? 'within the target' : 'OVER the target';

function report(name: string, durations: number[], target: number, clients: number) {
  const p50 = percentile(durations, 50);
  const p95 = percentile(durations, 95);
  log(
    `${name} (${clients} at once, ${durations.length} requests): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...durations).toFixed(1)} ms — target p95 ≤ ${target} ms: ${verdict(p95, target)}.`,
  );
}

async function call(
  session: Session,
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...session.headers,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status >= 400) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  }
  return response;
}

async function measure(server: ServerProcess, largest: Largest, year: number) {
  const { baseUrl } = server;
  const session = new Session(baseUrl, BENCH_USER);
  await session.start();
  const get = async (path: string, headers?: Record<string, string>) => {
    const response = await call(session, baseUrl, path, { headers });
    await response.arrayBuffer();
  };
  const one = { [CONGREGATION_HEADER]: String(largest.id) };

  // The Dizimistas of the last twelve months, the whole church.
  const today = todayIso();
  const filter = { from: addMonths(today, -11).slice(0, 7), to: today.slice(0, 7) };
  const tithers = `/api/reports/finance/tithers?${query({ filter, range: [0, 24] })}`;
  await get(tithers);
  report(
    'Dizimistas, a year',
    await concurrently(4, 25, () => get(tithers)),
    TARGETS.tithersP95,
    4,
  );

  // Receipts: the first print numbers it, the next are "2ª via" (the same PDF work).
  report(
    'Receipt PDF',
    await concurrently(1, largest.incomes.length, (_, i) =>
      get(`/api/incomes/${largest.incomes[i]}/receipt`),
    ),
    TARGETS.receiptP95,
    1,
  );

  // Every statement of the largest congregation for last year, streamed and counted as it comes.
  const before = server.memory();
  const started = performance.now();
  const response = await call(session, baseUrl, `/api/donors/statements?year=${year}`, {
    headers: one,
  });
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = server.memory();
  const rate = largest.statements / seconds;
  log(
    `Statements of ${year}, ${largest.name}: ${largest.statements.toLocaleString('en')} donors, ${(bytes / 1e6).toFixed(1)} MB of PDF in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} statements/s (target ≥ ${TARGETS.statementsPerSecond}: ${verdict(rate, TARGETS.statementsPerSecond, false)}); server RSS ${before.rssMb.toFixed(0)} MB before, peak ${after.peakMb.toFixed(0)} MB (target ≤ ${TARGETS.statementsRssMb}: ${verdict(after.peakMb, TARGETS.statementsRssMb)}).`,
  );

  // Check-in: a culto of today in the largest congregation, 8 phones marking its members.
  const gathering = (await (
    await call(session, baseUrl, '/api/gatherings', {
      method: 'POST',
      body: {
        congregation_id: largest.id,
        name: `Culto do bench ${Date.now()}`,
        date: today,
      },
    })
  ).json()) as { id: number };
  const perPhone = Math.floor(largest.members.length / 8);
  report(
    'Check-in',
    await concurrently(8, perPhone, async (phone, i) => {
      const response = await call(session, baseUrl, `/api/gatherings/${gathering.id}/attendances`, {
        method: 'POST',
        body: { member_id: largest.members[phone * perPhone + i] },
      });
      await response.arrayBuffer();
    }),
    TARGETS.checkinP95,
    8,
  );
  report(
    'Check-in name search',
    await concurrently(8, 12, (phone, i) =>
      get(
        `/api/members?${query({
          filter: { q: PREFIXES[(phone + i) % PREFIXES.length], congregation_id: largest.id },
          sort: ['match', 'ASC'],
          range: [0, 7],
        })}`,
      ),
    ),
    TARGETS.searchP95,
    8,
  );

  // The pastor's report: every culto's average month by month over the last twelve months.
  const attendance = `/api/reports/church_life?${query({
    filter: { section: 'cultos' },
    range: [0, 24],
  })}`;
  await get(attendance);
  report(
    'Attendance per culto, a year, whole church',
    await concurrently(4, 25, () => get(attendance)),
    TARGETS.attendanceP95,
    4,
  );
}

export async function treasuryBench(): Promise<void> {
  const dataDir = resolve(
    args['data-dir'] ??
      (args.reuse && !DATABASE_URL
        ? join(tmpdir(), `adam-bench-${MEMBERS}`)
        : mkdtempSync(join(tmpdir(), 'adam-bench-'))),
  );
  log(`Treasury and check-in bench — ${KIND}, ${MEMBERS.toLocaleString('en')} members`);
  await prepareDatabase(dataDir);
  const year = Number(todayIso().slice(0, 4)) - 1;
  const largest = await largestCongregation(dataDir, year);
  await ensureCultos(dataDir);
  const server = await startBenchServer(dataDir);
  try {
    log(
      `Server at ${server.baseUrl}; the largest congregation: ${largest.name} (id ${largest.id}).`,
    );
    await measure(server, largest, year);
  } finally {
    await server.stop();
  }
}
