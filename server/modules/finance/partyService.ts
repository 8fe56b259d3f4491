// Vendors and donors beneath their routes: the list, a party with its yearly totals, and the
// writes (a document used once, the party's own references, the audit entry).
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { formatDocument } from '../../../domain/formats.js';
import { PERSON_TYPES } from '../../../domain/finance/labels.js';
import { likePattern, searchText, searchWords } from '../../../domain/search.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../audit/trail.js';
import { applyFilters, pageOf, textFilter } from './query.js';
import { type FieldErrors, deleteUnlessInUse, findRecord } from './references.js';
import type { Db } from './types.js';

type PartyTable = 'vendors' | 'donors';
type Row = Record<string, unknown> & { id: number; document: string | null; name: string };
export type PartyInput = Record<string, unknown> & { name: string; document: string | null };

export interface PartyDefinition {
  api: PartyTable;
  /** "fornecedor", "contribuinte": for messages. */
  noun: string;
  notFound: string;
  schema: z.ZodType<PartyInput>;
  /** Extra filters: reference fields (an id equal to the column of that name). */
  references: string[];
  /**
   * Checks of the record's own references (e.g. the donor's member), by `actor` (whose rights
   * bound what may be linked); `stored` is the record before an update.
   */
  check?(
    db: Db,
    party: Record<string, unknown>,
    errors: FieldErrors,
    context: { actor: Actor; stored?: Record<string, unknown> },
  ): Promise<void>;
  /**
   * Yearly totals of what the party took part in (expenses of a vendor, incomes of a donor) in
   * `view`: the party is church-wide, its totals follow the view.
   */
  yearly(
    db: Kysely<Database>,
    id: number,
    view: Scope,
  ): Promise<Array<{ date: string; amount_cents: number }>>;
  /** A message when something still points at the party. */
  inUse(db: Db, id: number): Promise<string | null>;
}

const SORTS: Record<string, 'sort_name' | 'document' | 'city' | 'created_at' | 'id'> = {
  name: 'sort_name',
  document: 'document',
  city: 'city',
  created_at: 'created_at',
  id: 'id',
};
export const PARTY_SORTS = Object.keys(SORTS);

function toApi(row: Row) {
  const { search: _search, sort_name: _sortName, ...fields } = row;
  return fields;
}

/** { year, count, total_cents } of each year, newest first. */
export function totalsByYear(rows: Array<{ date: string; amount_cents: number }>) {
  const years = new Map<number, { year: number; count: number; total_cents: number }>();
  for (const row of rows) {
    const year = Number(String(row.date).slice(0, 4));
    const entry = years.get(year) ?? { year, count: 0, total_cents: 0 };
    entry.count += 1;
    entry.total_cents += Number(row.amount_cents);
    years.set(year, entry);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

export function partyService(db: Kysely<Database>, def: PartyDefinition) {
  // Kysely cannot type a table chosen at run time; both tables share these columns.
  const table = def.api as 'vendors';

  // Inside a transaction every query must go through it (SQLite has one connection).
  const find = async (id: number, on: Db = db) =>
    toApi((await findRecord(on, table, id, def.notFound)) as unknown as Row);

  /** The columns of a valid party: its document used by no other, its references found. */
  const prepare = async (
    party: PartyInput,
    context: { actor: Actor; stored?: Record<string, unknown> },
    id?: number,
  ) => {
    const errors: FieldErrors = {};
    if (party.document) {
      let query = db.selectFrom(table).select('name').where('document', '=', party.document);
      if (id) query = query.where('id', '!=', id);
      const twin = await query.executeTakeFirst();
      if (twin) {
        errors.document = `Já existe um ${def.noun} com este documento: ${twin.name}.`;
      }
    }
    await def.check?.(db, party, errors, context);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return {
      ...party,
      sort_name: searchText(party.name),
      search: searchText(
        party.name,
        party.document,
        formatDocument(party.document),
        party.email as string | null,
        party.city as string | null,
      ),
    };
  };

  const write = async (actor: Actor, action: 'create' | 'update', columns: object, id?: number) => {
    const now = new Date().toISOString();
    return db.transaction().execute(async (trx) => {
      const before = id ? await find(id, trx) : null;
      let recordId = id;
      if (id) {
        await trx
          .updateTable(table)
          .set({ ...columns, updated_at: now } as never)
          .where('id', '=', id)
          .execute();
      } else {
        ({ id: recordId } = await trx
          .insertInto(table)
          .values({ ...columns, created_at: now, updated_at: now } as never)
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      const after = toApi(
        (await trx
          .selectFrom(table)
          .selectAll()
          .where('id', '=', recordId!)
          .executeTakeFirstOrThrow()) as unknown as Row,
      );
      await audit(trx, actor, { action, resource: def.api, record_id: recordId!, before, after });
      return after;
    });
  };

  return {
    async list({ sort, range, filter }: ListParams) {
      const query = applyFilters(db.selectFrom(table), filter, {
        q: (found, value) => {
          for (const word of searchWords(textFilter(value, 'q'))) {
            found = found.where('search', 'like', likePattern(word));
          }
          return found;
        },
        id: 'ids',
        person_type: PERSON_TYPES,
        ...Object.fromEntries(def.references.map((field) => [field, 'reference' as const])),
      });
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field], sort, range).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => toApi(row as unknown as Row)), total: Number(count.total) };
    },

    /** The party with what it took part in, year by year. */
    async show(id: number, view: Scope) {
      const record = await find(id);
      return { ...record, yearly_totals: totalsByYear(await def.yearly(db, id, view)) };
    },

    async create(actor: Actor, party: PartyInput) {
      return write(actor, 'create', await prepare(party, { actor }));
    },

    /** `changes` merged with the stored party, validated as a whole. */
    async update(actor: Actor, id: number, changes: Record<string, unknown>) {
      const existing = await find(id);
      const party = validated(def.schema, { ...existing, ...changes });
      return write(actor, 'update', await prepare(party, { actor, stored: existing }, id), id);
    },

    remove: (actor: Actor, id: number) =>
      deleteUnlessInUse(db, actor, def.api, id, { find, inUse: def.inUse }),
  };
}
