// The second half of an import (issue 14): the staged rows written in batches of 500, each batch
// one transaction, the event loop free between them (the wizard polls the progress). A failure —
// an error, the server stopped halfway — is undone: the members created are deleted, the ones
// updated restored, the cargos and departments created removed. A failed import writes nothing.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, type Transaction, sql } from 'kysely';
import { now } from '../../../domain/dates.js';
import { memberSchema } from '../../../domain/memberSchema.js';
import type { Database, MemberImportRow } from '../../db/schema.js';
import { toColumns } from '../members/row.js';
import type { LookupChoices, LookupRef, StagedMember } from './rows.js';
import { nameKey } from '../../../domain/memberImport.js';

/** Rows a transaction writes: a batch blocks SQLite's one connection (and the event loop) briefly. */
const BATCH = 200;

interface Created {
  positions: number[];
  departments: number[];
}

interface ApplyState {
  importId: number;
  stamp: string;
  positions: Map<string, number>;
  departments: Map<string, number>;
  created: Created;
}

/** Test hook: called after each batch is written (a test makes it throw to see the undo). */
export const applyHooks: {
  afterBatch?: (importId: number, batch: number) => Promise<void> | void;
} = {};

/** Cargos and departments the user chose to create, created before the first row (church-wide). */
async function createLookups(
  db: Kysely<Database>,
  importId: number,
  lookups: LookupChoices,
  departmentCongregation: number | null,
): Promise<Pick<ApplyState, 'positions' | 'departments' | 'created'>> {
  const positions = new Map<string, number>();
  const departments = new Map<string, number>();
  const created: Created = { positions: [], departments: [] };
  for (const [name, choice] of Object.entries(lookups.positions)) {
    if (choice !== 'create') continue;
    const existing = await db
      .selectFrom('positions')
      .select(['id', 'name'])
      .execute()
      .then((rows) => rows.find((row) => nameKey(row.name) === nameKey(name)));
    if (existing) {
      positions.set(nameKey(name), existing.id);
      continue;
    }
    const { id } = await db
      .insertInto('positions')
      .values({ name: name.trim().slice(0, 60), ministerial: false, sort_order: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    positions.set(nameKey(name), id);
    created.positions.push(id);
  }
  for (const [name, choice] of Object.entries(lookups.departments)) {
    if (choice !== 'create') continue;
    const existing = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .execute()
      .then((rows) => rows.find((row) => nameKey(row.name) === nameKey(name)));
    if (existing) {
      departments.set(nameKey(name), existing.id);
      continue;
    }
    const { id } = await db
      .insertInto('departments')
      .values({
        name: name.trim().slice(0, 80),
        description: null,
        leader_id: null,
        congregation_id: departmentCongregation,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    departments.set(nameKey(name), id);
    created.departments.push(id);
  }
  await db
    .updateTable('member_imports')
    .set({ unknown: JSON.stringify({ created }) })
    .where('id', '=', importId)
    .execute();
  return { positions, departments, created };
}

function refId(ref: LookupRef, created: Map<string, number>): number {
  if ('id' in ref) return ref.id;
  const id = created.get(nameKey(ref.create));
  if (id === undefined) throw new Error('lookup not created');
  return id;
}

type MemberColumns = ReturnType<typeof toColumns> & { congregation_id: number };

function columnsOf(staged: StagedMember, state: ApplyState): MemberColumns {
  return {
    ...toColumns(
      {
        ...staged.member,
        position_id: staged.position ? refId(staged.position, state.positions) : null,
      },
      staged.member.custom_fields,
    ),
    congregation_id: staged.congregation_id,
  };
}

/** The member's stored row and departments (kept to undo an update). */
async function snapshot(trx: Transaction<Database>, memberId: number) {
  const row = await trx
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) return null;
  const departments = await trx
    .selectFrom('member_departments')
    .select('department_id')
    .where('member_id', '=', memberId)
    .execute();
  return { row, department_ids: departments.map((item) => item.department_id) };
}

/** The existing member with the file's given values over it, validated whole. */
function merged(
  stored: NonNullable<Awaited<ReturnType<typeof snapshot>>>,
  staged: StagedMember,
  state: ApplyState,
): { columns: MemberColumns; departmentIds: number[] } | { error: string } {
  const { row } = stored;
  const base: Record<string, unknown> = {
    ...row,
    holy_spirit_baptism: Boolean(row.holy_spirit_baptism),
    custom_fields: JSON.parse(row.custom_fields) as Record<string, unknown>,
  };
  const member = staged.member as unknown as Record<string, unknown>;
  for (const field of staged.given) {
    if (field.startsWith('custom:')) {
      const key = field.slice('custom:'.length);
      (base.custom_fields as Record<string, unknown>)[key] = (
        member.custom_fields as Record<string, unknown>
      )[key];
    } else if (field === 'position') {
      base.position_id = staged.position ? refId(staged.position, state.positions) : null;
    } else if (field === 'congregation') {
      base.congregation_id = staged.congregation_id;
    } else if (field !== 'departments') {
      base[field] = member[field];
    }
  }
  const departmentIds = [
    ...new Set([
      ...stored.department_ids,
      ...staged.departments.map((ref) => refId(ref, state.departments)),
    ]),
  ];
  const parsed = memberSchema.safeParse({ ...base, department_ids: departmentIds });
  if (!parsed.success) {
    return { error: parsed.error.issues[0]?.message ?? 'Dados inválidos.' };
  }
  const { department_ids: _ids, ...data } = parsed.data;
  return {
    columns: {
      ...toColumns(data, base.custom_fields as Record<string, unknown>),
      congregation_id: (base.congregation_id as number) ?? row.congregation_id,
      photo: row.photo,
      photo_thumb: row.photo_thumb,
      has_photo: row.has_photo,
    } as MemberColumns,
    departmentIds,
  };
}

async function addDepartments(trx: Transaction<Database>, memberId: number, ids: number[]) {
  const have = await trx
    .selectFrom('member_departments')
    .select('department_id')
    .where('member_id', '=', memberId)
    .execute();
  const missing = ids.filter((id) => !have.some((row) => row.department_id === id));
  if (missing.length > 0) {
    await trx
      .insertInto('member_departments')
      .values(missing.map((departmentId) => ({ member_id: memberId, department_id: departmentId })))
      .execute();
  }
}

async function writeBatch(
  trx: Transaction<Database>,
  rows: MemberImportRow[],
  state: ApplyState,
): Promise<{ created: number; updated: number; skipped: number }> {
  const counts = { created: 0, updated: 0, skipped: 0 };
  const written = new Map<number, number>(); // row number -> member id, within the batch
  const targetOfRow = async (rowNumber: number) => {
    if (written.has(rowNumber)) return written.get(rowNumber) ?? null;
    const earlier = await trx
      .selectFrom('member_import_rows')
      .select('member_id')
      .where('import_id', '=', state.importId)
      .where('row_number', '=', rowNumber)
      .executeTakeFirst();
    return earlier?.member_id ?? null;
  };
  const outcomes: Array<{
    row: number;
    outcome: string;
    member: number | null;
    previous: string | null;
    errors?: string;
  }> = [];

  // Rows to create are inserted together (one statement) before the next update and at the end;
  // ids come back ascending in the order of the values (one statement, the write lock held).
  let pending: Array<{ row: number; columns: MemberColumns; departmentIds: number[] }> = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const inserted = await trx
      .insertInto('members')
      .values(
        pending.map((item) => ({
          ...item.columns,
          created_at: state.stamp,
          updated_at: state.stamp,
        })),
      )
      .returning('id')
      .execute();
    const ids = inserted.map((item) => item.id).sort((a, b) => a - b);
    const links: Array<{ member_id: number; department_id: number }> = [];
    pending.forEach((item, index) => {
      const id = ids[index];
      outcomes.push({ row: item.row, outcome: 'created', member: id, previous: null });
      written.set(item.row, id);
      for (const departmentId of item.departmentIds)
        links.push({ member_id: id, department_id: departmentId });
    });
    if (links.length > 0) await trx.insertInto('member_departments').values(links).execute();
    counts.created += pending.length;
    pending = [];
  };

  for (const row of rows) {
    const staged = JSON.parse(row.member_values ?? 'null') as StagedMember | null;
    if (!staged) continue;
    if (row.action === 'create' || (row.action !== 'update' && row.action !== 'skip')) {
      pending.push({
        row: row.row_number,
        columns: columnsOf(staged, state),
        departmentIds: [...new Set(staged.departments.map((ref) => refId(ref, state.departments)))],
      });
      continue;
    }
    if (row.action === 'skip') {
      outcomes.push({ row: row.row_number, outcome: 'skipped', member: null, previous: null });
      counts.skipped++;
      continue;
    }
    await flush();
    const target =
      row.dup_member_id ?? (row.dup_row !== null ? await targetOfRow(row.dup_row) : null);
    const stored = target !== null ? await snapshot(trx, target) : null;
    if (target === null || !stored) {
      outcomes.push({ row: row.row_number, outcome: 'skipped', member: null, previous: null });
      counts.skipped++;
      continue;
    }
    const next = merged(stored, staged, state);
    if ('error' in next) {
      outcomes.push({
        row: row.row_number,
        outcome: 'error',
        member: null,
        previous: null,
        errors: JSON.stringify([
          { column: '', message: `Não foi possível atualizar: ${next.error}` },
        ]),
      });
      counts.skipped++;
      continue;
    }
    await trx
      .updateTable('members')
      .set({ ...next.columns, updated_at: state.stamp })
      .where('id', '=', target)
      .execute();
    await addDepartments(trx, target, next.departmentIds);
    outcomes.push({
      row: row.row_number,
      outcome: 'updated',
      member: target,
      previous: JSON.stringify(stored),
    });
    written.set(row.row_number, target);
    counts.updated++;
  }
  await flush();
  // The outcomes: one statement per kind for the created and skipped rows, one per updated row.
  const created = outcomes.filter((item) => item.outcome === 'created');
  if (created.length > 0) {
    await trx
      .updateTable('member_import_rows')
      .set({
        outcome: 'created',
        member_id: sql<number>`cast(case row_number ${sql.join(
          created.map((item) => sql`when ${item.row} then ${item.member}`),
          sql` `,
        )} end as integer)`,
      })
      .where('import_id', '=', state.importId)
      .where(
        'row_number',
        'in',
        created.map((item) => item.row),
      )
      .execute();
  }
  const skipped = outcomes.filter((item) => item.outcome === 'skipped').map((item) => item.row);
  if (skipped.length > 0) {
    await trx
      .updateTable('member_import_rows')
      .set({ outcome: 'skipped' })
      .where('import_id', '=', state.importId)
      .where('row_number', 'in', skipped)
      .execute();
  }
  for (const outcome of outcomes) {
    if (outcome.outcome === 'created' || outcome.outcome === 'skipped') continue;
    await trx
      .updateTable('member_import_rows')
      .set({
        outcome: outcome.outcome,
        member_id: outcome.member,
        previous: outcome.previous,
        ...(outcome.errors ? { errors: outcome.errors } : {}),
      })
      .where('import_id', '=', state.importId)
      .where('row_number', '=', outcome.row)
      .execute();
  }
  return counts;
}

/** Writes a staged import; on any failure undoes what it wrote and marks it failed. */
export async function applyImport(db: Kysely<Database>, importId: number): Promise<void> {
  const record = await db
    .selectFrom('member_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  const options = JSON.parse(record.options) as {
    lookups: LookupChoices;
  };
  const scope = JSON.parse(record.scope) as number[];
  let state: ApplyState | null = null;
  try {
    const lookups = await createLookups(
      db,
      importId,
      options.lookups,
      scope.length === 1 ? scope[0] : null,
    );
    state = { importId, stamp: record.created_at, ...lookups };
    const counts = { created: 0, updated: 0, skipped: 0 };
    let after = 0;
    let batchNumber = 0;
    for (;;) {
      const rows = await db
        .selectFrom('member_import_rows')
        .selectAll()
        .where('import_id', '=', importId)
        .where('row_number', '>', after)
        .orderBy('row_number')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      after = rows[rows.length - 1].row_number;
      const current = state;
      const done = await db.transaction().execute(async (trx) => {
        const batchCounts = await writeBatch(
          trx,
          rows.filter((row) => row.action !== 'error'),
          current,
        );
        return batchCounts;
      });
      counts.created += done.created;
      counts.updated += done.updated;
      counts.skipped += done.skipped;
      batchNumber++;
      await db
        .updateTable('member_imports')
        .set({
          processed_rows: (eb) => eb('processed_rows', '+', rows.length),
          created_count: counts.created,
          updated_count: counts.updated,
          skipped_count: counts.skipped,
        })
        .where('id', '=', importId)
        .execute();
      await applyHooks.afterBatch?.(importId, batchNumber);
      await yieldToEventLoop();
    }
    await db
      .updateTable('member_imports')
      .set({ status: 'done', finished_at: now().toISOString() })
      .where('id', '=', importId)
      .execute();
  } catch (error) {
    await rollBackImport(db, importId);
    await db
      .updateTable('member_imports')
      .set({
        status: 'failed',
        finished_at: now().toISOString(),
        created_count: 0,
        updated_count: 0,
        skipped_count: 0,
        message:
          'A importação falhou e nada foi gravado. Tente de novo; se o erro continuar, fale com o suporte.',
      })
      .where('id', '=', importId)
      .execute();
    // The cause goes to the log without the rows' contents (personal data).
    throw error;
  }
}

/**
 * Undoes everything an import wrote, whatever the reason (a failure, the server stopped halfway):
 * updated members restored, created members deleted, created cargos and departments removed.
 */
export async function rollBackImport(db: Kysely<Database>, importId: number): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('member_import_rows')
      .select(['row_number', 'member_id', 'outcome', 'previous'])
      .where('import_id', '=', importId)
      .where('row_number', '>', after)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('row_number', 'desc')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db.transaction().execute(async (trx) => {
      // Updates are restored newest first, so a member updated twice gets its first state back.
      for (const row of rows) {
        if (row.outcome === 'updated' && row.previous && row.member_id) {
          await restoreMember(trx, row.member_id, row.previous);
        }
      }
      const created = rows
        .filter((row) => row.outcome === 'created' && row.member_id)
        .map((row) => row.member_id as number);
      if (created.length > 0) {
        await trx.deleteFrom('member_departments').where('member_id', 'in', created).execute();
        await trx.deleteFrom('members').where('id', 'in', created).execute();
      }
      await trx
        .updateTable('member_import_rows')
        .set({ outcome: null, member_id: null, previous: null })
        .where('import_id', '=', importId)
        .where(
          'row_number',
          'in',
          rows.map((row) => row.row_number),
        )
        .execute();
    });
    after = 0;
  }
  const record = await db
    .selectFrom('member_imports')
    .select('unknown')
    .where('id', '=', importId)
    .executeTakeFirst();
  const created = (JSON.parse(record?.unknown ?? '{}') as { created?: Created }).created;
  if (created) {
    if (created.departments.length > 0) {
      await db.deleteFrom('departments').where('id', 'in', created.departments).execute();
    }
    if (created.positions.length > 0) {
      await db.deleteFrom('positions').where('id', 'in', created.positions).execute();
    }
  }
}

/** A member put back as it was before an import updated it (row and departments). */
export async function restoreMember(
  trx: Transaction<Database>,
  memberId: number,
  previous: string,
): Promise<void> {
  const { row, department_ids: departmentIds } = JSON.parse(previous) as {
    row: Record<string, unknown>;
    department_ids: number[];
  };
  const { id: _id, ...columns } = row;
  await trx
    .updateTable('members')
    .set(columns as never)
    .where('id', '=', memberId)
    .execute();
  await trx.deleteFrom('member_departments').where('member_id', '=', memberId).execute();
  if (departmentIds.length > 0) {
    await trx
      .insertInto('member_departments')
      .values(
        departmentIds.map((departmentId) => ({ member_id: memberId, department_id: departmentId })),
      )
      .execute();
  }
}

/** Imports left running by a server that stopped: undone at start (nothing half-written stays). */
export async function recoverInterruptedImports(db: Kysely<Database>): Promise<void> {
  const running = await db
    .selectFrom('member_imports')
    .select('id')
    .where('status', 'in', ['running', 'staging'])
    .execute();
  for (const { id } of running) {
    await rollBackImport(db, id);
    await db
      .updateTable('member_imports')
      .set({
        status: 'failed',
        finished_at: now().toISOString(),
        created_count: 0,
        updated_count: 0,
        skipped_count: 0,
        message:
          'A importação foi interrompida (o servidor parou) e nada foi gravado. Importe de novo.',
      })
      .where('id', '=', id)
      .execute();
  }
}
