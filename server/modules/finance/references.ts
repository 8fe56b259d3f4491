// Records and the references between them: one found by id (or a 404), the records a form
// points at checked to exist (and be active, for new movements) as field errors in Portuguese,
// and what still points at a record that is about to be deleted.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CategoryKind } from '../../../domain/finance/labels.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { asBool } from '../../http/listFilters.js';
import type { Db } from './types.js';

type FinanceTable =
  | 'incomes'
  | 'expenses'
  | 'bank_accounts'
  | 'finance_categories'
  | 'credit_cards'
  | 'accounts_payable'
  | 'transactions'
  | 'vendors'
  | 'donors';

/**
 * The row `id` of `table`; a 404 with `message` when there is none. With `lock` (inside a
 * transaction) the row stays locked until the transaction ends: read-modify-write of one
 * record by two requests at once then runs one after the other (PostgreSQL `for update`).
 */
export async function findRecord<T extends FinanceTable>(
  db: Db,
  table: T,
  id: number,
  message: string,
  lock?: DialectHelpers,
): Promise<Selectable<Database[T]>> {
  const query = db
    .selectFrom(table as FinanceTable)
    .selectAll()
    .where(sql.ref('id'), '=', id);
  const row = await (lock ? lock.forUpdate(query) : query).executeTakeFirst();
  if (!row) throw notFound(message);
  return row as Selectable<Database[T]>;
}

export type FieldErrors = Record<string, string>;

/** `changed`: the reference is new or changed, so it must also be active. */
export async function checkCategory(
  db: Db,
  errors: FieldErrors,
  id: number,
  kind: CategoryKind,
  changed = true,
  field = 'category_id',
) {
  const row = await db
    .selectFrom('finance_categories')
    .select(['kind', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors[field] ??= 'Categoria não encontrada.';
  else if (row.kind !== kind) {
    errors[field] ??=
      kind === 'income' ? 'Escolha uma categoria de receita.' : 'Escolha uma categoria de despesa.';
  } else if (await hasSubaccounts(db, id)) {
    errors[field] ??= 'Esta conta é um grupo do plano de contas: escolha uma das suas subcontas.';
  } else if (changed && !asBool(row.active)) errors[field] ??= 'Esta categoria está desativada.';
}

/** Whether an account of the plano de contas is a group (movements take only its leaves). */
export async function hasSubaccounts(db: Db, id: number): Promise<boolean> {
  const child = await db
    .selectFrom('finance_categories')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return child !== undefined;
}

export async function checkAccount(
  db: Db,
  errors: FieldErrors,
  id: number,
  changed = true,
  field = 'bank_account_id',
) {
  const row = await db
    .selectFrom('bank_accounts')
    .select(['active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors[field] ??= 'Conta bancária não encontrada.';
  else if (changed && !asBool(row.active)) errors[field] ??= 'Esta conta está desativada.';
}

/** A fund of an income or expense: it exists, and is active when newly chosen. */
export async function checkFund(db: Db, errors: FieldErrors, id: number | null, changed = true) {
  if (id === null) return;
  const row = await db
    .selectFrom('finance_funds')
    .select(['active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors.fund_id ??= 'Fundo não encontrado.';
  else if (changed && !asBool(row.active)) errors.fund_id ??= 'Este fundo está desativado.';
}

export async function checkCard(db: Db, errors: FieldErrors, id: number, changed = true) {
  const row = await db
    .selectFrom('credit_cards')
    .select(['active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors.credit_card_id ??= 'Cartão de crédito não encontrado.';
  else if (changed && !asBool(row.active)) errors.credit_card_id ??= 'Este cartão está desativado.';
}

export async function checkExists(
  db: Db,
  errors: FieldErrors,
  table: 'vendors' | 'donors' | 'members',
  id: number,
  field: string,
  message: string,
) {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) errors[field] ??= message;
}

/** How many rows of `table` point at record `id` through `column` (deletes refuse while any do). */
export async function referenceCount(
  db: Db,
  table: 'transactions' | 'incomes' | 'expenses' | 'credit_cards',
  column: 'bank_account_id' | 'category_id' | 'credit_card_id' | 'vendor_id' | 'donor_id',
  id: number,
): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql.ref(column), '=', id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Deletes record `id` of `table` with its audit entry, in one transaction, unless `inUse` says
 * in words what still points at it (a 409 with them). Answers the deleted record.
 */
export async function deleteUnlessInUse<Row extends Record<string, unknown>>(
  db: Kysely<Database>,
  actor: Actor,
  table: FinanceTable,
  id: number,
  steps: {
    find(id: number, db: Db): Promise<Row>;
    inUse(db: Db, id: number): Promise<string | null>;
    /** What else goes with the record (e.g. a card's empty invoices). */
    alsoDelete?(db: Db): Promise<void>;
    /** The stored columns the audit keeps (default: the record). */
    audited?(record: Row): Record<string, unknown>;
  },
): Promise<Row> {
  return db.transaction().execute(async (trx) => {
    const existing = await steps.find(id, trx);
    const message = await steps.inUse(trx, id);
    if (message) throw conflict(message);
    await steps.alsoDelete?.(trx);
    await trx
      .deleteFrom(table as FinanceTable)
      .where(sql.ref('id'), '=', id)
      .execute();
    await audit(trx, actor, {
      action: 'delete',
      resource: table,
      record_id: id,
      before: steps.audited?.(existing) ?? existing,
    });
    return existing;
  });
}
