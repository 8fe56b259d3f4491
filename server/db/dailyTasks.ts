// Work a server does once a day in the background (a purge, the presence fold): each process
// looks every hour, and the first to claim the day in `daily_tasks` does it, so several servers on
// one database do it once.
import type { Executor } from './executor.js';

const HOUR_MS = 60 * 60 * 1000;

/** Claims `task` for `today` (YYYY-MM-DD): true for the one caller that claimed it. */
export async function claimDailyTask(db: Executor, task: string, today: string): Promise<boolean> {
  await db
    .insertInto('daily_tasks')
    .values({ task, done_on: null })
    .onConflict((oc) => oc.column('task').doNothing())
    .execute();
  const claimed = await db
    .updateTable('daily_tasks')
    .set({ done_on: today })
    .where('task', '=', task)
    .where((eb) => eb.or([eb('done_on', 'is', null), eb('done_on', '<', today)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Runs `work` now and every hour, without holding the process open; returns how to stop. */
export function everyHour(work: () => Promise<unknown>, failed: (error: unknown) => void) {
  const run = () => {
    work().catch(failed);
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
