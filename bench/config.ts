// The benchmark's command line and targets, read once: every area of the bench sees the same.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '..');
export const RESULTS = join(ROOT, 'bench', 'results.json');
export const BENCH_USER = {
  name: 'Benchmark',
  email: 'bench@adam.local',
  password: 'bench-senha-123',
};

export const TARGETS = {
  listP95: 25,
  listRatio: 1.5,
  dashboardP95: 50,
  financeListP95: 25,
  financeDashboardP95: 100,
  rssMb: 200,
  jsKb: 350,
  rowMs: 1500,
};

export const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '200000' },
    reuse: { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    // Finance transactions to seed with the members (default: five a member).
    transactions: { type: 'string' },
    // Only the scenarios whose name matches (case-insensitive), to work on a few.
    only: { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
    // Node options for the server process only, to try V8 flags or preloads on the real server.
    'server-node-options': { type: 'string' },
  },
});
export const MEMBERS = Number(args.members);
export const SECONDS = Number(args.duration);
export const CONNECTIONS = Number(args.connections);
export const TRANSACTIONS = Number(args.transactions ?? MEMBERS * 5);
export const DATABASE_URL = process.env.DATABASE_URL || undefined;
export const KIND = DATABASE_URL ? 'PostgreSQL' : 'SQLite';

export type Kind = 'list' | 'detail' | 'dashboard' | 'finance list' | 'finance dashboard';

/** One request the bench measures. */
export interface Scenario {
  name: string;
  path: string;
  kind: Kind;
}

export const log = (line = '') => console.log(line);
