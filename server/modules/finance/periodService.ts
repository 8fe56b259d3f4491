// The month closed (issue 27): closing a month after the conselho fiscal's approval, reopening
// it, and the months with their history. What a closed month refuses is not here: the database
// guards of migration 0042 refuse every write dated in it, whatever path it takes.
import { type Transaction, sql } from 'kysely';
import { now, todayIso } from '../../../domain/dates.js';
import {
  type ClosePeriodInput,
  MONTH_PATTERN,
  type ReopenPeriodInput,
  closePeriodSchema,
  monthAfter,
  monthLabel,
  reopenPeriodSchema,
} from '../../../domain/finance/periods.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { inTransaction } from '../../db/executor.js';
import { PERIODS_LOCK } from '../../db/migrations/0042_finance_periods.js';
import type { Database, FinancePeriod, FinancePeriodEvent } from '../../db/schema.js';
import { type Actor, audit } from '../../audit/trail.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import type { Db } from './types.js';

/** The trail's record id of a month: 2026-10 -> 202610. */
const recordId = (month: string) => Number(month.replace('-', ''));

/**
 * Runs `work` inside `trx` past the closed months' guards (migration 0042), for the anonymization
 * of a person (LGPD): it cleans the texts of closed months' movements and changes no figure. The
 * pass is this transaction's alone (a row no other transaction sees) and ends with `work`; a
 * failure rolls the transaction back, pass included.
 */
export async function throughClosedMonths<T>(
  trx: Transaction<Database>,
  reason: string,
  work: () => Promise<T>,
): Promise<T> {
  await trx.insertInto('finance_period_overrides').values({ reason }).execute();
  const result = await work();
  await trx.deleteFrom('finance_period_overrides').execute();
  return result;
}

export interface PeriodWithHistory extends FinancePeriod {
  id: string;
  history: FinancePeriodEvent[];
}

export function periodService(db: Db, dialect: DialectHelpers) {
  function checkMonth(month: string): string {
    if (!MONTH_PATTERN.test(month)) throw notFound('Mês inválido: use AAAA-MM.');
    return month;
  }

  /**
   * PostgreSQL: waits for the finance writes under way (each guard holds the shared lock) and
   * holds back the next ones until this transaction ends, so none slips into the month.
   */
  async function lockWrites(trx: Db) {
    if (dialect.name === 'postgres') {
      await sql`select pg_advisory_xact_lock(${sql.lit(PERIODS_LOCK)})`.execute(trx);
    }
  }

  /** The month's row once the writes are held back (none: never closed). */
  async function lockedPeriod(trx: Db, month: string) {
    await lockWrites(trx);
    return trx
      .selectFrom('finance_periods')
      .selectAll()
      .where('month', '=', month)
      .executeTakeFirst();
  }

  async function historyOf(trx: Db, months: string[]) {
    const events =
      months.length === 0
        ? []
        : await trx
            .selectFrom('finance_period_events')
            .selectAll()
            .where('month', 'in', months)
            .orderBy('month')
            .orderBy('id', 'desc')
            .execute();
    const byMonth = new Map<string, FinancePeriodEvent[]>();
    for (const event of events) {
      byMonth.set(event.month, [...(byMonth.get(event.month) ?? []), event]);
    }
    return byMonth;
  }

  async function withHistory(trx: Db, periods: FinancePeriod[]): Promise<PeriodWithHistory[]> {
    const history = await historyOf(
      trx,
      periods.map((period) => period.month),
    );
    return periods.map((period) => ({
      id: period.month,
      ...period,
      history: history.get(period.month) ?? [],
    }));
  }

  async function periodOf(trx: Db, month: string): Promise<PeriodWithHistory> {
    const period = await trx
      .selectFrom('finance_periods')
      .selectAll()
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    const [withEvents] = await withHistory(trx, [period]);
    return withEvents;
  }

  return {
    /** Every month ever closed, the latest first, each with its closes and reopens. */
    async list(): Promise<PeriodWithHistory[]> {
      const periods = await db
        .selectFrom('finance_periods')
        .selectAll()
        .orderBy('month', 'desc')
        .execute();
      return withHistory(db, periods);
    },

    async close(actor: Actor, rawMonth: string, body: unknown): Promise<PeriodWithHistory> {
      const month = checkMonth(rawMonth);
      const input: ClosePeriodInput = validated(closePeriodSchema, body);
      const today = todayIso();
      if (month >= today.slice(0, 7)) {
        throw conflict(
          `O mês ${monthLabel(month)} ainda não terminou: só um mês encerrado pode ser fechado.`,
        );
      }
      if (input.approved_on < monthAfter(month)) {
        throw invalid({
          approved_on: `A aprovação deve ser posterior ao fim do mês (a partir de ${monthAfter(month).split('-').reverse().join('/')}).`,
        });
      }
      if (input.approved_on > today) {
        throw invalid({ approved_on: 'A data da aprovação não pode estar no futuro.' });
      }
      return inTransaction(db, async (trx) => {
        const before = await lockedPeriod(trx, month);
        if (before?.status === 'closed') {
          throw conflict(`O mês ${monthLabel(month)} já está fechado.`);
        }
        const at = now().toISOString();
        const values = {
          status: 'closed',
          approved_on: input.approved_on,
          approvers: input.approvers,
          opinion: input.opinion,
          closed_at: at,
          closed_by: actor.user_id,
          closed_by_name: actor.user_name,
        };
        if (before) {
          await trx.updateTable('finance_periods').set(values).where('month', '=', month).execute();
        } else {
          await trx
            .insertInto('finance_periods')
            .values({ month, ...values })
            .execute();
        }
        await trx
          .insertInto('finance_period_events')
          .values({
            month,
            action: 'close',
            at,
            user_id: actor.user_id,
            user_name: actor.user_name,
            approved_on: input.approved_on,
            approvers: input.approvers,
            opinion: input.opinion,
          })
          .execute();
        await audit(trx, actor, {
          action: 'close',
          resource: 'finance/periods',
          record_id: recordId(month),
          before: before ? { month, status: before.status } : { month, status: 'open' },
          after: { month, status: 'closed', ...input },
        });
        return periodOf(trx, month);
      });
    },

    async reopen(actor: Actor, rawMonth: string, body: unknown): Promise<PeriodWithHistory> {
      const month = checkMonth(rawMonth);
      const input: ReopenPeriodInput = validated(reopenPeriodSchema, body);
      return inTransaction(db, async (trx) => {
        const before = await lockedPeriod(trx, month);
        if (before?.status !== 'closed') {
          throw conflict(`O mês ${monthLabel(month)} não está fechado.`);
        }
        const at = now().toISOString();
        await trx
          .updateTable('finance_periods')
          .set({
            status: 'reopened',
            reopened_at: at,
            reopened_by: actor.user_id,
            reopened_by_name: actor.user_name,
            reopen_reason: input.reason,
          })
          .where('month', '=', month)
          .execute();
        await trx
          .insertInto('finance_period_events')
          .values({
            month,
            action: 'reopen',
            at,
            user_id: actor.user_id,
            user_name: actor.user_name,
            reason: input.reason,
          })
          .execute();
        await audit(trx, actor, {
          action: 'reopen',
          resource: 'finance/periods',
          record_id: recordId(month),
          before: { month, status: 'closed' },
          after: { month, status: 'reopened', reason: input.reason },
        });
        return periodOf(trx, month);
      });
    },
  };
}
