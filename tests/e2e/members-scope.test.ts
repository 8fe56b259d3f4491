// Issue 12 in the browser, the members side: a secretary of one congregation sees only its
// members (no congregation column or filter to choose), never another's member page; the
// member page shows the congregation and its history of moves.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

const SECRETARY = { email: 'alfa@e2e.test', name: 'Sara da Alfa' };

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
const contexts: BrowserContext[] = [];
const ids = { alfa: 0, beta: 0, ana: 0, bruno: 0 };

async function open() {
  const opened = await newPage(browser, server);
  contexts.push(opened.context);
  return opened.page;
}

async function created(method: string, path: string, body: unknown) {
  const response = await admin.request(method, path, body);
  expect(response.status, JSON.stringify(response.json)).toBeLessThan(300);
  return (response.json as { id: number }).id;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  ids.alfa = await created('POST', '/congregations', {
    name: 'Congregação Alfa',
    kind: 'congregacao',
  });
  ids.beta = await created('POST', '/congregations', {
    name: 'Congregação Beta',
    kind: 'congregacao',
  });
  ids.ana = await created('POST', '/members', { name: 'Ana Alfa', congregation_id: ids.alfa });
  ids.bruno = await created('POST', '/members', { name: 'Bruno Beta', congregation_id: ids.beta });
  // Ana moved to Beta and back: two moves in her history.
  await created('PUT', `/members/${ids.ana}`, { congregation_id: ids.beta });
  await created('PUT', `/members/${ids.ana}`, { congregation_id: ids.alfa });
  const user = await admin.createUser({ ...SECRETARY, roles: ['secretary'] });
  // The user's scope straight in the database (the users API's own change is another branch's).
  const db = new Database(join(server.dataDir, 'adam.sqlite'));
  try {
    db.prepare('update users set congregation_ids = ? where id = ?').run(
      JSON.stringify([ids.alfa]),
      user.id,
    );
  } finally {
    db.close();
  }
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('membros por congregação', () => {
  it('a secretária da Alfa vê só os membros da Alfa, sem coluna nem filtro de congregação', async () => {
    const page = await open();
    await signIn(page, SECRETARY.email, PASSWORD, '/membros');
    await page.getByRole('link', { name: 'Ana Alfa' }).waitFor();
    await expect(page.getByText('Bruno Beta').count()).resolves.toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Congregação' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Congregação').count()).resolves.toBe(0);

    // The other congregation's member: she is told why, never whom; then back to the list.
    await page.goto(`/membros/${ids.bruno}`);
    await page.getByText('Este registro está fora das suas congregações.').waitFor();
    await page.waitForURL('**/membros');
    expect(await page.getByText('O registro não existe').count()).toBe(0);
    await expect(page.getByText('Bruno Beta').count()).resolves.toBe(0);
    await page.goto(`/membros/${ids.bruno}/editar`);
    await page.getByText('Este registro está fora das suas congregações.').waitFor();
    await expect(page.getByText('Bruno Beta').count()).resolves.toBe(0);
  });

  it('o administrador vê a coluna Congregação e o histórico de mudanças no membro', async () => {
    const page = await open();
    await signIn(page, ADMIN.email, ADMIN.password, '/membros');
    await page.getByRole('columnheader', { name: 'Congregação' }).waitFor();
    await page.getByRole('cell', { name: 'Congregação Beta' }).waitFor();

    await page.goto(`/membros/${ids.ana}`);
    const history = page.getByRole('table', { name: 'Mudanças de congregação' });
    await history.waitFor();
    const rows = history.getByRole('row');
    // The heading row and the two moves, newest first.
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(1).innerText()).resolves.toMatch(
      /Congregação Beta\s+Congregação Alfa\s+Administrador/,
    );
    await expect(rows.nth(2).innerText()).resolves.toMatch(
      /Congregação Alfa\s+Congregação Beta\s+Administrador/,
    );
  });

  it('o seletor da barra muda a lista na hora: uma congregação, depois todas', async () => {
    const page = await open();
    await signIn(page, ADMIN.email, ADMIN.password, '/membros');
    await page.getByRole('link', { name: 'Ana Alfa' }).waitFor();
    await page.getByRole('link', { name: 'Bruno Beta' }).waitFor();

    const choose = async (current: string, next: RegExp) => {
      await page.getByRole('button', { name: `Congregação exibida: ${current}` }).click();
      const menu = page.getByRole('menu', { name: 'Congregação exibida' });
      await menu.getByRole('menuitemradio', { name: next }).click();
    };
    await choose('Todas', /Congregação Beta/);
    await page.getByRole('link', { name: 'Bruno Beta' }).waitFor();
    await page.getByRole('link', { name: 'Ana Alfa' }).waitFor({ state: 'detached' });

    // The choice holds on the next visit.
    await page.reload();
    await page.getByRole('link', { name: 'Bruno Beta' }).waitFor();
    await expect(page.getByRole('link', { name: 'Ana Alfa' }).count()).resolves.toBe(0);
    await choose('Congregação Beta', /Todas/);
    await page.getByRole('link', { name: 'Ana Alfa' }).waitFor();
    await page.getByRole('link', { name: 'Bruno Beta' }).waitFor();
  });
});
