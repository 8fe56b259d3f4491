// The first half of every member import (issue 14): the uploaded file read as a stream, each row
// read as a member (rows.ts) and staged in member_import_rows in batches, then the duplicates
// looked up by SQL (against the registry and within the file), and the action of each row
// decided (create, update, skip, or error). A dry run stops here; an import goes on (apply.ts).
// The server's memory holds one batch of rows, never the file.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import {
  type DuplicateAction,
  type LookupKind,
  LOOKUP_KINDS,
  isImportTarget,
  isSummaryRow,
  suggestMapping,
} from '../../../domain/memberImport.js';
import { now } from '../../../domain/dates.js';
import type { DialectName } from '../../db/dialect.js';
import { refreshPlannerStatistics } from '../../db/memberBulk.js';
import type { Database, NewMemberImportRow } from '../../db/schema.js';
import { holdImport, staleBefore } from './heartbeat.js';
import { isUniqueViolation } from '../../db/counters.js';
import type { Scope } from '../../http/scope.js';
import { readTable } from '../../imports/csv.js';
import { badRequest, conflict } from '../../plugins/errors.js';
import { customFieldDefinitions } from '../members/index.js';
import {
  type LookupChoices,
  type PlannedColumn,
  type RowContext,
  loadLookups,
  newUnknownNames,
  readRow,
} from './rows.js';

/** The most rows one file may have. */
export const MAX_IMPORT_ROWS = 200_000;
const BATCH = 500;
/** Summary lines listed by the dry run (more are left out all the same). */
const MAX_IGNORED = 20;

export interface ImportOptions {
  dryRun: boolean;
  fileName: string;
  duplicateAction: DuplicateAction;
  /** Per-row choices for duplicates: row number -> action. */
  choices: Record<string, DuplicateAction>;
  /** Header -> target; absent: the suggestion. */
  mapping: Record<string, string> | null;
  lookups: LookupChoices;
  defaultCongregation: number | null;
  rights: Scope;
  userId: number | null;
}

export const CPF_TAKEN = 'Já existe um membro com este CPF: escolha pular ou atualizar.';
export const CPF_REPEATED = 'CPF repetido em outra linha do arquivo: escolha pular ou atualizar.';
export const ONE_AT_A_TIME =
  'Já há uma planilha sua sendo analisada: espere ela terminar e tente de novo.';
export const CPF_OUTSIDE =
  'Já existe um membro com este CPF fora das suas congregações: esta linha não pode ser cadastrada.';

const json = (value: unknown) => JSON.stringify(value);

/** Stages the file's rows under a new import; answers its id. Nothing is left on failure. */
export async function stageImport(
  db: Kysely<Database>,
  dialect: DialectName,
  file: Readable | Buffer,
  options: ImportOptions,
): Promise<number> {
  const upload = await spool(file);
  try {
    // Counted before a single row is staged: a file with too many rows is refused at once.
    await refuseTooManyRows(upload.open);
    return await stageRows(db, dialect, upload.open(), options);
  } finally {
    upload.remove();
  }
}

const tooManyRows = () =>
  badRequest(
    `O arquivo tem linhas demais: importe no máximo ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')} membros por vez.`,
  );

/**
 * The upload in a temporary file (a Buffer stays as it is), so that its rows can be read twice:
 * counted, then staged. The server's memory still holds one piece of the file at a time.
 */
async function spool(file: Readable | Buffer) {
  if (Buffer.isBuffer(file)) return { open: (): Readable | Buffer => file, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'adam-import-'));
  const path = join(dir, 'upload');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // An error of the upload (cut short, past the limit: a 413) is passed on as it is.
    await pipeline(file, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    remove();
    throw error;
  }
  return { open: (): Readable | Buffer => createReadStream(path), remove };
}

/** Reads the rows through (the reader's 400s included) and refuses past MAX_IMPORT_ROWS. */
async function refuseTooManyRows(open: () => Readable | Buffer) {
  const source = open();
  try {
    const table = await readTable(source);
    let total = 0;
    for await (const _row of table.rows) {
      if (++total > MAX_IMPORT_ROWS) throw tooManyRows();
    }
  } finally {
    if (!Buffer.isBuffer(source)) source.destroy();
  }
}

async function stageRows(
  db: Kysely<Database>,
  dialect: DialectName,
  file: Readable | Buffer,
  options: ImportOptions,
): Promise<number> {
  // A file the reader refuses is a 400 (FileFormatError), a file past the limit a 413.
  const table = await readTable(file);
  const customFields = (await customFieldDefinitions(db)).filter((field) => field.active);
  const customKeys = new Set(customFields.map((field) => field.key));
  const suggested = suggestMapping(table.headers, customFields);
  const mapping: Record<string, string> = {};
  for (const header of table.headers) {
    const target = options.mapping ? (options.mapping[header] ?? '') : suggested[header];
    if (target && !isImportTarget(target, customKeys)) {
      throw badRequest(`Coluna “${header}”: destino “${target}” desconhecido.`);
    }
    mapping[header] = target;
  }
  const plan: PlannedColumn[] = table.headers
    .map((header, index) => ({ index, header, target: mapping[header] }))
    .filter((column) => column.target !== '');
  const targets = plan.map((column) => column.target);
  const repeated = targets.find((target, index) => targets.indexOf(target) !== index);
  if (repeated) throw badRequest(`Duas colunas foram associadas ao mesmo campo (${repeated}).`);

  const lookups = await loadLookups(db);
  validateLookupChoices(options, lookups);
  const context: RowContext = {
    plan,
    lookups,
    choices: options.lookups,
    customFields,
    rights: options.rights,
    defaultCongregation: options.defaultCongregation,
    unknown: newUnknownNames(),
  };

  const createdAt = now().toISOString();
  const insert = () =>
    db
      .insertInto('member_imports')
      .values({
        user_id: options.userId,
        status: 'staging',
        dry_run: options.dryRun,
        file_name: options.fileName.slice(0, 200),
        file_kind: table.kind,
        encoding: null,
        delimiter: table.delimiter,
        headers: json(table.headers),
        mapping: json(mapping),
        options: json({
          duplicate_action: options.duplicateAction,
          choices: options.choices,
          lookups: options.lookups,
          congregation_id: options.defaultCongregation,
          suggested,
        }),
        scope: json(options.rights ?? []),
        unknown: json({}),
        created_at: createdAt,
        heartbeat_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const { id } = await insert().catch(async (error: unknown) => {
    // One file read at a time per user (a unique index on the staging imports' user): another
    // still being read is a 409; one left by a process that stopped is dropped.
    if (!isUniqueViolation(error)) throw error;
    if (!(await dropStoppedStaging(db, options.userId))) throw conflict(ONE_AT_A_TIME);
    return insert();
  });

  const release = holdImport(db, id);
  try {
    let batch: NewMemberImportRow[] = [];
    let total = 0;
    // Summary lines under the list ("TOTAL DE MEMBROS: 12"): left out, and shown as such.
    const ignored: Array<{ row_number: number; text: string }> = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.insertInto('member_import_rows').values(batch).execute();
      batch = [];
      await yieldToEventLoop();
    };
    for await (const { line, cells } of table.rows) {
      if (isSummaryRow(cells)) {
        if (ignored.length < MAX_IGNORED) {
          const text = cells
            .map((cell) => cell.trim())
            .filter(Boolean)
            .join(' ');
          ignored.push({ row_number: line, text: text.slice(0, 120) });
        }
        continue;
      }
      total++;
      const read = readRow(cells, context);
      batch.push({
        import_id: id,
        row_number: line,
        name: read.name,
        member_values: read.values ? json(read.values) : null,
        errors: read.errors.length > 0 ? json(read.errors) : null,
        key_cpf: read.keys.cpf,
        key_email: read.keys.email,
        key_phone: read.keys.phone,
        key_name: read.keys.name,
        key_birth: read.keys.birth,
        action: read.values ? 'create' : 'error',
      });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (total === 0)
      throw badRequest('O arquivo não tem nenhuma linha de membro abaixo do cabeçalho.');

    // The duplicates are found by correlated subqueries over the staged rows and the members:
    // PostgreSQL must know how many there are now to plan them.
    await refreshPlannerStatistics(db, dialect, ['member_import_rows', 'members']);
    await findDuplicates(db, id, options.rights);
    await decideActions(db, id, options);
    const unknown = Object.fromEntries(
      LOOKUP_KINDS.map((kind) => [kind, [...context.unknown[kind].values()]]),
    ) as Record<LookupKind, Array<{ name: string; rows: number }>>;
    await db
      .updateTable('member_imports')
      .set({
        status: options.dryRun ? 'checked' : 'running',
        encoding: table.encoding(),
        unknown: json(unknown),
        ignored_rows: json(ignored),
        total_rows: total,
        ...(await stagedCounts(db, id)),
        finished_at: options.dryRun ? now().toISOString() : null,
        // Fresh for the moment between staging and the import taking over the beat.
        heartbeat_at: now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return id;
  } catch (error) {
    await db.deleteFrom('member_import_rows').where('import_id', '=', id).execute();
    await db.deleteFrom('member_imports').where('id', '=', id).execute();
    throw error;
  } finally {
    release();
  }
}

/** Drops the user's staging imports whose process stopped; answers whether there were any. */
async function dropStoppedStaging(db: Kysely<Database>, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const stopped = await db
    .selectFrom('member_imports')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'staging')
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore())]))
    .execute();
  for (const { id } of stopped) {
    await db.deleteFrom('member_import_rows').where('import_id', '=', id).execute();
    await db.deleteFrom('member_imports').where('id', '=', id).execute();
  }
  return stopped.length > 0;
}

function validateLookupChoices(
  options: ImportOptions,
  lookups: Awaited<ReturnType<typeof loadLookups>>,
) {
  const byId = {
    positions: lookups.positionsById,
    departments: lookups.departmentsById,
    congregations: lookups.congregationsById,
  };
  for (const kind of LOOKUP_KINDS) {
    for (const [name, choice] of Object.entries(options.lookups[kind])) {
      if (choice === 'create') {
        if (kind === 'congregations') {
          throw badRequest(
            `Congregação “${name}”: congregações são cadastradas em Configurações > Congregações; associe-a a uma existente.`,
          );
        }
        if (kind === 'departments' && options.rights !== null && options.rights.length !== 1) {
          throw badRequest(
            `Departamento “${name}”: associe-o a um departamento existente (um usuário de várias congregações não cria departamentos pela importação).`,
          );
        }
        continue;
      }
      if (!byId[kind].has(choice)) {
        throw badRequest(`“${name}”: o registro escolhido não existe mais.`);
      }
    }
  }
  if (
    options.defaultCongregation !== null &&
    !lookups.congregationsById.has(options.defaultCongregation)
  ) {
    throw badRequest('Congregação padrão não encontrada.');
  }
}

/** `m.congregation_id` inside the rights (the whole church: every member). */
function inRights(rights: Scope) {
  if (rights === null) return sql`1 = 1`;
  return sql`m.congregation_id in (${sql.join(rights.length > 0 ? [...rights] : [0])})`;
}

/**
 * Each staged row's first duplicate, in this order: the registry by CPF, by name and birth date,
 * by e-mail, by phone; then an earlier row of the file by the same keys. Only members inside the
 * user's congregations are matched by id (the first of them if several match); a match outside
 * them is only marked (dup_outside), so the import never names, updates or moves that member.
 */
async function findDuplicates(db: Kysely<Database>, importId: number, rights: Scope) {
  const registry: Array<[string, ReturnType<typeof sql>]> = [
    ['cpf', sql`m.cpf = r.key_cpf`],
    ['name_birth', sql`m.sort_name = r.key_name and m.birth_date = r.key_birth`],
    ['email', sql`m.email = r.key_email`],
    ['phone', sql`(m.phone_mobile = r.key_phone or m.phone_home = r.key_phone)`],
  ];
  const keyOf: Record<string, ReturnType<typeof sql>> = {
    cpf: sql`r.key_cpf is not null`,
    name_birth: sql`r.key_name is not null`,
    email: sql`r.key_email is not null`,
    phone: sql`r.key_phone is not null`,
  };
  const mine = inRights(rights);
  for (const [kind, match] of registry) {
    // "r" is the staged row being updated; SQLite and PostgreSQL both take the alias this way.
    const inside = sql`from members m where ${match} and ${mine}`;
    await sql`update member_import_rows as r set dup_kind = ${kind},
        dup_member_id = (select min(m.id) ${inside}),
        dup_outside = not exists (select 1 ${inside})
      where r.import_id = ${importId} and r.dup_kind is null and ${keyOf[kind]}
        and exists (select 1 from members m where ${match})`.execute(db);
  }
  const inFile: Array<[string, ReturnType<typeof sql>]> = [
    ['cpf', sql`e.key_cpf = r.key_cpf`],
    ['name_birth', sql`e.key_name = r.key_name and e.key_birth = r.key_birth`],
    ['email', sql`e.key_email = r.key_email`],
    ['phone', sql`e.key_phone = r.key_phone`],
  ];
  for (const [kind, match] of inFile) {
    const earlier = sql`from member_import_rows e where e.import_id = r.import_id
      and e.row_number < r.row_number and ${match}`;
    await sql`update member_import_rows as r set dup_kind = ${kind},
        dup_row = (select min(e.row_number) ${earlier})
      where r.import_id = ${importId} and r.dup_kind is null and ${keyOf[kind]}
        and exists (select 1 ${earlier})`.execute(db);
  }
}

/** The action of each valid row: create, or for a duplicate its choice (the row's or the default). */
async function decideActions(db: Kysely<Database>, importId: number, options: ImportOptions) {
  await db
    .updateTable('member_import_rows')
    .set({ action: options.duplicateAction })
    .where('import_id', '=', importId)
    .where('dup_kind', 'is not', null)
    .where('action', '!=', 'error')
    .execute();
  const byAction = new Map<DuplicateAction, number[]>();
  for (const [row, action] of Object.entries(options.choices)) {
    const list = byAction.get(action) ?? [];
    list.push(Number(row));
    byAction.set(action, list);
  }
  for (const [action, rows] of byAction) {
    for (let start = 0; start < rows.length; start += BATCH) {
      await db
        .updateTable('member_import_rows')
        .set({ action })
        .where('import_id', '=', importId)
        .where('dup_kind', 'is not', null)
        .where('action', '!=', 'error')
        .where('row_number', 'in', rows.slice(start, start + BATCH))
        .execute();
    }
  }
  // A member outside the user's congregations is never updated (nor moved into them).
  await db
    .updateTable('member_import_rows')
    .set({ action: 'skip' })
    .where('import_id', '=', importId)
    .where('dup_outside', '=', true)
    .where('action', '=', 'update')
    .execute();
  // A member cannot share a CPF: "create anyway" is refused for a CPF that exists.
  for (const [message, where] of [
    [CPF_TAKEN, sql<boolean>`dup_member_id is not null`],
    [CPF_OUTSIDE, sql<boolean>`dup_outside = ${true}`],
    [CPF_REPEATED, sql<boolean>`dup_row is not null`],
  ] as const) {
    await db
      .updateTable('member_import_rows')
      .set({ action: 'error', errors: json([{ column: 'CPF', message }]) })
      .where('import_id', '=', importId)
      .where('dup_kind', '=', 'cpf')
      .where('action', '=', 'create')
      .where(where)
      .execute();
  }
}

/** The counts of the staged rows. */
export async function stagedCounts(db: Kysely<Database>, importId: number) {
  const rows = await db
    .selectFrom('member_import_rows')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(sql`case when action = 'error' then 1 else 0 end`).as('errors'),
      eb.fn.sum<number>(sql`case when dup_kind is not null then 1 else 0 end`).as('duplicates'),
    ])
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  return {
    error_rows: Number(rows.errors ?? 0),
    duplicate_rows: Number(rows.duplicates ?? 0),
  };
}
