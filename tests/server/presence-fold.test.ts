// The named presence folded (issue 26, migration 0048): a past gathering's check-in slots move
// into its row, and no count changes — whatever check-ins, undos, offline replays, visitor
// quick-adds and head-count edits come before, between or at the same time as the folds. Each
// figure is checked against a recount from the attendances stored, as the gathering's record and
// as the pastor's report.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates.js';
import type { Database } from '../../server/db/schema.js';
import { dailyPresenceFold, foldPresence } from '../../server/modules/churchLife/index.js';
import {
  churchLifeApp,
  newCongregation,
  newMember,
  newWorshipService,
  openOccurrence,
  rowsOfOldSchema,
} from '../support/churchLife.js';
import { type Api, type Row, created, query, seededRandom } from '../support/finance.js';
import { withMigrationDatabase } from '../support/migrations.js';
import type { TestApp } from '../support/testApp.js';

const today = todayIso();
const DAYS = [-21, -14, -7, -1, 0].map((days) => addDays(today, days));

describe('the named presence folded into past gatherings', () => {
  let t: TestApp;
  let admin: Api;
  let congregation: number;
  const members: number[] = [];
  const gatherings: number[] = [];

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    congregation = await newCongregation(admin, 'Congregação Filadélfia');
    for (let i = 0; i < 14; i++) {
      members.push(await newMember(admin, `Membro ${i} Filadélfia`, congregation));
    }
    const service = await newWorshipService(admin, 'Culto de domingo', congregation);
    for (const date of DAYS) gatherings.push(await openOccurrence(admin, service, date));
    const event = await created(admin, '/api/gatherings', {
      name: 'Vigília',
      congregation_id: congregation,
      date: addDays(today, -3),
    });
    gatherings.push(event.id);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  /** Each gathering's members and visitors marked present, recounted from the attendances. */
  async function recount() {
    const rows = await db()
      .selectFrom('attendances')
      .select(['gathering_id', 'member_id', 'visitor_id'])
      .execute();
    return new Map(
      gatherings.map((id) => {
        const own = rows.filter((row) => row.gathering_id === id);
        return [
          id,
          {
            members: own.filter((row) => row.member_id !== null).length,
            visitors: own.filter((row) => row.visitor_id !== null).length,
          },
        ];
      }),
    );
  }

  const record = async (id: number) => {
    const response = await admin('GET', `/api/gatherings/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row;
  };

  /** Every figure agrees with the recount: the records, the rule, the pastor's report. */
  async function expectAgreement(context: string) {
    const expected = await recount();
    let total = 0;
    for (const id of gatherings) {
      const gathering = await record(id);
      const named = expected.get(id)!;
      expect(
        [gathering.named_members, gathering.named_visitors],
        `${context}: gathering ${id}`,
      ).toEqual([named.members, named.visitors]);
      expect(gathering).not.toHaveProperty('folded_members');
      // A head count never stands below the named presence; one not taken stands at it.
      if (gathering.count_members !== null) {
        expect(gathering.count_members).toBeGreaterThanOrEqual(named.members);
      }
      if (gathering.count_visitors !== null) {
        expect(gathering.count_visitors).toBeGreaterThanOrEqual(named.visitors);
      }
      const own =
        (gathering.count_members ?? named.members) +
        (gathering.count_visitors ?? named.visitors) +
        (gathering.count_children ?? 0);
      expect(gathering.totals.total, `${context}: gathering ${id}`).toBe(own);
      total += own;
    }
    const response = await admin(
      'GET',
      `/api/reports/church_life?${query({
        filter: { section: 'kinds', month_gte: DAYS[0].slice(0, 7) },
        range: [0, 99],
      })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const sum = (response.json() as Row[]).find((row) => row.is_total)!;
    expect([sum.total, sum.gatherings], context).toEqual([total, gatherings.length]);
  }

  const slotRows = async (id: number) =>
    (
      await db()
        .selectFrom('gathering_presence')
        .select('slot')
        .where('gathering_id', '=', id)
        .execute()
    ).length;

  it('keeps every count through random check-ins, undos, replays, quick-adds, head counts and folds', async () => {
    const random = seededRandom(2026);
    const sent: Array<{ gathering: number; body: Row; id: number }> = [];
    let keys = 0;
    const done = { checkIn: 0, replay: 0, undo: 0, visitor: 0, count: 0, refused: 0, fold: 0 };
    for (let step = 0; step < 140; step++) {
      const gathering = gatherings[random(gatherings.length)];
      const move = random(100);
      if (move < 40) {
        const body: Row = { member_id: members[random(members.length)] };
        if (random(2) === 0) body.client_key = `fila-${++keys}-chave`;
        const response = await admin('POST', `/api/gatherings/${gathering}/attendances`, body);
        expect([200, 201], response.body).toContain(response.statusCode);
        if (body.client_key) sent.push({ gathering, body, id: response.json().id });
        done.checkIn += 1;
      } else if (move < 52 && sent.length > 0) {
        // The offline queue sends a check-in again: the first copy answers, counted once.
        const again = sent[random(sent.length)];
        const stored = await db()
          .selectFrom('attendances')
          .select('id')
          .where('client_key', '=', again.body.client_key)
          .executeTakeFirst();
        const response = await admin(
          'POST',
          `/api/gatherings/${again.gathering}/attendances`,
          again.body,
        );
        if (stored) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ id: again.id, created: false });
          done.replay += 1;
        } else {
          // Undone meanwhile: the replay marks the person again, once.
          expect([200, 201]).toContain(response.statusCode);
          again.id = response.json().id;
        }
      } else if (move < 67) {
        const present = await db()
          .selectFrom('attendances')
          .select('id')
          .where('gathering_id', '=', gathering)
          .execute();
        if (present.length > 0) {
          const { id } = present[random(present.length)];
          const response = await admin('DELETE', `/api/attendances/${id}`);
          expect(response.statusCode, response.body).toBe(200);
          done.undo += 1;
        }
      } else if (move < 75) {
        await created(admin, '/api/visitors', {
          name: `Visitante ${step}`,
          gathering_id: gathering,
        });
        done.visitor += 1;
      } else if (move < 88) {
        const { named_members: named } = await record(gathering);
        const change = random(4);
        if (change === 0 && named > 0) {
          const response = await admin('PUT', `/api/gatherings/${gathering}`, {
            count_members: named - 1,
          });
          expect(response.statusCode, response.body).toBe(422);
          done.refused += 1;
        } else {
          const count = change === 1 ? null : named + random(5);
          const response = await admin('PUT', `/api/gatherings/${gathering}`, {
            count_members: count,
            count_children: random(3),
          });
          expect(response.statusCode, response.body).toBe(200);
          done.count += 1;
        }
      } else {
        // A fold of the days before one of the gatherings' days (or after all of them).
        if ((await foldPresence(db(), addDays(DAYS[random(DAYS.length)], random(2)))) > 0) {
          done.fold += 1;
        }
      }
      if (step % 20 === 19) await expectAgreement(`step ${step}`);
    }
    // Every kind of step ran, and some folds found slots to fold.
    for (const [kind, times] of Object.entries(done)) expect(times, kind).toBeGreaterThan(0);
    const folded = await dailyPresenceFold(db(), today);
    expect(folded).not.toBeNull();
    // The day is claimed: a second server (or the next hour) folds nothing.
    expect(await dailyPresenceFold(db(), today)).toBeNull();
    for (const [index, id] of gatherings.entries()) {
      const isToday = index === DAYS.indexOf(today);
      if (!isToday) expect(await slotRows(id), `gathering ${id}`).toBe(0);
    }
    await expectAgreement('after the daily fold');
    // The next day folds today's too, and a check-in after that counts on top of the fold.
    expect(await dailyPresenceFold(db(), addDays(today, 1))).not.toBeNull();
    expect(await slotRows(gatherings[4])).toBe(0);
    const late = await admin('POST', `/api/gatherings/${gatherings[0]}/attendances`, {
      member_id: members[0],
    });
    expect([200, 201]).toContain(late.statusCode);
    await expectAgreement('a late check-in after the fold');
  });

  it('loses no check-in nor undo to a fold running at the same time', async () => {
    const gathering = gatherings[3];
    const before = await db()
      .selectFrom('attendances')
      .select('id')
      .where('gathering_id', '=', gathering)
      .execute();
    const work: Array<Promise<unknown>> = [];
    for (const [i, member] of members.entries()) {
      work.push(
        admin('POST', `/api/gatherings/${gathering}/attendances`, {
          member_id: member,
          client_key: `corrida-${i}-chave`,
        }),
      );
      if (i % 4 === 0) work.push(foldPresence(db(), today));
    }
    for (const { id } of before) work.push(admin('DELETE', `/api/attendances/${id}`));
    const answers = await Promise.all(work);
    for (const answer of answers) {
      if (answer && typeof answer === 'object' && 'statusCode' in answer) {
        expect([200, 201]).toContain((answer as { statusCode: number }).statusCode);
      }
    }
    await foldPresence(db(), today);
    await expectAgreement('after the race');
  });

  it('an attendance removed with its member or its gathering leaves no slot behind', async () => {
    const gathering = gatherings[1];
    await foldPresence(db(), today);
    const gone = await newMember(admin, 'Membro que sai', congregation);
    await created(admin, `/api/gatherings/${gathering}/attendances`, { member_id: gone });
    await foldPresence(db(), today);
    // A member deleted takes their presences along (ON DELETE CASCADE): the counts follow.
    await db().deleteFrom('members').where('id', '=', gone).execute();
    await expectAgreement('a member deleted');
    // A gathering deleted with its presences (by hand, in SQL) takes its slots with it.
    await admin('POST', `/api/gatherings/${gathering}/attendances`, { member_id: members[0] });
    const present = await db()
      .selectFrom('attendances')
      .select('id')
      .where('gathering_id', '=', gathering)
      .execute();
    expect(present.length).toBeGreaterThan(0);
    await db().deleteFrom('gatherings').where('id', '=', gathering).execute();
    gatherings.splice(gatherings.indexOf(gathering), 1);
    expect(await slotRows(gathering)).toBe(0);
    await expectAgreement('a gathering deleted');
  });
});

describe('migration 0048 on an existing database', () => {
  it('folds the slots into the gatherings, and goes back down to 0040’s slots exactly', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0046_statement_indexes')).error).toBeUndefined();
      const db = database.db as unknown as Kysely<Database>;
      const old = rowsOfOldSchema(db);
      const { now } = old;
      const people: number[] = [];
      for (const name of ['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fábio', 'Gil', 'Hugo', 'Íris']) {
        people.push(await old.member(name));
      }
      const gathering = (date: string) => old.gathering('Culto', date);
      const [first, second] = [await gathering('2026-11-01'), await gathering('2026-11-08')];
      for (const member_id of people) {
        await db
          .insertInto('attendances')
          .values({ gathering_id: first, member_id, method: 'name', created_at: now })
          .execute();
      }
      for (const member_id of people.slice(0, 4)) {
        await db
          .insertInto('attendances')
          .values({ gathering_id: second, member_id, method: 'name', created_at: now })
          .execute();
      }
      const state = async () => ({
        folded: (
          await sql<{ id: number; folded_members: number }>`select id, folded_members
            from gatherings order by id`.execute(db)
        ).rows.map((row) => [row.id, Number(row.folded_members)]),
        slots: (
          await sql<{ gathering_id: number; slot: number; members: number }>`select gathering_id,
            slot, members from gathering_presence order by gathering_id, slot`.execute(db)
        ).rows.map((row) => [row.gathering_id, row.slot, Number(row.members)]),
      });
      const slotsOfAttendances = async () =>
        (
          await sql<{ gathering_id: number; slot: number; n: number }>`select gathering_id,
            id % 8 as slot, count(*) as n from attendances group by gathering_id, id % 8
            order by gathering_id, id % 8`.execute(db)
        ).rows.map((row) => [row.gathering_id, Number(row.slot), Number(row.n)]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await state()).toEqual({
        folded: [
          [first, 9],
          [second, 4],
        ],
        slots: [],
      });
      // A presence undone after the fold takes its slot below zero; the sum stays right.
      await db.deleteFrom('attendances').where('member_id', '=', people[8]).execute();
      const after = await state();
      expect(after.slots.reduce((sum, [, , n]) => sum + n, 0)).toBe(-1);

      expect((await migrator.migrateTo('0046_statement_indexes')).error).toBeUndefined();
      const down = (
        await sql<{ slot: number; members: number; gathering_id: number }>`select
        gathering_id, slot, members from gathering_presence order by gathering_id, slot`.execute(db)
      ).rows.map((row) => [row.gathering_id, row.slot, Number(row.members)]);
      expect(down).toEqual(await slotsOfAttendances());
      // 0040's triggers again: a presence removed takes from its own slot.
      await db.deleteFrom('attendances').where('member_id', '=', people[0]).execute();
      expect(
        (
          await sql`select gathering_id, slot, members from gathering_presence
          where members > 0 order by gathering_id, slot`.execute(db)
        ).rows.map((row) => {
          const r = row as { gathering_id: number; slot: number; members: number };
          return [r.gathering_id, r.slot, Number(r.members)];
        }),
      ).toEqual(await slotsOfAttendances());

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await state()).toEqual({
        folded: [
          [first, 7],
          [second, 3],
        ],
        slots: [],
      });
    });
  });
});
