// npm run bench -- --church-life [--members N] [--congregations C] [--church-life-requests R]
//
// Issue 26: the pastor's attendance report for a year (GET /api/reports/church_life, section
// "cultos": every culto's average month by month, the chart's figures) over the whole church, on
// N members (200,000 by default) in C congregations (30 by default) in a fresh database (SQLite
// in a temporary directory, or ADAM_TEST_DB=postgres with DATABASE_URL). A year and a month of
// cultos: every congregation holds a Sunday and a Wednesday culto each week, with the ushers'
// head counts on most Sundays; a tenth of a congregation's members check in by name on Sundays
// and one in thirty on Wednesdays. Four clients ask at once, R times each (25 by default),
// through the real app (inject); the "quem sumiu" section is timed once beside it.
// Target: p95 ≤ 300 ms at 4 concurrent clients.
//
// Then the líder's weekly relatório de célula (POST /api/cells/:id/reports): four cells in the
// largest congregations, each with 12 members and a líder's user; the four líderes send at once,
// week after week back from today, 10 of the 12 present, the children, the offering and a note.
// Target: p95 ≤ 300 ms.
import { sql } from 'kysely';
import { addDays, todayIso } from '../domain/dates.js';
import type { AppDatabase } from '../server/db/index.js';
import { seedDatabase } from '../server/seed/index.js';
import { query } from '../tests/support/finance.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';
import { timedClients } from './stats.js';

const CLIENTS = 4;
const TARGET_MS = 300;
const WEEKS = 57;
const BATCH = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The cultos, their gatherings and the named presence; returns the counts written. */
export async function seedChurchLife(database: AppDatabase) {
  const { db } = database;
  const now = new Date().toISOString();
  const congregations = await db.selectFrom('congregations').select('id').orderBy('id').execute();
  const members = await db
    .selectFrom('members')
    .select(['id', 'congregation_id'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  const byCongregation = new Map<number, number[]>();
  for (const member of members) {
    const list = byCongregation.get(member.congregation_id!) ?? [];
    list.push(member.id);
    byCongregation.set(member.congregation_id!, list);
  }
  const today = todayIso();
  // The last Sunday on or before today, then back week by week.
  const sunday = addDays(today, -new Date(`${today}T12:00:00Z`).getUTCDay());
  let gatherings = 0;
  let attendances = 0;
  for (const { id: congregation } of congregations) {
    const people = byCongregation.get(congregation) ?? [];
    const services = await db
      .insertInto('worship_services')
      .values([
        {
          congregation_id: congregation,
          name: 'Culto de domingo',
          weekday: 0,
          time: '19:00',
          created_at: now,
          updated_at: now,
        },
        {
          congregation_id: congregation,
          name: 'Culto de quarta',
          weekday: 3,
          time: '19:30',
          created_at: now,
          updated_at: now,
        },
      ])
      .returning('id')
      .execute();
    await db.transaction().execute(async (trx) => {
      for (let week = 0; week < WEEKS; week++) {
        for (const [index, service] of services.entries()) {
          const date = addDays(sunday, -7 * week + (index === 0 ? 0 : -4));
          const stride = index === 0 ? 10 : 30;
          const present = people.filter((_, i) => (i + week) % stride === 0);
          const counted = index === 0 && week % 5 !== 0;
          const { id } = await trx
            .insertInto('gatherings')
            .values({
              kind: 'service',
              congregation_id: congregation,
              worship_service_id: service.id,
              name: index === 0 ? 'Culto de domingo' : 'Culto de quarta',
              date,
              time: index === 0 ? '19:00' : '19:30',
              count_members: counted ? Math.round(present.length * 3.2) : null,
              count_visitors: counted ? Math.round(present.length * 0.1) : null,
              count_children: counted ? Math.round(present.length * 0.6) : null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          gatherings += 1;
          for (let start = 0; start < present.length; start += BATCH) {
            await trx
              .insertInto('attendances')
              .values(
                present.slice(start, start + BATCH).map((member_id) => ({
                  gathering_id: id,
                  member_id,
                  method: 'name',
                  created_at: now,
                })),
              )
              .execute();
          }
          attendances += present.length;
        }
      }
    });
  }
  return { gatherings, attendances };
}

const timed = (
  run: (client: number, i: number) => Promise<{ statusCode: number; body: string }>,
  requests: number,
  expected = [200],
) => timedClients(CLIENTS, run, requests, expected);

/** The líderes' weekly cell reports, CLIENTS at once, `requests` weeks each. */
async function cellReportBench(t: TestApp, requests: number) {
  const { db } = t.database;
  const office = await t.userWithRoles(['admin'], 'Administração do bench');
  const call = async (
    headers: SessionHeaders,
    method: 'POST' | 'PUT',
    url: string,
    body: object,
  ) => {
    const response = await t.app.inject({ method, url, headers, payload: body });
    if (response.statusCode >= 300)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number };
  };
  const largest = await db
    .selectFrom('members')
    .select(['congregation_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'active')
    .groupBy('congregation_id')
    .orderBy('n', 'desc')
    .limit(CLIENTS)
    .execute();
  const cells: Array<{ id: number; members: number[]; leader: SessionHeaders }> = [];
  for (const [index, { congregation_id }] of largest.entries()) {
    const people = (
      await db
        .selectFrom('members')
        .select('id')
        .where('congregation_id', '=', congregation_id)
        .where('status', '=', 'active')
        .orderBy('id', 'desc')
        .limit(13)
        .execute()
    ).map((row) => row.id);
    const [leaderId, ...members] = people;
    const cell = await call(office, 'POST', '/api/cells', {
      name: `Célula do bench ${index + 1}`,
      congregation_id,
      leader_id: leaderId,
      weekday: 3,
      time: '20:00',
    });
    await call(office, 'PUT', `/api/cells/${cell.id}/members`, { member_ids: members });
    const email = `lider.bench.${index + 1}@teste.org`;
    await call(office, 'POST', '/api/users', {
      name: `Líder do bench ${index + 1}`,
      email,
      password: 'senha-do-lider-bench',
      roles: ['leader'],
      member_id: leaderId,
    });
    cells.push({ id: cell.id, members, leader: await t.signIn(email, 'senha-do-lider-bench') });
  }
  const sorted = await timed(
    (client, week) => {
      const cell = cells[client];
      return t.app.inject({
        method: 'POST',
        url: `/api/cells/${cell.id}/reports`,
        headers: cell.leader,
        payload: {
          date: addDays(todayIso(), -7 * week),
          member_ids: cell.members.filter((_, i) => (i + week) % 6 !== 0),
          count_children: 3,
          offering_cents: 4250,
          notes: 'Estudo de Atos 2; dois visitantes da rua.',
        },
      });
    },
    requests,
    [201],
  );
  const p95 = percentile(sorted, 95);
  log('');
  log(`Relatório de célula saved by its líder, ${CLIENTS} at once × ${requests} weeks`);
  log(`p50: ${percentile(sorted, 50).toFixed(1)} ms`);
  log(`p95: ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms)`);
  log(p95 <= TARGET_MS ? 'Within the target.' : 'OVER the target.');
}

export async function churchLifeBench(): Promise<void> {
  const members = Number(args.members ?? 200_000);
  const congregations = Number(args.congregations ?? 30);
  const requests = Number(args['church-life-requests'] ?? 25);
  const t = await createTestApp();
  try {
    log(
      `Church life bench — seeding ${members.toLocaleString('en')} members in ${congregations} congregations…`,
    );
    await seedDatabase(t.database, { members, congregations, reset: true, seed: 26 });
    const started = performance.now();
    const seeded = await seedChurchLife(t.database);
    log(
      `…and ${seeded.gatherings.toLocaleString('en')} cultos with ${seeded.attendances.toLocaleString('en')} named presences in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    await sql`analyze`.execute(t.database.db);
    const session = await t.userWithRoles(['secretary'], 'Secretária do bench');
    const url = `/api/reports/church_life?${query({ filter: { section: 'cultos' }, range: [0, 24] })}`;
    const first = await t.app.inject({ method: 'GET', url, headers: session });
    if (first.statusCode !== 200) throw new Error(`${first.statusCode} ${first.body}`);
    const rows = String(first.headers['content-range']).split('/')[1];
    const sorted = await timed(
      () => t.app.inject({ method: 'GET', url, headers: session }),
      requests,
    );
    const missingUrl = `/api/reports/church_life?${query({ filter: { section: 'missing', weeks: 8 }, range: [0, 24] })}`;
    const missingStarted = performance.now();
    const missing = await t.app.inject({ method: 'GET', url: missingUrl, headers: session });
    const missingMs = performance.now() - missingStarted;
    const p95 = percentile(sorted, 95);
    log('');
    log(`Vida da igreja, presença por culto, last 12 months, whole church: ${rows} rows`);
    log(`${CLIENTS} clients × ${requests} requests`);
    log(`p50: ${percentile(sorted, 50).toFixed(1)} ms`);
    log(`p95: ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms)`);
    log(p95 <= TARGET_MS ? 'Within the target.' : 'OVER the target.');
    log(
      `Quem sumiu (8 weeks), once: ${missingMs.toFixed(1)} ms, ${String(missing.headers['content-range']).split('/')[1]} members`,
    );
    await cellReportBench(t, requests);
  } finally {
    await t.close();
  }
}
