// The birthday greeting (opt-in per church): once a day, the first process to claim the day
// queues one e-mail message to the members born on it — once per person per year, whatever
// happens to the day's claim — through the same queue as every message.
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { isLeapYear, todayIso } from '../../../domain/dates.js';
import type { Audience } from '../../../domain/messages.js';
import { claimDailyTask, everyHour } from '../../db/dailyTasks.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { memberRows, queueRows } from './audience.js';
import { canSend, loadSettings } from './settings.js';

const TASK = 'birthday_greetings';

/** The month-day keys (members.birth_md) greeted on `day`: 29 February's on the 28th of a common year. */
export function birthdayKeys(day: string): number[] {
  const year = Number(day.slice(0, 4));
  const key = Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
  return key === 228 && !isLeapYear(year) ? [228, 229] : [key];
}

/** Queues the day's greeting; the message's id, or null (off, not configured, already done). */
export async function queueBirthdayGreetings(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  linkBase: string,
  today: string = todayIso(),
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // Switched on later in the day, the greeting still goes: the day is claimed only when it does.
    const settings = await loadSettings(trx);
    if (!settings.birthday_enabled || !canSend(settings)) return null;
    if (!(await claimDailyTask(trx, TASK, today))) return null;
    const audience: Audience = {
      members: true,
      visitors: false,
      congregation_id: null,
      department_id: null,
      cell_id: null,
      status: [],
      birth_month: null,
    };
    const now = new Date().toISOString();
    const message = await trx
      .insertInto('messages')
      .values({
        kind: 'birthday',
        channel: 'email',
        subject: settings.birthday_subject,
        body: settings.birthday_body,
        audience: JSON.stringify(audience),
        congregation_id: null,
        link_base: linkBase,
        birthday_on: today,
        created_by: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('birthday_on').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!message) return null;
    const yearStart = `${today.slice(0, 4)}-01-01`;
    const rows = memberRows(
      trx,
      dialect,
      audience,
      null,
      { messageId: message.id, channel: 'email', at: now },
      (query) =>
        query
          .where('members.birth_md', 'in', birthdayKeys(today))
          .where('members.status', 'in', [
            'active',
            'inactive',
            'pending',
            'disciplined',
            'transferring',
          ])
          // Once a year: no greeting already made to the member this year.
          .where(
            sql<boolean>`not exists (select 1 from message_deliveries d inner join messages m on m.id = d.message_id
            where d.member_id = members.id and m.kind = 'birthday' and m.birthday_on >= ${yearStart} and m.id <> ${message.id})`,
          ),
    );
    await queueRows(trx, [rows]);
    return message.id;
  });
}

/** The server's daily greeting: at start and then every hour (a claimed day is skipped). */
export function startBirthdayGreetings(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  linkBase: string,
  log: FastifyBaseLogger,
): () => void {
  return everyHour(
    () => queueBirthdayGreetings(db, dialect, linkBase),
    (error: unknown) => log.warn({ message: (error as Error).message }, 'birthday greetings'),
  );
}
