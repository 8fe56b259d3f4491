// The server (npm start runs it under server/start.mjs, which restarts it after a crash):
// config -> build (if stale) -> database -> migrations -> first admin -> listen.
import { buildApp as buildServer } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { buildApp, buildIsStale } from './build.js';
import { installClock } from './clock.js';
import { configFromEnv } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { lockDataDir } from './db/lock.js';
import { startAuditPurge } from './modules/audit/index.js';

async function main() {
  installClock();
  const config = configFromEnv();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    if (
      config.distDir &&
      process.env.SKIP_BUILD !== '1' &&
      buildIsStale(process.cwd(), config.distDir)
    ) {
      buildApp(process.cwd());
    }
    const database = openDatabase(config);
    await migrateToLatest(database);
    await ensureFirstAdmin(database.db, config);
    const app = await buildServer(config, database);
    // The audit trail's daily retention purge runs in the listening server, not in tests' apps.
    const stopPurge = startAuditPurge(database.db, app.log);

    // Ctrl-C reaches both this process and the supervisor, which passes it on: stop once.
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      stopPurge();
      await app.close();
      await database.close();
      release();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    await app.listen({ host: config.host, port: config.port });
    console.log(
      `Adam em http://${config.host}:${config.port} (${database.dialect.name === 'sqlite' ? `SQLite em ${config.dataDir}` : 'PostgreSQL'})`,
    );
  } catch (error) {
    release();
    throw error;
  }
}

/** The exit code of a server that could not start (settings, lock, database): not restarted. */
export const EXIT_CANNOT_START = 78;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(EXIT_CANNOT_START);
});
