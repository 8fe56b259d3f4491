// An import as the API answers it (GET /api/imports/:id): status, counts, progress, the unknown
// names, and a page of its rows with their errors, values and duplicates; and its undo
// (DELETE /api/imports/:id), for 30 days, of the members nothing else refers to yet.
import type { Kysely } from 'kysely';
import { addDays, now } from '../../../domain/dates.js';
import {
  CUSTOM_TARGET_PREFIX,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_UNDO_DAYS,
} from '../../../domain/memberImport.js';
import type { Database, MemberImport } from '../../db/schema.js';
import { OUTSIDE_SCOPE, type Scope, canWrite } from '../../http/scope.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { customFieldDefinitions } from '../members/index.js';
import type { DialectName } from '../../db/dialect.js';
import { deleteMembers } from '../../db/memberBulk.js';
import { type Actor, type AuditEntry, auditMany } from '../../audit/trail.js';
import { restoreMember, undoneEntry } from './apply.js';
import { clearImportRows } from './retention.js';
import type { RowError, StagedMember } from './rows.js';

export const IMPORT_NOT_FOUND = 'Importação não encontrada.';

export const ROW_FILTERS = ['all', 'errors', 'duplicates', 'ok'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];

/** An import is seen by users whose rights cover the congregations it was made for. */
function visible(record: MemberImport, rights: Scope): boolean {
  if (rights === null) return true;
  const scope = JSON.parse(record.scope) as number[];
  return scope.length > 0 && scope.every((id) => rights.includes(id));
}

/**
 * An import the user may see; to change one (`write`), another congregation's is a 403, as a
 * member of another congregation is (reading it is a 404).
 */
export async function importRecord(db: Kysely<Database>, id: number, rights: Scope, write = false) {
  const record = await db
    .selectFrom('member_imports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record || record.status === 'staging') throw notFound(IMPORT_NOT_FOUND);
  if (!visible(record, rights)) {
    throw write ? forbidden(OUTSIDE_SCOPE) : notFound(IMPORT_NOT_FOUND);
  }
  return record;
}

function undoDeadline(record: MemberImport): string | null {
  if (record.status !== 'done' || !record.finished_at) return null;
  return addDays(record.finished_at.slice(0, 10), IMPORT_UNDO_DAYS);
}

/** An import that writes right now (not a dry run): only one at a time. */
export async function importUnderWay(db: Kysely<Database>) {
  return db
    .selectFrom('member_imports')
    .select('id')
    .where('status', 'in', ['running', 'staging'])
    .where('dry_run', '=', false)
    .executeTakeFirst();
}

/** Where each column may go: the fields and the active custom fields. */
export async function importTargets(db: Kysely<Database>) {
  const custom = (await customFieldDefinitions(db)).filter((field) => field.active);
  return [
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
    ...custom.map((field) => ({
      value: `${CUSTOM_TARGET_PREFIX}${field.key}`,
      label: `${field.label} (campo adicional)`,
    })),
  ];
}

export async function importView(
  db: Kysely<Database>,
  id: number,
  rights: Scope,
  page: { offset: number; limit: number; only: RowFilter },
) {
  const record = await importRecord(db, id, rights);
  const options = JSON.parse(record.options) as Record<string, unknown>;
  const deadline = undoDeadline(record);
  // The member a row repeats is named only while the reader may change it (one moved out of
  // her congregations since is shown as outside, without id or name).
  let query = db
    .selectFrom('member_import_rows as r')
    .leftJoin('members as dup', (join) => {
      const same = join.onRef('dup.id', '=', 'r.dup_member_id');
      return rights === null
        ? same
        : same.on('dup.congregation_id', 'in', rights.length > 0 ? [...rights] : [0]);
    })
    .where('r.import_id', '=', id);
  if (page.only === 'errors') query = query.where('r.action', '=', 'error');
  if (page.only === 'duplicates') query = query.where('r.dup_kind', 'is not', null);
  if (page.only === 'ok') query = query.where('r.action', '!=', 'error');
  const [rows, total] = await Promise.all([
    query
      .select([
        'r.row_number',
        'r.name',
        'r.member_values',
        'r.errors',
        'r.dup_kind',
        'r.dup_member_id',
        'r.dup_row',
        'r.dup_outside',
        'dup.id as dup_visible_id',
        'r.action',
        'r.member_id',
        'r.outcome',
        'dup.name as dup_member_name',
      ])
      .orderBy('r.row_number')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const unknown = JSON.parse(record.unknown) as Record<string, unknown>;
  return {
    id: record.id,
    status: record.status,
    dry_run: Boolean(record.dry_run),
    file_name: record.file_name,
    file_kind: record.file_kind,
    encoding: record.encoding,
    delimiter: record.delimiter,
    headers: JSON.parse(record.headers) as string[],
    mapping: JSON.parse(record.mapping) as Record<string, string>,
    suggested_mapping: options.suggested ?? {},
    duplicate_action: options.duplicate_action,
    congregation_id: options.congregation_id ?? null,
    targets: await importTargets(db),
    unknown: {
      positions: (unknown.positions as unknown[]) ?? [],
      departments: (unknown.departments as unknown[]) ?? [],
      congregations: (unknown.congregations as unknown[]) ?? [],
    },
    ignored_rows: JSON.parse(record.ignored_rows) as Array<{ row_number: number; text: string }>,
    total_rows: record.total_rows,
    error_rows: record.error_rows,
    duplicate_rows: record.duplicate_rows,
    valid_rows: record.total_rows - record.error_rows,
    processed_rows: record.processed_rows,
    created_count: record.created_count,
    updated_count: record.updated_count,
    skipped_count: record.skipped_count,
    message: record.message,
    created_at: record.created_at,
    finished_at: record.finished_at,
    undone_at: record.undone_at,
    rows_cleared: record.rows_cleared_at !== null,
    undo_until: deadline,
    can_undo: deadline !== null && now().toISOString().slice(0, 10) <= deadline,
    rows_total: Number(total.count),
    rows: rows.map((row) => {
      const staged = row.member_values ? (JSON.parse(row.member_values) as StagedMember) : null;
      return {
        row_number: row.row_number,
        name: row.name,
        values: staged ? { ...staged.member, congregation_id: staged.congregation_id } : null,
        position: staged?.position ?? null,
        departments: staged?.departments ?? [],
        errors: row.errors ? (JSON.parse(row.errors) as RowError[]) : [],
        duplicate: row.dup_kind
          ? {
              kind: row.dup_kind,
              member_id: row.dup_visible_id ?? null,
              member_name: row.dup_member_name ?? null,
              row: row.dup_row,
              outside:
                Boolean(row.dup_outside) ||
                (row.dup_member_id !== null && row.dup_visible_id === null),
            }
          : null,
        action: row.action,
        outcome: row.outcome,
        member_id: row.member_id,
      };
    }),
  };
}

const UNDO_BATCH = 500;

/** Why an undo kept a member now filed in a congregation outside the user's. */
export const MOVED_OUTSIDE = 'está agora fora das suas congregações';

/**
 * Undoes an import: its created members are deleted and its updated members restored, except
 * those something else refers to now (a credential, a letter, a donor, a department they lead,
 * a consent or a data subject's request) or that were changed after the import: those stay,
 * and the answer lists them. The trail gets an entry per member undone and one for the import.
 */
export async function undoImport(
  db: Kysely<Database>,
  dialect: DialectName,
  id: number,
  actor: Actor,
) {
  const record = await importRecord(db, id, actor.rights, true);
  const deadline = undoDeadline(record);
  if (record.status === 'undone' || record.status === 'partly_undone') {
    throw conflict('Esta importação já foi desfeita.');
  }
  if (!deadline) throw conflict('Só uma importação concluída pode ser desfeita.');
  if (now().toISOString().slice(0, 10) > deadline) {
    throw conflict(
      `Passaram-se mais de ${IMPORT_UNDO_DAYS} dias: esta importação não pode mais ser desfeita.`,
    );
  }
  const stamp = record.created_at;
  let deleted = 0;
  let restored = 0;
  const kept: Array<{
    row_number: number;
    member_id: number | null;
    name: string | null;
    reason: string;
  }> = [];
  let keptCount = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('member_import_rows as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select([
        'r.row_number',
        'r.member_id',
        'r.outcome',
        'r.previous',
        'm.name',
        'm.updated_at',
        'm.congregation_id',
      ])
      .where('r.import_id', '=', id)
      .where('r.outcome', 'in', ['created', 'updated'])
      .where('r.row_number', '>', after)
      .orderBy('r.row_number')
      .limit(UNDO_BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].row_number;
    const ids = rows.map((row) => row.member_id as number);
    const referred = await referencesOf(db, ids);
    await db.transaction().execute(async (trx) => {
      const remove: number[] = [];
      const undone: number[] = [];
      const entries: AuditEntry[] = [];
      for (const row of rows) {
        const memberId = row.member_id as number;
        // A member moved since to a congregation the user may not change is neither deleted
        // nor restored by her, nor named to her.
        if (!canWrite(actor.rights, row.congregation_id)) {
          keptCount++;
          if (kept.length < 200) {
            kept.push({
              row_number: row.row_number,
              member_id: null,
              name: null,
              reason: MOVED_OUTSIDE,
            });
          }
          continue;
        }
        const reason =
          referred.get(memberId) ??
          (String(row.updated_at) !== String(stamp) ? 'alterado depois da importação' : null);
        if (reason) {
          keptCount++;
          if (kept.length < 200) {
            kept.push({ row_number: row.row_number, member_id: memberId, name: row.name, reason });
          }
          continue;
        }
        undone.push(row.row_number);
        if (row.outcome === 'created') remove.push(memberId);
        else if (row.previous) {
          entries.push(await restoreMember(trx, memberId, row.previous, id, 'undo'));
          restored++;
        }
      }
      await deleteMembers(trx, dialect, remove);
      for (const memberId of remove) entries.push(undoneEntry(memberId, id, 'undo', 'deleted'));
      deleted += remove.length;
      if (undone.length > 0) {
        await trx
          .updateTable('member_import_rows')
          .set({ outcome: 'undone' })
          .where('import_id', '=', id)
          .where('row_number', 'in', undone)
          .execute();
      }
      await auditMany(trx, actor, entries);
    });
  }
  const status = keptCount > 0 ? 'partly_undone' : 'undone';
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('member_imports')
      .set({ status, undone_at: now().toISOString() })
      .where('id', '=', id)
      .execute();
    await auditMany(trx, actor, [
      {
        action: 'undo_import',
        resource: 'imports',
        record_id: id,
        details: { file_name: record.file_name, deleted, restored, kept: keptCount },
      },
    ]);
  });
  // Undone: nothing is left to undo, the rows go.
  await clearImportRows(db, id);
  return { id, status, deleted, restored, kept_count: keptCount, kept };
}

/** Why members cannot be deleted by an undo: what refers to them now. */
async function referencesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  const reasons = new Map<number, string>();
  if (ids.length === 0) return reasons;
  const checks: Array<[string, Promise<Array<{ id: number | null }>>]> = [
    [
      'tem credencial emitida',
      db
        .selectFrom('credentials')
        .select('member_id as id')
        .where('member_id', 'in', ids)
        .execute(),
    ],
    [
      'tem carta emitida',
      db.selectFrom('letters').select('member_id as id').where('member_id', 'in', ids).execute(),
    ],
    [
      'tem certificado emitido',
      db
        .selectFrom('certificates')
        .select('member_id as id')
        .where('member_id', 'in', ids)
        .execute(),
    ],
    [
      'está ligado a um contribuinte',
      db.selectFrom('donors').select('member_id as id').where('member_id', 'in', ids).execute(),
    ],
    [
      'tem consentimento registrado',
      db
        .selectFrom('member_consents')
        .select('member_id as id')
        .where('member_id', 'in', ids)
        .execute(),
    ],
    [
      'tem pedido de titular (LGPD)',
      db
        .selectFrom('privacy_requests')
        .select('member_id as id')
        .where('member_id', 'in', ids)
        .execute(),
    ],
    [
      'lidera um departamento',
      db
        .selectFrom('departments')
        .select('leader_id as id')
        .where('leader_id', 'in', ids)
        .execute(),
    ],
  ];
  for (const [reason, query] of checks) {
    for (const row of await query)
      if (row.id !== null && !reasons.has(row.id)) reasons.set(row.id, reason);
  }
  return reasons;
}
