// The second half of an import (issue 14): the staged rows written in batches, each batch one
// transaction with its members, their departments, their audit entries and the progress, the
// event loop free between batches (the wizard polls the progress). The rows to create go in as
// multi-row INSERTs with their derived data in bulk (db/memberBulk.ts). A failure — an error,
// the server stopped halfway — is undone: the members created are deleted, the ones updated
// restored, the cargos and departments created removed. A failed import writes nothing (the
// audit trail keeps what happened: the import's members, then their undoing).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, type Transaction, sql } from 'kysely';
import { now } from '../../../domain/dates.js';
import { memberSchema } from '../../../domain/memberSchema.js';
import type { DialectName } from '../../db/dialect.js';
import { addressChanged, overrideFamilyAddress } from '../../db/familyAddress.js';
import {
  deferCheckpoints,
  deleteMembers,
  insertMembers,
  refreshPlannerStatistics,
} from '../../db/memberBulk.js';
import type { Database, MemberImportRow } from '../../db/schema.js';
import {
  type Actor,
  type AuditEntry,
  SYSTEM_ACTOR,
  auditMany,
  changesOf,
} from '../../audit/trail.js';
import { adoptMemberColumns, milestonesFromColumns } from '../../db/milestoneProjection.js';
import { toColumns } from '../../db/memberColumns.js';
import { type Scope, canWrite } from '../../http/scope.js';
import { holdImport, staleBefore } from './heartbeat.js';
import { clearImportRows, keepOnlyUndoRows } from './retention.js';
import type { LookupChoices, LookupRef, StagedMember } from './rows.js';
import { OUTSIDE_DUPLICATE, nameKey } from '../../../domain/memberImport.js';

/**
 * Rows a transaction writes: a batch holds SQLite's one connection (and the event loop) for
 * about half a second; each commit writes the pages the batch touched in every index of
 * members, so fewer, larger batches write less (100,000 rows: 25 s in batches of 2,000, 30 to
 * 43 s in batches of 1,000 on the same machine).
 */
const BATCH = 2000;

/** Rows whose outcome one UPDATE sets (a CASE of member ids). */
const OUTCOMES_PER_STATEMENT = 500;

interface Created {
  positions: number[];
  departments: number[];
}

interface ApplyState {
  importId: number;
  fileName: string;
  dialect: DialectName;
  actor: Actor;
  stamp: string;
  /** The congregations of the user who imports (null: the whole church). */
  rights: Scope;
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
  actor: Actor,
): Promise<Pick<ApplyState, 'positions' | 'departments' | 'created'>> {
  const positions = new Map<string, number>();
  const departments = new Map<string, number>();
  const created: Created = { positions: [], departments: [] };
  await db.transaction().execute(async (trx) => {
    const entries: AuditEntry[] = [];
    const existing = {
      positions: await trx.selectFrom('positions').select(['id', 'name']).execute(),
      departments: await trx.selectFrom('departments').select(['id', 'name']).execute(),
    };
    for (const kind of ['positions', 'departments'] as const) {
      const ids = kind === 'positions' ? positions : departments;
      for (const [name, choice] of Object.entries(lookups[kind])) {
        if (choice !== 'create') continue;
        const found = existing[kind].find((row) => nameKey(row.name) === nameKey(name));
        if (found) {
          ids.set(nameKey(name), found.id);
          continue;
        }
        const values =
          kind === 'positions'
            ? { name: name.trim().slice(0, 60), ministerial: false, sort_order: 0 }
            : {
                name: name.trim().slice(0, 80),
                description: null,
                leader_id: null,
                congregation_id: departmentCongregation,
              };
        const { id } = await trx
          .insertInto(kind)
          .values(values as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(nameKey(name), id);
        existing[kind].push({ id, name: values.name });
        created[kind].push(id);
        entries.push({
          action: 'create',
          resource: kind,
          record_id: id,
          after: values,
          details: { import_id: importId },
        });
      }
    }
    await trx
      .updateTable('member_imports')
      .set({ unknown: JSON.stringify({ created }) })
      .where('id', '=', importId)
      .execute();
    await auditMany(trx, actor, entries);
  });
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

interface Outcome {
  row: number;
  outcome: 'created' | 'updated' | 'skipped' | 'error';
  member: number | null;
  previous: string | null;
  errors?: string;
}

/** The audit entry of a member the import wrote: each member's Histórico says where it came from. */
function memberEntry(
  state: ApplyState,
  row: number,
  memberId: number,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): AuditEntry {
  return {
    action: 'import',
    resource: 'members',
    record_id: memberId,
    before,
    after,
    details: { import_id: state.importId, file_name: state.fileName, row },
  };
}

/** A stored member as the trail compares it (the flag as a boolean on both databases). */
function comparable(stored: NonNullable<Awaited<ReturnType<typeof snapshot>>>) {
  const { id: _id, ...row } = stored.row;
  return {
    ...row,
    holy_spirit_baptism: Boolean(row.holy_spirit_baptism),
    department_ids: stored.department_ids,
  };
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
  const outcomes: Outcome[] = [];
  const entries: AuditEntry[] = [];

  // The rows to create first, in one go (they depend on nothing the updates do; an update may
  // name a row created earlier in the batch), then the updates in the file's order.
  const staged = rows.map((row) => ({
    row,
    member: JSON.parse(row.member_values ?? 'null') as StagedMember | null,
  }));
  const creates = staged.flatMap(({ row, member }) =>
    member && row.action !== 'update' && row.action !== 'skip'
      ? [
          {
            row: row.row_number,
            columns: columnsOf(member, state),
            departmentIds: [
              ...new Set(member.departments.map((ref) => refId(ref, state.departments))),
            ],
          },
        ]
      : [],
  );
  const ids = await insertMembers(
    trx,
    state.dialect,
    creates.map((item) => ({ ...item.columns, created_at: state.stamp, updated_at: state.stamp })),
  );
  await milestonesFromColumns(trx, ids, state.actor);
  const links: Array<{ member_id: number; department_id: number }> = [];
  creates.forEach((item, index) => {
    const id = ids[index];
    outcomes.push({ row: item.row, outcome: 'created', member: id, previous: null });
    written.set(item.row, id);
    for (const departmentId of item.departmentIds) {
      links.push({ member_id: id, department_id: departmentId });
    }
    entries.push(
      memberEntry(state, item.row, id, { ...item.columns, department_ids: item.departmentIds }),
    );
  });
  for (let start = 0; start < links.length; start += 1000) {
    await trx
      .insertInto('member_departments')
      .values(links.slice(start, start + 1000))
      .execute();
  }
  counts.created += creates.length;

  for (const { row, member } of staged) {
    if (!member || (row.action !== 'update' && row.action !== 'skip')) continue;
    if (row.action === 'skip') {
      outcomes.push({ row: row.row_number, outcome: 'skipped', member: null, previous: null });
      counts.skipped++;
      continue;
    }
    const target =
      row.dup_member_id ?? (row.dup_row !== null ? await targetOfRow(row.dup_row) : null);
    const stored = target !== null ? await snapshot(trx, target) : null;
    if (target === null || !stored) {
      outcomes.push({ row: row.row_number, outcome: 'skipped', member: null, previous: null });
      counts.skipped++;
      continue;
    }
    // Checked where the member is touched: one outside the user's congregations (moved there
    // since the rows were staged) is left as it is.
    const next = canWrite(state.rights, stored.row.congregation_id)
      ? merged(stored, member, state)
      : { error: `${OUTSIDE_DUPLICATE.toLowerCase()}.` };
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
    // An address the file changes is the member's own from now on, no longer the family's.
    if (addressChanged(stored.row, { ...stored.row, ...next.columns })) {
      await overrideFamilyAddress(trx, target);
    }
    await addDepartments(trx, target, next.departmentIds);
    await adoptMemberColumns(trx, target, state.actor);
    outcomes.push({
      row: row.row_number,
      outcome: 'updated',
      member: target,
      previous: JSON.stringify(stored),
    });
    entries.push(
      memberEntry(
        state,
        row.row_number,
        target,
        { ...next.columns, department_ids: next.departmentIds },
        comparable(stored),
      ),
    );
    written.set(row.row_number, target);
    counts.updated++;
  }
  await auditMany(trx, state.actor, entries);
  // The outcomes: one statement per kind for the created and skipped rows, one per updated row.
  const created = outcomes.filter((item) => item.outcome === 'created');
  for (let start = 0; start < created.length; start += OUTCOMES_PER_STATEMENT) {
    const part = created.slice(start, start + OUTCOMES_PER_STATEMENT);
    await trx
      .updateTable('member_import_rows')
      .set({
        outcome: 'created',
        member_id: sql<number>`cast(case row_number ${sql.join(
          part.map((item) => sql`when ${item.row} then ${item.member}`),
          sql` `,
        )} end as integer)`,
      })
      .where('import_id', '=', state.importId)
      .where(
        'row_number',
        'in',
        part.map((item) => item.row),
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
export async function applyImport(
  db: Kysely<Database>,
  dialect: DialectName,
  importId: number,
  actor: Actor,
): Promise<void> {
  const record = await db
    .selectFrom('member_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  const options = JSON.parse(record.options) as {
    lookups: LookupChoices;
  };
  const scope = JSON.parse(record.scope) as number[];
  const restoreCheckpoints = await deferCheckpoints(db, dialect);
  const release = holdImport(db, importId);
  try {
    const lookups = await createLookups(
      db,
      importId,
      options.lookups,
      scope.length === 1 ? scope[0] : null,
      actor,
    );
    const state: ApplyState = {
      importId,
      fileName: record.file_name,
      dialect,
      actor,
      stamp: record.created_at,
      rights: scope.length > 0 ? scope : null,
      ...lookups,
    };
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
      await db.transaction().execute(async (trx) => {
        const done = await writeBatch(
          trx,
          rows.filter((row) => row.action !== 'error'),
          state,
        );
        counts.created += done.created;
        counts.updated += done.updated;
        counts.skipped += done.skipped;
        await trx
          .updateTable('member_imports')
          .set({
            processed_rows: (eb) => eb('processed_rows', '+', rows.length),
            created_count: counts.created,
            updated_count: counts.updated,
            skipped_count: counts.skipped,
          })
          .where('id', '=', importId)
          .execute();
      });
      batchNumber++;
      await applyHooks.afterBatch?.(importId, batchNumber);
      await yieldToEventLoop();
    }
    // The next import (and every list) plans with the members there are now.
    await refreshPlannerStatistics(db, dialect, ['members']);
    await db.transaction().execute(async (trx) => {
      // Done, and from the same moment its rows keep only what the undo needs.
      await keepOnlyUndoRows(trx, importId);
      await trx
        .updateTable('member_imports')
        .set({ status: 'done', finished_at: now().toISOString() })
        .where('id', '=', importId)
        .execute();
      await auditMany(trx, actor, [
        {
          action: 'import',
          resource: 'imports',
          record_id: importId,
          details: {
            file_name: record.file_name,
            rows: record.total_rows,
            created: counts.created,
            updated: counts.updated,
            skipped: counts.skipped,
            errors: record.error_rows,
          },
        },
      ]);
    });
  } catch (error) {
    await failImport(db, dialect, importId, actor, 'failed');
    // The cause goes to the log without the rows' contents (personal data).
    throw error;
  } finally {
    release();
    await restoreCheckpoints();
  }
}

const FAILURE_MESSAGES = {
  failed:
    'A importação falhou e nada foi gravado. Tente de novo; se o erro continuar, fale com o suporte.',
  interrupted:
    'A importação foi interrompida (o servidor parou) e nada foi gravado. Importe de novo.',
};

/** Undoes what the import wrote and records it as failed, with the reason in words. */
async function failImport(
  db: Kysely<Database>,
  dialect: DialectName,
  importId: number,
  actor: Actor,
  reason: 'failed' | 'interrupted',
) {
  await rollBackImport(db, dialect, importId, actor, reason);
  // Nothing is left to undo: the rows go before the import is seen as failed.
  await clearImportRows(db, importId);
  await db
    .updateTable('member_imports')
    .set({
      status: 'failed',
      finished_at: now().toISOString(),
      created_count: 0,
      updated_count: 0,
      skipped_count: 0,
      message: FAILURE_MESSAGES[reason],
    })
    .where('id', '=', importId)
    .execute();
}

/**
 * Undoes everything an import wrote, whatever the reason (a failure, the server stopped halfway):
 * updated members restored, created members deleted, created cargos and departments removed.
 * The trail gets an entry per member undone, in the same transactions.
 */
export async function rollBackImport(
  db: Kysely<Database>,
  dialect: DialectName,
  importId: number,
  actor: Actor,
  reason: 'failed' | 'interrupted',
): Promise<void> {
  for (;;) {
    const rows = await db
      .selectFrom('member_import_rows')
      .select(['row_number', 'member_id', 'outcome', 'previous'])
      .where('import_id', '=', importId)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('row_number', 'desc')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db.transaction().execute(async (trx) => {
      const entries: AuditEntry[] = [];
      // Updates are restored newest first, so a member updated twice gets its first state back.
      for (const row of rows) {
        if (row.outcome === 'updated' && row.previous && row.member_id) {
          entries.push(await restoreMember(trx, row.member_id, row.previous, importId, reason));
        }
      }
      const created = rows
        .filter((row) => row.outcome === 'created' && row.member_id)
        .map((row) => row.member_id as number);
      await deleteMembers(trx, dialect, created);
      for (const id of created) entries.push(undoneEntry(id, importId, reason, 'deleted'));
      await auditMany(trx, actor, entries);
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
  }
  const record = await db
    .selectFrom('member_imports')
    .select('unknown')
    .where('id', '=', importId)
    .executeTakeFirst();
  const created = (JSON.parse(record?.unknown ?? '{}') as { created?: Created }).created;
  await db.transaction().execute(async (trx) => {
    const entries: AuditEntry[] = [];
    for (const [table, ids] of [
      ['departments', created?.departments ?? []],
      ['positions', created?.positions ?? []],
    ] as const) {
      if (ids.length === 0) continue;
      await trx.deleteFrom(table).where('id', 'in', ids).execute();
      for (const id of ids) {
        entries.push({
          action: 'delete',
          resource: table,
          record_id: id,
          details: { import_id: importId, reason },
        });
      }
    }
    entries.push({
      action: 'undo_import',
      resource: 'imports',
      record_id: importId,
      details: { reason },
    });
    await auditMany(trx, actor, entries);
  });
}

/** The entry of a member an undo deleted (created by the import) or restored. */
export function undoneEntry(
  memberId: number,
  importId: number,
  reason: string,
  what: 'deleted' | 'restored',
  changes?: Record<string, [unknown, unknown]>,
): AuditEntry {
  return {
    action: 'undo_import',
    resource: 'members',
    record_id: memberId,
    changes,
    details: { import_id: importId, reason, [what]: true },
  };
}

/**
 * A member put back as it was before an import updated it (row and departments); answers the
 * trail's entry of the restoration.
 */
export async function restoreMember(
  trx: Transaction<Database>,
  memberId: number,
  previous: string,
  importId: number,
  reason: string,
): Promise<AuditEntry> {
  const { row, department_ids: departmentIds } = JSON.parse(previous) as {
    row: Record<string, unknown>;
    department_ids: number[];
  };
  const current = await snapshot(trx, memberId);
  const { id: _id, ...columns } = row;
  await trx
    .updateTable('members')
    .set(columns as never)
    .where('id', '=', memberId)
    .execute();
  await adoptMemberColumns(trx, memberId, SYSTEM_ACTOR);
  await trx.deleteFrom('member_departments').where('member_id', '=', memberId).execute();
  if (departmentIds.length > 0) {
    await trx
      .insertInto('member_departments')
      .values(
        departmentIds.map((departmentId) => ({ member_id: memberId, department_id: departmentId })),
      )
      .execute();
  }
  const restored = { ...columns, holy_spirit_baptism: Boolean(row.holy_spirit_baptism) };
  return undoneEntry(
    memberId,
    importId,
    reason,
    'restored',
    changesOf(current ? comparable(current) : null, {
      ...restored,
      department_ids: departmentIds,
    }),
  );
}

/**
 * Imports left running by a server that stopped: undone at start (nothing half-written stays).
 * Only those whose heartbeat stopped: another process on the same database may be running one.
 */
export async function recoverInterruptedImports(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<void> {
  const stale = staleBefore();
  const running = await db
    .selectFrom('member_imports')
    .select('id')
    .where('status', 'in', ['running', 'staging'])
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', stale)]))
    .execute();
  for (const { id } of running) {
    await failImport(db, dialect, id, SYSTEM_ACTOR, 'interrupted');
  }
}
