// LGPD consent in the browser (issue 13): a secretary revokes a member's consent from the member
// page and sees it in the history, then records it again; an admin registers a data subject's
// request received 20 days ago and sees its deadline highlighted as past. axe finds nothing
// critical or serious on these screens, at 1280 and 390 px.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  launchBrowser,
  newPage,
  PASSWORD,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let memberId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
  const member = await admin.request('POST', '/members', {
    name: 'Débora Consentida',
    sex: 'F',
    status: 'active',
    birth_date: '1988-04-12',
  });
  memberId = (member.json as { id: number }).id;
  // The consent text existed since January: a consent is never dated before its text (issue 22).
  const db = new Database(join(server.dataDir, 'adam.sqlite'));
  try {
    db.prepare('update consent_versions set created_at = ?').run('2026-01-01T10:00:00.000Z');
  } finally {
    db.close();
  }
  const grant = await admin.request('POST', `/members/${memberId}/consents`, {
    action: 'grant',
    at: '2026-01-10',
  });
  expect(grant.status).toBe(201);
  await admin.createUser({
    name: 'Sara Secretária',
    email: 'sara@e2e.test',
    roles: ['secretary'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a secretária revoga o consentimento na página do membro', () => {
  let context: BrowserContext;
  let page: Page;
  const panel = () =>
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Consentimento (LGPD)' }) });
  /** The state line: its chip and what it says. */
  const state = () => panel().getByTestId('consent-state');
  const historyRows = () =>
    panel().getByRole('table', { name: 'Histórico do consentimento' }).locator('tbody tr');

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, 'sara@e2e.test', PASSWORD);
  });
  afterAll(() => context?.close());

  it('shows the consent given, revokes it and sees the history', async () => {
    await page.goto(`/membros/${memberId}`);
    await expect
      .poll(() => state().textContent())
      .toBe('Consentimento dadoVersão 1 do texto, dado em 10/01/2026 12:00');
    expect(await historyRows().count()).toBe(1);

    await panel().getByRole('button', { name: 'Revogar consentimento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Revogar o consentimento de Débora Consentida?').waitFor();
    await dialog.getByRole('button', { name: 'Revogar consentimento' }).click();
    await page.getByText('Consentimento de Débora Consentida revogado.').waitFor();

    await expect.poll(() => state().textContent()).toMatch(/^Consentimento revogadoRevogado em /);
    await expect.poll(() => historyRows().count()).toBe(2);
    const newest = await historyRows().first().locator('td').allTextContents();
    expect(newest.slice(1, 5)).toEqual([
      'Consentimento revogado',
      '1',
      'Secretaria',
      'Sara Secretária',
    ]);
    const oldest = await historyRows().last().locator('td').allTextContents();
    expect(oldest[0]).toMatch(/^10\/01\/2026/);
    expect(oldest.slice(1, 5)).toEqual(['Consentimento dado', '1', 'Secretaria', 'Administrador']);
    // Revoked: the action now is to record it again; the server agrees.
    await panel().getByRole('button', { name: 'Registrar consentimento' }).waitFor();
    expect(await panel().getByRole('button', { name: 'Revogar consentimento' }).count()).toBe(0);
    const stored = await admin.request('GET', `/members/${memberId}/consents`);
    expect((stored.json as Array<{ action: string }>).map((row) => row.action)).toEqual([
      'revoke',
      'grant',
    ]);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('records the consent again through the dialog, on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await panel().getByRole('button', { name: 'Registrar consentimento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: 'Registrar o consentimento de Débora Consentida' })
      .waitFor();
    expect(await dialog.getByRole('combobox', { name: /Versão do texto/ }).textContent()).toContain(
      'Versão 1 — atual',
    );
    // An adult: no guardian asked.
    expect(await dialog.getByRole('textbox', { name: /Responsável/ }).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Registrar consentimento' }).click();
    await page.getByText('Consentimento de Débora Consentida registrado.').waitFor();
    await expect.poll(() => historyRows().count()).toBe(3);
    await expect.poll(() => state().textContent()).toMatch(/^Consentimento dadoVersão 1 do texto/);
    const newest = await historyRows().first().locator('td').allTextContents();
    expect(newest.slice(1, 5)).toEqual([
      'Consentimento dado',
      '1',
      'Secretaria',
      'Sara Secretária',
    ]);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('o administrador registra um pedido de titular e vê o prazo vencido destacado', () => {
  let context: BrowserContext;
  let page: Page;
  // Received 20 days ago: the 15-day deadline passed 5 days ago, whatever today is.
  const received = addDays(todayIso(), -20);
  const due = addDays(received, 15);

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('registers the request and sees its deadline past', async () => {
    await page.goto('/configuracoes/pedidos-lgpd');
    await page.getByText('Nenhum pedido de titular registrado.').waitFor();
    await page.getByRole('link', { name: 'Cadastrar' }).first().click();
    await page.waitForURL('**/configuracoes/pedidos-lgpd/cadastrar');

    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Eliminação' }).click();
    const receivedOn = page.getByRole('textbox', { name: /^Recebido em/ });
    await receivedOn.fill('');
    await receivedOn.pressSequentially(formatDate(received).replace(/\D/g, ''));
    await page
      .getByText(`Prazo para responder: ${formatDate(due)} (15 dias após o recebimento).`)
      .waitFor();
    await page.getByRole('textbox', { name: /^Titular/ }).fill('Fulano Visitante');
    await page.getByRole('textbox', { name: /^Contato do titular/ }).fill('fulano@exemplo.com');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar' }).click();

    await page.waitForURL('**/configuracoes/pedidos-lgpd');
    const row = page.getByRole('row').filter({ hasText: 'Fulano Visitante' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells).toEqual([
      formatDate(received),
      'Fulano Visitante',
      'Eliminação',
      `${formatDate(due)}Atrasado há 5 dias`,
      'Aberto',
      '—',
    ]);
    // The row stands out: its background is tinted red.
    const background = await row.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toMatch(/^rgba\(183, 28, 28, 0\.08\)$/);
    expect(await axeFindings(page)).toEqual([]);

    // The overdue filter keeps it; the server stored the deadline.
    await page.getByRole('combobox', { name: 'Prazo' }).click();
    await page.getByRole('option', { name: 'No prazo ou encerrados' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Fulano Visitante' }).count())
      .toBe(0);
    const stored = await admin.request('GET', '/privacy_requests');
    expect(stored.json).toMatchObject([
      { holder_name: 'Fulano Visitante', kind: 'deletion', received_on: received, due_on: due },
    ]);
  });

  it('shows the highlighted deadline on a phone', async () => {
    await page.setViewportSize(PHONE);
    // Without the filter the previous test left chosen.
    await page.goto(`/configuracoes/pedidos-lgpd?filter=${encodeURIComponent('{}')}`);
    await page.getByText('Atrasado há 5 dias').waitFor();
    expect(pathOf(page)).toBe('/configuracoes/pedidos-lgpd');
    expect(await axeFindings(page)).toEqual([]);
  });
});
