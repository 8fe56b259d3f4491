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

/** A secretary and treasurer limited to one congregation (the campo's scoped scenarios). */
export const SCOPED_USER = {
  name: 'Benchmark (uma congregação)',
  email: 'bench-scoped@adam.local',
  password: 'bench-senha-123',
};

export const TARGETS = {
  listP95: 25,
  listRatio: 1.5,
  dashboardP95: 50,
  financeListP95: 25,
  financeDashboardP95: 100,
  rssMb: 200,
  jsKb: 300,
  rowMs: 1500,
  // Issue 12, at campo scale: a scoped user's lists, the whole church's lists and reports on
  // PostgreSQL, the dashboards of one congregation and consolidated.
  scopedListP95: 25,
  churchListP95: 50,
  congregationDashboardP95: 50,
  consolidatedDashboardP95: 100,
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
    // A campo (issue 12): seeds N congregations, adds the scoped scenarios and judges the
    // whole church's lists and the dashboards by the campo's targets.
    congregations: { type: 'string' },
    // Also measures through nginx in front of two API processes (PostgreSQL only).
    nginx: { type: 'boolean', default: false },
    // Only the nginx part (with --reuse): no single-process table, floors nor browser.
    'nginx-only': { type: 'boolean', default: false },
    // Node options for the server process only, to try V8 flags or preloads on the real server.
    'server-node-options': { type: 'string' },
    // The member import (issue 14, import.ts): a generated CSV of --import-rows members
    // uploaded, dry run and import timed; --import-only measures just that.
    import: { type: 'boolean', default: false },
    'import-only': { type: 'boolean', default: false },
    'import-rows': { type: 'string', default: '100000' },
    // Only the bank statements scenario (issue 14; statements.ts): 5,000 OFX lines matched
    // against ten years of movements.
    statements: { type: 'boolean', default: false },
    // Only the offering counts scenario (issue 25; offeringCounts.ts): closing counts of 50
    // lines on ten years of finance; --counts-closed N closings (default 20).
    counts: { type: 'boolean', default: false },
    'counts-closed': { type: 'string' },
    // Only the Dizimistas report scenario (issue 25; tithers.ts): a year's page at 4 clients on
    // --tithers-members members (default 20,000) and their finance.
    tithers: { type: 'boolean', default: false },
    // Only the treasury and check-in scenarios (issues 25 and 26; treasury.ts) on the main
    // bench's database (--reuse, --data-dir, DATABASE_URL): Dizimistas, receipt, statements
    // streamed, check-in and its name search.
    treasury: { type: 'boolean', default: false },
    // Only the pastor's attendance report (issue 26; churchLife.ts): a year of cultos and named
    // presence on --members members in --congregations congregations (30 by default).
    'church-life': { type: 'boolean', default: false },
    'church-life-requests': { type: 'string' },
    'tithers-members': { type: 'string' },
    // Only the treasurer's statements (issue 27; financeStatements.ts): DRP, DFC and livro caixa
    // of a month and a year at 4 clients, --statements-requests each (default 20).
    'finance-statements': { type: 'boolean', default: false },
    'statements-requests': { type: 'string' },
    'statements-members': { type: 'string' },
    'tithers-requests': { type: 'string' },
    // Only the monthly pack (issue 27; monthlyPack.ts): last month's prestação de contas PDF,
    // consolidated, the sede with its sub-tree and the largest congregation, --pack-requests
    // each (default 5), on the main bench's database (--reuse, --data-dir, DATABASE_URL).
    pack: { type: 'boolean', default: false },
    'pack-requests': { type: 'string' },
    // Only the finance reports at scale (issue 27; financeReports.ts): every finance report of a
    // month and a year, one congregation, a sede with its sub-tree and consolidated, 4 clients,
    // --reports-requests each (default 10), on the existing database of --data-dir or DATABASE_URL.
    'finance-reports': { type: 'boolean', default: false },
    'reports-requests': { type: 'string' },
    // Only the EBD scenario (issue 26; ebd.ts): the Sunday summary, a chamada and a tick on
    // --ebd-members members (default 200,000) in --ebd-congregations congregations (30).
    ebd: { type: 'boolean', default: false },
    'ebd-members': { type: 'string' },
    'ebd-congregations': { type: 'string' },
    'ebd-requests': { type: 'string' },
    // Only the messages' queue (issue 28; messages.ts): a whole church queued, then the claims.
    messages: { type: 'boolean', default: false },
    'message-claims': { type: 'string' },
  },
});
export const MEMBERS = Number(args.members);
export const SECONDS = Number(args.duration);
export const CONNECTIONS = Number(args.connections);
export const TRANSACTIONS = Number(args.transactions ?? MEMBERS * 5);
export const DATABASE_URL = process.env.DATABASE_URL || undefined;
export const KIND = DATABASE_URL ? 'PostgreSQL' : 'SQLite';
export const CONGREGATIONS = args.congregations === undefined ? null : Number(args.congregations);
/** Results are kept per database kind, and apart for a campo. */
export const RESULTS_KEY = CONGREGATIONS ? `${KIND} campo` : KIND;

export type Kind =
  | 'list'
  | 'detail'
  | 'dashboard'
  | 'finance list'
  | 'finance dashboard'
  | 'scoped list'
  | 'congregation dashboard';

/** One request the bench measures. */
export interface Scenario {
  name: string;
  path: string;
  kind: Kind;
  /** Who asks: the benchmark's admin (default) or the user scoped to one congregation. */
  as?: 'admin' | 'scoped';
  /** Headers besides the session's (the X-Congregation selection). */
  headers?: Record<string, string>;
}

export const log = (line = '') => console.log(line);
