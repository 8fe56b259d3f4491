// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Issue 28, the two-phase transfer as a secretary and a receiving church live it: the transfer
// letter (its PDF carries the confirmation code) leaves the member "Em transferência"; the letter
// is marked sent; the receiving church, in another browser without login and on a phone, refuses
// a mistyped code, finds the letter with the printed one and confirms; the sending church sees
// the transfer confirmed (state, church, who) and the member "Transferida". Each new screen at
// 390 px and axe clean.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import { formatDate } from '../../domain/formats';
import { pdfText } from '../support/pdf';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  launchBrowser,
  newPage,
  shot,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };
const year = Number(todayIso().slice(0, 4));

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;
let memberId = 0;
/** The code printed on the letter, read from its PDF. */
let code = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.json('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'Campinas',
    state: 'SP',
  });
  memberId = (
    await admin.json<{ id: number }>('POST', '/members', {
      name: 'Joana Ferreira da Silva',
      sex: 'F',
      status: 'active',
      admission_date: '2015-03-01',
    })
  ).id;
  await admin.json('POST', '/credentials', { member_id: memberId });
  await admin.createUser({ name: 'Secretária Ana', email: 'ana@e2e.test', roles: ['secretary'] });
  ({ context, page } = await newPage(browser, server));
  await signIn(page, 'ana@e2e.test', PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const lettersPanel = () =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Cartas' }) });

async function expectAxeClean(target: Page, where: string) {
  expect(await axeFindings(target), where).toEqual([]);
}

describe('transferência em duas etapas', () => {
  it('the transfer letter prints the code and leaves Joana Em transferência; the letter is sent', async () => {
    await page.goto(`/membros/${memberId}/mostrar`);
    await lettersPanel().getByRole('button', { name: 'Emitir carta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Tipo de carta' }).click();
    await page.getByRole('option', { name: 'Carta de transferência' }).click();
    await dialog.getByLabel('Igreja de destino').fill('Igreja Batista Central de Natal');
    await dialog.getByLabel('Cidade de destino').fill('Natal/RN');
    await dialog.getByRole('button', { name: 'Emitir carta' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Confirmar a transferência' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Emitir e transferir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`carta-1-${year}.pdf`);
    const text = (await pdfText(readFileSync((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Confirmação do recebimento');
    code = text.match(/([0-9A-Z]{4}-){3}[0-9A-Z]{4}/)![0];

    // Still on the roll, with a transfer waiting for the receiving church.
    await page.getByText('Em transferência', { exact: true }).first().waitFor();
    await lettersPanel().getByText('Solicitada', { exact: true }).waitFor();
    await lettersPanel()
      .getByRole('button', { name: 'Carta enviada: Joana Ferreira da Silva' })
      .click();
    await lettersPanel().getByText('Carta enviada', { exact: true }).waitFor();
    await expectAxeClean(page, 'página do membro');
    await shot(page, 'transfer-member-1280.png');
  });

  it('the receiving church, without login and on a phone, confirms with the printed code', async () => {
    const phone = await newPage(browser, server, { viewport: PHONE });
    try {
      const church = phone.page;
      await church.goto('/confirmar-transferencia');
      await church.getByRole('heading', { name: 'Confirmação de transferência' }).waitFor();
      await expectAxeClean(church, 'código (390 px)');
      const codeInput = church.getByLabel('Código da carta');
      await codeInput.fill('ABCD-EFGH-JKMN-PQRS');
      await church.getByRole('button', { name: 'Buscar carta' }).click();
      await church
        .getByRole('alert')
        .getByText('Código não encontrado. Confira o código impresso na carta de transferência.')
        .waitFor();
      // Typed as a person reads it from paper: lower case, spaces instead of dashes.
      await codeInput.fill(code.toLowerCase().replaceAll('-', ' '));
      await church.getByRole('button', { name: 'Buscar carta' }).click();
      await church.getByRole('heading', { name: 'Carta de transferência' }).waitFor();
      for (const fact of [
        'Joana Ferreira da Silva',
        'Igreja Evangélica Esperança – Campinas/SP',
        `1/${year}`,
        formatDate(todayIso()),
      ]) {
        await church.getByText(fact, { exact: true }).waitFor();
      }
      expect(
        await church.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await expectAxeClean(church, 'carta (390 px)');
      await shot(church, 'transfer-public-390.png');

      await church.getByRole('button', { name: 'Confirmar recebimento' }).click();
      await church.getByText('Informe o nome da igreja que recebe o membro.').waitFor();
      await church.getByLabel('Igreja que recebe o membro').fill('Igreja Batista Central de Natal');
      await church.getByLabel('Seu nome').fill('Pr. Marcos Lima');
      await church.getByRole('button', { name: 'Confirmar recebimento' }).click();
      await church.getByRole('heading', { name: 'Recebimento confirmado' }).waitFor();
      await expectAxeClean(church, 'confirmado (390 px)');

      // The QR code's address brings the code along: a used one is refused.
      await church.goto('about:blank');
      await church.goto(`/confirmar-transferencia#${code}`);
      await church.getByText('Esta transferência já foi confirmada.').waitFor();
    } finally {
      await phone.context.close();
    }
  });

  it('the sending church sees the transfer confirmed, by whom, and Joana Transferida', async () => {
    await page.goto('/membros/transferencias');
    const row = page.getByRole('row').filter({ hasText: 'Joana Ferreira da Silva' });
    await row.getByText('Confirmada', { exact: true }).waitFor();
    await row.getByText(/^Igreja Batista Central de Natal, por Pr\. Marcos Lima, em /).waitFor();
    expect(await row.getByRole('button', { name: /Cancelar transferência/ }).count()).toBe(0);
    await expectAxeClean(page, 'transferências');
    await shot(page, 'transfer-list-1280.png');

    // A letter received from another church, recorded from the list.
    await page.getByRole('button', { name: 'Registrar carta recebida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Carta de transferência recebida' });
    await dialog.getByLabel('Nome do novo membro').fill('Rute Almeida');
    await dialog.getByLabel('Igreja de origem').fill('Igreja Presbiteriana de Recife');
    await dialog.getByLabel('Cidade de origem').fill('Recife/PE');
    await dialog.getByLabel('Número da carta').fill('45/2026');
    await dialog.getByLabel('Data da carta').fill(formatDate(todayIso()));
    await dialog.getByLabel('Data de admissão').fill(formatDate(todayIso()));
    await expectAxeClean(page, 'carta recebida');
    await dialog.getByRole('button', { name: 'Registrar e admitir' }).click();
    const received = page.getByRole('row').filter({ hasText: 'Rute Almeida' });
    await received.getByText('Recebida', { exact: true }).waitFor();

    // The list takes its phone layout on the render after the resize: until then the desktop
    // table is still there, wider than the screen.
    await page.setViewportSize(PHONE);
    await page.getByText('Rute Almeida').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await expectAxeClean(page, 'transferências (390 px)');
    await shot(page, 'transfer-list-390.png');

    const member = await admin.json<{ status: string }>('GET', `/members/${memberId}`);
    expect(member.status).toBe('transferred');
    await page.goto(`/membros/${memberId}/mostrar`);
    await page.getByText('Transferida', { exact: true }).first().waitFor();
  });
});
