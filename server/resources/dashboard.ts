// GET /api/dashboard: the figures of /visao_geral, each only for the roles that may see it.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_ONLY, ANY_USER, hasAccess } from '../../src/domain/access.js';
import { todayIso } from '../../src/domain/dates.js';
import { MEMBER_STATUSES, type MemberStatus } from '../../src/domain/members.js';
import type { Database } from '../db/schema.js';

/** MMDD of each of the next `days` days from `today` (YYYY-MM-DD), across the year's end. */
export function nextMonthDays(today: string, days: number): number[] {
  const start = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000);
    return (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
  });
}

async function memberFigures(db: Kysely<Database>) {
  const today = todayIso();
  const byStatusRows = await db
    .selectFrom('members')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const byStatus = Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as Record<
    MemberStatus,
    number
  >;
  for (const row of byStatusRows) byStatus[row.status as MemberStatus] = Number(row.count);

  const { count: newThisMonth } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('admission_date', '>=', `${today.slice(0, 8)}01`)
    .where('admission_date', '<=', today)
    .executeTakeFirstOrThrow();

  const week = nextMonthDays(today, 7);
  const birthdays = await db
    .selectFrom('members')
    .select(['id', 'name', 'birth_date', 'photo_thumb', 'birth_md'])
    .where('birth_md', 'in', week)
    .where('status', 'in', ['active', 'pending'])
    .execute();
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
  };
}

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.get('/api/dashboard', { config: { access: ANY_USER } }, async (request) => {
    const figures: Record<string, unknown> = await memberFigures(db);
    if (hasAccess(request.user?.roles, ADMIN_ONLY)) {
      const rows = await db
        .selectFrom('users')
        .select(['active', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('active')
        .execute();
      const active = rows
        .filter((row) => Boolean(row.active))
        .reduce((n, r) => n + Number(r.count), 0);
      const total = rows.reduce((n, r) => n + Number(r.count), 0);
      figures.users = { active, inactive: total - active };
    }
    return figures;
  });
}
