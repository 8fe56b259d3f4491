// The API under load: each scenario through the real server with autocannon, first with one
// connection (latency) then with several (throughput), judged against its target and its floor.
import { CONGREGATIONS, CONNECTIONS, SECONDS, type Scenario, TARGETS, log } from './config.js';
import type { Floor } from './floor.js';
import { type LoadResult, load } from './load.js';
import { ms, passText } from './report.js';
import type { Session } from './session.js';

export interface ScenarioResult extends Scenario {
  latency: LoadResult;
  load: LoadResult;
  floor: Floor;
  ratio: number;
  target: string;
  pass: boolean | null;
  /** The two halves of a list target: the latency, and the API's share over its own SQL. */
  latencyPass: boolean | null;
  ratioPass: boolean | null;
  plan: string[];
}

function judge(scenario: Scenario, latency: LoadResult, ratio: number) {
  let target = '';
  let latencyPass: boolean | null = null;
  let ratioPass: boolean | null = null;
  if (scenario.kind === 'list' && !CONGREGATIONS) {
    target = `p95 ≤ ${TARGETS.listP95} ms, ≤ ${TARGETS.listRatio}x SQL`;
    latencyPass = latency.p95 <= TARGETS.listP95;
    ratioPass = ratio <= TARGETS.listRatio;
  } else {
    // At campo scale (issue 12) the whole church's lists and reports, and its consolidated
    // dashboards, have the campo's targets.
    const p95 = {
      list: TARGETS.churchListP95,
      dashboard: CONGREGATIONS ? TARGETS.consolidatedDashboardP95 : TARGETS.dashboardP95,
      'finance list': TARGETS.financeListP95,
      'finance dashboard': CONGREGATIONS
        ? TARGETS.consolidatedDashboardP95
        : TARGETS.financeDashboardP95,
      'scoped list': TARGETS.scopedListP95,
      'congregation dashboard': TARGETS.congregationDashboardP95,
      detail: null,
    }[scenario.kind];
    if (p95 !== null && p95 !== undefined) {
      target = `p95${CONGREGATIONS ? `@${CONNECTIONS}` : ''} ≤ ${p95} ms`;
      latencyPass = latency.p95 <= p95;
    }
  }
  const pass = latencyPass === null ? null : latencyPass && ratioPass !== false;
  return { target, latencyPass, ratioPass, pass };
}

/** A scenario's floor key: its path and who asks it with which headers. */
export const floorKey = (scenario: Scenario) =>
  `${scenario.as ?? 'admin'} ${JSON.stringify(scenario.headers ?? {})} ${scenario.path}`;

export async function measureApi(
  baseUrl: string,
  sessions: { admin: Session; scoped?: Session },
  list: Scenario[],
  floors: Map<string, { floor: Floor; plan: string[] }>,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of list) {
    const url = `${baseUrl}${scenario.path}`;
    const session = scenario.as === 'scoped' ? sessions.scoped! : sessions.admin;
    const extra = scenario.headers ?? {};
    await session.touch(scenario.path, 20, extra);
    const latency = await load({
      url,
      headers: { ...session.headers, ...extra },
      connections: 1,
      seconds: SECONDS,
    });
    await session.touch(scenario.path, 1, extra);
    const loaded = await load({
      url,
      headers: { ...session.headers, ...extra },
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    // No floor with --nginx-only (the SQL is not timed again).
    const { floor, plan } = floors.get(floorKey(scenario)) ?? {
      floor: { p50: NaN, p95: NaN, runs: 0, statements: 0 },
      plan: [],
    };
    const ratio = latency.p95 / floor.p95;
    // A campo's targets hold with its concurrent clients (issue 12: 4), the rest with one.
    const verdict = judge(scenario, CONGREGATIONS ? loaded : latency, ratio);
    results.push({ ...scenario, latency, load: loaded, floor, ratio, ...verdict, plan });
    log(
      `  ${scenario.name}: p95 ${ms(latency.p95)} ms (1 conn), ${ms(loaded.p95)} ms / ${loaded.rps.toFixed(0)} req/s (${CONNECTIONS} conn), SQL p95 ${ms(floor.p95)} ms ${passText(verdict.pass)}`,
    );
  }
  return results;
}
