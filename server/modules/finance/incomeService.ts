// Incomes beneath their routes: each income is one movement on its account, created, changed
// and removed with it in the same database transaction.
import type { SelectQueryBuilder } from 'kysely';
import { PAYMENT_METHODS } from '../../../domain/finance/labels.js';
import { formatDate } from '../../../domain/formats.js';
import {
  type IncomeBatchInput,
  type IncomeInput,
  incomeSchema,
} from '../../../domain/finance/schemas.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Income } from '../../db/schema.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { conflict, invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import {
  addResult,
  addTransaction,
  changeResult,
  changeTransaction,
  removeResult,
  removeTransaction,
} from './ledger.js';
import { type FilterRule, applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import {
  type FieldErrors,
  checkAccount,
  checkCategory,
  checkFund,
  checkExists,
  findRecord,
} from './references.js';
import {
  congregationFilter,
  congregationFor,
  ensureAccountsUsable,
  withCongregationName,
  withCongregationNames,
} from './scope.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

type IncomeRow = Income;

const SORTS = { date: 'date', amount_cents: 'amount_cents', id: 'id' } as const;
export const INCOME_SORTS = Object.keys(SORTS);
const FILTERS: Record<string, FilterRule<SelectQueryBuilder<Database, 'incomes', object>>> = {
  id: 'ids',
  category_id: 'reference',
  donor_id: 'reference',
  bank_account_id: 'reference',
  payment_method: PAYMENT_METHODS,
  date_gte: 'from',
  date_lte: 'to',
  congregation_id: congregationFilter('congregation_id'),
};

/** Where an income came from: the count of a culto (the original, not its adjustment) and its date. */
interface CountOrigin {
  offering_count_id: number | null;
  offering_count_date: string | null;
}

/**
 * The closed counts that wrote these incomes (income id -> origin). Such an income is the
 * count's record: it changes only through an adjusting count, never by hand.
 */
async function countOrigins(db: Db, ids: number[]): Promise<Map<number, CountOrigin>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('offering_count_incomes')
    .innerJoin('offering_counts', 'offering_counts.id', 'offering_count_incomes.count_id')
    .select([
      'offering_count_incomes.income_id',
      'offering_counts.id',
      'offering_counts.adjusts_id',
      'offering_counts.date',
    ])
    .where('offering_count_incomes.income_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.income_id,
      { offering_count_id: row.adjusts_id ?? row.id, offering_count_date: row.date },
    ]),
  );
}

const NO_COUNT: CountOrigin = { offering_count_id: null, offering_count_date: null };

/** The income and its movement's id; `lock`: the income row stays locked (see findRecord). */
async function loadIncome(db: Db, id: number, lock?: DialectHelpers) {
  const row = await findRecord(db, 'incomes', id, 'Receita não encontrada.', lock);
  const movement = await db
    .selectFrom('transactions')
    .select('id')
    .where('income_id', '=', id)
    .executeTakeFirst();
  const origin = (await countOrigins(db, [id])).get(id) ?? NO_COUNT;
  return withCongregationName(db, { ...row, transaction_id: movement?.id ?? null, ...origin });
}

/** Who changes an income: a person (the default), or the adjusting count of the count that wrote it. */
export interface IncomeChangeOptions {
  byCount?: boolean;
}

/** Refuses a change by hand to an income a closed count wrote (409, naming the count). */
function ensureNotFromCount(income: CountOrigin, options: IncomeChangeOptions) {
  if (income.offering_count_date && !options.byCount) {
    throw conflict(
      `Esta receita veio da contagem do culto de ${formatDate(income.offering_count_date)}; corrija com uma contagem de ajuste.`,
    );
  }
}

/** The income's columns: its congregation resolved (`IncomeInput` may leave it out). */
type IncomeColumns = Omit<IncomeInput, 'congregation_id'> & { congregation_id: number };

/** The statement's words: the description, or the category and the donor. */
async function movementDescription(
  db: Db,
  income: Pick<IncomeInput, 'description' | 'category_id' | 'donor_id'>,
): Promise<string> {
  if (income.description) return income.description;
  const category = await db
    .selectFrom('finance_categories')
    .select('name')
    .where('id', '=', income.category_id)
    .executeTakeFirstOrThrow();
  const donor = income.donor_id
    ? await db
        .selectFrom('donors')
        .select('name')
        .where('id', '=', income.donor_id)
        .executeTakeFirst()
    : undefined;
  return donor ? `${category.name} – ${donor.name}` : category.name;
}

async function check(db: Db, income: Omit<IncomeInput, 'congregation_id'>, existing?: IncomeRow) {
  const errors: FieldErrors = {};
  const changed = (field: keyof IncomeRow, value: unknown) =>
    !existing || existing[field] !== value;
  await checkCategory(
    db,
    errors,
    income.category_id,
    'income',
    changed('category_id', income.category_id),
  );
  await checkAccount(
    db,
    errors,
    income.bank_account_id,
    changed('bank_account_id', income.bank_account_id),
  );
  await checkFund(db, errors, income.fund_id, changed('fund_id', income.fund_id));
  if (income.donor_id) {
    await checkExists(
      db,
      errors,
      'donors',
      income.donor_id,
      'donor_id',
      'Contribuinte não encontrado.',
    );
  }
  return errors;
}

async function insertIncome(db: Db, actor: Actor, income: IncomeColumns) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('incomes')
    .values({ ...income, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addResult(db, 'income', income);
  await addTransaction(db, {
    bank_account_id: income.bank_account_id,
    date: income.date,
    description: await movementDescription(db, income),
    amount_cents: income.amount_cents,
    kind: 'income',
    category_id: income.category_id,
    income_id: id,
  });
  const after = await loadIncome(db, id);
  await audit(db, actor, { action: 'create', resource: 'incomes', record_id: id, after });
  return after;
}

export function incomeService(db: Db, dialect: DialectHelpers) {
  return {
    async find(id: number, rights: Scope) {
      const income = await loadIncome(db, id);
      ensureReadable(rights, income.congregation_id);
      return income;
    },

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const base = inScope(db.selectFrom('incomes'), 'congregation_id', view);
      const query = applyFilters(base, filter, FILTERS);
      const [rows, total] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id'), range),
      ]);
      const movements = rows.length
        ? await db
            .selectFrom('transactions')
            .select(['id', 'income_id'])
            .where(
              'income_id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        : [];
      const movementOf = new Map(movements.map((movement) => [movement.income_id, movement.id]));
      const origins = await countOrigins(
        db,
        rows.map((row) => row.id),
      );
      const data = rows.map((row) => ({
        ...row,
        transaction_id: movementOf.get(row.id) ?? null,
        ...(origins.get(row.id) ?? NO_COUNT),
      }));
      return { rows: await withCongregationNames(db, data), total };
    },

    async create(actor: Actor, input: IncomeInput) {
      const congregation_id = await congregationFor(db, actor.rights, input.congregation_id);
      const income = { ...input, congregation_id };
      const errors = await check(db, income);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await ensureAccountsUsable(db, actor.rights, [income.bank_account_id]);
      return inTransaction(db, (trx) => insertIncome(trx, actor, income));
    },

    /** The offerings of a service, counted together: several incomes in one go, all or none. */
    async createBatch(actor: Actor, batch: IncomeBatchInput) {
      const { lines, ...shared } = batch;
      const congregation_id = await congregationFor(db, actor.rights, shared.congregation_id);
      const incomes = lines.map((line) => ({
        ...line,
        congregation_id,
        date: shared.date,
        bank_account_id: shared.bank_account_id,
        description: line.description ?? shared.description,
        notes: null,
      }));
      const errors: FieldErrors = {};
      for (const [index, income] of incomes.entries()) {
        for (const [field, message] of Object.entries(await check(db, income))) {
          const key =
            field === 'bank_account_id' || field === 'date' ? field : `lines.${index}.${field}`;
          errors[key] ??= message;
        }
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await ensureAccountsUsable(db, actor.rights, [shared.bank_account_id]);
      return inTransaction(db, async (trx) => {
        const created = [];
        for (const income of incomes) created.push(await insertIncome(trx, actor, income));
        return created;
      });
    },

    /** `changes` merged with the stored income, validated as a whole; its movement follows. */
    async update(
      actor: Actor,
      id: number,
      changes: Record<string, unknown>,
      options: IncomeChangeOptions = {},
    ) {
      // Read, merged and written under the row's lock: two edits at once (one changing the
      // amount, the other the description) each keep the other's change.
      return inTransaction(db, async (trx) => {
        const stored = await loadIncome(trx, id, dialect);
        ensureWritable(actor.rights, stored.congregation_id);
        ensureNotFromCount(stored, options);
        const input = validated(incomeSchema, { ...stored, ...changes });
        const income = {
          ...input,
          congregation_id:
            input.congregation_id === null || input.congregation_id === stored.congregation_id
              ? stored.congregation_id
              : await congregationFor(trx, actor.rights, input.congregation_id),
        };
        const errors = await check(trx, income, stored);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await ensureAccountsUsable(trx, actor.rights, [
          stored.bank_account_id,
          income.bank_account_id,
        ]);
        await trx
          .updateTable('incomes')
          .set({ ...income, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await changeResult(trx, 'income', stored, income);
        const movement = {
          bank_account_id: income.bank_account_id,
          date: income.date,
          description: await movementDescription(trx, income),
          amount_cents: income.amount_cents,
          category_id: income.category_id,
        };
        if (stored.transaction_id) await changeTransaction(trx, stored.transaction_id, movement);
        else await addTransaction(trx, { ...movement, kind: 'income', income_id: id });
        const after = await loadIncome(trx, id);
        await audit(trx, actor, {
          action: 'update',
          resource: 'incomes',
          record_id: id,
          before: stored,
          after,
        });
        return after;
      });
    },

    remove: (actor: Actor, id: number, options: IncomeChangeOptions = {}) =>
      inTransaction(db, async (trx) => {
        // Under the row's lock: a second delete at once waits, then finds nothing (404).
        const existing = await loadIncome(trx, id, dialect);
        ensureWritable(actor.rights, existing.congregation_id);
        ensureNotFromCount(existing, options);
        await ensureAccountsUsable(trx, actor.rights, [existing.bank_account_id]);
        const movements = await trx
          .selectFrom('transactions')
          .select('id')
          .where('income_id', '=', id)
          .execute();
        for (const movement of movements) await removeTransaction(trx, movement.id);
        await trx.deleteFrom('incomes').where('id', '=', id).execute();
        await removeResult(trx, 'income', existing);
        await audit(trx, actor, {
          action: 'delete',
          resource: 'incomes',
          record_id: id,
          before: existing,
        });
        return existing;
      }),
  };
}
