// What the bench prints (a table of the scenarios, then the totals) and what it keeps in
// bench/results.json: one entry per database kind, the last run of each.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { format } from 'prettier';
import type { ScenarioResult } from './api.js';
import type { BrowserTiming } from './browser.js';
import type { StandInResult } from './campo.js';
import {
  CONGREGATIONS,
  CONNECTIONS,
  KIND,
  MEMBERS,
  RESULTS,
  RESULTS_KEY,
  SECONDS,
  TARGETS,
  log,
} from './config.js';
import { round } from './stats.js';

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
export const passText = (pass: boolean | null) => (pass === null ? '' : pass ? 'PASS' : 'MISS');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows
    .map((row, r) =>
      [
        row
          .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
          .join('  '),
        ...(r === 0 ? [widths.map((w) => '-'.repeat(w)).join('  ')] : []),
      ].join('\n'),
    )
    .join('\n');
}

export interface Measures {
  version: string;
  results: ScenarioResult[];
  memory: { rssMb: number; peakMb: number };
  browser: BrowserTiming | null;
  js: { kb: number; files: string[] };
  seedSeconds: number | null;
  loadStart: number;
  started: number;
}

function scenarioTable(results: ScenarioResult[]): string {
  const header = [
    'Scenario',
    'p50',
    'p95',
    'p99',
    'req/s',
    `p95@${CONNECTIONS}`,
    `req/s@${CONNECTIONS}`,
    'non-2xx',
    'SQL p50',
    'SQL p95',
    'API/SQL',
    'Target',
    'p95',
    'ratio',
  ];
  const rows = results.map((r) => [
    r.name,
    ms(r.latency.p50),
    ms(r.latency.p95),
    ms(r.latency.p99),
    r.latency.rps.toFixed(0),
    ms(r.load.p95),
    r.load.rps.toFixed(0),
    String(r.latency.non2xx + r.load.non2xx),
    r.floor.p50.toFixed(2),
    r.floor.p95.toFixed(2),
    `${r.ratio.toFixed(1)}x`,
    r.target,
    passText(r.latencyPass),
    passText(r.ratioPass),
  ]);
  return table([header, ...rows]);
}

/** Prints the report; returns the entry for bench/results.json. */
export function report(measures: Measures) {
  const { version, results, memory, browser, js, seedSeconds, loadStart, started } = measures;
  const totals = {
    rss: { value: memory.rssMb, pass: memory.rssMb <= TARGETS.rssMb },
    js: { value: js.kb, pass: js.kb <= TARGETS.jsKb },
    row: browser
      ? {
          value: browser.median,
          pass: browser.element === 'members row' && browser.median <= TARGETS.rowMs,
        }
      : null,
  };
  log();
  log(
    `${KIND} ${version}, ${MEMBERS.toLocaleString('en')} members, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}. Latency in ms: 1 connection (p50/p95/p99) and ${CONNECTIONS} connections, ${SECONDS} s each; SQL = the route's own statements in-process.`,
  );
  log(scenarioTable(results));
  // What every request costs besides its SQL (session check and token touch, routing, JSON,
  // HTTP): with SQL under about twice this, no route can stay within the ratio.
  const detail = results.find((r) => r.kind === 'detail');
  const fixedCost = detail ? detail.latency.p50 - detail.floor.p50 : NaN;
  if (detail) {
    log(
      `API cost per request besides its SQL (member detail, API p50 − SQL p50): ${fixedCost.toFixed(1)} ms.`,
    );
  }
  log();
  log(
    `Server RSS after the load: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)  target ≤ ${TARGETS.rssMb} MB  ${passText(totals.rss.pass)}`,
  );
  log(
    `Initial JavaScript: ${js.kb.toFixed(0)} KB gzip (${js.files.length} files)  target ≤ ${TARGETS.jsKb} KB  ${passText(totals.js.pass)}`,
  );
  if (browser) {
    log(
      `First ${browser.element} in Chromium: ${browser.median.toFixed(0)} ms median (${browser.runs.map((v) => v.toFixed(0)).join(', ')})  target ≤ ${TARGETS.rowMs} ms  ${passText(totals.row!.pass)}`,
    );
  }
  if (seedSeconds !== null) log(`Seed: ${seedSeconds.toFixed(1)} s.`);
  log(
    `Load average (1 min) before/after: ${loadStart.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} cores.`,
  );
  const unauthorized = results.reduce((n, r) => n + r.latency.status401 + r.load.status401, 0);
  log(`401 responses during the load: ${unauthorized}.`);

  return {
    date: new Date().toISOString(),
    database: { kind: KIND, version },
    members: MEMBERS,
    congregationsSeeded: CONGREGATIONS,
    seedSeconds: seedSeconds === null ? null : round(seedSeconds),
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryGb: round(totalmem() / 1024 ** 3),
      platform: `${process.platform} ${process.arch}`,
      node: process.version,
      // Other work on the machine skews latency: the 1-minute load average before and after.
      loadAverage: { start: round(loadStart, 2), end: round(loadavg()[0], 2) },
    },
    load: { seconds: SECONDS, connections: [1, CONNECTIONS] },
    targets: TARGETS,
    scenarios: results.map((r) => ({
      name: r.name,
      path: decodeURIComponent(r.path),
      api: {
        p50: round(r.latency.p50, 2),
        p95: round(r.latency.p95, 2),
        p99: round(r.latency.p99, 2),
        rps: round(r.latency.rps),
        requests: r.latency.requests,
        non2xx: r.latency.non2xx,
        status: r.latency.statusCodes,
      },
      apiUnderLoad: {
        connections: CONNECTIONS,
        p50: round(r.load.p50, 2),
        p95: round(r.load.p95, 2),
        p99: round(r.load.p99, 2),
        rps: round(r.load.rps),
        requests: r.load.requests,
        non2xx: r.load.non2xx,
        status: r.load.statusCodes,
      },
      sql: {
        p50: round(r.floor.p50, 3),
        p95: round(r.floor.p95, 3),
        runs: r.floor.runs,
        statements: r.floor.statements,
      },
      ratio: round(r.ratio, 2),
      target: r.target,
      result: passText(r.pass) || null,
      latencyResult: passText(r.latencyPass) || null,
      ratioResult: passText(r.ratioPass) || null,
      plan: r.plan,
    })),
    serverRssMb: {
      value: round(memory.rssMb),
      peak: round(memory.peakMb),
      result: passText(totals.rss.pass),
    },
    initialJsKbGzip: { value: round(js.kb), files: js.files, result: passText(totals.js.pass) },
    firstMembersRowMs: browser
      ? {
          median: round(browser.median, 0),
          runs: browser.runs.map((v) => round(v, 0)),
          element: browser.element,
          result: passText(totals.row!.pass),
        }
      : null,
    unauthorized,
    apiCostPerRequestMs: round(fixedCost, 2),
    elapsedSeconds: round((performance.now() - started) / 1000),
  };
}

/** The SQL stand-ins of the scoped routes, with and without migration 0013's indexes. */
export function standInReport(results: StandInResult[]) {
  log();
  log(
    `SQL stand-ins of the scoped routes (the explicit congregation_id condition; in-process, ms):`,
  );
  log(
    table([
      [
        'Stand-in',
        '1 conn p50',
        'p95',
        'without 0013 p50',
        'p95',
        'clients',
        'p50',
        'p95',
        'Target',
        '',
      ],
      ...results.map((r) => [
        r.name,
        ms(r.single.p50),
        ms(r.single.p95),
        r.without ? ms(r.without.p50) : '—',
        r.without ? ms(r.without.p95) : '—',
        String(r.with.clients),
        ms(r.with.p50),
        ms(r.with.p95),
        `p95 ≤ ${r.target} ms`,
        passText(r.with.p95 <= r.target),
      ]),
    ]),
  );
  log();
}

type Upstreams = Record<string, { requests: number; status401: number }>;

/** The run through nginx: the same table's latencies, the 401s, the split between processes. */
export function nginxReport(measures: {
  results: ScenarioResult[];
  loadUpstreams: Upstreams;
  rotation: { requests: number; status401: number; other: number; rotated: number };
  rotationUpstreams: Upstreams;
}) {
  const { results, loadUpstreams, rotation, rotationUpstreams } = measures;
  const unauthorized = results.reduce((n, r) => n + r.latency.status401 + r.load.status401, 0);
  const requests = results.reduce((n, r) => n + r.latency.requests + r.load.requests, 0);
  log();
  log(`Through nginx, two API processes on one ${KIND} (ms):`);
  log(
    table([
      [
        'Scenario',
        'p50',
        'p95',
        `p50@${CONNECTIONS}`,
        `p95@${CONNECTIONS}`,
        `req/s@${CONNECTIONS}`,
        'non-2xx',
        '401',
        'Target',
        'p95',
      ],
      ...results.map((r) => [
        r.name,
        ms(r.latency.p50),
        ms(r.latency.p95),
        ms(r.load.p50),
        ms(r.load.p95),
        r.load.rps.toFixed(0),
        String(r.latency.non2xx + r.load.non2xx),
        String(r.latency.status401 + r.load.status401),
        r.target,
        passText(r.latencyPass),
      ]),
    ]),
  );
  const split = (upstreams: Upstreams) =>
    Object.entries(upstreams)
      .map(([upstream, c]) => `${upstream}: ${c.requests} (${c.status401} × 401)`)
      .join(', ');
  log(`Load: ${requests} requests, ${unauthorized} × 401; per process: ${split(loadUpstreams)}.`);
  log(
    `Token rotation across the processes: ${rotation.requests} sequential requests, ${rotation.rotated} new tokens, ${rotation.status401} × 401, ${rotation.other} other non-200; per process: ${split(rotationUpstreams)}.`,
  );
  return {
    scenarios: results.map((r) => ({
      name: r.name,
      api: {
        p50: round(r.latency.p50, 2),
        p95: round(r.latency.p95, 2),
        requests: r.latency.requests,
        status: r.latency.statusCodes,
      },
      apiUnderLoad: {
        connections: CONNECTIONS,
        p50: round(r.load.p50, 2),
        p95: round(r.load.p95, 2),
        rps: round(r.load.rps),
        requests: r.load.requests,
        status: r.load.statusCodes,
      },
      target: r.target,
      latencyResult: passText(r.latencyPass) || null,
    })),
    requests,
    unauthorized,
    upstreams: loadUpstreams,
    rotation: { ...rotation, upstreams: rotationUpstreams },
  };
}

/** Keeps the other database kind's entry; replaces this one's. */
export async function writeResults(
  entry: ReturnType<typeof report> & {
    congregations?: unknown;
    standIns?: StandInResult[];
    nginx?: ReturnType<typeof nginxReport>;
  },
  key: string = RESULTS_KEY,
) {
  const previous = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>)
    : {};
  const next = { ...previous, [key]: entry };
  writeFileSync(RESULTS, await format(JSON.stringify(next), { parser: 'json' }));
  log(`Results written to ${RESULTS}.`);
}
