// Expenses beneath their routes. Each expense owes its instalments (from an account) or its card
// charges (on the card's invoices), kept with it by schedule.ts.
import type { SelectQueryBuilder } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { EXPENSE_STATUSES } from '../../../domain/finance/labels.js';
import { type ExpenseInput, expenseSchema } from '../../../domain/finance/schemas.js';
import { likePattern, searchText, searchWords } from '../../../domain/search.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import {
  type FilterRule,
  applyFilters,
  pageOf,
  textFilter,
  totalOf,
} from '../../http/listFilters.js';
import {
  type FieldErrors,
  checkAccount,
  checkCard,
  checkCategory,
  checkFund,
  checkExists,
  findRecord,
} from './references.js';
import {
  type ExpenseRow,
  createSchedule,
  firstDueDate,
  removeSchedule,
  updateSchedule,
} from './schedule.js';
import {
  congregationFilter,
  congregationFor,
  ensureAccountsUsable,
  withCongregationName,
  withCongregationNames,
} from './scope.js';
import { inTransaction } from '../../db/executor.js';
import { addResult, changeResult, removeResult } from './ledger.js';
import type { Db } from './types.js';

const SORTS = {
  date: 'date',
  due_date: 'due_date',
  amount_cents: 'amount_cents',
  description: 'search',
  id: 'id',
} as const;
export const EXPENSE_SORTS = Object.keys(SORTS);

const FILTERS: Record<string, FilterRule<ExpensesQuery>> = {
  q: (found, value) => {
    for (const word of searchWords(textFilter(value, 'q'))) {
      found = found.where('search', 'like', likePattern(word));
    }
    return found;
  },
  id: 'ids',
  category_id: 'reference',
  vendor_id: 'reference',
  bank_account_id: 'reference',
  credit_card_id: 'reference',
  status: EXPENSE_STATUSES,
  date_gte: 'from',
  date_lte: 'to',
  congregation_id: congregationFilter('congregation_id'),
};

const NOT_FOUND = 'Despesa não encontrada.';

type ExpensesQuery = SelectQueryBuilder<Database, 'expenses', object>;

type ReceiptInfo = { file_name: string; content_type: string; size: number } | null;

export function toApiExpense(row: ExpenseRow, receipt: ReceiptInfo) {
  const { search: _search, ...fields } = row;
  return { ...fields, receipt };
}

async function receiptsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, ReceiptInfo>();
  const rows = await db
    .selectFrom('receipts')
    .select(['expense_id', 'file_name', 'content_type', 'size'])
    .where('expense_id', 'in', ids)
    .execute();
  return new Map(rows.map(({ expense_id, ...info }) => [expense_id, info as ReceiptInfo]));
}

/** The expense with its receipt and its parts (instalments or card charges). */
export async function loadExpense(db: Db, id: number) {
  const row = await findRecord(db, 'expenses', id, NOT_FOUND);
  const receipt = (await receiptsOf(db, [id])).get(id) ?? null;
  const today = todayIso();
  const overdue = (status: string, due: string) =>
    status === 'pending' && due < today ? 'overdue' : status;
  const schedule = row.credit_card_id
    ? (
        await db
          .selectFrom('card_charges')
          .innerJoin('accounts_payable', 'accounts_payable.id', 'card_charges.invoice_id')
          .select([
            'card_charges.installment',
            'card_charges.amount_cents',
            'accounts_payable.id as payable_id',
            'accounts_payable.due_date',
            'accounts_payable.status',
            'accounts_payable.paid_on',
          ])
          .where('card_charges.expense_id', '=', id)
          .orderBy('card_charges.installment')
          .execute()
      ).map((part) => ({ ...part, status: overdue(part.status, part.due_date) }))
    : (
        await db
          .selectFrom('accounts_payable')
          .select([
            'installment',
            'amount_cents',
            'id as payable_id',
            'due_date',
            'status',
            'paid_on',
          ])
          .where('expense_id', '=', id)
          .orderBy('installment')
          .execute()
      ).map((part) => ({ ...part, status: overdue(part.status, part.due_date) }));
  return withCongregationName(db, { ...toApiExpense(row, receipt), schedule });
}

/**
 * Money of the expense moves only through accounts inside `rights`: the one it is paid from
 * and those its instalments were paid from.
 */
async function ensureExpenseAccounts(db: Db, rights: Scope, expense: ExpenseRow) {
  if (rights === null) return;
  const paid = await db
    .selectFrom('accounts_payable')
    .select('bank_account_id')
    .where('expense_id', '=', expense.id)
    .where('status', '=', 'paid')
    .execute();
  await ensureAccountsUsable(db, rights, [
    expense.bank_account_id,
    ...paid.map((payable) => payable.bank_account_id),
  ]);
}

/**
 * A valid expense's columns, once the records it points at are checked (on update: `existing`),
 * in a congregation and paid from an account inside `rights`.
 */
async function prepare(db: Db, rights: Scope, expense: ExpenseInput, existing?: ExpenseRow) {
  const congregation_id =
    existing &&
    (expense.congregation_id === null || expense.congregation_id === existing.congregation_id)
      ? existing.congregation_id
      : await congregationFor(db, rights, expense.congregation_id);
  const errors: FieldErrors = {};
  const changed = (field: keyof ExpenseRow, value: unknown) =>
    !existing || existing[field] !== value;
  await checkCategory(
    db,
    errors,
    expense.category_id,
    'expense',
    changed('category_id', expense.category_id),
  );
  await checkFund(db, errors, expense.fund_id, changed('fund_id', expense.fund_id));
  if (expense.vendor_id) {
    await checkExists(
      db,
      errors,
      'vendors',
      expense.vendor_id,
      'vendor_id',
      'Fornecedor não encontrado.',
    );
  }
  if (expense.bank_account_id) {
    await checkAccount(
      db,
      errors,
      expense.bank_account_id,
      changed('bank_account_id', expense.bank_account_id),
    );
  }
  if (expense.credit_card_id) {
    await checkCard(
      db,
      errors,
      expense.credit_card_id,
      changed('credit_card_id', expense.credit_card_id),
    );
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await ensureAccountsUsable(db, rights, [expense.bank_account_id]);
  const card = Boolean(expense.credit_card_id);
  return {
    ...expense,
    congregation_id,
    search: searchText(expense.description),
    payment_method: card ? 'card' : expense.payment_method,
    due_date: await firstDueDate(db, expense),
  };
}

export function expenseService(db: Db, dialect: DialectHelpers) {
  return {
    async find(id: number, rights: Scope) {
      const expense = await loadExpense(db, id);
      ensureReadable(rights, expense.congregation_id);
      return expense;
    },

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const base = inScope(db.selectFrom('expenses'), 'congregation_id', view);
      const query = applyFilters(base, filter, FILTERS);
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      const receipts = await receiptsOf(
        db,
        rows.map((row) => row.id),
      );
      const data = await withCongregationNames(
        db,
        rows.map((row) => toApiExpense(row, receipts.get(row.id) ?? null)),
      );
      return { rows: data, total: count };
    },

    async create(actor: Actor, expense: ExpenseInput) {
      const columns = await prepare(db, actor.rights, expense);
      const now = new Date().toISOString();
      return inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('expenses')
          .values({ ...columns, status: 'pending', created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await addResult(trx, 'expense', row);
        await createSchedule(trx, dialect, row);
        const after = await loadExpense(trx, row.id);
        await audit(trx, actor, {
          action: 'create',
          resource: 'expenses',
          record_id: row.id,
          after,
        });
        return after;
      });
    },

    /** `changes` merged with the stored expense, validated as a whole; its schedule follows. */
    async update(actor: Actor, id: number, changes: Record<string, unknown>) {
      // Read, merged and written under the expense's lock, taken first: a payment of one of
      // its payables (which locks the expense before the payable) waits, and is not lost.
      return inTransaction(db, async (trx) => {
        const stored = await findRecord(trx, 'expenses', id, NOT_FOUND, dialect);
        ensureWritable(actor.rights, stored.congregation_id);
        await ensureExpenseAccounts(trx, actor.rights, stored);
        const merged: Record<string, unknown> = { ...stored, ...changes };
        // An instalment plan's or a card purchase's paid_on is the date it was fully paid, not
        // an input: sent back unchanged, it is not a request to pay.
        const derivedPaidOn = stored.credit_card_id || stored.installments > 1;
        if (derivedPaidOn && merged.paid_on === stored.paid_on) merged.paid_on = null;
        const columns = await prepare(trx, actor.rights, validated(expenseSchema, merged), stored);
        const before = await loadExpense(trx, id);
        const row = await trx
          .updateTable('expenses')
          .set({ ...columns, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await changeResult(trx, 'expense', stored, row);
        await updateSchedule(trx, dialect, stored, row);
        const after = await loadExpense(trx, id);
        await audit(trx, actor, {
          action: 'update',
          resource: 'expenses',
          record_id: id,
          before,
          after,
        });
        return after;
      });
    },

    remove: (actor: Actor, id: number) =>
      inTransaction(db, async (trx) => {
        // The expense's lock first (the order a payment takes): a second delete at once
        // waits, then finds nothing (404).
        const stored = await findRecord(trx, 'expenses', id, NOT_FOUND, dialect);
        ensureWritable(actor.rights, stored.congregation_id);
        await ensureExpenseAccounts(trx, actor.rights, stored);
        const existing = await loadExpense(trx, id);
        await removeSchedule(trx, id);
        await trx.deleteFrom('receipts').where('expense_id', '=', id).execute();
        await trx.deleteFrom('expenses').where('id', '=', id).execute();
        await removeResult(trx, 'expense', stored);
        await audit(trx, actor, {
          action: 'delete',
          resource: 'expenses',
          record_id: id,
          before: existing,
        });
        return existing;
      }),
  };
}
