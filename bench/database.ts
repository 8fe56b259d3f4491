// The bench's database: seeded (members, ten years of finance, cards and letters) or reused,
// with the benchmark's admin signed in by the load.
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/index.js';
import {
  findUserByEmail,
  insertUser,
  setUserPassword,
} from '../server/modules/users/repository.js';
import { SEDE_ID } from '../domain/congregations.js';
import { congregationPlanOf } from '../server/seed/congregations.js';
import { seedDatabase } from '../server/seed/index.js';
import { benchCongregation } from './campo.js';
import {
  BENCH_USER,
  CONGREGATIONS,
  DATABASE_URL,
  KIND,
  MEMBERS,
  SCOPED_USER,
  TRANSACTIONS,
  args,
  log,
} from './config.js';
import { seedFinanceOnce } from './finance.js';
import { spreadFinance } from '../server/seed/finance/congregations.js';
import { seedDocuments } from './reports.js';

async function congregationCount(database: AppDatabase): Promise<number> {
  const { count } = await database.db
    .selectFrom('congregations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A benchmark user: created, or its password, roles and congregations set again. */
export async function ensureUser(
  database: AppDatabase,
  user: { name: string; email: string; password: string },
  roles: string[],
  congregationIds: number[],
) {
  const found = await findUserByEmail(database.db, user.email);
  const id = found
    ? found.id
    : (await insertUser(database.db, { ...user, roles: roles as never })).id;
  await setUserPassword(database.db, id, user.password);
  await database.db
    .updateTable('users')
    .set({
      active: true,
      roles: JSON.stringify(roles),
      congregation_ids: JSON.stringify(congregationIds),
    })
    .where('id', '=', id)
    .execute();
}

async function memberCount(database: AppDatabase): Promise<number> {
  const { count } = await database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Seeds or reuses the database; creates the benchmark's admin (and, for a campo, the user
 * scoped to its biggest congregação). Returns the seed seconds and that congregation.
 */
export async function prepareDatabase(dataDir: string): Promise<{
  seedSeconds: number | null;
  congregation: { id: number; name: string; members: number } | null;
}> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    await migrateToLatest(database);
    const existing = await memberCount(database);
    let seedSeconds: number | null = null;
    let plan: Awaited<ReturnType<typeof seedDatabase>>['plan'] = null;
    const congregationsMatch =
      CONGREGATIONS === null || (await congregationCount(database)) === CONGREGATIONS;
    if (args.reuse && existing === MEMBERS && congregationsMatch) {
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
        congregations: CONGREGATIONS ?? undefined,
        reset: true,
        log: (line) => log(line),
      });
      plan = result.plan;
      seedSeconds = result.elapsedMs / 1000;
      log(`Seeded in ${seedSeconds.toFixed(1)} s.`);
    }
    const financeSeconds = await seedFinanceOnce(database, TRANSACTIONS, {
      reset: seedSeconds !== null,
      log,
    });
    if (financeSeconds !== null) seedSeconds = (seedSeconds ?? 0) + financeSeconds;
    // A campo's finance spread over its congregations, unless it is already (a reused
    // database, or one the CLI seeded).
    if (CONGREGATIONS !== null && CONGREGATIONS > 1) {
      const spread = await database.db
        .selectFrom('incomes')
        .select('id')
        .where('congregation_id', '<>', SEDE_ID)
        .limit(1)
        .executeTakeFirst();
      if (!spread) {
        const started = performance.now();
        await spreadFinance(database, plan ?? (await congregationPlanOf(database)), log);
        seedSeconds = (seedSeconds ?? 0) + (performance.now() - started) / 1000;
      }
    }
    // Cards and letters for the reports (skipped when the database already has them).
    await seedDocuments(database, log);
    await ensureUser(database, BENCH_USER, ['admin'], []);
    const congregation = CONGREGATIONS ? await benchCongregation(database.db) : null;
    await ensureUser(
      database,
      SCOPED_USER,
      ['secretary', 'financial'],
      [congregation?.id ?? SEDE_ID],
    );
    return { seedSeconds, congregation };
  } finally {
    await database.close();
  }
}
