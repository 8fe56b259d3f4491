// What the pastor sees on /visao_geral (issue 26): how many came to the cultos and events of the
// last four weeks (each one's total: head counts, or the named presence where none was taken),
// the latest one, and the visitors added this month — all in the request's view.
import type { Kysely } from 'kysely';
import { totalsOf } from '../../../domain/churchLife.js';
import { addDays } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { namedCounts } from './gatherings.js';

/** The days the average covers, today included. */
export const ATTENDANCE_DAYS = 28;

export async function attendanceFigures(db: Kysely<Database>, view: Scope, today: string) {
  const [gatherings, visitors] = await Promise.all([
    inScope(
      db
        .selectFrom('gatherings')
        .selectAll()
        .where('date', '>=', addDays(today, 1 - ATTENDANCE_DAYS))
        .where('date', '<=', today)
        // The EBD's chamadas are counted in its own summary, not among the cultos.
        .where('kind', '!=', 'ebd'),
      'gatherings.congregation_id',
      view,
    )
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    inScope(
      db
        .selectFrom('visitors')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('created_at', '>=', `${today.slice(0, 8)}01`),
      'visitors.congregation_id',
      view,
    ).executeTakeFirstOrThrow(),
  ]);
  const named = await namedCounts(
    db,
    gatherings.map((row) => row.id),
  );
  const totals = gatherings.map((row) =>
    totalsOf(row, named.get(row.id) ?? { members: 0, visitors: 0 }),
  );
  const sum = totals.reduce((total, figures) => total + figures.total, 0);
  const latest = gatherings[0];
  return {
    gatherings: gatherings.length,
    average: gatherings.length > 0 ? Math.round(sum / gatherings.length) : 0,
    latest: latest
      ? {
          id: latest.id,
          name: latest.name,
          date: latest.date,
          total: totals[0].total,
          visitors: totals[0].visitors,
        }
      : null,
    visitors_this_month: Number(visitors.count),
  };
}
