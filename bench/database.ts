// The bench's database: seeded (members, ten years of finance, cards and letters) or reused,
// with the benchmark's admin signed in by the load.
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/index.js';
import {
  findUserByEmail,
  insertUser,
  setUserPassword,
} from '../server/modules/users/repository.js';
import { seedDatabase } from '../server/seed/index.js';
import { BENCH_USER, DATABASE_URL, KIND, MEMBERS, TRANSACTIONS, args, log } from './config.js';
import { seedFinanceOnce } from './finance.js';
import { seedDocuments } from './reports.js';

async function memberCount(database: AppDatabase): Promise<number> {
  const { count } = await database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Seeds or reuses the database; creates the benchmark's admin. Returns the seed seconds. */
export async function prepareDatabase(dataDir: string): Promise<number | null> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    await migrateToLatest(database);
    const existing = await memberCount(database);
    let seedSeconds: number | null = null;
    if (args.reuse && existing === MEMBERS) {
      log(`Reusing the ${KIND} database with ${MEMBERS.toLocaleString('en')} members.`);
    } else {
      if (existing > 0 && DATABASE_URL && !args.reset) {
        throw new Error(
          `The database of DATABASE_URL already has ${existing} members: point it at an empty ` +
            `database, use --reuse (when it has exactly --members), or --reset to replace them.`,
        );
      }
      log(`Seeding ${MEMBERS.toLocaleString('en')} members (${KIND})…`);
      const result = await seedDatabase(database, {
        members: MEMBERS,
        reset: true,
        log: (line) => log(line),
      });
      seedSeconds = result.elapsedMs / 1000;
      log(`Seeded in ${seedSeconds.toFixed(1)} s.`);
    }
    const financeSeconds = await seedFinanceOnce(database, TRANSACTIONS, {
      reset: seedSeconds !== null,
      log,
    });
    if (financeSeconds !== null) seedSeconds = (seedSeconds ?? 0) + financeSeconds;
    // Cards and letters for the reports (skipped when the database already has them).
    await seedDocuments(database, log);
    const user = await findUserByEmail(database.db, BENCH_USER.email);
    if (user) {
      await setUserPassword(database.db, user.id, BENCH_USER.password);
      await database.db
        .updateTable('users')
        .set({ active: true, roles: JSON.stringify(['admin']) })
        .where('id', '=', user.id)
        .execute();
    } else {
      await insertUser(database.db, { ...BENCH_USER, roles: ['admin'] });
    }
    return seedSeconds;
  } finally {
    await database.close();
  }
}
