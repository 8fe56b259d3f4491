// The real server (npm start) on the bench's database: the SQLite of `dataDir` or the PostgreSQL
// of DATABASE_URL, the app built first when its sources changed, no logs nor backups.
import { join } from 'node:path';
import { buildApp, buildIsStale } from '../server/build.js';
import { type ServerProcess, startServerProcess } from '../tests/support/serverProcess.js';
import { DATABASE_URL, ROOT } from './config.js';

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
