// npm run bench:soak [-- --minutes 3 --workers 8 --members 2000]
//
// Mixed traffic against the real server (`npm start`, heap capped at 128 MB) for a few minutes:
// signed-in reads and writes, sign-ins right and wrong from many addresses (behind
// TRUST_PROXY=127.0.0.1), public registrations, and now and then a 1 MB junk sign-in. Counts
// the answers that are errors (5xx, dropped connections, a signed-in read refused) and samples
// the server's RSS every 5 s: after a one-minute warm-up, RSS must stay within 10% (the last
// minute's mean against the second minute's). SQLite in a temporary DATA_DIR, or the
// PostgreSQL of DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../tests/support/serverProcess.js';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    workers: { type: 'string', default: '8' },
    members: { type: 'string', default: '2000' },
  },
});
const MINUTES = Number(values.minutes);
const WORKERS = Number(values.workers);
const ADMIN = { email: 'admin@adam.local', password: 'senha-admin-123' };
const log = (text: string) =>
  console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${text}`);

const dataDir = mkdtempSync(join(tmpdir(), 'adam-soak-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRUST_PROXY: '127.0.0.1',
  SKIP_BUILD: '1',
  // The daily copy of the database would run during the measurement.
  BACKUP_KEEP: '0',
  LOG: '0',
};
log(`Seeding ${values.members} members…`);
execFileSync(
  join(ROOT, 'node_modules', '.bin', 'tsx'),
  ['server/cli.ts', 'seed', '--members', String(values.members)],
  {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  },
);
const server = await startServerProcess({ root: ROOT, env });
log(`Server at ${server.baseUrl} (server pid ${server.serverPid()}).`);

const counts = new Map<string, number>();
const errors = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function call(
  label: string,
  path: string,
  init: RequestInit,
  expected: number[],
): Promise<Response | null> {
  count(counts, label);
  try {
    const response = await fetch(`${server.baseUrl}${path}`, init);
    await response.clone().arrayBuffer();
    if (!expected.includes(response.status)) count(errors, `${label}: ${response.status}`);
    return response;
  } catch (error) {
    if (expected.includes(0)) return null;
    count(errors, `${label}: ${(error as Error).message}`);
    return null;
  }
}

const json = (headers: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  ...headers,
});

async function signIn(): Promise<Record<string, string>> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: json({ 'x-forwarded-for': '192.0.2.250' }),
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`sign_in: ${response.status}`);
  return Object.fromEntries(
    ['access-token', 'client', 'uid'].map((n) => [n, response.headers.get(n)!]),
  );
}

// A second staff user whose password the sign-in traffic uses (the admin keeps the workers'
// sessions: at most 10 clients a user).
const adminSession = await signIn();
await fetch(`${server.baseUrl}/api/users`, {
  method: 'POST',
  headers: json(adminSession),
  body: JSON.stringify({
    name: 'Visitante',
    email: 'visita@adam.local',
    password: 'senha-visita-1',
    roles: ['secretary'],
  }),
});

const READS = [
  '/api/members?range=[0,24]&sort=["name","ASC"]',
  '/api/members?range=[0,24]&filter={"q":"silva"}',
  '/api/dashboard',
  '/api/departments',
  '/api/credentials?range=[0,24]',
  '/api/finance/overview',
  '/api/members/1',
];
const junk = JSON.stringify({ email: 'x@y', password: 'p', pad: Array(340_000).fill({}) });

const deadline = Date.now() + MINUTES * 60_000;
async function worker(index: number) {
  const session = await signIn();
  const keep = (response: Response | null) => {
    const token = response?.headers.get('access-token')?.trim();
    if (token) session['access-token'] = token;
  };
  for (let n = 0; Date.now() < deadline; n++) {
    const pick = n % 20;
    const address = `10.${index}.${n % 250}.${(n >> 8) % 250}`;
    if (pick < 12) {
      keep(await call('read', READS[n % READS.length], { headers: session }, [200]));
    } else if (pick < 15) {
      keep(
        await call(
          'member write',
          '/api/members',
          {
            method: 'POST',
            headers: json(session),
            body: JSON.stringify({ name: `Membro Soak ${index}-${n}` }),
          },
          [201],
        ),
      );
    } else if (pick < 17) {
      const right = n % 3 === 0;
      await call(
        right ? 'sign-in right' : 'sign-in wrong',
        '/api/auth/sign_in',
        {
          method: 'POST',
          headers: json({ 'x-forwarded-for': address }),
          body: JSON.stringify({
            email: 'visita@adam.local',
            password: right ? 'senha-visita-1' : 'errada',
          }),
        },
        right ? [200, 429] : [401, 429],
      );
    } else if (pick < 19) {
      await call(
        'public registration',
        '/api/public/registrations',
        {
          method: 'POST',
          headers: json({ 'x-forwarded-for': address }),
          body: JSON.stringify({ name: 'Robô', website: 'spam' }),
        },
        [201, 422, 429],
      );
    } else {
      await call(
        '1 MB sign-in',
        '/api/auth/sign_in',
        { method: 'POST', headers: json({ 'x-forwarded-for': address }), body: junk },
        [413, 0],
      );
    }
  }
}

const samples: Array<{ at: number; rssMb: number }> = [];
const started = Date.now();
const sampler = setInterval(() => {
  samples.push({ at: (Date.now() - started) / 1000, rssMb: server.memory().rssMb });
}, 5_000);
const pid = server.serverPid();
await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
clearInterval(sampler);

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
const window = (from: number, to: number) =>
  samples.filter((s) => s.at >= from && s.at < to).map((s) => s.rssMb);
const total = MINUTES * 60;
const early = mean(window(60, 120));
const late = mean(window(total - 60, total + 10));
const drift = (late - early) / early;
const rss = samples.map((s) => s.rssMb);
const requests = [...counts.values()].reduce((a, b) => a + b, 0);
const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);

log(`Requests: ${requests} in ${MINUTES} min ${JSON.stringify(Object.fromEntries(counts))}`);
log(`Errors: ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
log(
  `RSS (MB): min ${Math.min(...rss).toFixed(1)}, max ${Math.max(...rss).toFixed(1)}, ` +
    `mean of minute 2 ${early.toFixed(1)}, mean of the last minute ${late.toFixed(1)}, ` +
    `drift ${(drift * 100).toFixed(1)}% (limit ±10%)`,
);
const samePid = server.serverPid() === pid;
log(`Same server process throughout: ${samePid ? 'yes' : 'NO'}`);
log(`Samples: ${rss.map((v) => v.toFixed(0)).join(' ')}`);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(errorCount === 0 && Math.abs(drift) <= 0.1 && samePid ? 0 : 1);
