// PostgreSQL: one transaction, multi-row INSERTs of 1,000 members. The members' secondary
// indexes (the trigram GIN index above all) are dropped first and rebuilt once at the end,
// exactly as they were (pg_get_indexdef): building them in bulk is several times faster
// than growing them row by row. The id sequence is moved past the ids the seed chose.
import { type ControlledTransaction, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MemberWriter } from './writer.js';

const ROWS_PER_INSERT = 1000;
const LINKS_PER_INSERT = 10_000;

export function postgresWriter(db: Kysely<Database>): MemberWriter {
  let trx: ControlledTransaction<Database> | null = null;
  let indexes: Array<{ name: string; definition: string }> = [];
  return {
    async begin() {
      trx = await db.startTransaction().execute();
      const { rows } = await sql<{ name: string; definition: string }>`
        select i.relname as name, pg_get_indexdef(i.oid) as definition
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        where t.relname = 'members' and pg_table_is_visible(t.oid)
          and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`.execute(trx);
      indexes = rows;
      for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(trx);
    },
    async batch(rows, links) {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await trx!
          .insertInto('members')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .execute();
      }
      for (let i = 0; i < links.length; i += LINKS_PER_INSERT) {
        await trx!
          .insertInto('member_departments')
          .values(
            links.slice(i, i + LINKS_PER_INSERT).map(([memberId, departmentId]) => ({
              member_id: memberId,
              department_id: departmentId,
            })),
          )
          .execute();
      }
    },
    async finish(leaders) {
      const t = trx!;
      for (const [departmentId, memberId] of leaders) {
        await t
          .updateTable('departments')
          .set({ leader_id: memberId })
          .where('id', '=', departmentId)
          .where('leader_id', 'is', null)
          .execute();
      }
      await sql`set local maintenance_work_mem = '256MB'`.execute(t);
      for (const index of indexes) await sql.raw(index.definition).execute(t);
      await sql`select setval(pg_get_serial_sequence('members', 'id'), coalesce((select max(id) from members), 1))`.execute(
        t,
      );
      await t.commit().execute();
      trx = null;
    },
    async abort() {
      if (trx) await trx.rollback().execute();
      trx = null;
    },
    async analyze() {
      // Statistics for the planner, and the visibility map for index-only scans (the list's
      // page of ids, the capped counts) — what autovacuum would do some minutes later.
      await sql`vacuum analyze members`.execute(db);
      await sql`vacuum analyze member_departments`.execute(db);
      await sql`vacuum analyze member_tokens`.execute(db);
      await sql`vacuum analyze search_tokens`.execute(db);
    },
  };
}
