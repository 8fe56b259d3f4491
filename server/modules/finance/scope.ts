// The congregation scope (issue 12, server/http/scope.ts) in the finance area. Bank accounts,
// incomes, expenses and their instalments carry their congregation (the cost centre); the
// ledger's movements belong to their account's congregation; vendors, donors, categories and
// credit cards stay church-wide. Rules:
// - a record is created in the congregation the body names, or, when it names none, in the only
//   one a scoped user has (the sede for a whole-church user); several and none named: 422;
// - putting a record in a congregation outside the rights, or moving money through an account
//   outside them, is a 403; reading a record outside them a 404.
import { type Kysely, sql } from 'kysely';
import { SEDE_ID } from '../../../domain/congregations.js';
import type { Database } from '../../db/schema.js';
import { type Scope, OUTSIDE_SCOPE, ensureWritable } from '../../http/scope.js';
import { forbidden, invalid } from '../../plugins/errors.js';
import { idsFilter } from '../../http/listFilters.js';
import type { Db } from './types.js';

export const ACCOUNT_OUTSIDE_SCOPE = 'Você não tem acesso a esta conta bancária.';

/**
 * The congregation a new record goes to: `requested`, once it exists and is inside `rights`;
 * when none is named, the only one of a scoped user, or the sede for the whole church.
 */
export async function congregationFor(
  db: Db,
  rights: Scope,
  requested: number | null | undefined,
): Promise<number> {
  if (requested === null || requested === undefined) {
    if (rights === null) return SEDE_ID;
    if (rights.length === 1) return rights[0];
    throw invalid({ congregation_id: 'Escolha a congregação.' });
  }
  const row = await db
    .selectFrom('congregations')
    .select('id')
    .where('id', '=', requested)
    .executeTakeFirst();
  if (!row) throw invalid({ congregation_id: 'Congregação não encontrada.' });
  ensureWritable(rights, requested);
  return requested;
}

/** The congregation of bank account `id` (undefined when there is none). */
export async function accountCongregation(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('bank_accounts')
    .select('congregation_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.congregation_id;
}

/**
 * Money moves only through accounts inside the rights (403 otherwise). An account that does not
 * exist is left to the form's own check (a field error).
 */
export async function ensureAccountsUsable(
  db: Db,
  rights: Scope,
  ids: ReadonlyArray<number | null | undefined>,
): Promise<void> {
  if (rights === null) return;
  for (const id of ids) {
    if (!id) continue;
    const congregation = await accountCongregation(db, id);
    if (congregation !== undefined && !rights.includes(congregation)) {
      throw forbidden(ACCOUNT_OUTSIDE_SCOPE);
    }
  }
}

/** `column in (ids)`, or nothing when `scope` is the whole church. */
export function columnIn(column: string, scope: Scope) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(scope && scope.length > 0 ? scope : [0])})`;
}

/** The movements (or payables) whose bank account belongs to a congregation of `scope`. */
export function accountIn(column: string, scope: readonly number[]) {
  return sql<boolean>`${sql.ref(column)} in (select id from bank_accounts where ${columnIn(
    'bank_accounts.congregation_id',
    scope,
  )})`;
}

/**
 * A card invoice is seen by whoever sees one of the expenses charged on it (`payable` is the
 * column holding the invoice's id).
 */
export function invoiceChargedIn(payable: string, scope: readonly number[]) {
  return sql<boolean>`exists (select 1 from card_charges
    inner join expenses on expenses.id = card_charges.expense_id
    where card_charges.invoice_id = ${sql.ref(payable)}
      and ${columnIn('expenses.congregation_id', scope)})`;
}

/**
 * The payables of `scope`: an instalment by its own congregation (its expense's), a card invoice
 * by the expenses charged on it.
 */
export function payableIn(scope: readonly number[]) {
  return sql<boolean>`((accounts_payable.kind = 'invoice' and ${invoiceChargedIn(
    'accounts_payable.id',
    scope,
  )}) or (accounts_payable.kind <> 'invoice' and ${columnIn(
    'accounts_payable.congregation_id',
    scope,
  )}))`;
}

/** The congregations of the expenses charged on invoice `id`. */
export async function invoiceCongregations(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('card_charges')
    .innerJoin('expenses', 'expenses.id', 'card_charges.expense_id')
    .select('expenses.congregation_id')
    .distinct()
    .where('card_charges.invoice_id', '=', id)
    .execute();
  return rows.map((row) => row.congregation_id);
}

/**
 * The list filter `congregation_id` (one id or several): narrows inside the view; ids outside
 * it just find nothing.
 */
export function congregationFilter<Q>(column: string) {
  return (query: Q, value: unknown): Q =>
    (query as unknown as { where(expression: unknown): Q }).where(
      columnIn(column, idsFilter(value)),
    );
}

/** Limits a query to `scope` through `condition`; the whole church (null) adds nothing. */
export function scoped<Q>(
  query: Q,
  scope: Scope,
  condition: (ids: readonly number[]) => ReturnType<typeof sql<boolean>>,
): Q {
  if (scope === null) return query;
  return (query as unknown as { where(expression: unknown): Q }).where(condition(scope));
}

/** Rows with `congregation_name` beside their `congregation_id`. */
export async function withCongregationNames<T extends { congregation_id: number }>(
  db: Kysely<Database> | Db,
  rows: T[],
): Promise<Array<T & { congregation_name: string | null }>> {
  const ids = [...new Set(rows.map((row) => row.congregation_id))];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .selectFrom('congregations')
              .select(['id', 'name'])
              .where('id', 'in', ids)
              .execute()
          ).map((row) => [row.id, row.name]),
        );
  return rows.map((row) => ({ ...row, congregation_name: names.get(row.congregation_id) ?? null }));
}

export async function withCongregationName<T extends { congregation_id: number }>(
  db: Db,
  row: T,
): Promise<T & { congregation_name: string | null }> {
  return (await withCongregationNames(db, [row]))[0];
}

/** Changing something that touches a congregation outside the rights: 403. */
export function ensureAllWritable(rights: Scope, congregations: readonly number[]): void {
  if (rights === null) return;
  if (congregations.some((id) => !rights.includes(id))) throw forbidden(OUTSIDE_SCOPE);
}
