// The figures of the pastor's report (churchLife.ts), read over the attendance engine: each
// gathering of a period with its total (head counts, or the named presence where none was
// taken: totalsOf), summed per culto and month, the visitors of each month and the members who stopped coming.
import { type Kysely, type QueryCreator, sql } from 'kysely';
import { addDays, todayIso } from '../../../domain/dates.js';
import { daysBetween } from '../../../domain/reports.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { inScope } from '../../http/scope.js';
import type { ReportContext } from './report.js';

/** The gatherings of one kind, culto (or name) and congregation in a month, summed. */
export interface GatheringTotal {
  kind: string;
  congregation_id: number;
  worship_service_id: number | null;
  name: string;
  /** YYYY-MM. */
  month: string;
  /** How many gatherings. */
  gatherings: number;
  /** The sum of their totals. */
  total: number;
}

/**
 * The gatherings of `start`..`end` (YYYY-MM-DD) in the scope, summed per kind, culto,
 * congregation and month. Each gathering's total is the rule of `totalsOf` (domain/churchLife.ts),
 * written in SQL so that the database hands over one row per culto and month, not one per
 * gathering (a year of a campo's cultos is tens of thousands): a count not taken stands at the
 * named presence, and never stands below it. The named presence is folded into the gathering's
 * row once its day is over, plus the slots of the days still being checked in (migrations 0040,
 * 0048): a year of cultos reads its gatherings, not its million presences nor their slots.
 */
export async function gatheringTotals(
  { db, scope }: ReportContext,
  start: string,
  end: string,
): Promise<GatheringTotal[]> {
  const atLeast = (count: 'count_members' | 'count_visitors', named: string) =>
    sql<number>`case when coalesce(${sql.ref(count)}, 0) > ${sql.ref(named)}
      then ${sql.ref(count)} else ${sql.ref(named)} end`;
  // The slots not folded yet, summed per gathering: a few rows (today's, yesterday's).
  const slots = db
    .selectFrom('gathering_presence')
    .select((eb) => [
      'gathering_id',
      eb.fn.sum<number>('members').as('members'),
      eb.fn.sum<number>('visitors').as('visitors'),
    ])
    .groupBy('gathering_id');
  const each = inScope(
    db
      .selectFrom('gatherings')
      .leftJoin(slots.as('slots'), 'slots.gathering_id', 'gatherings.id')
      .select((eb) => [
        'gatherings.kind',
        'gatherings.congregation_id',
        'gatherings.worship_service_id',
        'gatherings.name',
        sql<string>`substr(cast(gatherings.date as text), 1, 7)`.as('month'),
        'gatherings.count_members',
        'gatherings.count_visitors',
        'gatherings.count_children',
        eb('gatherings.folded_members', '+', eb.fn.coalesce('slots.members', eb.lit(0))).as(
          'named_members',
        ),
        eb('gatherings.folded_visitors', '+', eb.fn.coalesce('slots.visitors', eb.lit(0))).as(
          'named_visitors',
        ),
      ])
      .where('gatherings.date', '>=', start)
      .where('gatherings.date', '<=', end),
    'gatherings.congregation_id',
    scope,
  );
  const rows = await db
    .selectFrom(each.as('g'))
    .select((eb) => [
      'kind',
      'congregation_id',
      'worship_service_id',
      'name',
      'month',
      eb.fn.countAll<number>().as('gatherings'),
      eb.fn
        .sum<number>(
          sql`${atLeast('count_members', 'named_members')}
            + ${atLeast('count_visitors', 'named_visitors')} + coalesce(count_children, 0)`,
        )
        .as('total'),
    ])
    .groupBy(['kind', 'congregation_id', 'worship_service_id', 'name', 'month'])
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    congregation_id: row.congregation_id,
    worship_service_id: row.worship_service_id,
    name: row.name,
    month: row.month,
    gatherings: Number(row.gatherings),
    total: Number(row.total),
  }));
}

/** The visitors added in `start`..`end`, each with its month (São Paulo) and conversion. */
export async function visitorsOfPeriod({ db, scope }: ReportContext, start: string, end: string) {
  // created_at is a UTC instant: a day either side, then the church's calendar decides.
  const rows = await inScope(
    db
      .selectFrom('visitors')
      .leftJoin('members', 'members.id', 'visitors.member_id')
      .select(['visitors.created_at', 'members.status as member_status'])
      .where('visitors.created_at', '>=', addDays(start, -1))
      .where('visitors.created_at', '<', addDays(end, 2)),
    'visitors.congregation_id',
    scope,
  ).execute();
  return rows
    .map((row) => ({
      day: todayIso(new Date(row.created_at)),
      // A member approved from the review; a registration still pending is not one yet.
      converted: row.member_status !== null && row.member_status !== 'pending',
    }))
    .filter((row) => row.day >= start && row.day <= end);
}

export interface MissingMember {
  id: number;
  name: string;
  congregation_id: number;
  phone_mobile: string | null;
  last_presence: string;
  presences: number;
  weeks_absent: number;
}

/**
 * Each member's last presence and count of presences, for the members not present since `cutoff`.
 * PostgreSQL reads who came since the cutoff first (the few weeks' gatherings, by gathering) and
 * looks up the dates only of the other members' presences, not of the church's whole history
 * (1,000,000 members: 2× faster); SQLite, whose look-up by rowid costs little, groups every
 * member's presences in member order and keeps those last seen before the cutoff (materializing
 * the recent ones made it 1.6× slower at 200,000).
 */
function lastPresences(db: Kysely<Database>, dialect: DialectName, cutoff: string) {
  const postgres = dialect === 'postgres';
  // The CTE's table is named only in the raw NOT EXISTS below: the builder needs no type of it.
  const from = postgres
    ? (db.with(
        (cte) => cte('recent').materialized(),
        (qb) =>
          qb
            .selectFrom('attendances')
            .select('attendances.member_id')
            .distinct()
            .where('attendances.gathering_id', 'in', (eb) =>
              eb
                .selectFrom('gatherings')
                .select('gatherings.id')
                .where('gatherings.date', '>=', cutoff),
            )
            .where('attendances.member_id', 'is not', null),
      ) as unknown as QueryCreator<Database>)
    : db;
  return from
    .selectFrom('attendances')
    .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
    .select([
      'attendances.member_id',
      (eb) => eb.fn.max('gatherings.date').as('last_presence'),
      (eb) => eb.fn.countAll<number | string>().as('presences'),
    ])
    .where('attendances.member_id', 'is not', null)
    .$if(postgres, (qb) =>
      qb.where(
        sql<boolean>`not exists (select 1 from recent where recent.member_id = attendances.member_id)`,
      ),
    )
    .groupBy('attendances.member_id')
    .$if(!postgres, (qb) => qb.having(sql<string>`max(gatherings.date)`, '<', cutoff))
    .as('last');
}

/**
 * "Quem sumiu": active members of the scope who were present at some gathering and at none in
 * the last `weeks` weeks, the most recently seen first.
 */
export async function missingMembers(
  { db, dialect, scope, today }: ReportContext,
  weeks: number,
): Promise<MissingMember[]> {
  const cutoff = addDays(today, -7 * weeks);
  const rows = await inScope(
    db
      .selectFrom(lastPresences(db, dialect.name, cutoff))
      .innerJoin('members', 'members.id', 'last.member_id')
      .select([
        'members.id',
        'members.name',
        'members.congregation_id',
        'members.phone_mobile',
        'last.last_presence',
        'last.presences',
      ])
      .where('members.status', '=', 'active'),
    'members.congregation_id',
    scope,
  ).execute();
  return rows
    .map((row) => {
      const last = String(row.last_presence).slice(0, 10);
      return {
        id: row.id,
        name: row.name,
        congregation_id: row.congregation_id as number,
        phone_mobile: row.phone_mobile,
        last_presence: last,
        presences: Number(row.presences),
        weeks_absent: Math.floor(daysBetween(last, today) / 7),
      };
    })
    .sort(
      (a, b) =>
        b.last_presence.localeCompare(a.last_presence) ||
        a.name.localeCompare(b.name, 'pt-BR') ||
        a.id - b.id,
    );
}
