// The store behind smallTableRoutes: a few dozen rows, so a list reads them all and filters,
// sorts and pages in memory, the same on both databases and accent-insensitive for q.
import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { recordIdOf } from '../../domain/fields.js';
import { searchText } from '../../domain/search.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound, validated } from '../plugins/errors.js';
import { type Scope, canRead, ensureReadable, ensureWritable } from './scope.js';
import { type Assigned, ensureAssigned, reaches } from './assignments.js';
import type { AssignmentKind } from '../../domain/assignments.js';
import { type RecordFilterRule, recordFilter, textFilter } from './listFilters.js';
import type { ListParams } from './simpleRest.js';
import { type Actor, SYSTEM_ACTOR, audit } from '../audit/trail.js';

/** Any table keyed by a generated integer id (the settings tables, and new ones like them). */
export type SmallTable = {
  [K in keyof Database]: Database[K] extends { id: Generated<number> } ? K : never;
}[keyof Database];
type ApiRecord = { id: number; [field: string]: unknown };

export interface SmallTableDefinition<T extends SmallTable, S extends z.ZodObject> {
  api: string;
  table: T;
  notFound: string;
  sortable: string[];
  defaultSort: ListParams['sort'];
  /** Validates a body (merged with the stored record on update). */
  schema: S;
  /** Text the q filter looks in. */
  searchable: (record: ApiRecord) => string;
  /** Field filters besides q and id, read as every list reads them (http/listFilters.ts). */
  filters?: Record<string, RecordFilterRule<ApiRecord>>;
  toApi(rows: Selectable<Database[T]>[], db: Kysely<Database>): Promise<ApiRecord[]>;
  /** The rules the database decides (uniqueness, references) on valid input; columns or throws. */
  columns(
    input: z.output<S>,
    db: Kysely<Database>,
    id?: number,
  ): Promise<Insertable<Database[T]> & Updateable<Database[T]>>;
  /** Throws a conflict when the record is in use. */
  assertDeletable?(db: Kysely<Database>, id: number): Promise<void>;
  /**
   * A table whose rows belong to a congregation or, with NULL, to the whole church (issue 12;
   * server/http/scope.ts): lists show the church-wide rows and the view's (the `column` filter
   * narrows the view); reading one outside the rights is a 404; writing one — or putting one —
   * outside them a 403, and only whole-church users write church-wide rows.
   */
  scope?: { column: string };
  /**
   * A table of groups a líder serves (issue 26, domain/assignments.ts): a líder reads only the
   * rows assigned to him; the office reads its congregations'.
   */
  assigned?: AssignmentKind;
}

/** The request's congregations for a scoped table: the view for lists, the rights otherwise. */
export interface TableScope {
  view: Scope;
  rights: Scope;
  /** Who writes, for the audit trail. */
  actor: Actor;
  /** The rows a líder is assigned (null: not narrowed). */
  assigned?: Assigned;
}

const WHOLE_CHURCH: TableScope = { view: null, rights: null, actor: SYSTEM_ACTOR };

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string')
    return searchText(a).localeCompare(searchText(b), 'pt-BR');
  return a < b ? -1 : 1;
}

export function smallTableStore<T extends SmallTable, S extends z.ZodObject>(
  db: Kysely<Database>,
  def: SmallTableDefinition<T, S>,
) {
  // Kysely cannot type a table chosen at run time; the definition's types carry the safety.
  const table = def.table as 'positions';

  const column = def.scope?.column;
  /** The row's congregation (null: church-wide; always null for a table without scope). */
  const congregationOf = (row: object): number | null =>
    column === undefined ? null : ((row as Record<string, number | null>)[column] ?? null);
  const writable = (rights: Scope, row: object) => {
    if (column !== undefined) ensureWritable(rights, congregationOf(row));
  };

  const load = async (id: number, rights: Scope = null, assigned: Assigned = null) => {
    const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(def.notFound);
    ensureReadable(rights, congregationOf(row));
    ensureAssigned(assigned, id, def.notFound);
    const [record] = await def.toApi([row] as never, db);
    return record;
  };

  async function list({ sort, range, filter }: ListParams, { view, assigned } = WHOLE_CHURCH) {
    // The congregation is read apart: it narrows the view before any row is read.
    const { [column ?? '']: congregations, ...fields } = filter;
    const words = present(filter.q) ? searchText(textFilter(filter.q, 'q')).split(' ') : [];
    const matches = recordFilter<ApiRecord>(column === undefined ? filter : fields, {
      q: (record) => {
        const text = searchText(def.searchable(record));
        return words.every((word) => text.includes(word));
      },
      id: 'ids',
      ...def.filters,
    });

    let shown = view;
    if (column !== undefined && present(congregations)) {
      // The congregation filter narrows the view: church-wide rows and those congregations'.
      const values = Array.isArray(congregations) ? (congregations as unknown[]) : [congregations];
      const ids = values.map(recordIdOf);
      if (values.length === 0 || ids.some((id) => id === null)) {
        throw badRequest(`Filtro ${column} inválido.`);
      }
      shown = (ids as number[]).filter((id) => view === null || view.includes(id));
    }
    const records = (
      await def.toApi(
        (await db.selectFrom(table).selectAll().execute()).filter(
          (row) => canRead(shown, congregationOf(row)) && reaches(assigned ?? null, row.id),
        ) as never,
        db,
      )
    ).filter(matches);
    const direction = sort.order === 'asc' ? 1 : -1;
    records.sort(
      (a, b) => direction * (compare(a[sort.field], b[sort.field]) || compare(a.id, b.id)),
    );
    return { page: records.slice(range.offset, range.offset + range.limit), total: records.length };
  }

  const resource = def.api;

  async function create(body: Record<string, unknown>, { rights, actor } = WHOLE_CHURCH) {
    // Where the row goes is checked before the table's own rules (403 before any 422).
    const input = validated(def.schema, body);
    writable(rights, input);
    const columns = await def.columns(input, db);
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto(table)
        .values(columns as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, actor, { action: 'create', resource, record_id: id, after: columns });
      return id;
    });
    return load(id);
  }

  async function update(
    id: number,
    changes: Record<string, unknown>,
    { rights, actor } = WHOLE_CHURCH,
  ) {
    const existing = await load(id);
    writable(rights, existing);
    const input = validated(def.schema, { ...existing, ...changes });
    writable(rights, input);
    const columns = await def.columns(input, db, id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable(table)
        .set(columns as never)
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, {
        action: 'update',
        resource,
        record_id: id,
        before: existing,
        after: { ...existing, ...columns },
      });
    });
    return load(id);
  }

  async function remove(id: number, { rights, actor } = WHOLE_CHURCH) {
    const existing = await load(id);
    writable(rights, existing);
    await def.assertDeletable?.(db, id);
    await db.transaction().execute(async (trx) => {
      // Two deletes at once: the one that finds the row already gone answers 404.
      const deleted = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw notFound(def.notFound);
      await audit(trx, actor, { action: 'delete', resource, record_id: id, before: existing });
    });
    return existing;
  }

  return { list, load, create, update, remove };
}
