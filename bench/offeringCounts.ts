// npm run bench -- --counts [--transactions T] [--counts-closed N]
//
// Issue 25: closing a count of a culto's offering with 50 lines (30 loose lines over the four
// methods and the income categories, 20 named envelopes of donors) on ten years of finance
// (T transactions, 200,000 by default) in a fresh database (SQLite in a temporary directory, or
// ADAM_TEST_DB=postgres with DATABASE_URL). Times, through the real app, N closings (20 by
// default): each writes its incomes and their movements, the links and the audit in one
// transaction. Target: a closing ≤ 1 s at p95 (a treasurer waits for it on a phone).
import { seedFinance } from '../server/seed/finance/index.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';

const LINES = 50;
const ENVELOPES = 20;
const TARGET_SECONDS = 1;
const METHODS = ['cash', 'pix', 'card', 'check'] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function offeringCountsBench(): Promise<void> {
  const transactions = Number(args.transactions ?? 200_000);
  const closings = Number(args['counts-closed'] ?? 20);
  const t = await createTestApp();
  try {
    const { db } = t.database;
    log(
      `Offering counts bench — seeding ten years, about ${transactions.toLocaleString('en')} movements…`,
    );
    await seedFinance(t.database, { transactions, years: 10, reset: true, seed: 25 });
    const categories = (
      await db
        .selectFrom('finance_categories')
        .select('id')
        .where('kind', '=', 'income')
        .where('active', '=', true)
        .execute()
    ).map((row) => row.id);
    const donors = (await db.selectFrom('donors').select('id').limit(ENVELOPES).execute()).map(
      (row) => row.id,
    );
    const account = await db
      .selectFrom('bank_accounts')
      .select(['id', 'congregation_id'])
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    if (donors.length < ENVELOPES) throw new Error('the seed made too few donors');
    const session = await t.userWithRoles(['financial'], 'Tesoureira do bench');
    const call = (method: string, url: string, payload?: unknown) =>
      t.app.inject({ method: method as 'POST', url, headers: session, payload: payload as object });

    const seconds: number[] = [];
    let incomes = 0;
    for (let run = 0; run < closings; run++) {
      const lines = Array.from({ length: LINES }, (_, index) => ({
        method: METHODS[index % METHODS.length],
        category_id: categories[index % categories.length],
        donor_id: index < ENVELOPES ? donors[index] : null,
        envelope: index < ENVELOPES ? String(index + 1) : null,
        amount_cents: 1_000 + ((index * 7_919 + run * 13) % 50_000),
      }));
      const opened = await call('POST', '/api/offering_counts', {
        congregation_id: account.congregation_id,
        date: '2026-03-08',
        service_name: `Culto de domingo ${run + 1}`,
        bank_account_id: account.id,
        counters: [{ name: 'Elias Souza' }, { name: 'Débora Lima' }],
        lines,
      });
      if (opened.statusCode !== 201) throw new Error(`open: ${opened.statusCode} ${opened.body}`);
      const id = (opened.json() as { id: number }).id;
      const started = performance.now();
      const closed = await call('POST', `/api/offering_counts/${id}/close`, { confirmed: true });
      seconds.push((performance.now() - started) / 1000);
      if (closed.statusCode !== 200) throw new Error(`close: ${closed.statusCode} ${closed.body}`);
      incomes += (closed.json() as { incomes: unknown[] }).incomes.length;
    }
    const sorted = [...seconds].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    log('');
    log(
      `Counts closed: ${closings}, ${LINES} lines each (${ENVELOPES} envelopes); ${incomes} incomes written`,
    );
    log(`Closing, p50:  ${(percentile(sorted, 50) * 1000).toFixed(0)} ms`);
    log(`Closing, p95:  ${(p95 * 1000).toFixed(0)} ms (target ≤ ${TARGET_SECONDS * 1000} ms)`);
    log(`Closing, max:  ${(sorted[sorted.length - 1] * 1000).toFixed(0)} ms`);
    log(p95 <= TARGET_SECONDS ? 'Closing within the target.' : 'Closing OVER the target.');
  } finally {
    await t.close();
  }
}
