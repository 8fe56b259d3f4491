// npm run bench -- --statements [--transactions T]
//
// Issue 14's target: an OFX of 5,000 lines reconciled against ten years of movements, matching
// in at most 5 s. Seeds ten years of finance (T transactions, 200,000 by default) in a fresh
// database (SQLite in a temporary directory, or ADAM_TEST_DB=postgres with DATABASE_URL), writes
// a bank's OFX of the busiest account's last year — 5,000 lines, most of them movements already
// in Adam (the bank's words, dates 0 to 2 days later), the rest new — and times, through the
// real app: the upload (read, dedupe, store) and the first page of pending lines, which matches
// every pending line of the account with the movements and the open payables.
import { addDays } from '../domain/dates.js';
import { seedFinance } from '../server/seed/finance/index.js';
import { multipartBody } from '../tests/support/multipart.js';
import { type OfxTestLine, buildOfx } from '../tests/support/ofx.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';

const LINES = 5_000;
const TARGET_SECONDS = 5;

export async function statementsBench(): Promise<void> {
  const transactions = Number(args.transactions ?? 200_000);
  const t = await createTestApp();
  try {
    const { db } = t.database;
    log(
      `Statements bench — seeding ten years, about ${transactions.toLocaleString('en')} movements…`,
    );
    await seedFinance(t.database, { transactions, years: 10, reset: true, seed: 14 });
    const busiest = await db
      .selectFrom('transactions')
      .select(['bank_account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('bank_account_id')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const accountId = busiest.bank_account_id;
    const last = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.max<string>('date').as('date'))
      .where('bank_account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const movements = await db
      .selectFrom('transactions')
      .select(['id', 'date', 'amount_cents', 'description'])
      .where('bank_account_id', '=', accountId)
      .where('date', '>', addDays(last.date, -365))
      .orderBy('date', 'desc')
      .limit(Math.round(LINES * 0.7))
      .execute();
    log(
      `Account ${accountId}: ${Number(busiest.n).toLocaleString('en')} movements in ten years; ` +
        `${movements.length.toLocaleString('en')} of its last year go into the statement.`,
    );
    const lines: OfxTestLine[] = movements.map((movement, index) => ({
      date: addDays(movement.date, index % 3),
      amount_cents: movement.amount_cents,
      memo: `PIX ${movement.description.toUpperCase().slice(0, 40)}`,
      fitid: `B${index}`,
    }));
    for (let index = lines.length; index < LINES; index++) {
      lines.push({
        date: addDays(last.date, -(index % 365)),
        amount_cents: (index % 2 === 0 ? 1 : -1) * (1_000 + ((index * 7_919) % 90_000)),
        memo: `TARIFA OU DEPOSITO ${index}`,
        fitid: `N${index}`,
      });
    }
    const file = buildOfx({ lines });
    const session = await t.userWithRoles(['financial'], 'Tesoureira do bench');
    const upload = multipartBody({ data: file, name: 'extrato-5000.ofx' });
    let started = performance.now();
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${accountId}/statements`,
      headers: { ...session, ...upload.headers },
      payload: upload.payload,
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    if (imported.statusCode !== 201)
      throw new Error(`upload: ${imported.statusCode} ${imported.body}`);
    const filter = encodeURIComponent(
      JSON.stringify({ bank_account_id: accountId, status: 'pending' }),
    );
    const page = async () => {
      const begin = performance.now();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/statement_lines?filter=${filter}&range=%5B0%2C49%5D`,
        headers: session,
      });
      if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode}`);
      return {
        seconds: (performance.now() - begin) / 1000,
        rows: response.json() as Array<{ suggestion: unknown }>,
      };
    };
    const first = await page();
    const second = await page();
    // How many of the 5,000 found their movement: every page of 1,000 (each one matches again).
    started = performance.now();
    let suggested = 0;
    for (let offset = 0; offset < LINES; offset += 1_000) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/statement_lines?filter=${filter}&range=${encodeURIComponent(JSON.stringify([offset, offset + 999]))}`,
        headers: session,
      });
      if (response.statusCode !== 200)
        throw new Error(`list: ${response.statusCode} ${response.body}`);
      suggested += (response.json() as Array<{ suggestion: unknown }>).filter(
        (row) => row.suggestion !== null,
      ).length;
    }
    const allSeconds = (performance.now() - started) / 1000;
    log('');
    log(`OFX: ${(file.length / 1024).toFixed(0)} KB, ${LINES.toLocaleString('en')} lines`);
    log(`Upload (read, dedupe, store):        ${uploadSeconds.toFixed(2)} s`);
    log(
      `First page of pending, matched:      ${first.seconds.toFixed(2)} s (target ≤ ${TARGET_SECONDS} s)`,
    );
    log(`Same page again:                     ${second.seconds.toFixed(2)} s`);
    log(`All 5,000 lines, 5 pages of 1,000:   ${allSeconds.toFixed(2)} s`);
    log(
      `Lines with a suggestion:             ${suggested.toLocaleString('en')} of ${LINES.toLocaleString('en')} (${movements.length.toLocaleString('en')} were movements)`,
    );
    log(
      first.seconds <= TARGET_SECONDS ? 'Matching within the target.' : 'Matching OVER the target.',
    );
  } finally {
    await t.close();
  }
}
