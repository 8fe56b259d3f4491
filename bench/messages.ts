// npm run bench -- --messages [--members N] [--congregations C] [--message-claims K]
//
// Issue 28: the messages' durable queue. On N members (200,000 by default; the campo's 1,000,000
// on PostgreSQL) in C congregations (30 by default), in a fresh database (SQLite in a temporary
// directory, or ADAM_TEST_DB=postgres with DATABASE_URL): an e-mail to the whole church queued
// through the real app (POST /api/messages: one INSERT … SELECT), then K claims of the worker
// (lease, pace check and the "sent" mark, the SMTP server left out) timed one by one over the
// full queue. Targets: 20,000 people queued in ≤ 5 s (the largest audience scales with it), and
// a claim well under the pace's interval (at 6,000 a minute: 10 ms).
import { sql } from 'kysely';
import { seedDatabase } from '../server/seed/index.js';
import { claimDelivery } from '../server/modules/messages/index.js';
import { createTestApp } from '../tests/support/testApp.js';
import { args, log } from './config.js';
import { percentile } from './stats.js';

const QUEUE_TARGET_MS_PER_20000 = 5_000;
const CLAIM_TARGET_MS = 10;

export async function messagesBench(): Promise<void> {
  const members = Number(args.members ?? 200_000);
  const congregations = Number(args.congregations ?? 30);
  const claims = Number(args['message-claims'] ?? 200);
  const t = await createTestApp();
  try {
    log(`Messages bench — seeding ${members.toLocaleString('en')} members…`);
    await seedDatabase(t.database, { members, congregations, reset: true, seed: 28 });
    const { db, dialect } = t.database;
    // Every member reachable by e-mail, as a church that collected them would be.
    await sql`update members set email = 'm' || id || '@bench.test' where email is null`.execute(
      db,
    );
    await db
      .updateTable('message_settings')
      .set({ smtp_host: '127.0.0.1', from_email: 'bench@bench.test', rate_per_minute: 6000 })
      .execute();
    await sql`analyze`.execute(db);
    const session = await t.userWithRoles(['secretary'], 'Secretária do bench');
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: session,
      payload: {
        channel: 'email',
        subject: 'Aviso para {primeiro_nome}',
        body: 'Paz, {nome}!',
        audience: { status: [] },
      },
    });
    const queueMs = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    const queued = (response.json() as { counts: Record<string, number> }).counts.queued ?? 0;
    const target = (QUEUE_TARGET_MS_PER_20000 * Math.max(queued, 20_000)) / 20_000;
    log('');
    log(`Queued: ${queued.toLocaleString('en')} people in ${queueMs.toFixed(0)} ms`);
    log(
      `(target ≤ ${target.toFixed(0)} ms: 5 s per 20,000) ${queueMs <= target ? 'Within the target.' : 'OVER the target.'}`,
    );

    const times: number[] = [];
    for (let i = 0; i < claims; i++) {
      const begin = performance.now();
      // Far in the past for the pace: each claim finds the minute's budget free.
      const claim = await claimDelivery(db, dialect, 'bench', 60_000);
      if (!claim) throw new Error('Nothing to claim.');
      await db
        .updateTable('message_deliveries')
        .set({ status: 'sent', sent_at: new Date(0).toISOString(), lease_until: null })
        .where('id', '=', claim.delivery.id)
        .execute();
      times.push(performance.now() - begin);
    }
    const sorted = times.sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    log(`Claim + sent mark over the full queue, ${claims} in a row:`);
    log(
      `p50: ${percentile(sorted, 50).toFixed(1)} ms, p95: ${p95.toFixed(1)} ms (target ≤ ${CLAIM_TARGET_MS} ms)`,
    );
    log(p95 <= CLAIM_TARGET_MS ? 'Within the target.' : 'OVER the target.');
  } finally {
    await t.close();
  }
}
