// The lines of an account's bank statements: listed with the movement (or open payable) each
// pending one seems to be, reconciled with a movement, a payable, a new income or expense, or
// ignored; a reconciliation undone; the bank's balance against Adam's. The matching rules live
// in domain/finance/statements.ts.
import { addDays } from '../../../domain/dates.js';
import { formatMoney } from '../../../domain/formats.js';
import {
  MATCH_DAYS,
  PAYABLE_DAYS,
  type ReconcileInput,
  STATEMENT_LINE_STATUSES,
  type StatementCreateInput,
  descriptionWords,
  matchLines,
} from '../../../domain/finance/statements.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { inTransaction } from '../../db/executor.js';
import type { StatementLine } from '../../db/schema.js';
import { type Scope, canRead, ensureReadable, ensureWritable } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import {
  type Db,
  accountIn,
  ensurePayableWritable,
  expenseService,
  findRecord,
  incomeService,
  lockPayable,
  payPayable,
  payableIn,
  payableService,
  scoped,
  toApiAccount,
  toApiPayable,
} from '../finance/index.js';
import { applyFilters, filtersOf, idFilter, totalOf } from '../../http/listFilters.js';
import { expenseSchema, incomeSchema } from '../../../domain/finance/schemas.js';
import { pixSuggestions } from './pixSuggestions.js';

const LINE_NOT_FOUND = 'Linha do extrato não encontrada.';

export type Suggestion =
  | {
      type: 'transaction';
      id: number;
      date: string;
      description: string;
      amount_cents: number;
      days: number;
      similar: boolean;
    }
  | {
      type: 'payable';
      id: number;
      date: string;
      description: string;
      amount_cents: number;
      days: number;
      similar: boolean;
    };

type Account = ReturnType<typeof toApiAccount>;

/** The account of `id`: 404 outside the reader's rights. */
async function accountFor(db: Db, id: number, rights: Scope): Promise<Account> {
  const account = toApiAccount(
    await findRecord(db, 'bank_accounts', id, 'Conta bancária não encontrada.'),
  );
  ensureReadable(rights, account.congregation_id);
  return account;
}

/**
 * The line of `id` and its account: 404 when there is none or, to read, when its account is
 * outside the rights; changing a line of an account outside them is a 403.
 */
async function lineFor(db: Db, id: number, rights: Scope, mode: 'read' | 'write') {
  const line = await db
    .selectFrom('statement_lines')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!line) throw notFound(LINE_NOT_FOUND);
  const account = toApiAccount(
    await findRecord(db, 'bank_accounts', line.bank_account_id, LINE_NOT_FOUND),
  );
  if (mode === 'write') ensureWritable(rights, account.congregation_id);
  else if (!canRead(rights, account.congregation_id)) throw notFound(LINE_NOT_FOUND);
  return { line, account };
}

/**
 * The suggestion of every pending line of `account`: first a movement of the account (same
 * amount, dated within MATCH_DAYS, not reconciled with another line), then, for a debit left
 * without one, an open payable of the view (its amount, due within PAYABLE_DAYS).
 */
async function suggestionsOf(db: Db, account: Account, view: Scope) {
  const pending = await db
    .selectFrom('statement_lines')
    .select(['id', 'date', 'amount_cents', 'words'])
    .where('bank_account_id', '=', account.id)
    .where('status', '=', 'pending')
    .execute();
  const found = new Map<number, Suggestion>();
  if (pending.length === 0) return found;
  let first = pending[0].date;
  let last = pending[0].date;
  for (const line of pending) {
    if (line.date < first) first = line.date;
    if (line.date > last) last = line.date;
  }
  const amounts = new Set(pending.map((line) => line.amount_cents));
  const movements = (
    await db
      .selectFrom('transactions')
      .select(['id', 'date', 'amount_cents', 'description'])
      .where('bank_account_id', '=', account.id)
      .where('date', '>=', addDays(first, -MATCH_DAYS))
      .where('date', '<=', addDays(last, MATCH_DAYS))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('statement_lines')
              .select('statement_lines.id')
              .whereRef('statement_lines.transaction_id', '=', 'transactions.id'),
          ),
        ),
      )
      .execute()
  )
    .filter((movement) => amounts.has(movement.amount_cents))
    .map((movement) => ({ ...movement, words: descriptionWords(movement.description) }));
  const byMovement = new Map(movements.map((movement) => [movement.id, movement]));
  for (const [lineId, match] of matchLines(pending, movements, MATCH_DAYS)) {
    const movement = byMovement.get(match.id)!;
    found.set(lineId, {
      type: 'transaction',
      id: movement.id,
      date: movement.date,
      description: movement.description,
      amount_cents: movement.amount_cents,
      days: match.days,
      similar: match.shared > 0,
    });
  }
  const debits = pending.filter((line) => line.amount_cents < 0 && !found.has(line.id));
  if (debits.length === 0) return found;
  const payables = (
    await scoped(db.selectFrom('accounts_payable'), view, payableIn)
      .select(['id', 'due_date', 'amount_cents', 'description'])
      .where('status', '=', 'pending')
      .where('due_date', '>=', addDays(first, -PAYABLE_DAYS))
      .where('due_date', '<=', addDays(last, PAYABLE_DAYS))
      .execute()
  ).map((payable) => ({
    id: payable.id,
    date: payable.due_date,
    amount_cents: -payable.amount_cents,
    description: payable.description,
    words: descriptionWords(payable.description),
  }));
  const byPayable = new Map(payables.map((payable) => [payable.id, payable]));
  for (const [lineId, match] of matchLines(debits, payables, PAYABLE_DAYS)) {
    const payable = byPayable.get(match.id)!;
    found.set(lineId, {
      type: 'payable',
      id: payable.id,
      date: payable.date,
      description: payable.description,
      amount_cents: payable.amount_cents,
      days: match.days,
      similar: match.shared > 0,
    });
  }
  return found;
}

/** The category last chosen for lines with these words, by kind. */
async function rememberedCategories(db: Db, lines: readonly StatementLine[]) {
  const words = [...new Set(lines.map((line) => line.words).filter(Boolean))];
  if (words.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('statement_categories')
    .innerJoin('finance_categories', 'finance_categories.id', 'statement_categories.category_id')
    .select(['statement_categories.kind', 'statement_categories.words', 'category_id'])
    .where('statement_categories.words', 'in', words)
    .where('finance_categories.active', '=', true)
    .execute();
  return new Map(rows.map((row) => [`${row.kind} ${row.words}`, row.category_id]));
}

const kindOf = (line: { amount_cents: number }) => (line.amount_cents > 0 ? 'income' : 'expense');

/** How the money of a line moved when the treasurer does not say: Pix when the bank says so. */
const methodOf = (line: { words: string }) =>
  line.words.split(' ').includes('pix') ? 'pix' : 'transfer';

/** The movements reconciled lines point at, for the screen. */
async function linkedMovements(db: Db, lines: readonly StatementLine[]) {
  const ids = lines.map((line) => line.transaction_id).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map<number, Record<string, unknown>>();
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'date', 'description', 'amount_cents', 'kind', 'income_id', 'expense_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row as Record<string, unknown>]));
}

/** Adam's balance of `account` at the end of `date`: opening plus the movements up to it. */
async function balanceOn(db: Db, account: Account, date: string): Promise<number> {
  const month = date.slice(0, 7);
  const [earlier, sameMonth] = await Promise.all([
    db
      .selectFrom('finance_month_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', '=', account.id)
      .where('month', '<', month)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', '=', account.id)
      .where('date', '>=', `${month}-01`)
      .where('date', '<=', date)
      .executeTakeFirstOrThrow(),
  ]);
  return account.opening_balance_cents + Number(earlier.total) + Number(sameMonth.total);
}

const LINE_SORTS = { date: 'date', amount_cents: 'amount_cents', id: 'id' } as const;
export const STATEMENT_LINE_SORTS = Object.keys(LINE_SORTS);
const LINE_FILTERS = {
  bank_account_id: 'reference',
  status: STATEMENT_LINE_STATUSES,
  date_gte: 'from',
  date_lte: 'to',
} as const;

const money = (cents: number) => formatMoney(cents);

export function statementLineService(db: Db, dialect: DialectHelpers) {
  /** The lines of the view the filter selects (one account, when it names one). */
  async function listFilter(filter: Record<string, unknown>, view: Scope) {
    const query = scoped(db.selectFrom('statement_lines'), view, (ids) =>
      accountIn('statement_lines.bank_account_id', ids),
    );
    const { bank_account_id: accountId } = filtersOf(filter, Object.keys(LINE_FILTERS));
    // The account is looked up first: one outside the view is a 404, as on its own page.
    if (accountId !== undefined) await accountFor(db, idFilter(accountId, 'bank_account_id'), view);
    return applyFilters(query, filter, LINE_FILTERS);
  }

  /**
   * Settles a line that is still pending (reconciled or ignored): a 409 when a concurrent
   * request settled it first.
   */
  async function settlePending(
    trx: Db,
    id: number,
    changes: { status: 'reconciled' | 'ignored' } & Partial<StatementLine>,
    actor: Actor,
  ) {
    const updated = await trx
      .updateTable('statement_lines')
      .set({ ...changes, reconciled_at: new Date().toISOString(), reconciled_by: actor.user_id })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw conflict('Esta linha do extrato já foi conciliada ou ignorada.');
    }
  }

  /** Links `line` with movement `transactionId` (and `payableId`), while it is still pending. */
  async function link(
    trx: Db,
    actor: Actor,
    line: StatementLine,
    how: 'matched' | 'payable' | 'created',
    transactionId: number,
    payableId: number | null = null,
  ) {
    await settlePending(
      trx,
      line.id,
      {
        status: 'reconciled',
        reconciled_how: how,
        transaction_id: transactionId,
        payable_id: payableId,
      },
      actor,
    );
    await audit(trx, actor, {
      action: 'reconcile',
      resource: 'statement_lines',
      record_id: line.id,
      changes: {
        status: ['pending', 'reconciled'],
        reconciled_how: [null, how],
        transaction_id: [null, transactionId],
        ...(payableId ? { payable_id: [null, payableId] } : {}),
      },
    });
  }

  const ensurePending = (line: StatementLine) => {
    if (line.status === 'reconciled') {
      throw conflict('Esta linha do extrato já foi conciliada: desfaça a conciliação antes.');
    }
    if (line.status === 'ignored') {
      throw conflict('Esta linha do extrato foi ignorada: desfaça antes de conciliá-la.');
    }
  };

  /**
   * An income or an expense from the line (through their own services and rules), linked to it in
   * the same transaction.
   */
  async function createFrom(
    actor: Actor,
    line: StatementLine,
    account: Account,
    input: StatementCreateInput,
  ) {
    const wanted = kindOf(line);
    if (input.kind !== wanted) {
      throw invalid({
        'create.kind':
          wanted === 'income'
            ? 'Um crédito do extrato vira uma receita, não uma despesa.'
            : 'Um débito do extrato vira uma despesa, não uma receita.',
      });
    }
    const common = {
      congregation_id: input.congregation_id ?? account.congregation_id,
      description: input.description ?? line.description,
      category_id: input.category_id,
      amount_cents: Math.abs(line.amount_cents),
      date: line.date,
      bank_account_id: account.id,
      notes: input.notes,
    };
    const method = input.payment_method ?? methodOf(line);
    const prefix = (error: unknown) => {
      // Field errors of the income or expense, under create.
      if (error && typeof error === 'object' && 'fieldErrors' in error && error.fieldErrors) {
        const fields = error.fieldErrors as Record<string, string>;
        return invalid(
          Object.fromEntries(Object.entries(fields).map(([key, text]) => [`create.${key}`, text])),
        );
      }
      return error;
    };
    // One transaction: the income or expense, the link and the remembered category stand or fall
    // together (a line reconciled by someone else meanwhile leaves no record behind).
    await inTransaction(db, async (trx) => {
      let transactionId: number;
      try {
        if (input.kind === 'income') {
          const income = await incomeService(trx, dialect).create(
            actor,
            validated(incomeSchema, {
              ...common,
              donor_id: input.donor_id,
              payment_method: method,
            }),
          );
          transactionId = income.transaction_id!;
        } else {
          const expense = await expenseService(trx, dialect).create(
            actor,
            validated(expenseSchema, {
              ...common,
              vendor_id: input.vendor_id,
              installments: 1,
              payment_method: method,
              paid_on: line.date,
            }),
          );
          const payable = await trx
            .selectFrom('accounts_payable')
            .select(['transaction_id'])
            .where('expense_id', '=', expense.id)
            .executeTakeFirstOrThrow();
          transactionId = payable.transaction_id!;
        }
      } catch (error) {
        throw prefix(error);
      }
      await link(trx, actor, line, 'created', transactionId);
      await rememberCategory(trx, input.kind, line.words, input.category_id);
    });
  }

  async function rememberCategory(trx: Db, kind: string, words: string, categoryId: number) {
    if (!words) return;
    await trx
      .insertInto('statement_categories')
      .values({ kind, words, category_id: categoryId, updated_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.columns(['kind', 'words']).doUpdateSet({
          category_id: categoryId,
          updated_at: new Date().toISOString(),
        }),
      )
      .execute();
  }

  async function find(id: number, rights: Scope) {
    const { line } = await lineFor(db, id, rights, 'read');
    const movements = await linkedMovements(db, [line]);
    return {
      ...line,
      transaction: line.transaction_id ? (movements.get(line.transaction_id) ?? null) : null,
    };
  }

  return {
    find,

    /** A page of lines; pending ones with their suggestion and remembered category. */
    async list({ sort, range, filter }: ListParams, view: Scope) {
      const query = await listFilter(filter, view);
      const column = LINE_SORTS[sort.field as keyof typeof LINE_SORTS];
      const direction = sort.order;
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy(column, direction)
          .orderBy('id', direction)
          .offset(range.offset)
          .limit(range.limit)
          .execute(),
        totalOf(db, query.select('id')),
      ]);
      // Each account's pending lines are matched together (each movement offered once).
      const accountIds = [
        ...new Set(
          rows.filter((row) => row.status === 'pending').map((row) => row.bank_account_id),
        ),
      ];
      const suggestions = new Map<number, Suggestion>();
      for (const accountId of accountIds) {
        const account = await accountFor(db, accountId, view);
        for (const [id, suggestion] of await suggestionsOf(db, account, view)) {
          suggestions.set(id, suggestion);
        }
      }
      const [categories, movements, pix] = await Promise.all([
        rememberedCategories(db, rows),
        linkedMovements(db, rows),
        pixSuggestions(db, rows),
      ]);
      // What "create" comes filled with: a Pix txid's purpose first, then the category memory.
      const data = rows.map((row) => {
        const fromPix = pix.get(row.id) ?? null;
        return {
          ...row,
          suggestion: row.status === 'pending' ? (suggestions.get(row.id) ?? null) : null,
          pix: fromPix,
          suggested_category_id:
            fromPix?.category_id ?? categories.get(`${kindOf(row)} ${row.words}`) ?? null,
          suggested_payment_method: fromPix ? 'pix' : methodOf(row),
          transaction: row.transaction_id ? (movements.get(row.transaction_id) ?? null) : null,
        };
      });
      return { rows: data, total };
    },

    /**
     * The account's reconciliation at a glance: lines by status, and the bank's balance on the
     * last statement (LEDGERBAL) against Adam's balance at the end of that day.
     */
    async summary(filter: Record<string, unknown>, view: Scope) {
      const { bank_account_id: id } = filtersOf(filter, ['bank_account_id']);
      if (id === undefined) throw badRequest('Escolha a conta bancária (filtro bank_account_id).');
      const account = await accountFor(db, idFilter(id, 'bank_account_id'), view);
      const counts = await db
        .selectFrom('statement_lines')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('bank_account_id', '=', account.id)
        .groupBy('status')
        .execute();
      const statement = await db
        .selectFrom('bank_statements')
        .selectAll()
        .where('bank_account_id', '=', account.id)
        .where('ledger_balance_cents', 'is not', null)
        .orderBy('ledger_balance_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const period = await db
        .selectFrom('statement_lines')
        .select((eb) => [
          eb.fn.min<string>('date').as('first'),
          eb.fn.max<string>('date').as('last'),
        ])
        .where('bank_account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      const bankDate = statement?.ledger_balance_date ?? null;
      const bank = statement?.ledger_balance_cents ?? null;
      const adam = bankDate ? await balanceOn(db, account, bankDate) : null;
      const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
      return {
        bank_account_id: account.id,
        pending: byStatus.pending ?? 0,
        reconciled: byStatus.reconciled ?? 0,
        ignored: byStatus.ignored ?? 0,
        first_date: period.first ?? null,
        last_date: period.last ?? null,
        statement_start_date: statement?.start_date ?? null,
        statement_end_date: statement?.end_date ?? null,
        bank_balance_cents: bank,
        bank_balance_date: bankDate,
        adam_balance_cents: adam,
        difference_cents: bank !== null && adam !== null ? bank - adam : null,
        account_balance_cents: account.balance_cents,
      };
    },

    async reconcile(actor: Actor, id: number, body: ReconcileInput) {
      const { line, account } = await lineFor(db, id, actor.rights, 'write');
      ensurePending(line);
      if (body.ignore) {
        await inTransaction(db, async (trx) => {
          await settlePending(trx, id, { status: 'ignored' }, actor);
          await audit(trx, actor, {
            action: 'ignore',
            resource: 'statement_lines',
            record_id: id,
            changes: { status: ['pending', 'ignored'] },
          });
        });
      } else if (body.transaction_id) {
        const transactionId = body.transaction_id;
        await inTransaction(db, async (trx) => {
          const movement = await dialect
            .forUpdate(trx.selectFrom('transactions').selectAll().where('id', '=', transactionId))
            .executeTakeFirst();
          if (!movement) throw invalid({ transaction_id: 'Lançamento não encontrado.' });
          if (movement.bank_account_id !== account.id) {
            throw invalid({ transaction_id: 'Este lançamento é de outra conta bancária.' });
          }
          if (movement.amount_cents !== line.amount_cents) {
            throw invalid({
              transaction_id: `O lançamento é de ${money(movement.amount_cents)}, e a linha do extrato de ${money(line.amount_cents)}.`,
            });
          }
          const other = await trx
            .selectFrom('statement_lines')
            .select('id')
            .where('transaction_id', '=', transactionId)
            .executeTakeFirst();
          if (other)
            throw conflict('Este lançamento já está conciliado com outra linha do extrato.');
          await link(trx, actor, line, 'matched', transactionId);
        });
      } else if (body.payable_id) {
        const payableId = body.payable_id;
        if (body.bank_account_id !== account.id) {
          throw invalid({ bank_account_id: 'O pagamento sai da conta deste extrato.' });
        }
        if (line.amount_cents >= 0) {
          throw invalid({ payable_id: 'Só um débito do extrato paga uma conta a pagar.' });
        }
        await inTransaction(db, async (trx) => {
          const payable = await lockPayable(trx, dialect, payableId);
          if (!payable) throw invalid({ payable_id: 'Conta a pagar não encontrada.' });
          await ensurePayableWritable(trx, actor.rights, payable);
          if (payable.status === 'paid') throw conflict('Esta conta já foi paga.');
          const transactionId = await payPayable(trx, payable, {
            paid_on: line.date,
            bank_account_id: account.id,
            amount_cents: -line.amount_cents,
          });
          // Audited as the payables screen's payment is.
          const after = toApiPayable(
            await findRecord(trx, 'accounts_payable', payable.id, 'Conta a pagar não encontrada.'),
          );
          await audit(trx, actor, {
            action: 'pay',
            resource: 'accounts_payable',
            record_id: payable.id,
            before: toApiPayable(payable),
            after: { ...after, transaction_id: transactionId },
          });
          await link(trx, actor, line, 'payable', transactionId, payable.id);
        });
      } else if (body.create) {
        await createFrom(actor, line, account, body.create);
      }
      return find(id, actor.rights);
    },

    /**
     * Undoes what reconciling did: an ignored or matched line waits again; a paid payable is
     * open again and an income or expense made from the line is deleted (their movements go,
     * and the ledger sets the line back to pending), in one transaction with the line's own undo.
     */
    async undo(actor: Actor, id: number) {
      const { line } = await lineFor(db, id, actor.rights, 'write');
      if (line.status === 'pending') throw conflict('Esta linha do extrato não está conciliada.');
      await inTransaction(db, async (trx) => {
        if (line.reconciled_how === 'payable' && line.payable_id) {
          await payableService(trx, dialect).unpay(actor, line.payable_id);
        } else if (line.reconciled_how === 'created' && line.transaction_id) {
          const movement = await trx
            .selectFrom('transactions')
            .select(['income_id', 'expense_id'])
            .where('id', '=', line.transaction_id)
            .executeTakeFirst();
          if (movement?.income_id) {
            await incomeService(trx, dialect).remove(actor, movement.income_id);
          } else if (movement?.expense_id) {
            await expenseService(trx, dialect).remove(actor, movement.expense_id);
          }
        }
        // Still linked (matched or ignored; or what it was linked with is gone already).
        await trx
          .updateTable('statement_lines')
          .set({
            status: 'pending',
            reconciled_how: null,
            transaction_id: null,
            payable_id: null,
            reconciled_at: null,
            reconciled_by: null,
          })
          .where('id', '=', id)
          .execute();
        await audit(trx, actor, {
          action: 'unreconcile',
          resource: 'statement_lines',
          record_id: id,
          before: {
            status: line.status,
            reconciled_how: line.reconciled_how,
            transaction_id: line.transaction_id,
            payable_id: line.payable_id,
          },
          after: { status: 'pending' },
        });
      });
      return find(id, actor.rights);
    },
  };
}
