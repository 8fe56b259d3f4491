// Bank accounts beneath their routes: created, deactivated or reactivated (never edited),
// deleted only while nothing uses them, and the statement with the balance after each movement.
import { BANK_ACCOUNT_KINDS } from '../../../domain/finance/labels.js';
import type { PixSettingsInput } from '../../../domain/finance/pix.js';
import type { BankAccountInput } from '../../../domain/finance/schemas.js';
import { likePattern, searchWords } from '../../../domain/search.js';
import type { BankAccount } from '../../db/schema.js';
import { type Scope, ensureReadable, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { conflict } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { plural } from '../../../domain/text.js';
import {
  applyFilters,
  asBool,
  dateFilter,
  filtersOf,
  pageOf,
  textFilter,
  totalOf,
} from '../../http/listFilters.js';
import { deleteUnlessInUse, findRecord, referenceCount } from './references.js';
import { congregationFilter, congregationFor, withCongregationNames } from './scope.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';
import { withStatementLines } from './statementLinks.js';
import { linkLedgerAccount, unlinkLedgerAccount } from '../../db/ledgerAccounts.js';

export const toApiAccount = (row: BankAccount) => ({
  ...row,
  active: asBool(row.active),
});

const SORTS = { name: 'name', kind: 'kind', balance_cents: 'balance_cents', id: 'id' } as const;
export const BANK_ACCOUNT_SORTS = Object.keys(SORTS);

/** What still uses an account, in words; null when nothing does. */
async function inUse(db: Db, id: number): Promise<string | null> {
  const count = (table: 'transactions' | 'incomes' | 'expenses' | 'credit_cards') =>
    referenceCount(db, table, 'bank_account_id', id);
  const movements = await count('transactions');
  if (movements > 0) {
    return `Esta conta tem ${plural(movements, 'lançamento', 'lançamentos')}: não pode ser excluída. Desative-a para que não receba novos lançamentos; o histórico fica guardado.`;
  }
  const cards = await count('credit_cards');
  if (cards > 0)
    return 'Há cartões de crédito que pagam a fatura por esta conta: troque a conta deles antes.';
  if ((await count('expenses')) > 0)
    return 'Há despesas a pagar por esta conta: não pode ser excluída.';
  if ((await count('incomes')) > 0) return 'Há receitas nesta conta: não pode ser excluída.';
  return null;
}

/**
 * The balance right after a movement: the opening balance, the monthly totals of the months
 * before it, and its own month's movements up to it (a few thousand rows at most).
 */
async function balanceAfter(
  db: Db,
  account: { id: number; opening_balance_cents: number },
  movement: { date: string; id: number },
) {
  const month = movement.date.slice(0, 7);
  const sum = (query: ReturnType<typeof movementsOf>) =>
    query
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow();
  const movementsOf = () => db.selectFrom('transactions').where('bank_account_id', '=', account.id);
  // Plain ranges (no row comparison): both databases read them straight from the index.
  const [earlier, sameMonth, sameDay] = await Promise.all([
    db
      .selectFrom('finance_month_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', '=', account.id)
      .where('month', '<', month)
      .executeTakeFirstOrThrow(),
    sum(movementsOf().where('date', '>=', `${month}-01`).where('date', '<', movement.date)),
    sum(movementsOf().where('date', '=', movement.date).where('id', '<=', movement.id)),
  ]);
  return (
    account.opening_balance_cents +
    Number(earlier.total) +
    Number(sameMonth.total) +
    Number(sameDay.total)
  );
}

export function bankAccountService(db: Db) {
  const find = async (id: number, on: Db = db) =>
    (
      await withCongregationNames(on, [
        toApiAccount(await findRecord(on, 'bank_accounts', id, 'Conta bancária não encontrada.')),
      ])
    )[0];
  /** The account, or a 404 outside `rights`. */
  const readable = async (id: number, rights: Scope, on: Db = db) => {
    const account = await find(id, on);
    ensureReadable(rights, account.congregation_id);
    return account;
  };
  /** The account, or a 403 outside `rights`. */
  const writable = async (id: number, rights: Scope, on: Db = db) => {
    const account = await find(id, on);
    ensureWritable(rights, account.congregation_id);
    return account;
  };

  return {
    find: (id: number, rights: Scope) => readable(id, rights),

    async list({ sort, range, filter }: ListParams, view: Scope) {
      const base = inScope(db.selectFrom('bank_accounts'), 'congregation_id', view);
      const query = applyFilters(base, filter, {
        q: (found, value) => {
          for (const word of searchWords(textFilter(value, 'q'))) {
            found = found.where((eb) =>
              eb.or([
                eb(eb.fn('lower', ['name']), 'like', likePattern(word)),
                eb(eb.fn('lower', ['bank']), 'like', likePattern(word)),
              ]),
            );
          }
          return found;
        },
        id: 'ids',
        kind: BANK_ACCOUNT_KINDS,
        active: 'bool',
        congregation_id: congregationFilter('congregation_id'),
      });
      const [rows, count] = await Promise.all([
        pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      return {
        rows: await withCongregationNames(db, rows.map(toApiAccount)),
        total: count,
      };
    },

    create: async (actor: Actor, account: BankAccountInput) => {
      const congregation_id = await congregationFor(db, actor.rights, account.congregation_id);
      const now = new Date().toISOString();
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('bank_accounts')
          .values({
            ...account,
            congregation_id,
            balance_cents: account.opening_balance_cents,
            active: true,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await linkLedgerAccount(trx, { id, name: account.name });
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'create',
          resource: 'bank_accounts',
          record_id: id,
          after,
        });
        return after;
      });
    },

    /** Deactivates (refused while an active card pays its invoice by it) or reactivates. */
    /** The account's Pix key, its kind, the receiver's name and city (all null: no Pix). */
    setPix: (actor: Actor, id: number, settings: PixSettingsInput) =>
      inTransaction(db, async (trx) => {
        const before = await writable(id, actor.rights, trx);
        await trx
          .updateTable('bank_accounts')
          .set({ ...settings, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'update',
          resource: 'bank_accounts',
          record_id: id,
          before,
          after,
        });
        return after;
      }),

    setActive: (actor: Actor, id: number, action: 'deactivate' | 'activate') =>
      inTransaction(db, async (trx) => {
        const before = await writable(id, actor.rights, trx);
        if (action === 'deactivate') {
          const cards = await trx
            .selectFrom('credit_cards')
            .select('name')
            .where('bank_account_id', '=', id)
            .where('active', '=', true)
            .execute();
          if (cards.length > 0) {
            throw conflict(
              `O cartão ${cards.map((card) => `“${card.name}”`).join(', ')} paga a fatura por esta conta. ` +
                'Troque a conta do cartão, ou desative-o, antes de desativar a conta.',
            );
          }
        }
        await trx
          .updateTable('bank_accounts')
          .set({ active: action === 'activate', updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action,
          resource: 'bank_accounts',
          record_id: id,
          before,
          after,
        });
        return after;
      }),

    remove: (actor: Actor, id: number) =>
      deleteUnlessInUse(db, actor, 'bank_accounts', id, {
        find: (record, on) => writable(record, actor.rights, on),
        inUse,
        alsoDelete: (trx) => unlinkLedgerAccount(trx, id),
      }),

    /** The account's movements, newest first, each with the balance after it. */
    async statement(account: ReturnType<typeof toApiAccount>, { range, filter }: ListParams) {
      const { id } = account;
      const filters = filtersOf(filter, ['date_gte', 'date_lte']);
      let query = db.selectFrom('transactions').where('bank_account_id', '=', id);
      if (filters.date_gte !== undefined) {
        query = query.where('date', '>=', dateFilter(filters.date_gte, 'date_gte'));
      }
      if (filters.date_lte !== undefined) {
        query = query.where('date', '<=', dateFilter(filters.date_lte, 'date_lte'));
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .offset(range.offset)
          .limit(range.limit)
          .execute(),
        totalOf(db, query.select('id'), range),
      ]);
      let balance = rows.length > 0 ? await balanceAfter(db, account, rows[0]) : 0;
      const data = rows.map((row) => {
        const entry = { ...row, balance_after_cents: balance };
        balance -= row.amount_cents;
        return entry;
      });
      return { rows: await withStatementLines(db, data), total };
    },
  };
}
