// npm run bench -- --pack [--reuse] [--members N] [--congregations C] [--data-dir DIR]
//                  [--pack-requests R]
//
// Issue 27, the monthly pack (prestação de contas do mês) on the database of the main bench
// (seeded, or reused with --reuse; SQLite in --data-dir or the PostgreSQL of DATABASE_URL),
// through the real server process (npm start): the PDF of last month for the consolidated campo,
// for the sede with the congregations below it and for the largest congregation, R times each
// (5), one at a time, as a treasurer downloads it. Targets (issue 27): each ≤ 5 s, and the
// server's peak RSS ≤ 250 MB over all of them.
import { SEDE_ID } from '../domain/congregations.js';
import { addMonths, todayIso } from '../domain/dates.js';
import { openDatabase } from '../server/db/index.js';
import type { ServerProcess } from '../tests/support/serverProcess.js';
import { BENCH_USER, DATABASE_URL, args, log } from './config.js';
import { Session } from './session.js';
import { percentile } from './stats.js';
import { onBenchServer } from './benchServer.js';

const TARGETS = { seconds: 5, rssMb: 250 };

/** The congregation with the most movements in its accounts, and how many movements the month has. */
async function figuresOf(dataDir: string, month: string) {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  const { db } = database;
  try {
    const busiest = await db
      .selectFrom('transactions')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
      .select(['bank_accounts.congregation_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('transactions.date', '>=', `${month}-01`)
      .where('transactions.date', '<=', `${month}-31`)
      .groupBy('bank_accounts.congregation_id')
      .orderBy('count', 'desc')
      .executeTakeFirst();
    const { count } = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('date', '>=', `${month}-01`)
      .where('date', '<=', `${month}-31`)
      .executeTakeFirstOrThrow();
    return {
      congregation: busiest ? Number(busiest.congregation_id) : SEDE_ID,
      movements: Number(count),
    };
  } finally {
    await database.close();
  }
}

/** Downloads `path` whole with the session (following the token's rotation); returns its bytes. */
async function download(session: Session, baseUrl: string, path: string): Promise<number> {
  const response = await fetch(`${baseUrl}${path}`, { headers: session.headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) {
    throw new Error(`${path}: ${response.status} ${Buffer.from(body).toString()}`);
  }
  const token = response.headers.get('access-token')?.trim();
  if (token) session.headers['access-token'] = token;
  return body.byteLength;
}

async function measure(server: ServerProcess, dataDir: string) {
  const requests = Number(args['pack-requests'] ?? 5);
  const month = addMonths(`${todayIso().slice(0, 7)}-01`, -1).slice(0, 7);
  const { congregation, movements } = await figuresOf(dataDir, month);
  const session = new Session(server.baseUrl, BENCH_USER);
  await session.start();
  log(`Month ${month}: ${movements.toLocaleString('en')} movements in the books.`);
  const before = server.memory();
  let within = true;
  for (const [name, filter] of [
    ['consolidated', ''],
    ['the sede with its sub-tree', `&congregation_id=${SEDE_ID}&include_subtree=true`],
    [`congregation ${congregation}`, `&congregation_id=${congregation}`],
  ]) {
    const path = `/api/reports/finance/monthly_pack?month=${month}&format=pdf${filter}`;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      bytes = await download(session, server.baseUrl, path);
      times.push(performance.now() - started);
    }
    const worst = Math.max(...times) / 1000;
    within &&= worst <= TARGETS.seconds;
    log(
      `Pack PDF, ${name}: ${(bytes / 1e6).toFixed(2)} MB; p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, ` +
        `p95 ${(percentile(times, 95) / 1000).toFixed(2)} s, max ${worst.toFixed(2)} s (target ≤ ${TARGETS.seconds} s).`,
    );
  }
  const after = server.memory();
  within &&= after.peakMb <= TARGETS.rssMb;
  log(
    `Server RSS ${before.rssMb.toFixed(0)} MB before, peak ${after.peakMb.toFixed(0)} MB (target ≤ ${TARGETS.rssMb} MB).`,
  );
  log(within ? 'Within the targets.' : 'OVER a target.');
}

export async function monthlyPackBench(): Promise<void> {
  await onBenchServer(
    'Monthly pack bench',
    async () => undefined,
    (server, _, dataDir) => measure(server, dataDir),
  );
}
