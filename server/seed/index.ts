// `npm run adam -- seed --members N`: fills the configured database (SQLite or PostgreSQL)
// with a realistic Brazilian congregation for development and the benchmark. Rows are built
// by the API's own `toColumns`, so the derived columns (sort_name, search, birth_md,
// has_photo) are exactly what the API would write; the bulk insert goes around Kysely for
// speed (one prepared statement on SQLite, multi-row INSERTs on PostgreSQL).
import { fakerPT_BR } from '@faker-js/faker';
import type BetterSqlite3 from 'better-sqlite3';
import { type ControlledTransaction, type Kysely, sql } from 'kysely';
import { customFieldKey } from '../../domain/customFields.js';
import { todayIso } from '../../domain/dates.js';
import type { AppDatabase } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { toColumns } from '../modules/members/row.js';
import { CUSTOM_FIELDS, DEPARTMENTS } from './data.js';
import { type GeneratedMember, MemberGenerator, type SeedContext } from './generate.js';

export interface SeedOptions {
  members: number;
  /**
   * Deletes every member, department, custom field, credential and letter first; otherwise
   * refuses when members exist.
   */
  reset?: boolean;
  /** faker's seed: the same number gives the same congregation. */
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface SeedResult {
  members: number;
  memberships: number;
  departments: number;
  customFields: number;
  elapsedMs: number;
}

export class SeedRefused extends Error {}

const BATCH = 5000;
const PG_ROWS_PER_INSERT = 1000;

const number = (value: number) => value.toLocaleString('pt-BR');

/** Columns of a member row, in the order of the INSERT. */
function memberRow(id: number, generated: GeneratedMember): Record<string, unknown> {
  return {
    id,
    ...toColumns(generated.member, generated.member.custom_fields),
    created_at: generated.createdAt,
    updated_at: generated.updatedAt,
  };
}

async function resetTables(database: AppDatabase) {
  if (database.sqlite) return resetSqlite(database.sqlite);
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('letters').execute();
    await trx.deleteFrom('credentials').execute();
    await trx.deleteFrom('document_counters').execute();
    await trx.deleteFrom('member_departments').execute();
    await trx.deleteFrom('departments').execute();
    await trx.deleteFrom('members').execute();
    await trx.deleteFrom('custom_fields').execute();
  });
}

type Trigger = { name: string; sql: string };

/**
 * The members' triggers that maintain derived data (the full-text index of migration 0003,
 * the per-status counts of 0004): suspended during a bulk change, whose derived data is then
 * rebuilt in one pass (rebuildDerived), and recreated exactly as they were.
 */
function derivedDataTriggers(raw: BetterSqlite3.Database): Trigger[] {
  return raw
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'members'
        and (name like 'members_fts_%' or name like 'member_counts_%')`,
    )
    .all() as Trigger[];
}

function rebuildDerived(raw: BetterSqlite3.Database) {
  const has = (name: string) =>
    Boolean(raw.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name));
  if (has('members_fts')) raw.exec(`insert into members_fts(members_fts) values ('rebuild')`);
  if (has('member_counts')) {
    raw.exec('delete from member_counts');
    raw.exec(
      'insert into member_counts (status, count) select status, count(*) from members group by status',
    );
  }
}

/**
 * SQLite: deleting 200,000 rows one by one through the full-text triggers and foreign key
 * checks takes half a minute; without them SQLite truncates the tables at once. Foreign keys
 * are checked for the whole database before committing, so a table that still points at
 * members (a later feature's) makes the reset fail instead of leaving rows dangling.
 */
function resetSqlite(raw: BetterSqlite3.Database) {
  const foreignKeys = raw.pragma('foreign_keys', { simple: true });
  raw.pragma('foreign_keys = OFF');
  try {
    raw.transaction(() => {
      const triggers = derivedDataTriggers(raw);
      for (const trigger of triggers) raw.exec(`drop trigger "${trigger.name}"`);
      for (const table of [
        'letters',
        'credentials',
        'document_counters',
        'member_departments',
        'departments',
        'members',
        'custom_fields',
      ]) {
        raw.exec(`delete from ${table}`);
      }
      rebuildDerived(raw);
      const dangling = raw.pragma('foreign_key_check') as Array<{ table: string }>;
      if (dangling.length > 0) {
        throw new SeedRefused(
          `Não foi possível apagar os membros: a tabela ${dangling[0].table} ainda se refere a eles.`,
        );
      }
      for (const trigger of triggers) raw.exec(trigger.sql);
    })();
  } finally {
    raw.pragma(`foreign_keys = ${Number(foreignKeys) ? 'ON' : 'OFF'}`);
  }
}

async function prepareContext(db: Kysely<Database>, today: string): Promise<SeedContext> {
  const positions = await db.selectFrom('positions').selectAll().orderBy('sort_order').execute();
  const memberPosition =
    positions.find((p) => p.name === 'Membro') ?? positions.find((p) => !p.ministerial);
  const ministerialPositions = new Map(
    positions.filter((p) => Boolean(p.ministerial)).map((p) => [p.name, p.id]),
  );

  // Departments and custom fields: reuse those with the same name or key, create the rest.
  const existingDepartments = await db.selectFrom('departments').select(['id', 'name']).execute();
  const departmentIds: Array<number | null> = [];
  for (const department of DEPARTMENTS) {
    const found = existingDepartments.find(
      (d) => d.name.toLowerCase() === department.name.toLowerCase(),
    );
    if (found) {
      departmentIds.push(found.id);
      continue;
    }
    const { id } = await db
      .insertInto('departments')
      .values({ name: department.name, description: department.description, leader_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    departmentIds.push(id);
  }

  const existingFields = await db.selectFrom('custom_fields').selectAll().execute();
  const keys: Array<string | null> = [];
  for (const [index, field] of CUSTOM_FIELDS.entries()) {
    const key = customFieldKey(field.label);
    const found = existingFields.find((f) => f.key === key);
    if (found) {
      keys.push(found.field_type === field.field_type && Boolean(found.active) ? key : null);
      continue;
    }
    await db
      .insertInto('custom_fields')
      .values({
        label: field.label,
        key,
        field_type: field.field_type,
        options: JSON.stringify(field.options),
        required: false,
        active: true,
        sort_order: (index + 1) * 10,
      })
      .execute();
    keys.push(key);
  }

  return {
    today,
    memberPositionId: memberPosition?.id ?? null,
    ministerialPositions,
    departmentIds,
    customKeys: { conversion: keys[0], schooling: keys[1], tither: keys[2] },
  };
}

/** Fills the database; see SeedOptions. */
export async function seedDatabase(
  database: AppDatabase,
  options: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { db } = database;
  const total = Math.max(0, Math.floor(options.members));

  const { count } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    if (!options.reset) {
      throw new SeedRefused(
        `O banco já tem ${number(Number(count))} membros. Use --reset para apagar membros, ` +
          'departamentos, campos adicionais, credenciais e cartas e gerar tudo de novo.',
      );
    }
    log(`Apagando ${number(Number(count))} membros e o que se refere a eles…`);
    await resetTables(database);
    log(`  apagados (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } else if (options.reset) {
    await resetTables(database);
  }

  const faker = fakerPT_BR;
  faker.seed(options.seed ?? 2026);
  const context = await prepareContext(db, todayIso());
  const existingCpfs = (
    await db.selectFrom('members').select('cpf').where('cpf', 'is not', null).execute()
  ).map((row) => row.cpf!);
  const generator = new MemberGenerator(faker, context, existingCpfs);
  const { maxId } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const firstId = Number(maxId ?? 0) + 1;

  // Department leaders: the first active member aged 25 or more of each department (of any
  // department for those of children), each leading one department at most.
  const leaders = new Map<number, number>();
  const leaderBorn = `${Number(context.today.slice(0, 4)) - 25}${context.today.slice(4)}`;
  const childrenOnly = new Set(
    DEPARTMENTS.flatMap((department, index) =>
      department.maxAge !== undefined && department.maxAge < 25 && context.departmentIds[index]
        ? [context.departmentIds[index]]
        : [],
    ),
  );
  let memberships = 0;
  const insert = database.sqlite ? sqliteInserter(database) : postgresInserter(db);

  let nextId = firstId;
  let reported = 0;
  await insert.begin();
  try {
    while (nextId < firstId + total) {
      const size = Math.min(BATCH, firstId + total - nextId);
      const rows: Record<string, unknown>[] = [];
      const links: Array<[number, number]> = [];
      for (let i = 0; i < size; i++) {
        const id = nextId++;
        const generated = generator.next();
        rows.push(memberRow(id, generated));
        for (const departmentId of generated.departmentIds) links.push([id, departmentId]);
        const { status, birth_date: birth } = generated.member;
        if (status === 'active' && birth && birth <= leaderBorn) {
          const open = [...generated.departmentIds, ...childrenOnly].find((d) => !leaders.has(d));
          if (open !== undefined) leaders.set(open, id);
        }
      }
      memberships += links.length;
      await insert.batch(rows, links);
      const done = nextId - firstId;
      if (done === total || done - reported >= Math.max(total / 10, BATCH)) {
        reported = done;
        log(
          `  ${number(done)} / ${number(total)} membros (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
    await insert.finish(leaders);
  } catch (error) {
    await insert.abort();
    throw error;
  }
  await insert.analyze();

  return {
    members: total,
    memberships,
    departments: context.departmentIds.filter((id) => id !== null).length,
    customFields: Object.values(context.customKeys).filter(Boolean).length,
    elapsedMs: performance.now() - started,
  };
}

interface Inserter {
  begin(): Promise<void>;
  batch(rows: Record<string, unknown>[], links: Array<[number, number]>): Promise<void>;
  finish(leaders: Map<number, number>): Promise<void>;
  abort(): Promise<void>;
  analyze(): Promise<void>;
}

/**
 * SQLite: one transaction around the whole load, one prepared INSERT per row (better-sqlite3
 * is synchronous and fast at this), the full-text index rebuilt once at the end instead of
 * row by row through the triggers.
 */
function sqliteInserter(database: AppDatabase): Inserter {
  const raw = database.sqlite!;
  let memberInsert: ((row: Record<string, unknown>) => void) | null = null;
  const linkInsert = raw.prepare(
    'insert into member_departments (member_id, department_id) values (?, ?)',
  );
  let triggers: Trigger[] = [];
  let indexes: Trigger[] = [];
  const cacheSize = raw.pragma('cache_size', { simple: true });
  return {
    async begin() {
      raw.pragma('cache_size = -262144');
      raw.exec('begin immediate');
      triggers = derivedDataTriggers(raw);
      for (const trigger of triggers) raw.exec(`drop trigger "${trigger.name}"`);
      indexes = raw
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and tbl_name = 'members' and sql is not null`,
        )
        .all() as Trigger[];
      for (const index of indexes) raw.exec(`drop index "${index.name}"`);
    },
    async batch(rows, links) {
      if (!memberInsert && rows.length > 0) {
        const columns = Object.keys(rows[0]);
        const statement = raw.prepare(
          `insert into members (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
        );
        memberInsert = (row) => statement.run(row);
      }
      for (const row of rows) {
        for (const key in row) {
          const value = row[key];
          if (typeof value === 'boolean') row[key] = value ? 1 : 0;
          else if (value === undefined) row[key] = null;
        }
        memberInsert!(row);
      }
      for (const [memberId, departmentId] of links) linkInsert.run(memberId, departmentId);
    },
    async finish(leaders) {
      const setLeader = raw.prepare(
        'update departments set leader_id = ? where id = ? and leader_id is null',
      );
      for (const [departmentId, memberId] of leaders) setLeader.run(memberId, departmentId);
      rebuildDerived(raw);
      for (const trigger of triggers) raw.exec(trigger.sql);
      for (const index of indexes) raw.exec(index.sql);
      raw.exec('commit');
      raw.pragma(`cache_size = ${Number(cacheSize)}`);
    },
    async abort() {
      if (raw.inTransaction) raw.exec('rollback');
      raw.pragma(`cache_size = ${Number(cacheSize)}`);
    },
    async analyze() {
      raw.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}

/**
 * PostgreSQL: one transaction, multi-row INSERTs of 1,000 members. The members' secondary
 * indexes (the trigram GIN index above all) are dropped first and rebuilt once at the end,
 * exactly as they were (pg_get_indexdef): building them in bulk is several times faster
 * than growing them row by row. The id sequence is moved past the ids the seed chose.
 */
function postgresInserter(db: Kysely<Database>): Inserter {
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
      for (let i = 0; i < rows.length; i += PG_ROWS_PER_INSERT) {
        await trx!
          .insertInto('members')
          .values(rows.slice(i, i + PG_ROWS_PER_INSERT) as never)
          .execute();
      }
      for (let i = 0; i < links.length; i += 10_000) {
        await trx!
          .insertInto('member_departments')
          .values(
            links.slice(i, i + 10_000).map(([memberId, departmentId]) => ({
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
    },
  };
}
