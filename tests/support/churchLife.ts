// The set-up the church-life server tests share (issue 26): an app signed in as the admin, and
// congregations, active members and recurring cultos made through the API, as the office makes them.
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { type Api, apiAs, created } from './finance.js';
import { ADMIN, type TestApp, createTestApp, usingPostgres } from './testApp.js';

export async function churchLifeApp(): Promise<{ t: TestApp; admin: Api }> {
  const t = await createTestApp();
  return { t, admin: apiAs(t, await t.signIn(ADMIN.email, ADMIN.password)) };
}

/** A congregation (kind congregação) under the sede. */
export async function newCongregation(admin: Api, name: string): Promise<number> {
  return (await created(admin, '/api/congregations', { name, kind: 'congregacao' })).id;
}

/** An active member of `congregation_id`, with any other `fields` of the record. */
export async function newMember(
  admin: Api,
  name: string,
  congregation_id: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  return (
    await created(admin, '/api/members', { name, congregation_id, status: 'active', ...fields })
  ).id;
}

/** A recurring culto of `congregation_id` (Sunday at 19h unless said). */
export async function newWorshipService(
  admin: Api,
  name: string,
  congregation_id: number,
  weekday = 0,
  time = '19:00',
): Promise<number> {
  return (await created(admin, '/api/worship_services', { name, congregation_id, weekday, time }))
    .id;
}

/** The culto's occurrence of `date`, opened now (201). */
export async function openOccurrence(admin: Api, serviceId: number, date: string): Promise<number> {
  const response = await admin('POST', `/api/worship_services/${serviceId}/open`, { date });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/**
 * For a migration test: the rows an older schema had, written straight to the tables — an active
 * member and a culto's gathering of the database's first congregation.
 */
export function rowsOfOldSchema(db: Kysely<Database>) {
  const now = '2026-11-20T22:10:00.000Z';
  const congregation = async () =>
    (await db.selectFrom('congregations').select('id').executeTakeFirstOrThrow()).id;
  return {
    now,
    async member(name: string): Promise<number> {
      const row = await db
        .insertInto('members')
        .values({
          name,
          sort_name: name.toLowerCase(),
          search: name.toLowerCase(),
          has_photo: usingPostgres ? false : 0,
          holy_spirit_baptism: usingPostgres ? false : 0,
          status: 'active',
          congregation_id: await congregation(),
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async gathering(name: string, date: string): Promise<number> {
      const row = await db
        .insertInto('gatherings')
        .values({
          kind: 'service',
          congregation_id: await congregation(),
          name,
          date,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
