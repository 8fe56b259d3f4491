// Issue 27, the accounts at scale (migrations 0047 and 0054): the ledger's monthly sums — the
// movements by account, month, kind, an income's category, a card invoice's payment, the side and
// a transfer's other leg (by year without the last two); the incomes and
// expenses by congregation, month, category, fund and card — filled from seeded books by the
// migration, equal to the books recomputed row by row, and given back on the way down as the
// old per-account totals.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resultTotals } from '../../server/modules/finance/index.js';
import { seedFinance } from '../../server/seed/finance/index.js';
import { spreadFinance } from '../../server/seed/finance/congregations.js';
import { seedDatabase } from '../../server/seed/index.js';
import { expectBalancesConsistent } from '../support/finance.js';
import { withMigrationDatabase } from '../support/migrations.js';

describe('migration 0047 on seeded books', () => {
  it('fills the monthly sums from the books, and goes back down to the totals by kind', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const seeded = await seedDatabase(database, { members: 300, congregations: 6, seed: 47 });
      await seedFinance(database, { transactions: 4_000, years: 2, seed: 47 });
      if (seeded.plan) await spreadFinance(database, seeded.plan);
      const db = database.db;
      // The monthly sums folded by `key`: its columns, then the sum and the count.
      const summedBy = async (key: string[]) => {
        let query = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom('finance_month_totals')
          .select(key)
          .select((eb) => [eb.fn.sum('total_cents').as('total'), eb.fn.sum('count').as('count')])
          .groupBy(key);
        for (const column of key) query = query.orderBy(column);
        return (await query.execute()).map((row) => [
          ...key.map((column) => row[column]),
          Number(row.total),
          Number(row.count),
        ]);
      };
      const byKind = () => summedBy(['bank_account_id', 'month', 'kind']);
      const totals = await byKind();
      expect(totals.length).toBeGreaterThan(20);

      // Emptied, then filled by the migration itself.
      await db.deleteFrom('finance_month_totals').execute();
      await db.deleteFrom('finance_month_results').execute();
      await db.deleteFrom('finance_year_totals').execute();
      await db.deleteFrom('finance_year_results').execute();
      expect((await migrator.migrateTo('0046_statement_indexes')).error).toBeUndefined();
      expect((await migrator.migrateTo('0047_ledger_month_totals')).error).toBeUndefined();
      // 0054 keys the month's movements again by side and other leg.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await expectBalancesConsistent({ database });
      const { n } = await db
        .selectFrom('finance_month_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source', '=', 'expense')
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBeGreaterThan(10);

      // Down: 0054's sums folded back into 0047's key, then the totals by account, month and
      // kind, as before 0047.
      const bySides = () =>
        summedBy(['bank_account_id', 'month', 'kind', 'category_id', 'invoice']);
      const sides = await bySides();
      expect((await migrator.migrateTo('0048_folded_presence')).error).toBeUndefined();
      expect(await bySides()).toEqual(sides);
      expect((await migrator.migrateTo('0046_statement_indexes')).error).toBeUndefined();
      expect(await byKind()).toEqual(totals);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await expectBalancesConsistent({ database });

      // Any period, cut anywhere in a month: whole months from the sums, the cut days from the
      // rows — equal to the rows summed.
      const congregations = (await db.selectFrom('congregations').select('id').execute()).map(
        (row) => row.id,
      );
      const days = (
        await db.selectFrom('incomes').select('date').distinct().orderBy('date').execute()
      ).map((row) => String(row.date).slice(0, 10));
      let state = 47;
      const pick = <T>(items: T[]) => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        return items[state % items.length];
      };
      for (let i = 0; i < 24; i++) {
        const [a, b] = [pick(days), pick(days)].sort();
        const from = i % 4 === 0 ? null : i % 4 === 1 ? `${a.slice(0, 7)}-01` : a;
        const scope = i % 3 === 0 ? null : [pick(congregations), pick(congregations)];
        for (const source of ['income', 'expense'] as const) {
          for (const by of ['category_id', 'fund_id'] as const) {
            const table = source === 'income' ? 'incomes' : 'expenses';
            let query = db
              .selectFrom(table)
              .select([by, (eb) => eb.fn.sum<number>('amount_cents').as('total')])
              .where('date', '<=', b)
              .groupBy(by);
            if (from !== null) query = query.where('date', '>=', from);
            if (scope !== null) query = query.where('congregation_id', 'in', scope);
            const expected = new Map(
              (await query.execute()).map((row) => [
                row[by] === null ? null : Number(row[by]),
                Number(row.total),
              ]),
            );
            const totals = await resultTotals(db, scope, source, by, { from, to: b });
            expect(
              new Map([...totals].filter(([, cents]) => cents !== 0)),
              `${source} por ${by} de ${from} a ${b}, ${scope}`,
            ).toEqual(new Map([...expected].filter(([, cents]) => cents !== 0)));
          }
        }
      }
    });
  });
});
