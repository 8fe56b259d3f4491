// The figures of /visao_geral: members (counts, birthdays of the week) and the staff users. The
// member figures follow the view (issue 12); a view of several congregations adds a breakdown
// table with one row per congregation.
import type { Kysely } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { memberStatusCounts, memberStatusCountsByCongregation } from '../members/index.js';
import { congregationsInView } from '../reports/index.js';

/** MMDD of each of the next `days` days from `today` (YYYY-MM-DD), across the year's end. */
export function nextMonthDays(today: string, days: number): number[] {
  const start = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000);
    return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
  });
}

/**
 * Active and pending members whose birthday is in `week` (MMDD list, in calendar order): the
 * first `limit` in the order of the days, then by name. Day by day, each day's first names read
 * off the (status, birth_md, sort_name) index — one day holds the 100 of the whole church (2,300
 * birthdays a day at 1,000,000 members), where the week at once was 16,000 rows to sort; the rows
 * sharing the last sort_name are added so the final name order (pt-BR collation) decides ties
 * exactly as sorting them all would.
 */
async function birthdaysOf(db: Kysely<Database>, scope: Scope, week: number[], limit: number) {
  const candidates = (day: number) =>
    inScope(
      db
        .selectFrom('members')
        .where('birth_md', '=', day)
        .where('status', 'in', ['active', 'pending']),
      'members.congregation_id',
      scope,
    );
  const ids = new Set<number>();
  let last: { birth_md: number | null; sort_name: string } | undefined;
  for (const day of week) {
    const wanted = limit - ids.size;
    if (wanted <= 0) break;
    const rows = await candidates(day)
      .select(['id', 'birth_md', 'sort_name'])
      .orderBy('sort_name')
      .orderBy('id')
      .limit(wanted)
      .execute();
    for (const row of rows) ids.add(row.id);
    last = rows.length === wanted ? rows[rows.length - 1] : undefined;
  }
  if (last) {
    const ties = await candidates(last.birth_md!)
      .select('id')
      .where('sort_name', '=', last.sort_name)
      .execute();
    for (const row of ties) ids.add(row.id);
  }
  if (ids.size === 0) return [];
  return db
    .selectFrom('members')
    .select(['id', 'name', 'birth_date', 'photo_thumb', 'birth_md'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Members admitted from the first of this month to today, per congregation of `scope`. */
async function newThisMonthByCongregation(db: Kysely<Database>, scope: Scope, today: string) {
  const rows = await inScope(
    db
      .selectFrom('members')
      .select(['members.congregation_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('admission_date', '>=', `${today.slice(0, 8)}01`)
      .where('admission_date', '<=', today)
      .groupBy('members.congregation_id'),
    'members.congregation_id',
    scope,
  ).execute();
  return new Map(rows.map((row) => [Number(row.congregation_id), Number(row.count)]));
}

export interface CongregationFigures {
  congregation_id: number;
  congregation_name: string;
  active: number;
  total: number;
  new_this_month: number;
  pending: number;
}

/**
 * One row per congregation of a consolidated view (the whole church, or a user's several
 * congregations): active and all members, new this month, pending registrations. Inactive
 * congregations without members are left out.
 */
function congregationBreakdown(
  congregations: Awaited<ReturnType<typeof congregationsInView>>,
  counts: Awaited<ReturnType<typeof memberStatusCountsByCongregation>>,
  newByCongregation: Map<number, number>,
): CongregationFigures[] {
  return congregations.flatMap((congregation) => {
    const byStatus = counts.get(congregation.id);
    const total = byStatus ? Object.values(byStatus).reduce((sum, n) => sum + n, 0) : 0;
    if (!congregation.active && total === 0) return [];
    return [
      {
        congregation_id: congregation.id,
        congregation_name: congregation.name,
        active: byStatus?.active ?? 0,
        total,
        new_this_month: newByCongregation.get(congregation.id) ?? 0,
        pending: byStatus?.pending ?? 0,
      },
    ];
  });
}

/** Whether `scope` is a consolidated view (more than one congregation) rather than one. */
export const isConsolidated = (scope: Scope) => scope === null || scope.length > 1;

/** `birthdays`: the week's birthdays too (they reveal birth dates: the whole record's readers). */
export async function memberFigures(
  db: Kysely<Database>,
  scope: Scope = null,
  { birthdays: withBirthdays = true }: { birthdays?: boolean } = {},
) {
  const today = todayIso();
  const week = nextMonthDays(today, 7);
  // Every query at once (PostgreSQL runs them on several connections).
  const [byStatus, newByCongregation, birthdays, breakdown] = await Promise.all([
    memberStatusCounts(db, scope),
    newThisMonthByCongregation(db, scope, today),
    withBirthdays ? birthdaysOf(db, scope, week, 100) : [],
    isConsolidated(scope)
      ? Promise.all([congregationsInView(db, scope), memberStatusCountsByCongregation(db, scope)])
      : null,
  ]);
  const newThisMonth = [...newByCongregation.values()].reduce((sum, n) => sum + n, 0);
  // In the order of the coming days (31/12 before 01/01), then by name.
  birthdays.sort(
    (a, b) =>
      week.indexOf(a.birth_md!) - week.indexOf(b.birth_md!) ||
      a.name.localeCompare(b.name, 'pt-BR'),
  );

  return {
    members: {
      total: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
      by_status: byStatus,
      new_this_month: Number(newThisMonth),
    },
    ...(withBirthdays
      ? { birthdays_week: birthdays.slice(0, 100).map(({ birth_md: _md, ...row }) => row) }
      : {}),
    pending_registrations: byStatus.pending,
    ...(breakdown
      ? { congregations: congregationBreakdown(breakdown[0], breakdown[1], newByCongregation) }
      : {}),
  };
}

/** Active and inactive staff users. */
export async function userFigures(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .select(['active', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('active')
    .execute();
  const active = rows.filter((row) => Boolean(row.active)).reduce((n, r) => n + Number(r.count), 0);
  const total = rows.reduce((n, r) => n + Number(r.count), 0);
  return { active, inactive: total - active };
}
