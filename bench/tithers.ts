// npm run bench -- --tithers [--members N] [--transactions T] [--tithers-requests R]
//
// Issue 25: the Dizimistas report (GET /api/reports/finance/tithers) for the last twelve months,
// a page of 25 dizimistas with its total, on N members (20,000 by default) with ten years of
// finance (T transactions, 200,000 by default; four donors in five are members) in a fresh
// database (SQLite in a temporary directory, or ADAM_TEST_DB=postgres with DATABASE_URL).
// Four clients ask at once, R times each (25 by default), through the real app (inject).
// Target: p95 ≤ 100 ms at 4 concurrent clients.
import { addMonths, todayIso } from '../domain/dates.js';
import { moreThanOf } from '../domain/listTotals.js';
import { seedFinance } from '../server/seed/finance/index.js';
import { seedDatabase } from '../server/seed/index.js';
import { query } from '../tests/support/finance.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';
import { timedClients } from './stats.js';

const CLIENTS = 4;
const TARGET_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function tithersBench(): Promise<void> {
  const members = Number(args['tithers-members'] ?? 20_000);
  const transactions = Number(args.transactions ?? 200_000);
  const requests = Number(args['tithers-requests'] ?? 25);
  const t = await createTestApp();
  try {
    log(`Tithers bench — seeding ${members.toLocaleString('en')} members…`);
    await seedDatabase(t.database, { members, reset: true, seed: 25 });
    log(`…and ten years of finance, about ${transactions.toLocaleString('en')} movements…`);
    await seedFinance(t.database, { transactions, years: 10, reset: true, seed: 25 });
    const session = await t.userWithRoles(['financial'], 'Tesoureira do bench');
    const today = todayIso();
    const filter = { from: addMonths(today, -11).slice(0, 7), to: today.slice(0, 7) };
    const url = `/api/reports/finance/tithers?${query({ filter, range: [0, 24] })}`;
    const first = await t.app.inject({ method: 'GET', url, headers: session });
    if (first.statusCode !== 200) throw new Error(`${first.statusCode} ${first.body}`);
    // The page's total stops at its step (domain/listTotals.ts): "more than 100" on page one.
    const total = Number(String(first.headers['content-range']).split('/')[1]);
    const more = moreThanOf(total);

    const sorted = await timedClients(
      CLIENTS,
      () => t.app.inject({ method: 'GET', url, headers: session }),
      requests,
    );
    const p95 = percentile(sorted, 95);
    log('');
    log(
      `Dizimistas of ${filter.from}..${filter.to}: ${more === null ? total : `more than ${more}`} dizimistas, a page of 25`,
    );
    log(`${CLIENTS} clients × ${requests} requests`);
    log(`p50: ${percentile(sorted, 50).toFixed(1)} ms`);
    log(`p95: ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms)`);
    log(p95 <= TARGET_MS ? 'Within the target.' : 'OVER the target.');
  } finally {
    await t.close();
  }
}
