// A phone-sized screen (390x844): no horizontal scrolling on the login page and the
// dashboard, and the menu behind the hamburger button (SPEC §9: mobile below 1264 px).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type E2eServer,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

describe('tela de celular (390x844)', () => {
  it('login e Visão Geral sem rolagem horizontal; o menu abre pelo botão de menu', async () => {
    await page.goto('/login');
    await page.locator('input[name=email]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    const submit = await page.locator('button[type=submit]').boundingBox();
    expect(submit!.x).toBeGreaterThanOrEqual(0);
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(PHONE.width);

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    // The figures card (from the API) is there too, so the whole dashboard is measured.
    await page.getByText('Usuários ativos').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);

    // The menu is hidden until the hamburger button opens it.
    const users = menuItem(page, 'Usuários');
    expect(await users.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await users.waitFor({ state: 'visible' });
    const box = await users.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await users.click();
    await page.waitForURL('**/configuracoes/usuarios');
    await page.getByText(ADMIN.email).first().waitFor();
    expect(pathOf(page)).toBe('/configuracoes/usuarios');
    // The drawer closes after navigating.
    await users.waitFor({ state: 'hidden' });
  });
});
