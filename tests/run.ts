// npm test: lint, types, unit and server suites on SQLite, the server suites again on
// PostgreSQL when DATABASE_URL is set, then the browser suite in headless Chromium, and last
// the date-sensitive suites again with the clock pinned to a month's and a year's end.
import '../server/checkRuntime.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
}

const bin = (name: string) => `node_modules/.bin/${name}`;
const withoutDatabaseUrl = { ...process.env, DATABASE_URL: '' };

function ensureChromium(): void {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log('Chromium não encontrado: instalando o pacote chromium do Debian…');
    const result = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (result.status === 0 && existsSync(path)) return;
  }
  console.error(
    `Chromium não encontrado em ${path}. Instale-o (apt-get install -y chromium) ou indique CHROME_PATH.`,
  );
  process.exit(1);
}

const steps: Step[] = [
  { name: 'lint', command: [bin('eslint'), '.'] },
  { name: 'format', command: [bin('prettier'), '--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck (domain)', command: [bin('tsc'), '-p', 'tsconfig.domain.json', '--noEmit'] },
  { name: 'typecheck (app)', command: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'typecheck (server)', command: [bin('tsc'), '-p', 'tsconfig.server.json', '--noEmit'] },
  {
    name: 'unit + server (SQLite)',
    command: [bin('vitest'), 'run', '--project', 'unit', '--project', 'server'],
    env: { ...withoutDatabaseUrl, ADAM_TEST_DB: 'sqlite' },
  },
];
if (process.env.DATABASE_URL) {
  steps.push({
    name: 'server (PostgreSQL)',
    command: [bin('vitest'), 'run', '--project', 'server'],
    env: { ...process.env, ADAM_TEST_DB: 'postgres' },
  });
} else {
  console.log('DATABASE_URL não definido: as suítes do servidor rodam só no SQLite.');
}
steps.push({
  name: 'browser (Chromium)',
  command: [bin('vitest'), 'run', '--project', 'e2e'],
  env: withoutDatabaseUrl,
});

// The suites whose fixtures or answers follow "today", run again (SQLite) with the clock of the
// server, of the test process and of the browser pinned (ADAM_NOW, see server/clock.ts): 22:00
// on the last day of February in São Paulo is already March in UTC; 23:30 on 31/12 is next year.
const DATE_SENSITIVE = [
  'tests/server/members.test.ts',
  'tests/server/dashboard.test.ts',
  'tests/server/reports.test.ts',
  'tests/server/scope-reports.test.ts',
  'tests/server/credentials.test.ts',
  'tests/server/letters.test.ts',
  'tests/server/pdf.test.ts',
  'tests/server/public.test.ts',
  'tests/server/finance-ledger.test.ts',
  'tests/server/finance-cards.test.ts',
  'tests/e2e/reports.test.ts',
  'tests/e2e/sede-reports.test.ts',
  'tests/e2e/documents.test.ts',
  'tests/e2e/public.test.ts',
  'tests/e2e/finance.test.ts',
];
const PINNED_CLOCKS = [
  ['fim de mês', '2027-02-28T22:00:00-03:00'],
  ['fim de ano', '2026-12-31T23:30:00-03:00'],
];
for (const [label, instant] of PINNED_CLOCKS) {
  steps.push({
    name: `datas: ${label} (${instant})`,
    command: [bin('vitest'), 'run', '--project', 'server', '--project', 'e2e', ...DATE_SENSITIVE],
    env: { ...withoutDatabaseUrl, ADAM_TEST_DB: 'sqlite', NODE_ENV: 'test', ADAM_NOW: instant },
  });
}

const timings: string[] = [];
for (const step of steps) {
  if (step.command.includes('e2e')) ensureChromium();
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: step.env ?? process.env,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${step.name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} falhou (${seconds} s).`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ Todos os testes passaram.\n  ${timings.join('\n  ')}`);
