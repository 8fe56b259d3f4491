// npm run bench -- --ebd [--ebd-members N] [--ebd-congregations C] [--ebd-requests R]
//
// Issue 26, the EBD at campo scale: N members (200,000 by default) in C congregations (30), each
// congregation with a class per usual age group this trimestre, up to 60 of the members of each
// age enrolled (a class's size; two in three, in id order), and last Sunday's chamada of every class with about two students in three ticked,
// in a fresh database (SQLite in a temporary directory, or ADAM_TEST_DB=postgres with
// DATABASE_URL). Four clients at once, R requests each (25), through the real app (inject):
// - the secretary's Sunday summary of the whole church (every class, every chamada): ≤ 300 ms;
// - the chamada page of the largest class (students, presence, figures): ≤ 100 ms;
// - a student ticked present on that chamada (the check-in with the enrolment rule): ≤ 50 ms.
import { sql } from 'kysely';
import { todayIso } from '../domain/dates.js';
import { AGE_GROUPS, quarterBounds, quarterOf, sundayOf } from '../domain/ebd.js';
import { addYears } from '../domain/dates.js';
import { seedDatabase } from '../server/seed/index.js';
import { query } from '../tests/support/finance.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';

const CLIENTS = 4;
const CLASS_SIZE = 60;
const TARGETS = { summary: 300, rollCall: 100, tick: 50 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function ebdBench(): Promise<void> {
  const members = Number(args['ebd-members'] ?? 200_000);
  const congregations = Number(args['ebd-congregations'] ?? 30);
  const requests = Number(args['ebd-requests'] ?? 25);
  const t = await createTestApp();
  try {
    log(
      `EBD bench — seeding ${members.toLocaleString('en')} members in ${congregations} congregations…`,
    );
    await seedDatabase(t.database, { members, congregations, reset: true, seed: 26 });
    const { db } = t.database;
    const sunday = sundayOf(todayIso());
    const { year, quarter } = quarterOf(sunday);
    const { start } = quarterBounds(year, quarter);
    const now = new Date().toISOString();
    const loadStarted = performance.now();

    const congregationIds = (await db.selectFrom('congregations').select('id').execute()).map(
      (row) => row.id,
    );
    const classes = await db
      .insertInto('ebd_classes')
      .values(
        congregationIds.flatMap((congregation_id) =>
          AGE_GROUPS.map((group) => ({
            congregation_id,
            name: group.name,
            search: group.name.toLowerCase(),
            year,
            quarter,
            age_group: group.name,
            age_min: group.min,
            age_max: group.max,
            created_at: now,
            updated_at: now,
          })),
        ),
      )
      .returning(['id', 'congregation_id', 'age_min', 'age_max'])
      .execute();
    for (const ebdClass of classes) {
      let students = db
        .selectFrom('members')
        .select([
          sql.lit(ebdClass.id).as('ebd_class_id'),
          'id',
          sql.lit(start).as('enrolled_on'),
          sql.lit(now).as('created_at'),
        ])
        .where('congregation_id', '=', ebdClass.congregation_id)
        .where('status', '=', 'active')
        .where(sql<boolean>`id % 3 <> 0`)
        .where('birth_date', '<=', addYears(start, -(ebdClass.age_min ?? 0)));
      if (ebdClass.age_max !== null) {
        students = students.where('birth_date', '>', addYears(start, -(ebdClass.age_max + 1)));
      }
      await db
        .insertInto('ebd_enrolments')
        .columns(['ebd_class_id', 'member_id', 'enrolled_on', 'created_at'])
        .expression(students.orderBy('id').limit(CLASS_SIZE))
        .execute();
    }
    const chamadas = await db
      .insertInto('gatherings')
      .values(
        classes.map((ebdClass) => ({
          kind: 'ebd',
          congregation_id: ebdClass.congregation_id,
          ebd_class_id: ebdClass.id,
          name: 'EBD',
          date: sunday,
          count_bibles: 3,
          count_magazines: 2,
          offering_cents: 1_250,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'ebd_class_id'])
      .execute();
    for (const chamada of chamadas) {
      await db
        .insertInto('attendances')
        .columns(['gathering_id', 'member_id', 'method', 'created_at'])
        .expression(
          db
            .selectFrom('ebd_enrolments')
            .select([
              sql.lit(chamada.id).as('gathering_id'),
              'member_id',
              sql.lit('name').as('method'),
              sql.lit(now).as('created_at'),
            ])
            .where('ebd_class_id', '=', chamada.ebd_class_id!)
            .where(sql<boolean>`member_id % 3 = 1`),
        )
        .execute();
    }
    const counts = await Promise.all(
      ['ebd_enrolments', 'attendances'].map(async (table) =>
        Number(
          (
            await db
              .selectFrom(table as 'attendances')
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        ),
      ),
    );
    log(
      `${classes.length} classes, ${counts[0].toLocaleString('en')} students, ${chamadas.length} chamadas on ${sunday} with ${counts[1].toLocaleString('en')} presences (${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`,
    );

    const largest = await db
      .selectFrom('ebd_enrolments')
      .select(['ebd_class_id', (eb) => eb.fn.countAll().as('count')])
      .groupBy('ebd_class_id')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const rollCall = chamadas.find((chamada) => chamada.ebd_class_id === largest.ebd_class_id)!;
    const absent = await db
      .selectFrom('ebd_enrolments')
      .select('member_id')
      .where('ebd_class_id', '=', largest.ebd_class_id)
      .where(sql<boolean>`member_id % 3 <> 1`)
      .execute();
    const session = await t.userWithRoles(['secretary'], 'Secretária da EBD');

    const measure = async (label: string, target: number, call: (i: number) => Promise<number>) => {
      const times: number[] = [];
      let next = 0;
      const client = async () => {
        for (let i = 0; i < requests; i++) {
          const index = next++;
          const started = performance.now();
          const status = await call(index);
          times.push(performance.now() - started);
          if (status >= 300) throw new Error(`${label}: ${status}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      log(
        `${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${target} ms) ${p95 <= target ? 'within' : 'OVER'}`,
      );
    };
    const get = (url: string) => async () =>
      (await t.app.inject({ method: 'GET', url, headers: session })).statusCode;
    log('');
    log(`${CLIENTS} clients × ${requests} requests each`);
    await measure(
      `Sunday summary of the whole church (${classes.length} classes)`,
      TARGETS.summary,
      get(`/api/reports/ebd_summary?${query({ filter: { date: sunday }, range: [0, 24] })}`),
    );
    await measure(
      `Chamada page of the largest class (${Number(largest.count)} students)`,
      TARGETS.rollCall,
      get(`/api/ebd_roll_calls/${rollCall.id}`),
    );
    await measure('A student ticked present', TARGETS.tick, async (index) => {
      const student = absent[index % absent.length];
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/gatherings/${rollCall.id}/attendances`,
        headers: session,
        payload: { member_id: student.member_id, client_key: `bench-ebd-${index}` },
      });
      return response.statusCode;
    });
  } finally {
    await t.close();
  }
}
