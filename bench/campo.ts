// The campo's side of the benchmark (issue 12: 1,000,000 members in 300 congregations on
// PostgreSQL, 200,000 in 30 on SQLite; `--congregations N`). Scenarios of the congregations'
// scope (issue 12: users.congregation_ids, the X-Congregation header):
// - a user scoped to one congregation (users.congregation_ids = [C]): member list, searches,
//   filters, incomes of a month;
// - a whole-church user narrowing to C with the X-Congregation header: the same shapes, the
//   dashboard and the finance overview of one congregation;
// - the whole church ("silva", "joao", filters, reports, dashboards consolidated) are the
//   bench's usual scenarios at this scale.
// The scoped scenarios go through the API when the server scopes (run.ts probes it); beside
// them, SQL stand-ins: the statements a scoped route runs — the list's own shape with the
// explicit `congregation_id = C` condition — timed in-process with the same concurrency,
// with and without migration 0013's indexes (dropped inside a transaction that is rolled
// back, so nothing is rebuilt).
import { type Kysely, sql } from 'kysely';
import { CONGREGATION_HEADER } from '../domain/congregations.js';
import { todayIso } from '../domain/dates.js';
import { addMonths, monthRange } from '../domain/finance/installments.js';
import { countCapFor } from '../domain/listTotals.js';
import type { AppDatabase } from '../server/db/index.js';
import {
  CONGREGATION_SCALE_INDEXES,
  REPLACED_INDEXES,
} from '../server/db/migrations/0013_congregation_scale.js';
import type { Database } from '../server/db/schema.js';
import type { DialectHelpers } from '../server/db/dialect.js';
import { WALK_WINDOW } from '../server/modules/members/list.js';
import { LIST_COLUMNS } from '../server/modules/members/row.js';
import type { Scenario } from './config.js';
import { percentile } from './stats.js';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const members = (sort: [string, string], filter: object) =>
  `/api/members?sort=${q(sort)}&range=${q([0, 24])}&filter=${q(filter)}`;

/** The congregation the scoped scenarios look at: the biggest congregação (not the sede). */
export async function benchCongregation(
  db: Kysely<Database>,
): Promise<{ id: number; name: string; members: number }> {
  const row = await db
    .selectFrom('members')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .select(['congregations.id', 'congregations.name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('congregations.kind', '=', 'congregacao')
    .groupBy(['congregations.id', 'congregations.name'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, members: Number(row.n) };
}

/** The campo's API scenarios (see the file's head). */
export function campoScenarios(congregation: number): Scenario[] {
  const one = { [CONGREGATION_HEADER]: String(congregation) };
  const { start, end } = monthRange(addMonths(todayIso(), -1));
  const month = { date_gte: start, date_lte: end };
  const scoped = (name: string, path: string): Scenario => ({
    name: `Scoped user: ${name}`,
    path,
    kind: 'scoped list',
    as: 'scoped',
  });
  const selected = (name: string, path: string, kind: Scenario['kind']): Scenario => ({
    name: `Selected congregation: ${name}`,
    path,
    kind,
    headers: one,
  });
  return [
    scoped('list, first page', members(['name', 'ASC'], {})),
    scoped('search "silva"', members(['name', 'ASC'], { q: 'silva' })),
    scoped('search "joao"', members(['name', 'ASC'], { q: 'joao' })),
    scoped('status, by birth date', members(['birth_date', 'DESC'], { status: 'active' })),
    scoped(
      'incomes of a month',
      `/api/incomes?sort=${q(['date', 'DESC'])}&range=${q([0, 24])}&filter=${q(month)}`,
    ),
    selected('list, first page', members(['name', 'ASC'], {}), 'scoped list'),
    selected('search "silva"', members(['name', 'ASC'], { q: 'silva' }), 'scoped list'),
    selected(
      'congregation_id filter + status',
      members(['name', 'ASC'], { congregation_id: congregation, status: 'active' }),
      'scoped list',
    ),
    selected('dashboard', '/api/dashboard', 'congregation dashboard'),
    selected('finance overview', '/api/finance/overview', 'congregation dashboard'),
  ];
}

/** Whether the server scopes: the explicit congregation_id filter is a known filter. */
export async function serverScopes(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(
    `${baseUrl}/api/members?range=${q([0, 0])}&filter=${q({ congregation_id: 1 })}`,
    { headers },
  );
  await response.arrayBuffer();
  return response.status === 200;
}

// ---------------------------------------------------------------------------------------------
// SQL stand-ins

export interface StandIn {
  name: string;
  target: number;
  run(db: Kysely<Database>): Promise<unknown>;
}

/** What a scoped route runs, with the explicit congregation condition. */
export function standIns(congregation: number, dialect: DialectHelpers): StandIn[] {
  const today = todayIso();
  const { start, end } = monthRange(addMonths(today, -1));
  const chartStart = monthRange(addMonths(today, -11)).start;
  const cap = countCapFor({ offset: 0, limit: 25 });
  const inCongregation = (db: Kysely<Database>) =>
    db.selectFrom('members').where('members.congregation_id', '=', congregation);
  /** The list's pattern: the page's ids, the capped count, then the 25 rows by id. */
  const page = async (
    db: Kysely<Database>,
    where: (query: ReturnType<typeof inCongregation>) => ReturnType<typeof inCongregation>,
    column: 'sort_name' | 'birth_date',
    order: 'asc' | 'desc',
  ) => {
    const base = where(inCongregation(db));
    const [ids, count] = await Promise.all([
      base
        .select('members.id')
        .orderBy(`members.${column}`, order)
        .orderBy('members.id', order)
        .limit(25)
        .execute(),
      sql<{
        n: number;
      }>`select count(*) as n from (${base.select('members.id').limit(cap + 1)}) as capped`.execute(
        db,
      ),
    ]);
    if (ids.length > 0) {
      await db
        .selectFrom('members')
        .select(LIST_COLUMNS.map((name) => `members.${name}` as const))
        .where(
          'members.id',
          'in',
          ids.map((row) => row.id),
        )
        .execute();
    }
    return count;
  };
  /**
   * A search as the list runs it (server/modules/members/list.ts): the congregation's first
   * WALK_WINDOW rows by name tested for the word; when they do not hold the page, the text
   * index's matches in the congregation, sorted; no count when the window holds more matches
   * than the cap, else the capped count through the text index.
   */
  const search = async (db: Kysely<Database>, word: string) => {
    const window = inCongregation(db)
      .select(['members.id', 'members.search', 'members.sort_name'])
      .orderBy('members.sort_name')
      .orderBy('members.id')
      .limit(WALK_WINDOW)
      .as('w');
    const walked = await db
      .selectFrom(window)
      .select('w.id')
      .where('w.search', 'like', `%${word}%`)
      .orderBy('w.sort_name')
      .orderBy('w.id')
      .limit(cap + 1)
      .execute();
    if (walked.length > cap) return walked.slice(0, 25);
    const matching = inCongregation(db).where(dialect.textSearch('members', 'search', [word]));
    if (walked.length >= 25) {
      await sql`select count(*) as n from (${matching.select('members.id').limit(cap + 1)}) as capped`.execute(
        db,
      );
      return walked.slice(0, 25);
    }
    return page(db, () => matching, 'sort_name', 'asc');
  };
  return [
    {
      name: 'Scoped: list, first page',
      target: 25,
      run: (db) => page(db, (query) => query, 'sort_name', 'asc'),
    },
    {
      name: 'Scoped: search "silva"',
      target: 25,
      run: (db) => search(db, 'silva'),
    },
    {
      name: 'Scoped: search "joao"',
      target: 25,
      run: (db) => search(db, 'joao'),
    },
    {
      name: 'Scoped: status, by birth date',
      target: 25,
      run: (db) =>
        page(db, (query) => query.where('members.status', '=', 'active'), 'birth_date', 'desc'),
    },
    {
      name: 'Scoped: incomes of a month',
      target: 25,
      run: (db) => {
        const base = db
          .selectFrom('incomes')
          .where('congregation_id', '=', congregation)
          .where('date', '>=', start)
          .where('date', '<=', end);
        return Promise.all([
          base.selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(25).execute(),
          sql`select count(*) as n from (${base.select('id').limit(cap + 1)}) as capped`.execute(
            db,
          ),
        ]);
      },
    },
    {
      name: 'One congregation: dashboard members',
      target: 50,
      run: (db) =>
        Promise.all([
          inCongregation(db)
            .select(['members.status', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('members.status')
            .execute(),
          inCongregation(db)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('members.admission_date', '>=', `${today.slice(0, 8)}01`)
            .where('members.admission_date', '<=', today)
            .execute(),
        ]),
    },
    {
      name: 'One congregation: finance overview',
      target: 50,
      run: (db) =>
        Promise.all(
          (['incomes', 'expenses'] as const).map((table) =>
            db
              .selectFrom(table)
              .select([
                sql<string>`substr(cast(date as text), 1, 7)`.as('month'),
                (eb) => eb.fn.sum<number>('amount_cents').as('total'),
              ])
              .where('congregation_id', '=', congregation)
              .where('date', '>=', chartStart)
              .where('date', '<=', end)
              .groupBy(sql`substr(cast(date as text), 1, 7)`)
              .execute(),
          ),
        ).then(() =>
          db
            .selectFrom('accounts_payable')
            .select((eb) => [
              eb.fn.countAll<number>().as('n'),
              eb.fn.sum<number>('amount_cents').as('total'),
            ])
            .where('congregation_id', '=', congregation)
            .where('status', '=', 'pending')
            .where('due_date', '<=', today)
            .execute(),
        ),
    },
  ];
}

export interface StandInResult {
  name: string;
  target: number;
  /** With 0013, on one connection (comparable with `without`). */
  single: { p50: number; p95: number; runs: number };
  /** With 0013, `clients` concurrent loops (the target's figure). */
  with: { p50: number; p95: number; runs: number; clients: number };
  /** After 0010 only, on one connection. */
  without: { p50: number; p95: number; runs: number } | null;
}

async function timed(run: () => Promise<unknown>, maxMs: number, maxRuns: number) {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < 3; i++) await run();
  while (samples.length < maxRuns && (samples.length < 20 || performance.now() - started < maxMs)) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return samples;
}

/**
 * Each stand-in with `clients` concurrent loops (PostgreSQL; SQLite runs one, it is synchronous
 * in-process), then once more on one connection inside a transaction that drops 0013's indexes
 * and is rolled back.
 */
export async function measureStandIns(
  database: AppDatabase,
  list: StandIn[],
  clients: number,
  seconds = 3,
): Promise<StandInResult[]> {
  const { db } = database;
  const loops = database.dialect.name === 'postgres' ? clients : 1;
  const results: StandInResult[] = [];
  for (const standIn of list) {
    const perLoop = await Promise.all(
      Array.from({ length: loops }, () => timed(() => standIn.run(db), seconds * 1000, 2000)),
    );
    const samples = perLoop.flat();
    const single = await timed(() => standIn.run(db), Math.min(seconds, 2) * 1000, 200);
    results.push({
      name: standIn.name,
      target: standIn.target,
      single: {
        p50: percentile(single, 50),
        p95: percentile(single, 95),
        runs: single.length,
      },
      with: {
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        runs: samples.length,
        clients: loops,
      },
      without: null,
    });
  }
  // Without 0013 (as after 0010): changed and restored by a rollback (both databases have
  // transactional DDL).
  const rollback = new Error('rollback');
  try {
    await db.transaction().execute(async (trx) => {
      // Back to the indexes before 0013: 0013's dropped, those it replaced made again.
      for (const [name] of CONGREGATION_SCALE_INDEXES)
        await sql`drop index ${sql.ref(name)}`.execute(trx);
      for (const [name, table, columns] of REPLACED_INDEXES)
        await trx.schema.createIndex(name).on(table).columns(columns).execute();
      for (const [i, standIn] of list.entries()) {
        const samples = await timed(() => standIn.run(trx), Math.min(seconds, 2) * 1000, 200);
        results[i].without = {
          p50: percentile(samples, 50),
          p95: percentile(samples, 95),
          runs: samples.length,
        };
      }
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return results;
}
