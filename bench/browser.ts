// Time from navigation to the first rendered row of the members list, in headless Chromium,
// with a fresh browser context (empty cache) signed in through the API.
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../tests/support/serverProcess.js';
import { camelCaseKeys } from '../src/providers/case.js';
import { CURRENT_USER_KEY, SESSION_KEY } from '../domain/constants.js';

/**
 * The first data row of the members list (DataTable at the 1366 px viewport used here). The
 * loading skeleton's body has no RaDataTable-tbody class, so it does not count.
 */
export const FIRST_ROW = '.RaDataTable-tbody tr.RaDataTable-row';
/** react-admin's list, reached even if the members table is not built yet. */
const ANY_LIST = '.RaList-main, .RaList-content';

export interface BrowserTiming {
  /** Milliseconds from navigation start to the first row, each fresh context. */
  runs: number[];
  median: number;
  /** What was waited for: the members table row, or react-admin's list only. */
  element: 'members row' | 'react-admin list';
}

export async function firstMembersRow(options: {
  baseUrl: string;
  signIn: () => Promise<{ headers: Headers; user: unknown }>;
  runs?: number;
}): Promise<BrowserTiming> {
  const browser = await chromium.launch(CHROMIUM);
  const runs: number[] = [];
  let element: BrowserTiming['element'] = 'members row';
  try {
    for (let i = 0; i < (options.runs ?? 3); i++) {
      const { headers, user } = await options.signIn();
      const session = Object.fromEntries(
        ['access-token', 'client', 'uid', 'expiry', 'token-type'].map((name) => [
          name,
          headers.get(name) ?? '',
        ]),
      );
      const context = await browser.newContext({
        baseURL: options.baseUrl,
        locale: 'pt-BR',
        viewport: { width: 1366, height: 900 },
      });
      await context.addInitScript(`(() => {
        if (window.localStorage.getItem(${JSON.stringify(SESSION_KEY)})) return;
        window.localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(session))});
        window.localStorage.setItem(${JSON.stringify(CURRENT_USER_KEY)}, ${JSON.stringify(JSON.stringify(camelCaseKeys(user)))});
      })();`);
      // Notes when each element first enters the DOM, and the next animation frame (painted).
      // A string, not a function: tsx's transpiled functions call helpers the page lacks.
      await context.addInitScript(`(() => {
        const selectors = ${JSON.stringify([FIRST_ROW, ANY_LIST])};
        const marks = (window.__marks = {});
        const check = () => {
          for (const selector of selectors) {
            if (selector in marks || !document.querySelector(selector)) continue;
            marks[selector] = performance.now();
            requestAnimationFrame(() => (marks[selector + ' painted'] = performance.now()));
          }
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true });
      })();`);
      const page = await context.newPage();
      await page.goto('/membros', { waitUntil: 'commit' });
      let selector = FIRST_ROW;
      try {
        await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 20_000 });
      } catch {
        element = 'react-admin list';
        selector = ANY_LIST;
        await page.locator(ANY_LIST).first().waitFor({ state: 'visible', timeout: 10_000 });
      }
      const marks = (await page.evaluate('window.__marks')) as Record<string, number>;
      runs.push(marks[`${selector} painted`] ?? marks[selector]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { runs, median: sorted[Math.floor(sorted.length / 2)], element };
}
