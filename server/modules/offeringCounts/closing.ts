// A count's end of life: closing writes its incomes through the finance module's door in the
// same transaction (all or none); a closed count is corrected by an adjusting count whose lines
// are the difference (a positive one a new income, a negative one lowers what the count wrote);
// the deposit of its cash and cheques is recorded later, with the difference to what was counted.
import {
  type CountIncome,
  type CountDepositInput,
  COUNT_METHOD_LABELS,
  cashTotal,
  countIncomes,
  countTotals,
  offeringCountSchema,
} from '../../../domain/finance/offeringCounts.js';
import { formatMoney } from '../../../domain/formats.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import type { Transaction } from 'kysely';
import type { Database, OfferingCount } from '../../db/schema.js';
import { ensureWritable } from '../../http/scope.js';
import { conflict, invalid, validated } from '../../plugins/errors.js';
import type { Actor } from '../../audit/trail.js';
import { ensureAccountsUsable, incomeService, transactionService } from '../finance/index.js';
import { auditedCount, checkCount, countRow, inputOf, loadCount } from './countService.js';

/** "Contagem nº 12 – Culto de domingo (noite)": the incomes' description. */
const descriptionOf = (row: OfferingCount) =>
  `${row.adjusts_id ? 'Ajuste da contagem' : 'Contagem'} nº ${row.adjusts_id ?? row.id} – ${row.service_name}`.slice(
    0,
    200,
  );

/**
 * Lowers by `income.amount_cents` (negative) the incomes of the same method, category and donor
 * that the adjusted count and its earlier adjustments wrote, newest first; one that reaches zero
 * is removed. Answers income id -> centavos taken (negative).
 */
async function lowerIncomes(
  trx: Transaction<Database>,
  actor: Actor,
  dialect: DialectHelpers,
  original: number,
  income: CountIncome,
): Promise<Map<number, number>> {
  const chain = trx
    .selectFrom('offering_counts')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', original), eb('adjusts_id', '=', original)]))
    .where('status', '=', 'closed');
  let query = trx
    .selectFrom('incomes')
    .select(['incomes.id', 'incomes.amount_cents'])
    .where(
      'incomes.id',
      'in',
      trx.selectFrom('offering_count_incomes').select('income_id').where('count_id', 'in', chain),
    )
    .where('incomes.payment_method', '=', income.method)
    .where('incomes.category_id', '=', income.category_id)
    .orderBy('incomes.id', 'desc');
  query = income.donor_id
    ? query.where('incomes.donor_id', '=', income.donor_id)
    : query.where('incomes.donor_id', 'is', null);
  const found = await query.execute();
  const available = found.reduce((sum, row) => sum + row.amount_cents, 0);
  let remaining = -income.amount_cents;
  if (available < remaining) {
    const category = await trx
      .selectFrom('finance_categories')
      .select('name')
      .where('id', '=', income.category_id)
      .executeTakeFirst();
    throw invalid({
      lines: `O ajuste tira ${formatMoney(remaining)} de ${category?.name ?? 'uma categoria'} em ${COUNT_METHOD_LABELS[income.method].toLowerCase()}${income.donor_id ? ' deste contribuinte' : ''}, mas a contagem lançou só ${formatMoney(available)}.`,
    });
  }
  const incomes = incomeService(trx, dialect);
  const taken = new Map<number, number>();
  for (const row of found) {
    if (remaining === 0) break;
    const take = Math.min(remaining, row.amount_cents);
    if (take === row.amount_cents) await incomes.remove(actor, row.id, { byCount: true });
    else {
      await incomes.update(
        actor,
        row.id,
        { amount_cents: row.amount_cents - take },
        { byCount: true },
      );
    }
    taken.set(row.id, -take);
    remaining -= take;
  }
  return taken;
}

/**
 * Where a count's cash is deposited: a count received in a caixa names the bank account (never a
 * caixa); a count received in a bank account was deposited there already (no transfer).
 */
async function depositTarget(
  trx: Transaction<Database>,
  row: OfferingCount,
  chosen: number | null,
): Promise<number | null> {
  const accounts = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'name', 'kind', 'active'])
    .where('id', 'in', chosen ? [row.bank_account_id, chosen] : [row.bank_account_id])
    .execute();
  const own = accounts.find((account) => account.id === row.bank_account_id);
  if (own?.kind !== 'cash') {
    if (chosen && chosen !== row.bank_account_id) {
      throw invalid({
        bank_account_id: `Esta contagem entrou direto em ${own?.name ?? 'uma conta bancária'}: o depósito é nela, sem transferência.`,
      });
    }
    return null;
  }
  if (!chosen) {
    throw invalid({ bank_account_id: 'Informe a conta bancária em que o caixa foi depositado.' });
  }
  const target = accounts.find((account) => account.id === chosen);
  if (!target) throw invalid({ bank_account_id: 'Conta bancária não encontrada.' });
  if (target.kind === 'cash') {
    throw invalid({ bank_account_id: 'Escolha uma conta bancária: o depósito sai do caixa.' });
  }
  if (!target.active) throw invalid({ bank_account_id: 'Esta conta bancária está inativa.' });
  return target.id;
}

export function closingService(db: Executor, dialect: DialectHelpers) {
  return {
    /** Closes an open count: its incomes written (or lowered) with it, in one transaction. */
    close: (actor: Actor, id: number) =>
      inTransaction(db, async (trx) => {
        const row = await countRow(trx, id, dialect);
        ensureWritable(actor.rights, row.congregation_id);
        if (row.status !== 'open') throw conflict('Esta contagem já foi fechada.');
        const before = await loadCount(trx, row);
        const count = validated(offeringCountSchema, inputOf(before));
        const errors = await checkCount(trx, count, row.adjusts_id !== null);
        if (count.lines.length === 0)
          errors.lines ??= 'Informe ao menos uma linha antes de fechar.';
        const cash = countTotals(count.lines).by_method.cash;
        if (count.cash.length > 0 && cashTotal(count.cash) !== cash) {
          errors.cash ??= `As cédulas e moedas somam ${formatMoney(cashTotal(count.cash))}, mas as linhas em dinheiro somam ${formatMoney(cash)}.`;
        }
        if (Object.keys(errors).length > 0) throw invalid(errors);
        await ensureAccountsUsable(trx, actor.rights, [row.bank_account_id]);

        const incomes = incomeService(trx, dialect);
        const written = new Map<number, number>();
        for (const income of countIncomes(count.lines)) {
          if (income.amount_cents < 0) {
            const taken = await lowerIncomes(trx, actor, dialect, row.adjusts_id!, income);
            for (const [incomeId, cents] of taken) {
              written.set(incomeId, (written.get(incomeId) ?? 0) + cents);
            }
            continue;
          }
          // A count's incomes are free resources; a fund is set on the income afterwards.
          const created = await incomes.create(actor, {
            fund_id: null,
            congregation_id: row.congregation_id,
            description: descriptionOf(row),
            category_id: income.category_id,
            donor_id: income.donor_id,
            amount_cents: income.amount_cents,
            date: row.date,
            bank_account_id: row.bank_account_id,
            payment_method: income.method,
            notes: income.envelope ? `Envelope ${income.envelope}` : null,
          });
          written.set(created.id, income.amount_cents);
        }
        if (written.size > 0) {
          await trx
            .insertInto('offering_count_incomes')
            .values(
              [...written].map(([income_id, amount_cents]) => ({
                count_id: id,
                income_id,
                amount_cents,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('offering_counts')
          .set({
            status: 'closed',
            closed_at: new Date().toISOString(),
            closed_by: actor.user_id,
            closed_by_name: actor.user_name,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        return auditedCount(trx, actor, 'close', id, before, {
          incomes: written.size,
          total_cents: row.total_cents,
        });
      }),

    /**
     * Opens the adjusting count of closed count `id` (of its original, when `id` adjusts one):
     * same culto, account and counters, no lines yet; one open adjustment at a time.
     */
    adjust: (actor: Actor, id: number) =>
      inTransaction(db, async (trx) => {
        const row = await countRow(trx, id, dialect);
        ensureWritable(actor.rights, row.congregation_id);
        if (row.status !== 'closed') {
          throw conflict('Só uma contagem fechada é ajustada: esta ainda pode ser alterada.');
        }
        const original = row.adjusts_id ? await countRow(trx, row.adjusts_id, dialect) : row;
        const pending = await trx
          .selectFrom('offering_counts')
          .select('id')
          .where('adjusts_id', '=', original.id)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (pending) {
          throw conflict(
            `A contagem nº ${original.id} já tem um ajuste aberto (nº ${pending.id}): feche-o ou exclua-o antes.`,
          );
        }
        const counters = await trx
          .selectFrom('offering_count_counters')
          .select(['user_id', 'member_id', 'name'])
          .where('count_id', '=', original.id)
          .orderBy('position')
          .execute();
        const now = new Date().toISOString();
        const { id: adjustingId } = await trx
          .insertInto('offering_counts')
          .values({
            congregation_id: original.congregation_id,
            date: original.date,
            service_name: original.service_name,
            bank_account_id: original.bank_account_id,
            notes: null,
            status: 'open',
            adjusts_id: original.id,
            total_cents: 0,
            depositable_cents: 0,
            created_by: actor.user_id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('offering_count_counters')
          .values(
            counters.map((counter, position) => ({ ...counter, count_id: adjustingId, position })),
          )
          .execute();
        return auditedCount(trx, actor, 'adjust', adjustingId, undefined, {
          adjusts_id: original.id,
        });
      }),

    /**
     * Records (or corrects) the deposit of a closed count's cash and cheques. Received in a caixa,
     * the deposited money goes to the bank account as a transfer; the difference between counted
     * and deposited leaves the count's account as an adjustment. A correction replaces both.
     */
    deposit: (actor: Actor, id: number, input: CountDepositInput) =>
      inTransaction(db, async (trx) => {
        const row = await countRow(trx, id, dialect);
        ensureWritable(actor.rights, row.congregation_id);
        if (row.status !== 'closed') {
          throw conflict('Feche a contagem antes de registrar o depósito.');
        }
        if (input.deposited_on < row.date) {
          throw invalid({ deposited_on: 'O depósito não pode ser anterior ao culto.' });
        }
        const target = await depositTarget(trx, row, input.bank_account_id);
        await ensureAccountsUsable(trx, actor.rights, [row.bank_account_id, target]);
        const before = await loadCount(trx, row);
        const money = transactionService(trx);
        for (const movement of [row.deposit_transaction_id, row.deposit_adjustment_id]) {
          if (movement) await money.remove(actor, movement, { byCount: true });
        }
        const name = `contagem nº ${row.id} – ${row.service_name}`;
        const transfer =
          target && input.deposited_cents > 0
            ? await money.transfer(actor, {
                kind: 'transfer',
                from_account_id: row.bank_account_id,
                to_account_id: target,
                amount_cents: input.deposited_cents,
                date: input.deposited_on,
                description: `Depósito da ${name}`.slice(0, 200),
              })
            : undefined;
        const difference = row.depositable_cents - input.deposited_cents;
        const adjustment =
          difference !== 0
            ? await money.adjust(actor, {
                kind: 'adjustment',
                bank_account_id: row.bank_account_id,
                amount_cents: -difference,
                date: input.deposited_on,
                description:
                  `Diferença do depósito da ${name} (contado ${formatMoney(row.depositable_cents)}, depositado ${formatMoney(input.deposited_cents)})`.slice(
                    0,
                    200,
                  ),
              })
            : undefined;
        await trx
          .updateTable('offering_counts')
          .set({
            deposited_cents: input.deposited_cents,
            deposited_on: input.deposited_on,
            deposit_difference_cents: difference,
            deposit_account_id: target,
            deposit_transaction_id: transfer?.id ?? null,
            deposit_adjustment_id: adjustment?.id ?? null,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        return auditedCount(trx, actor, 'deposit', id, before);
      }),
  };
}
