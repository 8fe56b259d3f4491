// The real server process (npm start) on the bench's database, for the scenarios that measure
// through it (treasury.ts, monthlyPack.ts, financeReports.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp, buildIsStale } from '../server/build.js';
import { type ServerProcess, startServerProcess } from '../tests/support/serverProcess.js';
import { DATABASE_URL, KIND, MEMBERS, ROOT, args, log } from './config.js';
import { prepareDatabase } from './database.js';

/**
 * The main bench's database (seeded, or reused with --reuse; --data-dir or DATABASE_URL),
 * `prepare`d, then the real server process on it (npm start) for `work`, stopped after.
 */
export async function onBenchServer<T>(
  name: string,
  prepare: (dataDir: string) => Promise<T>,
  work: (server: ServerProcess, prepared: T, dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = resolve(
    args['data-dir'] ??
      (args.reuse && !DATABASE_URL
        ? join(tmpdir(), `adam-bench-${MEMBERS}`)
        : mkdtempSync(join(tmpdir(), 'adam-bench-'))),
  );
  log(`${name} — ${KIND}, ${MEMBERS.toLocaleString('en')} members`);
  await prepareDatabase(dataDir);
  const prepared = await prepare(dataDir);
  const server = await startBenchServer(dataDir);
  try {
    log(`Server at ${server.baseUrl}.`);
    await work(server, prepared, dataDir);
  } finally {
    await server.stop();
  }
}

/**
 * The real server (npm start) on the SQLite of `dataDir` or the PostgreSQL of DATABASE_URL, the
 * app built first when its sources changed, no logs nor backups.
 */
export async function startBenchServer(dataDir: string): Promise<ServerProcess> {
  if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG: '0',
    SKIP_BUILD: '1',
    BACKUP_KEEP: '0',
  };
  if (!DATABASE_URL) delete env.DATABASE_URL;
  return startServerProcess({ root: ROOT, env });
}
