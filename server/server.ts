// npm start: config -> build (if stale) -> database -> migrations -> first admin -> listen.
import { buildApp as buildServer } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { buildApp, buildIsStale } from './build.js';
import { installClock } from './clock.js';
import { configFromEnv } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { lockDataDir } from './db/lock.js';

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

    const stop = async () => {
      await app.close();
      await database.close();
      release();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);

    await app.listen({ host: config.host, port: config.port });
    console.log(
      `Adam em http://${config.host}:${config.port} (${database.dialect.name === 'sqlite' ? `SQLite em ${config.dataDir}` : 'PostgreSQL'})`,
    );
  } catch (error) {
    release();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
