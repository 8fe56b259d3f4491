// The audit log in words: the ids an entry holds (its record, and the references among its
// changes: "Categoria: 15", "Fornecedor: 251") resolved to names when the log is read, so a
// rename shows the current name. A record deleted since is named by its own deletion entry.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type NamedTable =
  | 'finance_categories'
  | 'vendors'
  | 'donors'
  | 'members'
  | 'bank_accounts'
  | 'credit_cards'
  | 'incomes'
  | 'expenses'
  | 'accounts_payable'
  | 'transactions';

/** The column that names a row of each table. */
const NAME_COLUMN: Record<NamedTable, 'name' | 'description'> = {
  finance_categories: 'name',
  vendors: 'name',
  donors: 'name',
  members: 'name',
  bank_accounts: 'name',
  credit_cards: 'name',
  incomes: 'description',
  expenses: 'description',
  accounts_payable: 'description',
  transactions: 'description',
};

/** The fields of the audited records that point at another record. */
export const REFERENCE_FIELDS: Record<string, NamedTable> = {
  category_id: 'finance_categories',
  vendor_id: 'vendors',
  donor_id: 'donors',
  member_id: 'members',
  bank_account_id: 'bank_accounts',
  to_account_id: 'bank_accounts',
  credit_card_id: 'credit_cards',
  income_id: 'incomes',
  expense_id: 'expenses',
  payable_id: 'accounts_payable',
  transaction_id: 'transactions',
  linked_id: 'transactions',
};

const isNamed = (resource: string): resource is NamedTable => resource in NAME_COLUMN;

const asId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

export interface NamedEntry {
  resource: string;
  record_id: number | null;
  changes: unknown;
}

export interface EntryNames {
  /** The name of the record the entry is about, when it has one. */
  record_name: string | null;
  /** field -> id -> name, for the reference fields among the changes. */
  names: Record<string, Record<string, string>>;
}

/** The names of `ids` in `table`: from the table, or from the deletion entry of a deleted row. */
async function namesOf(
  db: Kysely<Database>,
  table: NamedTable,
  ids: number[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const column = NAME_COLUMN[table];
  const rows = await db
    .selectFrom(table as 'vendors')
    .select(['id', sql<string | null>`${sql.ref(column)}`.as('label')])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) if (row.label) names.set(row.id, row.label);
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0 && table !== 'members') {
    const deletions = await db
      .selectFrom('audit_log')
      .select(['record_id', 'changes'])
      .where('resource', '=', table)
      .where('action', '=', 'delete')
      .where('record_id', 'in', missing)
      .execute();
    for (const deletion of deletions) {
      try {
        const before = (JSON.parse(deletion.changes) as Record<string, [unknown, unknown]>)[
          column
        ]?.[0];
        if (typeof before === 'string' && before && deletion.record_id !== null) {
          names.set(deletion.record_id, before);
        }
      } catch {
        // An unreadable entry names nothing.
      }
    }
  }
  return names;
}

/** Each entry's names, in the order given: a few queries for the whole page. */
export async function auditNames(
  db: Kysely<Database>,
  entries: NamedEntry[],
): Promise<EntryNames[]> {
  const wanted = new Map<NamedTable, Set<number>>();
  const want = (table: NamedTable, id: number | null) => {
    if (id === null) return;
    if (!wanted.has(table)) wanted.set(table, new Set());
    wanted.get(table)!.add(id);
  };
  const changesOf = (entry: NamedEntry) =>
    entry.changes && typeof entry.changes === 'object'
      ? (entry.changes as Record<string, unknown>)
      : {};
  for (const entry of entries) {
    if (isNamed(entry.resource)) want(entry.resource, entry.record_id);
    for (const [field, values] of Object.entries(changesOf(entry))) {
      const table = REFERENCE_FIELDS[field];
      if (!table || !Array.isArray(values)) continue;
      for (const value of values) want(table, asId(value));
    }
  }
  const found = new Map<NamedTable, Map<number, string>>();
  for (const [table, ids] of wanted) found.set(table, await namesOf(db, table, [...ids]));

  return entries.map((entry) => {
    const names: Record<string, Record<string, string>> = {};
    for (const [field, values] of Object.entries(changesOf(entry))) {
      const table = REFERENCE_FIELDS[field];
      if (!table || !Array.isArray(values)) continue;
      for (const value of values) {
        const id = asId(value);
        const name = id === null ? undefined : found.get(table)?.get(id);
        if (id !== null && name) (names[field] ??= {})[String(id)] = name;
      }
    }
    const record_name =
      isNamed(entry.resource) && entry.record_id !== null
        ? (found.get(entry.resource)?.get(entry.record_id) ?? null)
        : null;
    return { record_name, names };
  });
}
