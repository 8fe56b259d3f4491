// Counts of a culto's offering beneath their routes: read with their counters, lines and cash;
// created, edited and deleted while open. Closing, adjusting and the deposit are in closing.ts.
import type { SelectQueryBuilder } from 'kysely';
import {
  COUNT_STATUSES,
  type OfferingCountInput,
  cashTotal,
  countTotals,
  offeringCountSchema,
} from '../../../domain/finance/offeringCounts.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import type { Database, OfferingCount } from '../../db/schema.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type FilterRule, applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import type { AuditAction } from '../../../domain/audit.js';
import { type Actor, audit } from '../../audit/trail.js';
import { offeringCountPdf } from '../../pdf/offeringCount.js';
import {
  type FieldErrors,
  checkAccount,
  checkCategory,
  congregationFilter,
  congregationFor,
  ensureAccountsUsable,
  withCongregationNames,
} from '../finance/index.js';

export const NOT_FOUND = 'Contagem não encontrada.';
export const CLOSED =
  'Esta contagem já foi fechada e não pode ser alterada. Para corrigir, abra uma contagem de ajuste.';

const SORTS = { date: 'date', total_cents: 'total_cents', id: 'id' } as const;
export const COUNT_SORTS = Object.keys(SORTS);
const FILTERS: Record<
  string,
  FilterRule<SelectQueryBuilder<Database, 'offering_counts', object>>
> = {
  id: 'ids',
  status: COUNT_STATUSES,
  bank_account_id: 'reference',
  adjusts_id: 'reference',
  date_gte: 'from',
  date_lte: 'to',
  congregation_id: congregationFilter('congregation_id'),
};

/** The count row; a 404 when there is none. `lock`: the row stays locked (PostgreSQL). */
export async function countRow(db: Executor, id: number, lock?: DialectHelpers) {
  const query = db.selectFrom('offering_counts').selectAll().where('id', '=', id);
  const row = await (lock ? lock.forUpdate(query) : query).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const nameMap = async (
  db: Executor,
  table: 'finance_categories' | 'donors' | 'bank_accounts',
  ids: number[],
) =>
  ids.length === 0
    ? new Map<number, string>()
    : new Map(
        (
          await db
            .selectFrom(table)
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(ids)])
            .execute()
        ).map((row) => [row.id, row.name]),
      );

/** A count as the API answers it: its counters, lines (with names), cash and totals. */
export async function loadCount(db: Executor, row: OfferingCount) {
  const [counters, lines, cash, incomes, adjustments] = await Promise.all([
    db
      .selectFrom('offering_count_counters')
      .select(['user_id', 'member_id', 'name'])
      .where('count_id', '=', row.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('offering_count_lines')
      .select(['method', 'category_id', 'donor_id', 'envelope', 'amount_cents'])
      .where('count_id', '=', row.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('offering_count_cash')
      .select(['denomination_cents', 'quantity'])
      .where('count_id', '=', row.id)
      .orderBy('denomination_cents', 'desc')
      .execute(),
    db
      .selectFrom('offering_count_incomes')
      .select(['income_id', 'amount_cents'])
      .where('count_id', '=', row.id)
      .orderBy('income_id')
      .execute(),
    db
      .selectFrom('offering_counts')
      .select(['id', 'status', 'total_cents', 'date'])
      .where('adjusts_id', '=', row.id)
      .orderBy('id')
      .execute(),
  ]);
  const [categories, donors, accounts] = await Promise.all([
    nameMap(
      db,
      'finance_categories',
      lines.map((line) => line.category_id),
    ),
    nameMap(
      db,
      'donors',
      lines.flatMap((line) => (line.donor_id ? [line.donor_id] : [])),
    ),
    db
      .selectFrom('bank_accounts')
      .select(['id', 'name', 'kind'])
      .where('id', 'in', [row.bank_account_id, row.deposit_account_id ?? row.bank_account_id])
      .execute(),
  ]);
  const account = (id: number | null) => accounts.find((candidate) => candidate.id === id);
  const [named] = await withCongregationNames(db, [row]);
  const totals = countTotals(lines as OfferingCountInput['lines']);
  return {
    ...named,
    bank_account_name: account(row.bank_account_id)?.name ?? null,
    // A caixa's cash is deposited into a bank account (a transfer); a bank's is already there.
    bank_account_kind: account(row.bank_account_id)?.kind ?? null,
    deposit_account_name: account(row.deposit_account_id)?.name ?? null,
    counters,
    lines: lines.map((line) => ({
      ...line,
      category_name: categories.get(line.category_id) ?? null,
      donor_name: line.donor_id ? (donors.get(line.donor_id) ?? null) : null,
    })),
    cash,
    cash_total_cents: cashTotal(cash),
    by_method: totals.by_method,
    by_category: Object.entries(totals.by_category).map(([id, amount]) => ({
      category_id: Number(id),
      category_name: categories.get(Number(id)) ?? null,
      amount_cents: amount,
    })),
    envelopes_cents: totals.envelopes_cents,
    incomes,
    adjustments,
  };
}
export type LoadedCount = Awaited<ReturnType<typeof loadCount>>;

/** The count `id` as it now stands, with the trail's entry of what `actor` just did to it. */
export async function auditedCount(
  db: Executor,
  actor: Actor,
  action: AuditAction,
  id: number,
  before?: LoadedCount,
  details?: Record<string, unknown>,
) {
  const after = await loadCount(db, await countRow(db, id));
  await audit(db, actor, {
    action,
    resource: 'offering_counts',
    record_id: id,
    before,
    after,
    details,
  });
  return after;
}

/** The stored count as the schema's input: what an edit merges its changes into. */
export const inputOf = (count: LoadedCount): OfferingCountInput => ({
  congregation_id: count.congregation_id,
  date: count.date,
  service_name: count.service_name,
  bank_account_id: count.bank_account_id,
  notes: count.notes,
  counters: count.counters,
  lines: count.lines.map(({ method, category_id, donor_id, envelope, amount_cents }) => ({
    method: method as OfferingCountInput['lines'][number]['method'],
    category_id,
    donor_id,
    envelope,
    amount_cents,
  })),
  cash: count.cash,
});

/**
 * What only the database can say about a count: the account, categories (of income, active),
 * donors, users and members it names exist; only an adjusting count has negative lines.
 */
export async function checkCount(
  db: Executor,
  count: OfferingCountInput,
  adjusting: boolean,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  await checkAccount(db, errors, count.bank_account_id);
  const exists = async (table: 'donors' | 'users' | 'members', ids: number[]) =>
    new Set(
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom(table)
              .select('id')
              .where('id', 'in', [...new Set(ids)])
              .execute()
          ).map((row) => row.id),
    );
  const donors = await exists(
    'donors',
    count.lines.flatMap((line) => (line.donor_id ? [line.donor_id] : [])),
  );
  for (const [index, line] of count.lines.entries()) {
    await checkCategory(db, errors, line.category_id, 'income', true, `lines.${index}.category_id`);
    if (line.donor_id && !donors.has(line.donor_id)) {
      errors[`lines.${index}.donor_id`] ??= 'Contribuinte não encontrado.';
    }
    if (!adjusting && line.amount_cents < 0) {
      errors[`lines.${index}.amount_cents`] ??= 'O valor deve ser maior que zero.';
    }
  }
  const users = await exists(
    'users',
    count.counters.flatMap((counter) => (counter.user_id ? [counter.user_id] : [])),
  );
  const members = await exists(
    'members',
    count.counters.flatMap((counter) => (counter.member_id ? [counter.member_id] : [])),
  );
  for (const [index, counter] of count.counters.entries()) {
    if (counter.user_id && !users.has(counter.user_id)) {
      errors[`counters.${index}.user_id`] ??= 'Usuário não encontrado.';
    }
    if (counter.member_id && !members.has(counter.member_id)) {
      errors[`counters.${index}.member_id`] ??= 'Membro não encontrado.';
    }
  }
  const names = count.counters.map((counter) => counter.name.toLocaleLowerCase('pt-BR'));
  if (new Set(names).size !== names.length) {
    errors.counters ??= 'Cada contador conta uma vez: os nomes se repetem.';
  }
  const pieces = count.cash.map((piece) => piece.denomination_cents);
  if (new Set(pieces).size !== pieces.length) {
    errors.cash ??= 'Uma linha por cédula ou moeda.';
  }
  return errors;
}

/** Writes the count's counters, lines and cash (replacing what it had) and its totals. */
async function writeChildren(db: Executor, id: number, count: OfferingCountInput) {
  for (const table of [
    'offering_count_counters',
    'offering_count_lines',
    'offering_count_cash',
  ] as const) {
    await db.deleteFrom(table).where('count_id', '=', id).execute();
  }
  await db
    .insertInto('offering_count_counters')
    .values(
      count.counters.map((counter, position) => ({
        count_id: id,
        position,
        user_id: counter.user_id,
        member_id: counter.member_id,
        name: counter.name,
      })),
    )
    .execute();
  if (count.lines.length > 0) {
    await db
      .insertInto('offering_count_lines')
      .values(
        count.lines.map((line, position) => ({
          count_id: id,
          position,
          method: line.method,
          category_id: line.category_id,
          donor_id: line.donor_id,
          envelope: line.envelope,
          amount_cents: line.amount_cents,
        })),
      )
      .execute();
  }
  const cash = count.cash.filter((piece) => piece.quantity > 0);
  if (cash.length > 0) {
    await db
      .insertInto('offering_count_cash')
      .values(cash.map((piece) => ({ count_id: id, ...piece })))
      .execute();
  }
}

/** The count's own columns (its totals derived from the lines). */
const columnsOf = (count: OfferingCountInput, congregation_id: number) => {
  const totals = countTotals(count.lines);
  return {
    congregation_id,
    date: count.date,
    service_name: count.service_name,
    bank_account_id: count.bank_account_id,
    notes: count.notes,
    total_cents: totals.total_cents,
    depositable_cents: totals.depositable_cents,
  };
};

export function countService(db: Executor, dialect: DialectHelpers) {
  return {
    async find(id: number, rights: Scope) {
      const row = await countRow(db, id);
      ensureReadable(rights, row.congregation_id);
      return loadCount(db, row);
    },

    /** The termo de contagem (PDF) of a count the reader may see, audited. */
    async termo(actor: Actor, id: number, rights: Scope) {
      const count = await this.find(id, rights);
      const church = await db
        .selectFrom('church')
        .selectAll()
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const pdf = await offeringCountPdf({ ...count, church });
      const file = `termo-de-contagem-${count.id}.pdf`;
      await audit(db, actor, {
        action: 'pdf',
        resource: 'offering_counts',
        record_id: count.id,
        details: { file, rows: count.lines.length },
      });
      return { file, pdf };
    },

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const base = inScope(db.selectFrom('offering_counts'), 'congregation_id', view);
      const query = applyFilters(base, filter, FILTERS);
      const [rows, total] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id'), range),
      ]);
      const accounts = await nameMap(
        db,
        'bank_accounts',
        rows.map((row) => row.bank_account_id),
      );
      const named = await withCongregationNames(db, rows);
      return {
        rows: named.map((row) => ({
          ...row,
          bank_account_name: accounts.get(row.bank_account_id) ?? null,
        })),
        total,
      };
    },

    /** Opens a count (an adjusting one comes from closing.ts `adjust`). */
    async create(actor: Actor, input: OfferingCountInput) {
      const congregation_id = await congregationFor(db, actor.rights, input.congregation_id);
      const errors = await checkCount(db, input, false);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await ensureAccountsUsable(db, actor.rights, [input.bank_account_id]);
      return inTransaction(db, async (trx) => {
        const now = new Date().toISOString();
        const { id } = await trx
          .insertInto('offering_counts')
          .values({
            ...columnsOf(input, congregation_id),
            status: 'open',
            adjusts_id: null,
            created_by: actor.user_id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeChildren(trx, id, input);
        return auditedCount(trx, actor, 'create', id);
      });
    },

    /** `changes` merged with the stored count and validated whole; only while it is open. */
    update: (actor: Actor, id: number, changes: Record<string, unknown>) =>
      inTransaction(db, async (trx) => {
        const row = await countRow(trx, id, dialect);
        ensureWritable(actor.rights, row.congregation_id);
        if (row.status !== 'open') throw conflict(CLOSED);
        const before = await loadCount(trx, row);
        const merged = validated(offeringCountSchema, { ...inputOf(before), ...changes });
        // An adjusting count corrects its original's culto: the same day, account and place.
        const input = row.adjusts_id
          ? {
              ...merged,
              congregation_id: row.congregation_id,
              date: row.date,
              service_name: row.service_name,
              bank_account_id: row.bank_account_id,
            }
          : merged;
        const congregation_id =
          input.congregation_id === null || input.congregation_id === row.congregation_id
            ? row.congregation_id
            : await congregationFor(trx, actor.rights, input.congregation_id);
        const errors = await checkCount(trx, input, row.adjusts_id !== null);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await ensureAccountsUsable(trx, actor.rights, [row.bank_account_id, input.bank_account_id]);
        await trx
          .updateTable('offering_counts')
          .set({ ...columnsOf(input, congregation_id), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await writeChildren(trx, id, input);
        return auditedCount(trx, actor, 'update', id, before);
      }),

    /** An open count typed by mistake; a closed one stays (its incomes are the books). */
    remove: (actor: Actor, id: number) =>
      inTransaction(db, async (trx) => {
        const row = await countRow(trx, id, dialect);
        ensureWritable(actor.rights, row.congregation_id);
        if (row.status !== 'open') throw conflict(CLOSED);
        const before = await loadCount(trx, row);
        await trx.deleteFrom('offering_counts').where('id', '=', id).execute();
        await audit(trx, actor, {
          action: 'delete',
          resource: 'offering_counts',
          record_id: id,
          before,
        });
        return before;
      }),
  };
}
