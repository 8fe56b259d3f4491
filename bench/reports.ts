// The secretary's reports at scale: cards for most active members (some expired, some about to
// expire, some renewed), letters over the years, and the report scenarios the bench measures.
import { sql } from 'kysely';
import { addDays, addMonths, todayIso } from '../domain/dates.js';
import type { AppDatabase } from '../server/db/index.js';
import type { NewCredential, NewLetter } from '../server/db/schema.js';

const BATCH = 500;

async function insertAll<T extends 'credentials' | 'letters'>(
  database: AppDatabase,
  table: T,
  rows: Array<T extends 'credentials' ? NewCredential : NewLetter>,
) {
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto(table as 'credentials')
        .values(rows.slice(i, i + BATCH) as NewCredential[])
        .execute();
    }
  });
}

/**
 * Cards and letters for the seeded members, unless there are some already. Deterministic:
 * 60% of the active members hold a card issued within the last 14 months (12-month validity,
 * so about one in seven is expired), one holder in twenty also has an older revoked card; one
 * member in fifty got a letter, spread over the last six years.
 */
export async function seedDocuments(
  database: AppDatabase,
  log: (line: string) => void = () => {},
): Promise<{ credentials: number; letters: number }> {
  const { db } = database;
  const existing = await db
    .selectFrom('credentials')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { credentials: Number(existing.n), letters: 0 };
  const started = performance.now();
  const today = todayIso();
  const now = new Date().toISOString();
  const members = await db.selectFrom('members').select(['id', 'status']).orderBy('id').execute();

  const credentials: NewCredential[] = [];
  const letters: NewLetter[] = [];
  const letterNumbers = new Map<number, number>();
  let number = 0;
  const code = (n: number) => `bench${String(n).padStart(27, '0')}`;
  members.forEach((member, index) => {
    if (member.status === 'active' && index % 10 < 6) {
      const issued = addDays(today, -((index * 37) % 425));
      if (index % 20 === 0) {
        const old = addDays(issued, -400);
        credentials.push({
          member_id: member.id,
          number: ++number,
          issued_on: old,
          expires_on: addMonths(old, 12),
          status: 'revoked',
          code: code(number),
          revoked_at: now,
          created_by: null,
          created_at: now,
        });
      }
      credentials.push({
        member_id: member.id,
        number: ++number,
        issued_on: issued,
        expires_on: addMonths(issued, 12),
        status: 'active',
        code: code(number),
        revoked_at: null,
        created_by: null,
        created_at: now,
      });
    }
    if (index % 50 === 7) {
      const issued = addDays(today, -((index * 13) % 2190));
      const year = Number(issued.slice(0, 4));
      const next = (letterNumbers.get(year) ?? 0) + 1;
      letterNumbers.set(year, next);
      letters.push({
        member_id: member.id,
        letter_type: index % 3 === 0 ? 'transfer' : 'recommendation',
        year,
        number: next,
        issued_on: issued,
        destination_church: `Igreja Batista ${index % 97}`,
        destination_city: 'Campinas/SP',
        notes: null,
        created_by: null,
        created_at: now,
      });
    }
  });
  // Letters are numbered in the order they were issued within each year.
  letters.sort((a, b) => a.issued_on.localeCompare(b.issued_on));
  letterNumbers.clear();
  for (const letter of letters) {
    letter.number = (letterNumbers.get(letter.year) ?? 0) + 1;
    letterNumbers.set(letter.year, letter.number);
  }

  await insertAll(database, 'credentials', credentials);
  await insertAll(database, 'letters', letters);
  await sql`update members set credential_expires_on = (
      select c.expires_on from credentials c where c.member_id = members.id and c.status = 'active')`.execute(
    db,
  );
  const counters = [
    { name: 'credential', value: number },
    ...[...letterNumbers].map(([year, value]) => ({ name: `letter:${year}`, value })),
  ];
  await db.insertInto('document_counters').values(counters).execute();
  if (database.dialect.name === 'postgres') {
    // The UPDATE above rewrote every member row: vacuum, or index-only scans visit the heap.
    await sql`vacuum (analyze) members`.execute(db);
    await sql`vacuum (analyze) credentials`.execute(db);
    await sql`vacuum (analyze) letters`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  log(
    `Seeded ${credentials.length.toLocaleString('en')} credentials and ${letters.length.toLocaleString('en')} letters in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return { credentials: credentials.length, letters: letters.length };
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const page = (api: string, filter: object) =>
  `/api/reports/${api}?range=${q([0, 24])}&filter=${q(filter)}`;

/** The four reports of /relatorios, first page, as the screens ask for them. */
export function reportScenarios(): Array<{ name: string; path: string; kind: 'list' }> {
  const month = Number(todayIso().slice(5, 7));
  return [
    { name: 'Report: birthdays of the month', path: page('birthdays', { month }), kind: 'list' },
    {
      name: 'Report: birthdays, next 30 days',
      path: page('birthdays', { days: 30 }),
      kind: 'list',
    },
    {
      name: 'Report: cards expiring in 30 days',
      path: page('expiring_credentials', { days: 30, scope: 'all' }),
      kind: 'list',
    },
    {
      name: 'Report: members without a card',
      path: page('members_without_credentials', { kind: 'all' }),
      kind: 'list',
    },
    {
      name: 'Report: letters issued this year',
      path: page('issued_letters', {}),
      kind: 'list',
    },
  ];
}
