// Issue 13 in the browser: an admin changes a member through the form, then finds the change —
// in Portuguese, with names — in /configuracoes/auditoria (its detail opened by keyboard) and
// in the member's Histórico; both screens pass axe (no critical or serious) at 1280 and 390 px.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
const contexts: BrowserContext[] = [];
let memberId = 0;

async function open(width = 1366) {
  const opened = await newPage(browser, server, { viewport: { width, height: 900 } });
  contexts.push(opened.context);
  return opened.page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const response = await admin.request('POST', '/members', {
    name: 'Débora Auditada',
    status: 'active',
    profession: 'Professora',
  });
  expect(response.status).toBe(201);
  memberId = (response.json as { id: number }).id;
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('auditoria', () => {
  it('a alteração de um membro aparece na auditoria e no Histórico, com nomes', async () => {
    const page = await open();
    await signIn(page, ADMIN.email, ADMIN.password, `/membros/${memberId}/editar`);
    const profession = page.locator('input[name=profession]');
    await expect.poll(() => profession.inputValue()).toBe('Professora');
    await profession.fill('Diretora de escola');
    await page.getByRole('tab', { name: 'Vida eclesiástica' }).click();
    await page.getByRole('combobox', { name: 'Cargo' }).click();
    await page.getByRole('option', { name: 'Diácono', exact: true }).click();
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/members/${memberId}` &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(`**/membros/${memberId}`);

    // The member's Histórico: the change in words, and the views of the record.
    const history = page.getByRole('region', { name: 'Histórico' });
    await history
      .getByText('Cargo: Membro → Diácono')
      .or(history.getByText('Cargo: — → Diácono'))
      .waitFor();
    await history.getByText('Profissão: Professora → Diretora de escola').waitFor();
    // Each opening is kept in the trail; the Histórico shows one line per person and day.
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await history.getByText('Profissão: Professora → Diretora de escola').waitFor();
    }
    const filter = encodeURIComponent(
      JSON.stringify({ resource: 'members', record_id: memberId, action: 'view' }),
    );
    const trail = await admin.request('GET', `/audit_log?filter=${filter}&range=[0,99]`);
    const views = (trail.json as unknown[]).length;
    expect(views).toBeGreaterThanOrEqual(3);
    await history.getByText(`Consulta · ${views} vezes no dia`).waitFor();
    expect(await history.getByText(/^Consulta/).count()).toBe(1);
    expect(await axeFindings(page)).toEqual([]);

    // The audit screen: the row, its detail opened from the keyboard.
    await page.goto('/configuracoes/auditoria');
    const row = page.getByRole('row', { name: /Alteração · Membros nº \d+ — Débora Auditada/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Profissão: Professora → Diretora de escola/);
    const detail = row.getByRole('button', { name: /^Ver o detalhe: Alteração/ });
    await detail.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Cargo: — → Diácono').waitFor();
    await dialog.getByText(/Endereço: 127\.0\.0\.1 · Navegador: Mozilla/).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Filtered by action: only the views.
    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Consulta', exact: true }).click();
    await page
      .getByRole('row', { name: /Consulta · Membros nº \d+ — Débora Auditada/ })
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Alteração · Membros/ }).count()).toBe(0);
  });

  it('no celular (390 px), a auditoria abre o detalhe de uma entrada e o Histórico cabe na tela', async () => {
    const page = await open(390);
    await signIn(page, ADMIN.email, ADMIN.password, `/membros/${memberId}`);
    const history = page.getByRole('region', { name: 'Histórico' });
    await history.getByText('Profissão: Professora → Diretora de escola').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto('/configuracoes/auditoria');
    await page
      .getByText(/Alteração · Membros nº \d+ — Débora Auditada/)
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Profissão: Professora → Diretora de escola').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
