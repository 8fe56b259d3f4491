// End-to-end helpers: the real server (as `npm start` runs it) on a fresh SQLite folder and a
// free port, a headless Chromium through playwright-core, and small API and page helpers.
//
// The server limits sign-ins to 30 per IP per 15 minutes, and every browser and API sign-in
// of a test file comes from 127.0.0.1: each test file starts its own server, so each file
// has its own budget (keep a file well under 30 sign-ins).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  chromium,
} from 'playwright-core';
import { expect } from 'vitest';
import { now } from '../../domain/dates';
import { camelCaseKeys } from '../../src/providers/case';
import { pinnedInstant } from '../../server/clock';
import { CHROMIUM, type ServerProcess, startServerProcess } from './serverProcess';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export const ADMIN = {
  name: 'Administrador',
  email: 'admin@e2e.test',
  password: 'senha-do-admin-e2e',
};
export const PASSWORD = 'senha-forte-e2e-123';

export const SESSION_KEY = 'adamSession';
export const CURRENT_USER_KEY = 'adamCurrentUser';

export type SessionHeaders = { 'access-token': string; client: string; uid: string };

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed (for error messages). */
  output(): string;
  /** Runs `tsx server/cli.ts ...args` on the same data folder; returns its output. */
  cli(...args: string[]): string;
  stop(): Promise<void>;
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG: '0',
    // No browser test reaches the real CEP services: a closed local port unless a test brings
    // its own fake (startServer's env).
    CEP_VIACEP_URL: 'http://127.0.0.1:9/viacep/{cep}',
    CEP_BRASILAPI_URL: 'http://127.0.0.1:9/brasilapi/{cep}',
  };
  // A PostgreSQL test setting of the shell must not leak in: the e2e server uses SQLite.
  delete env.DATABASE_URL;
  return env;
}

/** Starts the real server as `npm start` does, on a fresh data folder (`env`: more settings). */
export async function startServer(
  timeoutMs = 120_000,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adam-e2e-'));
  const env = { ...serverEnv(dataDir), ...extraEnv };
  let server: ServerProcess;
  try {
    server = await startServerProcess({ root: ROOT, env, timeoutMs });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    dataDir,
    output: server.output,
    cli(...args: string[]) {
      const result = spawnSync(TSX, ['server/cli.ts', ...args], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      const text = `${result.stdout}${result.stderr}`;
      if (result.status !== 0) throw new Error(`cli ${args.join(' ')} falhou:\n${text}`);
      return text;
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A headless Chromium; `extraArgs` adds switches (e.g. a fake camera for the QR check-in). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, ...extraArgs] });
}

/** A fresh context (empty localStorage) in pt-BR on the server, and a page in it. */
export async function newPage(
  browser: Browser,
  server: E2eServer,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'pt-BR',
    // As a user who asked the system for less motion (the theme honours it): nothing waits for a
    // menu or a dialog to slide in, and the browser draws far fewer frames.
    reducedMotion: 'reduce',
    viewport: options.viewport ?? { width: 1366, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  // A run with a pinned clock (ADAM_NOW) pins the browser's too: its "today" is the server's.
  if (pinnedInstant()) await context.clock.install({ time: now() });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the /login form and sends it (where it lands is the role's home). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

/** Signs in through the /login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  await page.waitForURL('**/visao_geral');
  await page.getByRole('heading', { name: 'Visão Geral' }).waitFor();
}

let signInCount = 0;
const DASHBOARD = '/visao_geral';

/**
 * Signs in as the app does after the form (the API's sign-in, its session and user in
 * localStorage) and opens the dashboard, or the screen `to` (a test that starts elsewhere does
 * not load the app twice): for the tests that are not about the /login form, which
 * `submitSignIn` and `signInThroughForm` drive. The entries are written once, before the page's
 * first script, so a later sign-out is not undone by the next navigation.
 */
export async function signIn(page: Page, email: string, password: string, to = DASHBOARD) {
  const response = await page.request.post('/api/auth/sign_in', { data: { email, password } });
  if (response.status() !== 200) {
    throw new Error(`Entrada de ${email} falhou: ${response.status()} ${await response.text()}`);
  }
  const headers = response.headers();
  const session = Object.fromEntries(
    ['access-token', 'client', 'uid', 'expiry', 'token-type'].map((name) => [name, headers[name]]),
  );
  const user = camelCaseKeys<Record<string, unknown>>(
    ((await response.json()) as { data: unknown }).data,
  );
  signInCount += 1;
  await page.addInitScript(
    ({ entries, marker }) => {
      if (window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(marker, '1');
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    },
    {
      entries: [
        [SESSION_KEY, JSON.stringify(session)],
        [CURRENT_USER_KEY, JSON.stringify(user)],
      ],
      marker: `e2e-sign-in-${signInCount}`,
    },
  );
  await page.goto(to);
  if (to === DASHBOARD) await page.getByRole('heading', { name: 'Visão Geral' }).waitFor();
  // Signed in: the screen is inside the app (its bar), not the sign-in page.
  else await page.locator('header.MuiAppBar-root').waitFor();
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

export async function storedJson<T = Record<string, unknown>>(
  page: Page,
  key: string,
): Promise<T | null> {
  const text = await storageItem(page, key);
  return text === null ? null : (JSON.parse(text) as T);
}

/** The session the browser holds, as request headers. */
export async function browserSession(page: Page): Promise<SessionHeaders> {
  const session = await storedJson<Record<string, string>>(page, SESSION_KEY);
  if (!session) throw new Error('Nenhuma sessão no localStorage.');
  return { 'access-token': session['access-token'], client: session.client, uid: session.uid };
}

/** A request to the API from the test (not the browser). */
export async function api(
  server: E2eServer,
  method: string,
  path: string,
  options: { session?: SessionHeaders; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.session ?? {});
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json };
}

/** Signs in through the API and returns the session headers. */
export async function apiSignIn(
  server: E2eServer,
  email: string,
  password: string,
): Promise<SessionHeaders> {
  const response = await api(server, 'POST', '/auth/sign_in', { body: { email, password } });
  if (response.status !== 200) {
    throw new Error(
      `Entrada de ${email} falhou: ${response.status} ${JSON.stringify(response.json)}`,
    );
  }
  return {
    'access-token': response.headers.get('access-token') ?? '',
    client: response.headers.get('client') ?? '',
    uid: response.headers.get('uid') ?? '',
  };
}

/**
 * An admin's API session that follows token rotation: each answer's non-blank token
 * replaces the one sent next (the previous token keeps working too).
 */
export class ApiSession {
  private constructor(
    private readonly server: E2eServer,
    private headers: SessionHeaders,
  ) {}

  static async signIn(server: E2eServer, email: string, password: string) {
    return new ApiSession(server, await apiSignIn(server, email, password));
  }

  async request(method: string, path: string, body?: unknown) {
    const response = await api(this.server, method, path, { session: this.headers, body });
    const token = response.headers.get('access-token')?.trim();
    if (token) this.headers = { ...this.headers, 'access-token': token };
    return response;
  }

  /** The answer's JSON of a call that must succeed (a setup step): throws with the body else. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (response.status >= 300) {
      throw new Error(`${method} ${path}: ${JSON.stringify(response.json)}`);
    }
    return response.json as T;
  }

  async createUser(user: {
    name: string;
    email: string;
    password?: string;
    roles: string[];
    active?: boolean;
  }): Promise<{ id: number; email: string; name: string; roles: string[]; active: boolean }> {
    const response = await this.request('POST', '/users', {
      password: PASSWORD,
      active: true,
      ...user,
    });
    if (response.status !== 201) {
      throw new Error(
        `Cadastro de ${user.email} falhou: ${response.status} ${JSON.stringify(response.json)}`,
      );
    }
    return response.json as {
      id: number;
      email: string;
      name: string;
      roles: string[];
      active: boolean;
    };
  }

  async findUser(email: string) {
    const filter = encodeURIComponent(JSON.stringify({ q: email }));
    const response = await this.request('GET', `/users?filter=${filter}`);
    const rows = response.json as { id: number; email: string; roles: string[]; active: boolean }[];
    return rows.find((row) => row.email === email);
  }
}

/** An item of the side menu, by its exact text. */
export function menuItem(page: Page, name: string) {
  return page.getByRole('menuitem', { name, exact: true });
}

/**
 * Picks `option` in a select (`combobox`) and waits until its list has closed: the next step
 * never runs against a list still open over the page (which hides the menu and the rows). A list
 * that a re-render closed before the option showed (a form receiving its record) is opened again.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string) {
  const listbox = page.getByRole('listbox');
  const choice = listbox.getByRole('option', { name: option, exact: true });
  await expect
    .poll(async () => {
      if (!(await listbox.isVisible())) await combobox.click();
      return choice.isVisible();
    })
    .toBe(true);
  await choice.click();
  await listbox.waitFor({ state: 'hidden' });
}

/** A full-page screenshot named `name` in SHOTS_DIR, when set (to look at a screen by hand). */
export async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: join(process.env.SHOTS_DIR, name), fullPage: true });
  }
}

/** The path of the page, without origin and query. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits until no finite animation or transition runs (a dialog or menu fading in): colours are
 * judged once everything is fully opaque. Spinners (infinite animations) do not count.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** axe-core itself, as the page runs it (the script that defines `window.axe`). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeWindow {
  axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
}

/**
 * axe-core's violations on the page as it is, with its default rules: the critical and serious
 * ones fail the tests. axe is put into the page once and stays there while the app moves from
 * screen to screen (a full load of a page takes it away, and it comes back): the app has no
 * frames, so one run on the document judges everything there is.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(
    (runOptions) =>
      (window as unknown as AxeWindow).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    options,
  );
}

async function axeLook(page: Page): Promise<string[]> {
  await settled(page);
  const violations = await axeViolations(page);
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id} x${violation.nodes.length} ${String(violation.nodes[0]?.target ?? '')}`,
    );
}

/**
 * Critical and serious axe findings on the settled page: rule, node count and first target.
 * A finding must hold on a second look: a notification that starts fading out (its timer ran
 * out) while axe reads the page is judged half transparent, a real finding stays.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const first = await axeLook(page);
  if (first.length === 0) return first;
  const second = await axeLook(page);
  return first.filter((finding) => second.includes(finding));
}
