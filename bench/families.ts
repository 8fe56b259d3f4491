// Famílias at scale (issue 28: "the family tree of a member ≤ 50 ms at 1,000,000 members"): on an
// already seeded database (`npm run adam -- seed --members N`), households are made once — three
// members and a child who is no member each, for a third of the members — and then the member
// page's family (the reads of GET /api/members/:id/family) and the children by age's first page
// are timed in a loop, with the query plans printed.
//   DATA_DIR=… [REQUESTS=500] npx tsx bench/families.ts   (or DATABASE_URL=… for PostgreSQL)
import { sql } from 'kysely';
import { todayIso } from '../domain/dates.js';
import { configFromEnv } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/index.js';
import { childrenPage, countChildren } from '../server/modules/families/index.js';
import { familyIdOfMember, loadFamily } from '../server/modules/families/people.js';
import { memberCongregation } from '../server/modules/members/index.js';

// The bench's own options (bench/config.ts) are read from the command line: this one is not one.
const REQUESTS = Number(process.env.REQUESTS ?? 500);
const BATCH = 3000;

const config = configFromEnv();
const database = openDatabase(config);
await migrateToLatest(database);
const { db } = database;

/** Households for a third of the members, made once: 3 members (the last one a child) + 1 relative. */
async function seedFamilies() {
  const existing = await db
    .selectFrom('families')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return Number(existing.count);
  const members = await db
    .selectFrom('members')
    .select(['id', 'congregation_id', 'name'])
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  let made = 0;
  const pool = members.slice(0, Math.floor(members.length / 3));
  for (let start = 0; start < pool.length; start += BATCH) {
    const slice = pool.slice(start, start + BATCH);
    const groups: (typeof members)[] = [];
    for (let i = 0; i + 3 <= slice.length; i += 3) groups.push(slice.slice(i, i + 3));
    await db.transaction().execute(async (trx) => {
      for (const group of groups) {
        const family = await trx
          .insertInto('families')
          .values({
            congregation_id: group[0].congregation_id,
            name: `Família ${group[0].name.split(' ').at(-1)}`,
            street: 'Rua das Flores',
            number: '100',
            city: 'Campinas',
            state: 'SP',
            zip_code: '13010000',
            complement: null,
            district: null,
            notes: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const first = await trx
          .insertInto('family_people')
          .values({
            family_id: family.id,
            member_id: group[0].id,
            relation: 'spouse',
            relative_id: null,
            uses_family_address: true,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('family_people')
          .values([
            ...group.slice(1).map((member, index) => ({
              family_id: family.id,
              member_id: member.id,
              relation: index === 0 ? 'spouse' : 'child',
              relative_id: first.id,
              uses_family_address: true,
              created_at: now,
              updated_at: now,
            })),
            {
              family_id: family.id,
              member_id: null,
              name: 'Criança Não Membro',
              birth_date: `${2016 + (family.id % 10)}-0${1 + (family.id % 9)}-15`,
              sex: family.id % 2 ? 'M' : 'F',
              phone: null,
              relation: 'child',
              relative_id: first.id,
              uses_family_address: false,
              created_at: now,
              updated_at: now,
            },
          ])
          .execute();
        made += 1;
      }
    });
  }
  return made;
}

const started = Date.now();
const families = await seedFamilies();
console.log(
  `Famílias: ${families} (preparadas em ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);

const linked = await db
  .selectFrom('family_people')
  .select('member_id')
  .where('member_id', 'is not', null)
  .orderBy('id')
  .execute();
const ids = linked.map((row) => row.member_id as number);

/** Times `work` REQUESTS times: p50, p95 and the slowest, in milliseconds. */
async function timed(name: string, work: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const begin = process.hrtime.bigint();
    await work(i);
    times.push(Number(process.hrtime.bigint() - begin) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `${name}: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, máx ${at(1).toFixed(2)} ms (${REQUESTS} vezes)`,
  );
}

// What GET /api/members/:id/family reads: the member's congregation (scope), their household's
// row through the unique index, the household and its people with their members.
const pick = (i: number) => ids[(i * 7919) % ids.length];
await timed('família de um membro (GET /api/members/:id/family)', async (i) => {
  const id = pick(i);
  await memberCongregation(db, id, null);
  const link = await familyIdOfMember(db, id);
  if (!link) throw new Error(`membro ${id} sem família`);
  await loadFamily(db, link.family_id, null);
});
const today = todayIso();
const children = { age_min: 0, age_max: 11 };
await timed('crianças por idade: 1ª página (menores de 12, igreja toda)', () =>
  childrenPage(db, null, children, today, { offset: 0, limit: 25 }),
);
await timed('crianças por idade: o total', () => countChildren(db, null, children, today));

// The plans of the family's reads (SQLite; PostgreSQL: EXPLAIN ANALYZE).
if (!config.databaseUrl) {
  const member = ids[Math.floor(ids.length / 2)];
  for (const [label, query] of [
    ['membro → família', sql`SELECT id, family_id FROM family_people WHERE member_id = ${member}`],
    [
      'pessoas da família',
      sql`SELECT * FROM family_people LEFT JOIN members ON members.id = family_people.member_id
          WHERE family_people.family_id = (SELECT family_id FROM family_people WHERE member_id = ${member})`,
    ],
  ] as const) {
    const plan = await sql`EXPLAIN QUERY PLAN ${query}`.execute(db);
    console.log(
      `${label}: ${(plan.rows as Array<{ detail: string }>).map((row) => row.detail).join(' | ')}`,
    );
  }
}
await database.close();
