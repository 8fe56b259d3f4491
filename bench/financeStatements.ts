// npm run bench -- --finance-statements [--statements-members N] [--transactions T] [--congregations C]
//                  [--statements-requests R]
//
// Issue 27: the treasurer's statements on N members (5,000 by default) — the Demonstração do resultado, the Fluxo de caixa (both
// consolidated: every congregation) and the Livro caixa of the busiest account — for the last
// month and for the last twelve, on ten years of finance (T movements, 200,000 by default) spread
// over C congregations (30) in a fresh database (SQLite in a temporary directory, or
// ADAM_TEST_DB=postgres with DATABASE_URL). Four clients ask at once, R times each (20), through
// the real app (inject). Targets (issue 27): a month's p95 ≤ 300 ms, a year's ≤ 1 s.
import { addMonths, todayIso } from '../domain/dates.js';
import { lastDayOf } from '../domain/reports.js';
import { seedFinance } from '../server/seed/finance/index.js';
import { spreadFinance } from '../server/seed/finance/congregations.js';
import { seedDatabase } from '../server/seed/index.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';
import { percentile, timedClients } from './stats.js';

const CLIENTS = 4;
const TARGET_MS = { month: 300, year: 1_000 };

export async function financeStatementsBench(): Promise<void> {
  const members = Number(args['statements-members'] ?? 5_000);
  const transactions = Number(args.transactions ?? 200_000);
  const congregations = Number(args.congregations ?? 30);
  const requests = Number(args['statements-requests'] ?? 20);
  const t = await createTestApp();
  try {
    log(
      `Statements bench — ${members.toLocaleString('en')} members in ${congregations} congregations…`,
    );
    const seeded = await seedDatabase(t.database, {
      members,
      congregations,
      reset: true,
      seed: 27,
    });
    log(`…and ten years of finance, about ${transactions.toLocaleString('en')} movements…`);
    await seedFinance(t.database, { transactions, years: 10, reset: true, seed: 27 });
    if (seeded.plan) await spreadFinance(t.database, seeded.plan);
    const busiest = await t.database.db
      .selectFrom('transactions')
      .select(['bank_account_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('bank_account_id')
      .orderBy('count', 'desc')
      .executeTakeFirstOrThrow();
    const session = await t.userWithRoles(['financial'], 'Tesoureira do bench');
    const month = addMonths(todayIso(), -1).slice(0, 7);
    const periods = {
      month: `from=${month}-01&to=${lastDayOf(month)}`,
      year: `from=${addMonths(`${month}-01`, -11)}&to=${lastDayOf(month)}`,
    };
    log('');
    log(
      `${CLIENTS} clients × ${requests} requests each; the busiest account has ${Number(busiest.count).toLocaleString('en')} movements`,
    );
    let within = true;
    for (const [span, period] of Object.entries(periods) as Array<[keyof typeof periods, string]>) {
      for (const report of ['statement_of_activities', 'cash_flow', 'cash_book']) {
        const account = report === 'cash_book' ? `&account_id=${busiest.bank_account_id}` : '';
        const url = `/api/reports/finance/${report}?${period}${account}`;
        // One untimed call first (the database's cache, as a treasurer's second look finds it).
        const first = await t.app.inject({ method: 'GET', url, headers: session });
        if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
        const times = await timedClients(
          CLIENTS,
          () => t.app.inject({ method: 'GET', url, headers: session }),
          requests,
        );
        const p95 = percentile(times, 95);
        within &&= p95 <= TARGET_MS[span];
        log(
          `${report} (${span}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS[span]} ms)`,
        );
      }
    }
    log(within ? 'Within the targets.' : 'OVER a target.');
  } finally {
    await t.close();
  }
}
