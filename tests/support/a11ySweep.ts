// Accessibility (issue 11): axe-core on every screen of SPEC §2 and every screen the menu opens
// (lists, forms, details, reports, the dashboard, the menu), at 1280 and 390 px, on a database
// with some members and finance records. Fails on any critical or serious violation. One
// browser, one signed-in context per user; the screens are opened inside the app (as the menu
// opens them) so the run stays short.
//
// The admin opens every screen, forms included. A secretary and a treasurer open the screens
// that show them something else than the admin (issue 23): the dashboard, the menu, and the
// screens of the resources whose access differs from the admin's (read only where the admin
// writes, the reduced record, no anonymizing) — the others are the same components on the same
// data, already checked as the admin. ADAM_A11Y_FULL=1 opens every screen for every role.
//
// A11Y_TABLE=<file> writes the violations per screen and width (critical/serious) to that file
// (the width is added to its name).
//
// The sweep runs in two files, one per width (a11y-desktop and a11y-phone in tests/e2e), each
// with its own server: side by side they take half the time of one file.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import { type Access, hasAccess } from '../../domain/roles';
import { REPORTS, reportAccess } from '../../domain/reports';
import { RESOURCES, type ResourceEntry } from '../../domain/resources';
import { DASHBOARD_PATH, paths } from '../../src/routing/paths';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeViolations,
  PASSWORD,
  launchBrowser,
  newPage,
  signInThroughForm,
  startServer,
} from './e2e';

export type Width = 1280 | 390;
const HEIGHT = 844;

const USERS = [
  { key: 'admin', email: ADMIN.email, password: ADMIN.password, roles: ['admin'] },
  {
    key: 'secretary',
    email: 'secretaria@e2e.test',
    password: PASSWORD,
    roles: ['secretary'],
    name: 'Sara Secretária',
  },
  {
    key: 'financial',
    email: 'tesouraria@e2e.test',
    password: PASSWORD,
    roles: ['financial'],
    name: 'Tiago Tesoureiro',
  },
] as const;

interface Finding {
  user: string;
  width: number;
  path: string;
  rule: string;
  impact: string;
  nodes: number;
  target: string;
  summary: string;
  /** The first node's markup, shortened: what was on the screen. */
  html: string;
}

/** The whole sweep at these widths: a server of its own, seeded, and one test per user. */
export function a11ySweep(widths: readonly Width[]) {
  let server: E2eServer;
  let browser: Browser;
  let admin: ApiSession;
  /** The first record's id of each API resource, for the detail and edit screens. */
  const firstIds = new Map<string, string | number>();
  const findings: Finding[] = [];
  /** Every screen measured, as "user width path", for the table. */
  const measured: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    server.cli('seed', '--members', '30', '--transactions', '120');
    admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
    // Whatever the date, the birthdays report and the dashboard list someone, with a WhatsApp link.
    await admin.request('POST', '/members', {
      name: 'Ana Aniversariante',
      status: 'active',
      birth_date: `1990-${todayIso().slice(5, 7)}-01`,
      phone_mobile: '11987654321',
    });
    for (const user of USERS) {
      if (user.key === 'admin') continue;
      await admin.createUser({
        name: user.name,
        email: user.email,
        password: user.password,
        roles: [...user.roles],
      });
    }
    for (const entry of RESOURCES) {
      if (!entry.routes.show && !entry.routes.edit) continue;
      const response = await admin.request('GET', `/${entry.api}?range=${encodeURI('[0,0]')}`);
      const rows = response.json as { id: string | number }[];
      if (Array.isArray(rows) && rows.length > 0) firstIds.set(entry.api, rows[0].id);
    }
  }, 240_000);

  afterAll(async () => {
    if (process.env.A11Y_TABLE)
      writeFileSync(`${process.env.A11Y_TABLE}.${widths.join('-')}`, table());
    await browser?.close();
    await server?.stop();
  });

  const FULL = process.env.ADAM_A11Y_FULL === '1';
  const ADMIN_ROLES = ['admin'];

  /** Whether these roles see the resource's screens otherwise than the admin does. */
  function differsFromAdmin(roles: readonly string[], entry: ResourceEntry): boolean {
    const rights: Array<Access | undefined> = [entry.write, entry.detail, entry.anonymize];
    return rights.some(
      (access) =>
        access !== undefined && hasAccess(roles, access) !== hasAccess(ADMIN_ROLES, access),
    );
  }

  /**
   * The screens a user with these roles may open: the dashboard, every list and report of the menu
   * and the details; with `forms`, the create and edit forms too (the same components whoever
   * opens them, so they are checked once, as the admin). With `onlyOwn`, of the resources only
   * those whose screens differ from the admin's, and no report.
   */
  function screensFor(roles: readonly string[], forms: boolean, onlyOwn = false): string[] {
    const list: string[] = [DASHBOARD_PATH];
    for (const entry of RESOURCES) {
      if (!hasAccess(roles, entry.screen ?? entry.read)) continue;
      if (entry.name === 'credenciais' || entry.name === 'cartas') continue; // no screen of their own
      if (onlyOwn && !differsFromAdmin(roles, entry)) continue;
      list.push(paths.list(entry.name));
      const write = hasAccess(roles, entry.write);
      if (forms && entry.routes.create && write) list.push(paths.create(entry.name));
      const id = firstIds.get(entry.api);
      if (id === undefined) continue;
      if (entry.routes.show) list.push(paths.show(entry.name, id));
      if (forms && entry.routes.edit && write) list.push(paths.edit(entry.name, id));
    }
    for (const report of REPORTS) {
      if (!onlyOwn && hasAccess(roles, reportAccess(report.key))) list.push(report.path);
    }
    return list;
  }

  /** Requests of the page still waiting for an answer (the screens' data). */
  const inFlight = new WeakMap<Page, Set<unknown>>();

  function trackRequests(page: Page) {
    const pending = new Set<unknown>();
    inFlight.set(page, pending);
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
  }

  /** Until no request has been pending for a moment (the screen has its data and lazy code). */
  async function networkQuiet(page: Page) {
    const pending = inFlight.get(page)!;
    let quietSince = Date.now();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      await page.waitForTimeout(50);
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 250) return;
    }
    throw new Error('A tela não terminou de carregar em 15 s.');
  }

  /** Opens a path inside the app (as a menu link does) and waits for its data. */
  async function openInApp(page: Page, path: string) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await networkQuiet(page);
    await page.waitForFunction(
      () =>
        !document.querySelector(
          '.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate, .MuiSkeleton-root',
        ),
      undefined,
      { timeout: 15_000 },
    );
  }

  async function audit(page: Page, user: string, width: number, path: string) {
    measured.push(`${user} ${width} ${path}`);
    const started = Date.now();
    const violations = await axeViolations(page);
    if (process.env.A11Y_TIMING)
      console.log(`${user} ${width} ${path}: axe ${Date.now() - started} ms`);
    for (const violation of violations) {
      if (violation.impact !== 'critical' && violation.impact !== 'serious') continue;
      findings.push({
        user,
        width,
        path,
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.length,
        target: String(violation.nodes[0]?.target ?? ''),
        summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
        html: (violation.nodes[0]?.html ?? '').slice(0, 160),
      });
    }
  }

  /** Per screen and width: critical/serious node counts, and the rules. */
  function table(): string {
    const lines = [
      '| user | width | screen | critical | serious | rules |',
      '|---|---|---|---|---|---|',
    ];
    for (const key of measured) {
      const [user, width, path] = key.split(' ');
      const here = findings.filter(
        (f) => f.user === user && String(f.width) === width && f.path === path,
      );
      const count = (impact: string) =>
        here.filter((f) => f.impact === impact).reduce((sum, f) => sum + f.nodes, 0);
      const rules = [...new Set(here.map((f) => `${f.rule}(${f.nodes})`))].join(' ');
      lines.push(
        `| ${user} | ${width} | ${path} | ${count('critical')} | ${count('serious')} | ${rules} |`,
      );
    }
    return `${lines.join('\n')}\n\nDetails:\n${findings.map((f) => `${f.user} ${f.width} ${f.path} ${f.rule} [${f.impact}] x${f.nodes} ${f.target} — ${f.summary}`).join('\n')}\n`;
  }

  function describeFindings(list: Finding[]) {
    return list
      .map(
        (f) =>
          `${f.width}px ${f.path}: ${f.rule} [${f.impact}] x${f.nodes} em ${f.target} — ${f.summary} — ${f.html}`,
      )
      .join('\n');
  }

  describe(`axe-core: nenhuma violação crítica ou séria (${widths.join(' e ')} px)`, () => {
    it('telas públicas (login, /meu_cadastro e /privacidade)', async () => {
      const { context, page } = await newPage(browser, server);
      try {
        for (const width of widths) {
          await page.setViewportSize({ width, height: HEIGHT });
          for (const path of ['/login', '/meu_cadastro', '/privacidade']) {
            await page.goto(path);
            await page.waitForLoadState('networkidle');
            await audit(page, 'public', width, path);
          }
        }
      } finally {
        await context.close();
      }
      const mine = findings.filter((f) => f.user === 'public');
      expect(describeFindings(mine)).toBe('');
    });

    for (const user of USERS) {
      it(`cada tela de ${user.key}`, { timeout: 600_000 }, async () => {
        const admin = user.key === 'admin';
        const screens = screensFor(user.roles, admin, !admin && !FULL);
        // One signed-in context per width, opened at that width (as a phone or a desktop would:
        // shrinking a desktop window with the menu open is another story).
        for (const width of widths) {
          const { context, page } = await newPage(browser, server, {
            viewport: { width, height: HEIGHT },
          });
          try {
            trackRequests(page);
            await signInThroughForm(page, user.email, user.password);
            for (const path of screens) {
              await openInApp(page, path);
              await audit(page, user.key, width, path);
            }
            if (width === 390) {
              // The menu itself, opened at phone width (a drawer over the page). The app bar
              // slides away while scrolling down (the last screen was long).
              await openInApp(page, DASHBOARD_PATH);
              await page.evaluate(() => window.scrollTo(0, 0));
              await page.getByRole('button', { name: 'Abrir menu' }).click();
              await page.getByRole('menuitem', { name: 'Membros', exact: true }).waitFor();
              await audit(page, user.key, 390, 'menu aberto');
            }
          } finally {
            await context.close();
          }
        }
        const mine = findings.filter((f) => f.user === user.key);
        expect(describeFindings(mine)).toBe('');
      });
    }
  });
}
