// npm run bench -- --finance-reports [--data-dir DIR] [--reports-requests R] [--only REGEX]
//
// Issue 27, the accounts at scale: every finance report (DRP, balancete, DFC, livro caixa, funds,
// budget, repasses) of the last whole month and of the twelve months up to it, for one
// congregation, a sede with its sub-tree and the whole church (consolidated), 4 clients at once,
// R requests each (10), through the real server process (npm start) on an EXISTING database: the
// SQLite of --data-dir or the PostgreSQL of DATABASE_URL, seeded beforehand (`npm run adam -- seed
// --members 200000 --transactions 2000000 --congregations 30`). Migrates it first. Targets
// (issue 27): a month's p95 ≤ 300 ms, a year's ≤ 1 s.
import { resolve } from 'node:path';
import { SEDE_ID } from '../domain/congregations.js';
import { addMonths, todayIso } from '../domain/dates.js';
import { lastDayOf } from '../domain/reports.js';
import { migrateToLatest, openDatabase } from '../server/db/index.js';
import { BENCH_USER, DATABASE_URL, KIND, args, log } from './config.js';
import { ensureUser } from './database.js';
import { startBenchServer } from './benchServer.js';
import { Session } from './session.js';
import { percentile } from './stats.js';

const CLIENTS = 4;
const TARGET_MS = { month: 300, year: 1_000 };

interface Places {
  /** The congregation with the most movements, not the sede. */
  congregation: { id: number; name: string };
  /** The congregation with the most congregations under it, besides the root. */
  sede: { id: number; name: string };
  /** The bank account with the most movements. */
  account: number;
}

async function places(dataDir: string): Promise<Places> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const { db } = database;
    await migrateToLatest(database);
    await ensureUser(database, BENCH_USER, ['admin'], []);
    const busiest = await db
      .selectFrom('finance_month_totals')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'finance_month_totals.bank_account_id')
      .select([
        'bank_accounts.id',
        'bank_accounts.congregation_id',
        (eb) => eb.fn.sum<number>('finance_month_totals.count').as('n'),
      ])
      .groupBy(['bank_accounts.id', 'bank_accounts.congregation_id'])
      .orderBy('n', 'desc')
      .execute();
    const congregations = await db
      .selectFrom('congregations')
      .select(['id', 'name', 'parent_id'])
      .execute();
    const named = (id: number) => congregations.find((row) => row.id === id)!;
    const own = busiest.find((row) => row.congregation_id !== SEDE_ID) ?? busiest[0];
    const children = new Map<number, number>();
    for (const row of congregations) {
      if (row.parent_id !== null && row.parent_id !== SEDE_ID) {
        children.set(row.parent_id, (children.get(row.parent_id) ?? 0) + 1);
      }
    }
    const sede = [...children.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? SEDE_ID;
    return {
      congregation: { id: own.congregation_id, name: named(own.congregation_id).name },
      sede: { id: sede, name: named(sede).name },
      account: busiest[0].id,
    };
  } finally {
    await database.close();
  }
}

/** Each report's query string for a span, or null where it has no such span. */
function reportQueries(month: string, account: number) {
  const year = addMonths(`${month}-01`, -11);
  const period = {
    month: `from=${month}-01&to=${lastDayOf(month)}`,
    year: `from=${year}&to=${lastDayOf(month)}`,
  };
  return {
    statement_of_activities: period,
    trial_balance: { month: `month=${month}`, year: null },
    cash_flow: period,
    cash_book: {
      month: `${period.month}&account_id=${account}`,
      year: `${period.year}&account_id=${account}`,
    },
    // The funds take the period as date_gte and date_lte.
    funds: {
      month: period.month.replace('from=', 'date_gte=').replace('&to=', '&date_lte='),
      year: period.year.replace('from=', 'date_gte=').replace('&to=', '&date_lte='),
    },
    budget: {
      month: `year=${month.slice(0, 4)}&month=${Number(month.slice(5, 7))}`,
      year: `year=${month.slice(0, 4)}`,
    },
    repasses: { month: `month=${month}`, year: null },
  };
}

export async function financeReportsBench(): Promise<void> {
  const dataDir = resolve(args['data-dir'] ?? 'data');
  const requests = Number(args['reports-requests'] ?? 10);
  const only = args.only ? new RegExp(args.only, 'i') : null;
  log(`Finance reports bench — ${KIND}${DATABASE_URL ? '' : ` in ${dataDir}`}`);
  const where = await places(dataDir);
  const server = await startBenchServer(dataDir);
  const over: string[] = [];
  try {
    const session = new Session(server.baseUrl, BENCH_USER);
    await session.start();
    const get = async (path: string) => {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: session.headers });
      const body = await response.text();
      session.follow(response);
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
    };
    const month = addMonths(todayIso(), -1).slice(0, 7);
    const scopes = {
      consolidated: '',
      [`sede ${where.sede.name} with its sub-tree`]: `&congregation_id=${where.sede.id}&include_subtree=true`,
      [`congregation ${where.congregation.name}`]: `&congregation_id=${where.congregation.id}`,
    };
    log(
      `${CLIENTS} clients × ${requests} requests; month ${month}, year the twelve months up to it; load average now ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
    );
    for (const [report, spans] of Object.entries(reportQueries(month, where.account))) {
      for (const span of ['month', 'year'] as const) {
        const params = spans[span];
        if (params === null) continue;
        // The livro caixa is one account's book: no congregation filter.
        const entries = report === 'cash_book' ? { account: '' } : scopes;
        for (const [scope, filter] of Object.entries(entries)) {
          const name = `${report} (${span}, ${scope})`;
          if (only && !only.test(name)) continue;
          const url = `/api/reports/finance/${report}?${params}${filter}`;
          await get(url); // untimed: the database's cache, as a treasurer's second look finds it
          const times: number[] = [];
          await Promise.all(
            Array.from({ length: CLIENTS }, async () => {
              for (let i = 0; i < requests; i++) {
                const started = performance.now();
                await get(url);
                times.push(performance.now() - started);
              }
            }),
          );
          const p95 = percentile(times, 95);
          if (p95 > TARGET_MS[span]) over.push(name);
          log(
            `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS[span]} ms${p95 > TARGET_MS[span] ? ': OVER' : ''})`,
          );
        }
      }
    }
  } finally {
    await server.stop();
  }
  log(over.length === 0 ? 'Within the targets.' : `OVER a target: ${over.join('; ')}.`);
}
