// The audit trail in words: the ids an entry holds (its record, and the references among its
// changes: "Categoria: 15", "Congregação: 3", "Departamentos: [4, 7]") resolved to names when
// the trail is read, so a rename shows the current name. A record deleted since is named by its
// own deletion entry. Custom fields are named by their labels ("custom_fields.<key>").
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type NamedTable =
  | 'finance_categories'
  | 'finance_funds'
  | 'vendors'
  | 'donors'
  | 'members'
  | 'bank_accounts'
  | 'credit_cards'
  | 'incomes'
  | 'expenses'
  | 'accounts_payable'
  | 'transactions'
  | 'departments'
  | 'positions'
  | 'custom_fields'
  | 'congregations'
  | 'users'
  | 'credentials'
  | 'letters'
  | 'consent_versions'
  | 'member_imports'
  | 'bank_statements'
  | 'statement_lines';

/** The column that names a row of each table; credentials and letters by their member. */
const NAME_COLUMN: Record<
  NamedTable,
  'name' | 'description' | 'label' | 'member' | 'version' | 'file_name'
> = {
  finance_categories: 'name',
  finance_funds: 'name',
  vendors: 'name',
  donors: 'name',
  members: 'name',
  bank_accounts: 'name',
  credit_cards: 'name',
  incomes: 'description',
  expenses: 'description',
  accounts_payable: 'description',
  transactions: 'description',
  departments: 'name',
  positions: 'name',
  custom_fields: 'label',
  congregations: 'name',
  users: 'name',
  credentials: 'member',
  letters: 'member',
  consent_versions: 'version',
  // A member import (issue 14) by the file's name.
  member_imports: 'file_name',
  bank_statements: 'file_name',
  statement_lines: 'description',
};

/** The audited resources that are not named after their table. */
const RESOURCE_TABLE: Record<string, NamedTable> = {
  registrations: 'members',
  sessions: 'users',
  imports: 'member_imports',
};

/** The fields of the audited records that point at another record (or a list of them). */
export const REFERENCE_FIELDS: Record<string, NamedTable> = {
  category_id: 'finance_categories',
  ledger_account_id: 'finance_categories',
  fund_id: 'finance_funds',
  vendor_id: 'vendors',
  donor_id: 'donors',
  member_id: 'members',
  leader_id: 'members',
  bank_account_id: 'bank_accounts',
  to_account_id: 'bank_accounts',
  from_account_id: 'bank_accounts',
  credit_card_id: 'credit_cards',
  income_id: 'incomes',
  expense_id: 'expenses',
  payable_id: 'accounts_payable',
  transaction_id: 'transactions',
  linked_id: 'transactions',
  position_id: 'positions',
  department_id: 'departments',
  department_ids: 'departments',
  congregation_id: 'congregations',
  congregation_ids: 'congregations',
  from_congregation_id: 'congregations',
  to_congregation_id: 'congregations',
  parent_id: 'congregations',
  user_id: 'users',
  credential_id: 'credentials',
  letter_id: 'letters',
  consent_version_id: 'consent_versions',
  statement_id: 'bank_statements',
  statement_line_id: 'statement_lines',
};

/** A field that points elsewhere in one resource: an account's parent is an account. */
const RESOURCE_REFERENCE_FIELDS: Record<string, Record<string, NamedTable>> = {
  finance_categories: { parent_id: 'finance_categories' },
};

const referenceTable = (resource: string, field: string): NamedTable | undefined =>
  RESOURCE_REFERENCE_FIELDS[resource]?.[field] ?? REFERENCE_FIELDS[field];

const tableOf = (resource: string): NamedTable | undefined =>
  RESOURCE_TABLE[resource] ?? (resource in NAME_COLUMN ? (resource as NamedTable) : undefined);

const asId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The ids a value holds: one, or each of a list. */
const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).flatMap((item) => {
    const id = asId(item);
    return id === null ? [] : [id];
  });

const CUSTOM_PREFIX = 'custom_fields.';

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
  /** field -> label, for the fields no fixed label names (custom fields). */
  field_labels: Record<string, string>;
}

async function currentNames(db: Kysely<Database>, table: NamedTable, ids: number[]) {
  const column = NAME_COLUMN[table];
  if (column === 'member') {
    return db
      .selectFrom(table as 'credentials')
      .innerJoin('members', 'members.id', `${table as 'credentials'}.member_id`)
      .select([`${table as 'credentials'}.id as id`, 'members.name as label'])
      .where(`${table as 'credentials'}.id`, 'in', ids)
      .execute();
  }
  return db
    .selectFrom(table as 'vendors')
    .select(['id', sql<string | null>`${sql.ref(column)}`.as('label')])
    .where('id', 'in', ids)
    .execute();
}

/** The names of `ids` in `table`: from the table, or from the deletion entry of a deleted row. */
async function namesOf(
  db: Kysely<Database>,
  table: NamedTable,
  ids: number[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  for (const row of await currentNames(db, table, ids)) {
    if (row.label) names.set(row.id, String(row.label));
  }
  const column = NAME_COLUMN[table];
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0 && column !== 'member') {
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
  const want = (table: NamedTable, ids: number[]) => {
    if (ids.length === 0) return;
    if (!wanted.has(table)) wanted.set(table, new Set());
    for (const id of ids) wanted.get(table)!.add(id);
  };
  const changesOf = (entry: NamedEntry) =>
    entry.changes && typeof entry.changes === 'object'
      ? (entry.changes as Record<string, unknown>)
      : {};
  const customKeys = new Set<string>();
  for (const entry of entries) {
    const own = tableOf(entry.resource);
    if (own) want(own, idsIn(entry.record_id));
    for (const [field, values] of Object.entries(changesOf(entry))) {
      if (field.startsWith(CUSTOM_PREFIX)) customKeys.add(field.slice(CUSTOM_PREFIX.length));
      const table = referenceTable(entry.resource, field);
      if (!table || !Array.isArray(values)) continue;
      for (const value of values) want(table, idsIn(value));
    }
  }
  const found = new Map<NamedTable, Map<number, string>>();
  for (const [table, ids] of wanted) found.set(table, await namesOf(db, table, [...ids]));
  const labels = new Map<string, string>();
  if (customKeys.size > 0) {
    const rows = await db
      .selectFrom('custom_fields')
      .select(['key', 'label'])
      .where('key', 'in', [...customKeys])
      .execute();
    for (const row of rows) labels.set(row.key, row.label);
  }

  return entries.map((entry) => {
    const names: Record<string, Record<string, string>> = {};
    const field_labels: Record<string, string> = {};
    for (const [field, values] of Object.entries(changesOf(entry))) {
      if (field.startsWith(CUSTOM_PREFIX)) {
        const key = field.slice(CUSTOM_PREFIX.length);
        field_labels[field] = labels.get(key) ?? key;
      }
      const table = referenceTable(entry.resource, field);
      if (!table || !Array.isArray(values)) continue;
      for (const id of values.flatMap(idsIn)) {
        const name = found.get(table)?.get(id);
        if (name) (names[field] ??= {})[String(id)] = name;
      }
    }
    const own = tableOf(entry.resource);
    const record_name =
      own && entry.record_id !== null ? (found.get(own)?.get(entry.record_id) ?? null) : null;
    return { record_name, names, field_labels };
  });
}
