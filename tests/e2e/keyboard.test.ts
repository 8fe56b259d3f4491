// Keyboard only (issue 11): sign in, open Membros, open a member, edit and save without a
// single mouse click — Tab, Enter and typing. On the way: the focused element shows an outline,
// the members search box comes right after the menu, the bulk-action buttons are not tab stops
// until a row is selected, and each row's name is a link to the member. And at phone width: the
// screen's title in the app bar, Portuguese pagination, worded toolbar actions.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  launchBrowser,
  newPage,
  pathOf,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
let memberId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  for (const name of ['Ana Teclado', 'Bruno Teclado', 'Carla Teclado']) {
    const response = await admin.request('POST', '/members', { name, status: 'active' });
    expect(response.status).toBe(201);
    if (name === 'Ana Teclado') memberId = (response.json as { id: number }).id;
  }
  ({ context, page } = await newPage(browser, server, { viewport: { width: 1366, height: 900 } }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

interface Focused {
  tag: string;
  text: string;
  name: string | null;
  label: string | null;
  href: string | null;
  role: string | null;
  outline: string;
  inBulkToolbar: boolean;
}

const focused = (target: Page): Promise<Focused> =>
  target.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.innerText ?? '').trim(),
      name: element?.getAttribute('name') ?? null,
      label: element?.getAttribute('aria-label') ?? null,
      href: element?.getAttribute('href') ?? null,
      role: element?.getAttribute('role') ?? null,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      inBulkToolbar: Boolean(element?.closest('.RaBulkActionsToolbar-toolbar')),
    };
  });

/** Presses Tab until the focused element matches; every stop passed is returned. */
async function tabUntil(match: (element: Focused) => boolean, limit = 60): Promise<Focused[]> {
  const passed: Focused[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    passed.push(element);
    if (match(element)) return passed;
  }
  throw new Error(
    `Nenhum destino após ${limit} Tabs; passou por: ${passed.map((f) => f.text || f.label || f.name || f.tag).join(' | ')}`,
  );
}

const visibleOutline = (element: Focused) =>
  !element.outline.startsWith('none') && !element.outline.endsWith(' 0px');

describe('só com o teclado', () => {
  it('entra, abre Membros, abre um membro, edita e salva', async () => {
    await page.goto('/login');
    await page.locator('input[name=email]').waitFor();
    // Sign in: the e-mail box has focus first (or is the first Tab stop).
    if ((await focused(page)).name !== 'email') await tabUntil((f) => f.name === 'email');
    await page.keyboard.type(ADMIN.email);
    await tabUntil((f) => f.name === 'password');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/visao_geral');
    await page.getByText('Usuários ativos').waitFor();

    // The menu's "Membros", with a visible outline around it.
    const toMembers = await tabUntil((f) => f.href === '/membros' && f.text === 'Membros');
    expect(visibleOutline(toMembers.at(-1)!)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/membros');
    await page.getByText('Carla Teclado').waitFor();

    // The search box is among the first stops of the list: after a menu link, Tab goes on in the
    // page it opened, not through the rest of the menu.
    const toSearch = await tabUntil((f) => f.label === 'Nome, CPF, e-mail ou telefone', 8);
    expect(toSearch.some((f) => f.href === `/membros/${memberId}`)).toBe(false);
    await page.keyboard.type('Teclado');
    await page.waitForTimeout(600);

    // On to the first member's name, a link; the hidden bulk buttons are never a stop.
    const toMember = await tabUntil((f) => f.href === `/membros/${memberId}`);
    expect(toMember.some((f) => f.inBulkToolbar)).toBe(false);
    expect(toMember.at(-1)!.text).toBe('Ana Teclado');
    expect(visibleOutline(toMember.at(-1)!)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/membros/${memberId}`);
    await page.getByRole('heading', { name: 'Ana Teclado' }).waitFor();

    // "Editar", then the name field of the form.
    await tabUntil((f) => f.href === `/membros/${memberId}/editar`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/membros/${memberId}/editar`);
    await page.locator('input[name=name]').waitFor();
    await tabUntil((f) => f.name === 'name');
    await page.keyboard.press('End');
    await page.keyboard.type(' Editada');

    // "Salvar" and Enter.
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/members/${memberId}` &&
        response.request().method() === 'PUT',
    );
    await tabUntil((f) => f.tag === 'button' && f.text.toLowerCase() === 'salvar', 120);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === `/membros/${memberId}`);
    expect(pathOf(page)).toBe(`/membros/${memberId}`);
    const stored = await admin.request('GET', `/members/${memberId}`);
    expect((stored.json as { name: string }).name).toBe('Ana Teclado Editada');
  });

  it('os botões de ação em lote só entram na ordem do Tab depois de marcar uma linha', async () => {
    await page.goto('/membros');
    await page.getByText('Carla Teclado').waitFor();
    // Select the first row with the keyboard: Tab to its checkbox, Space.
    await tabUntil((f) => f.tag === 'input' && f.label === 'Selecionar esta linha', 80);
    await page.keyboard.press('Space');
    await page.getByText('1 item selecionado').waitFor();
    // Now the bulk buttons are reachable (Shift+Tab goes back up to them).
    const stops: Focused[] = [];
    for (let step = 0; step < 15; step += 1) {
      await page.keyboard.press('Shift+Tab');
      stops.push(await focused(page));
      if (stops.at(-1)!.inBulkToolbar) break;
    }
    expect(stops.some((f) => f.inBulkToolbar)).toBe(true);
  });

  it('no celular (390 px): o título da tela na barra e a paginação em português', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/membros');
      await page.getByText('Carla Teclado').waitFor();
      const title = page.locator('#react-admin-title');
      expect(await title.isVisible()).toBe(true);
      expect((await title.innerText()).trim()).toBe('Membros');
      const next = page.getByRole('button', { name: 'Ir para a próxima página' });
      expect(await next.count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Go to/ }).count()).toBe(0);
      // The toolbar's actions show their words, not bare icons.
      for (const name of ['Cadastrar', 'Exportar']) {
        const action = page.getByRole('link', { name }).or(page.getByRole('button', { name }));
        expect((await action.first().innerText()).trim().toLowerCase()).toBe(name.toLowerCase());
      }
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
