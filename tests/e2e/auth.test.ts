// Sign-in, the stored session, redirects, sign-out and token rotation in a real browser
// against the real server (SPEC §2, §3, §4, §7).
import type { Browser, BrowserContext } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initialJsKb } from '../../bench/bundle';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ROOT,
  CURRENT_USER_KEY,
  type E2eServer,
  SESSION_KEY,
  api,
  browserSession,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signInThroughForm,
  sleep,
  startServer,
  storageItem,
  storedJson,
} from '../support/e2e';

const TWO_WEEKS = 14 * 24 * 60 * 60;

let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, server, { viewport });
  contexts.push(opened.context);
  return opened.page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('entrada pela página /login', () => {
  it('leva à Visão Geral e guarda a sessão (5 campos) e o usuário', async () => {
    const page = await open();
    const before = Math.floor(Date.now() / 1000);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);

    expect(pathOf(page)).toBe('/visao_geral');
    expect(await page.getByRole('heading', { name: 'Visão Geral' }).isVisible()).toBe(true);

    const session = await storedJson<Record<string, string>>(page, SESSION_KEY);
    expect(session).not.toBeNull();
    expect(Object.keys(session!).sort()).toEqual(
      ['access-token', 'client', 'expiry', 'token-type', 'uid'].sort(),
    );
    expect(session!['access-token']).toMatch(/^\S{16,}$/);
    expect(session!.client).toMatch(/^\S{16,}$/);
    expect(session!.uid).toBe(ADMIN.email);
    expect(session!['token-type']).toBe('Bearer');
    expect(session!.expiry).toMatch(/^\d+$/);
    const expiry = Number(session!.expiry);
    const after = Math.floor(Date.now() / 1000);
    expect(expiry).toBeGreaterThanOrEqual(before + TWO_WEEKS - 5);
    expect(expiry).toBeLessThanOrEqual(after + TWO_WEEKS + 5);

    const user = await storedJson<Record<string, unknown>>(page, CURRENT_USER_KEY);
    expect(user).toMatchObject({ name: ADMIN.name, email: ADMIN.email, roles: ['admin'] });
    expect(typeof user!.id).toBe('number');

    // The stored headers are a working session on the API.
    const check = await api(server, 'GET', '/users', { session: await browserSession(page) });
    expect(check.status).toBe(200);
  });

  it('com a senha errada mostra o erro do servidor e não guarda nada', async () => {
    const page = await open();
    await page.goto('/login');
    await page.locator('input[name=email]').fill(ADMIN.email);
    await page.locator('input[name=password]').fill('senha-errada-123');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign_in'));
    await page.locator('button[type=submit]').click();
    expect((await answer).status()).toBe(401);

    const alert = page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' });
    await alert.waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await storageItem(page, SESSION_KEY)).toBeNull();
    expect(await storageItem(page, CURRENT_USER_KEY)).toBeNull();
    // The form is still usable.
    expect(await page.locator('button[type=submit]').isEnabled()).toBe(true);
  });
});

describe('redirecionamentos', () => {
  it('/ leva à Visão Geral quando há sessão', async () => {
    const page = await open();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/');
    await page.waitForURL('**/visao_geral');
    await page.getByRole('heading', { name: 'Visão Geral' }).waitFor();
    expect(pathOf(page)).toBe('/visao_geral');
  });

  it('sem sessão, /visao_geral e um link direto levam a /login', async () => {
    const page = await open();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/public/church') {
        apiCalls.push(url.pathname);
      }
    });

    for (const path of [
      '/visao_geral',
      '/configuracoes/usuarios',
      '/',
      '/configuracoes/usuarios/1/editar',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.locator('input[name=email]').waitFor();
      expect(pathOf(page), `${path} sem sessão`).toBe('/login');
      // Arrived for good: no further navigations (a logout loop pushes /login endlessly).
      let navigations = 0;
      const count = () => navigations++;
      page.on('framenavigated', count);
      await sleep(1_000);
      page.off('framenavigated', count);
      expect(navigations, `navegações em /login depois de ${path}`).toBeLessThanOrEqual(2);
    }
    expect(await storageItem(page, SESSION_KEY)).toBeNull();
    // Nothing protected was even asked for.
    expect(apiCalls).toEqual([]);
  });
});

describe('a primeira carga', () => {
  it('pode ser instalado na tela do celular: manifesto e ícones', async () => {
    const page = await open({ width: 390, height: 844 });
    await page.goto('/login');
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const response = await fetch(new URL(href!, server.baseUrl));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      short_name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({ short_name: 'Adam', start_url: '/visao_geral' });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, server.baseUrl));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toContain(icon.type);
    }
  });

  it('tem até 300 KB de JavaScript (gzip), medidos como o bench mede', () => {
    // The server built dist/ before it started (startServer).
    expect(initialJsKb().kb).toBeLessThanOrEqual(300);
  });

  it('o diálogo de troca de senha vem só quando é aberto', async () => {
    const page = await open();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    // Loaded afterwards, then: the change-password dialog still opens from the user menu.
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /ChangePasswordDialog/.test(entry.name)),
      );
    expect(await loaded()).toBe(false);
    // Which Adam this is, at the foot of the menu (package.json; CHANGELOG.md).
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    await page.getByText(`Adam ${version}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
    await page.getByRole('dialog').getByLabel('Senha atual').waitFor();
    expect(await loaded()).toBe(true);
  });
});

describe('saída', () => {
  it('pelo menu do usuário remove a sessão, vai a /login e o token deixa de valer', async () => {
    const page = await open();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    const old = await browserSession(page);
    // Control: the headers work before the sign-out (rotation keeps the previous token valid).
    expect((await api(server, 'GET', '/users', { session: old })).status).toBe(200);

    const signOut = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/sign_out') && response.request().method() === 'DELETE',
    );
    // The user menu's button is named by the user's name it shows.
    await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    expect((await signOut).status()).toBe(200);

    await page.waitForURL('**/login');
    await page.locator('input[name=email]').waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await storageItem(page, SESSION_KEY)).toBeNull();
    expect(await storageItem(page, CURRENT_USER_KEY)).toBeNull();

    const after = await api(server, 'GET', '/users', { session: old });
    expect(after.status).toBe(401);

    // And the app stays signed out: the dashboard sends back to /login.
    await page.goto('/visao_geral');
    await page.waitForURL('**/login');
  });
});

describe('rotação do token', () => {
  it('depois da janela de 5 s, a próxima chamada troca o token guardado por um que o servidor aceita', async () => {
    const page = await open();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    const first = await storedJson<Record<string, string>>(page, SESSION_KEY);

    // The batch window counts from the last authenticated request.
    await sleep(6_000);
    const usersAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/users',
    );
    await menuItem(page, 'Usuários').click();
    expect((await usersAnswer).status()).toBe(200);

    await expect
      .poll(
        async () => (await storedJson<Record<string, string>>(page, SESSION_KEY))?.['access-token'],
      )
      .not.toBe(first!['access-token']);
    const second = await storedJson<Record<string, string>>(page, SESSION_KEY);
    expect(Object.keys(second!).sort()).toEqual(Object.keys(first!).sort());
    expect(second!.client).toBe(first!.client);
    expect(second!.uid).toBe(ADMIN.email);
    expect(second!['token-type']).toBe('Bearer');
    expect(Number(second!.expiry)).toBeGreaterThanOrEqual(Number(first!.expiry));
    await page.getByText(ADMIN.email, { exact: true }).first().waitFor();

    const check = await api(server, 'GET', '/users', { session: await browserSession(page) });
    expect(check.status).toBe(200);
  });
});
