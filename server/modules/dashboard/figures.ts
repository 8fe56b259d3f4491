// The figures of /visao_geral: members (counts, birthdays of the week) and the staff users. The
// member figures follow the view (issue 12); a view of several congregations adds a breakdown
// table with one row per congregation.
import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { memberStatusCounts, memberStatusCountsByCongregation } from '../members/counts.js';
import { congregationsInView } from '../reports/congregations.js';

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
 * first `limit` in the order of the days, then by name. The index members_status_birth_md
 * yields them in (day, sort_name) order, so only about `limit` rows are read instead of the
 * ~3,400 birthdays of a week at 200,000 members; the rows sharing the last sort_name are added
 * so the final name order (pt-BR collation) decides ties exactly as sorting them all would.
 */
async function birthdaysOf(db: Kysely<Database>, scope: Scope, week: number[], limit: number) {
  const candidates = () =>
    inScope(
      db
        .selectFrom('members')
        .where('birth_md', 'in', week)
        .where('status', 'in', ['active', 'pending']),
      'members.congregation_id',
      scope,
    );
  const dayOrder = sql<number>`case ${sql.ref('birth_md')} ${sql.join(
    week.map((md, i) => sql`when ${md} then ${i}`),
    sql` `,
  )} end`;
  const first = await candidates()
    .select(['id', 'birth_md', 'sort_name'])
    .orderBy(dayOrder)
    .orderBy('sort_name')
    .orderBy('id')
    .limit(limit)
    .execute();
  const ids = new Set(first.map((row) => row.id));
  const last = first[first.length - 1];
  if (first.length === limit && last) {
    const ties = await candidates()
      .select('id')
      .where('birth_md', '=', last.birth_md)
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

export async function memberFigures(db: Kysely<Database>, scope: Scope = null) {
  const today = todayIso();
  const week = nextMonthDays(today, 7);
  // Every query at once (PostgreSQL runs them on several connections).
  const [byStatus, newByCongregation, birthdays, breakdown] = await Promise.all([
    memberStatusCounts(db, scope),
    newThisMonthByCongregation(db, scope, today),
    birthdaysOf(db, scope, week, 100),
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
    birthdays_week: birthdays.slice(0, 100).map(({ birth_md: _md, ...row }) => row),
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
