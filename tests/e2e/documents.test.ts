// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Credentials and letters from a member's page, as a secretary does it: nothing is issued until
// the church's data is complete (the panel leads to Configurações → Igreja); issue a card (its PDF
// downloads), check it on the public page without login, revoke it, and issue letters — the
// transfer letter after a confirmation, which puts the member "Em transferência" until the
// receiving church confirms (tests/e2e/transfer.test.ts goes on from there).
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ApiSession,
  type E2eServer,
  PASSWORD,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';
import { ADMIN } from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;
let memberId = 0;
// The server's year (a pinned run moves it: see server/clock.ts).
const year = Number(todayIso().slice(0, 4));
/** A 1×1 PNG: the public check of a valid card shows it, of a revoked one never. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
  });
  const member = await admin.request('POST', '/members', {
    name: 'Maria da Conceição Araújo',
    sex: 'F',
    status: 'active',
    cpf: '52998224725',
    admission_date: '2015-03-01',
    photo: PHOTO,
  });
  memberId = (member.json as { id: number }).id;
  await admin.createUser({ name: 'Secretária Ana', email: 'ana@e2e.test', roles: ['secretary'] });
  ({ context, page } = await newPage(browser, server));
  await signIn(page, 'ana@e2e.test', PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Clicks and waits for the file the click downloads; returns its name and bytes. */
async function downloadOf(click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path!) };
}

const credentialsPanel = () =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Credencial de membro' }) });
const lettersPanel = () =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Cartas' }) });

async function publicCheck(
  code: string,
): Promise<{ status: string; body: string; images: number }> {
  // A visitor's phone: no session at all.
  const visitor = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
  try {
    await visitor.page.goto(`/credencial/${code}`);
    const status = visitor.page.getByRole('status');
    await status.waitFor();
    await visitor.page.getByText('Maria da Conceição Araújo').waitFor();
    const body = await visitor.page.locator('body').innerText();
    expect(body).not.toContain('529');
    expect(new URL(visitor.page.url()).pathname).toBe(`/credencial/${code}`);
    const images = await visitor.page.locator('.MuiCard-root img').count();
    return { status: (await status.innerText()).trim(), body, images };
  } finally {
    await visitor.context.close();
  }
}

describe('credencial e cartas na página do membro', () => {
  it('sem a cidade da igreja nada é emitido: o painel leva a Configurações → Igreja', async () => {
    await page.goto(`/membros/${memberId}`);
    await credentialsPanel().getByText('Nenhuma credencial emitida.').waitFor();
    const missing =
      'Antes de emitir credenciais e cartas, informe em Configurações → Igreja: cidade.';
    await credentialsPanel().getByText(missing).waitFor();
    await lettersPanel().getByText(missing).waitFor();
    const issue = credentialsPanel().getByRole('button', { name: 'Emitir credencial' });
    expect(await issue.isDisabled()).toBe(true);
    expect(await lettersPanel().getByRole('button', { name: 'Emitir carta' }).isDisabled()).toBe(
      true,
    );
    // The server refuses it as well (a button is not a rule).
    const refused = await admin.request('POST', '/credentials', { member_id: memberId });
    expect(refused.status).toBe(422);

    await credentialsPanel().getByRole('link', { name: 'Abrir Configurações → Igreja' }).click();
    await page.waitForURL('**/configuracoes/igreja');
    const city = page.locator('input[name="city"]');
    await expect.poll(() => city.isEditable()).toBe(true);
    await city.fill('Campinas');
    await page.locator('input[name="state"]').fill('SP');
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/church' && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  it('emite a credencial após confirmar, que baixa em PDF e vale na página pública; revogada, deixa de valer', async () => {
    await page.goto(`/membros/${memberId}`);
    await credentialsPanel().getByText('Nenhuma credencial emitida.').waitFor();
    expect(await credentialsPanel().getByText('Configurações → Igreja').count()).toBe(0);
    await credentialsPanel().getByRole('button', { name: 'Emitir credencial' }).click();
    // One click issues nothing: the dialog says whose card and that it takes the next number.
    const ask = page.getByRole('dialog');
    await ask.getByText('Emitir a credencial de Maria da Conceição Araújo?').waitFor();
    expect(await admin.request('GET', '/credentials').then((r) => r.json)).toEqual([]);
    const file = await downloadOf(() =>
      ask.getByRole('button', { name: 'Emitir credencial' }).click(),
    );
    expect(file.name).toBe('credencial-000001.pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await credentialsPanel().getByText('Credencial nº 000001').waitFor();
    expect(await credentialsPanel().getByText('Válida', { exact: true }).first().isVisible()).toBe(
      true,
    );

    const list = await admin.request(
      'GET',
      `/credentials?filter=${encodeURIComponent(JSON.stringify({ member_id: memberId }))}`,
    );
    const { code } = (list.json as Array<{ code: string }>)[0];
    const valid = await publicCheck(code);
    expect(valid.status).toBe('Credencial válida');
    expect(valid.body).toMatch(/Válida até \d{2}\/\d{2}\/\d{4}/);
    expect(valid.images).toBe(1);

    await credentialsPanel().getByRole('button', { name: 'Revogar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('A credencial nº 000001 deixará de valer').waitFor();
    await dialog.getByRole('button', { name: 'Revogar' }).click();
    await credentialsPanel().getByText('Revogada', { exact: true }).first().waitFor();
    // Revoked: the name and that it does not hold; no photo, no "Válida até".
    const revoked = await publicCheck(code);
    expect(revoked.status).toBe('Credencial revogada');
    expect(revoked.body).not.toContain('Válida até');
    expect(revoked.body).toContain('Esta credencial não vale mais.');
    expect(revoked.images).toBe(0);

    // A new card for the member, from the same panel.
    await credentialsPanel().getByRole('button', { name: 'Emitir credencial' }).click();
    await downloadOf(() =>
      page.getByRole('dialog').getByRole('button', { name: 'Emitir credencial' }).click(),
    );
    await credentialsPanel().getByText('Credencial nº 000002').waitFor();
  });

  it('emite uma carta de recomendação, que baixa em PDF e entra no histórico', async () => {
    await lettersPanel().getByRole('button', { name: 'Emitir carta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Igreja de destino').fill('Igreja Batista da Lagoinha');
    await dialog.getByLabel('Cidade de destino').fill('Belo Horizonte/MG');
    const file = await downloadOf(() =>
      dialog.getByRole('button', { name: 'Emitir carta' }).click(),
    );
    expect(file.name).toBe(`carta-1-${year}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await lettersPanel()
      .getByRole('cell', { name: `1/${year}`, exact: true })
      .waitFor();
    await lettersPanel().getByText('Igreja Batista da Lagoinha – Belo Horizonte/MG').waitFor();
  });

  it('a carta de transferência pede confirmação e deixa Maria Em transferência', async () => {
    await lettersPanel().getByRole('button', { name: 'Emitir carta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Tipo de carta' }).click();
    await page.getByRole('option', { name: 'Carta de transferência' }).click();
    // Maria is a woman: the warning says where she goes in her words too.
    await dialog
      .getByText(
        /confirmar o recebimento com o código impresso na carta\. Então a situação passa para Transferida/,
      )
      .waitFor();
    await dialog.getByLabel('Igreja de destino').fill('Primeira Igreja Presbiteriana');
    await dialog.getByLabel('Cidade de destino').fill('Natal/RN');
    await dialog.getByRole('button', { name: 'Emitir carta' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Confirmar a transferência' });
    await confirm
      .getByText(
        /^Maria da Conceição Araújo ficará Em transferência .* passará para a situação Transferida/,
      )
      .waitFor();
    const file = await downloadOf(() =>
      confirm.getByRole('button', { name: 'Emitir e transferir' }).click(),
    );
    expect(file.name).toBe(`carta-2-${year}.pdf`);
    // Still on the roll until the receiving church confirms.
    await page.getByText('Em transferência', { exact: true }).first().waitFor();
    await lettersPanel()
      .getByRole('cell', { name: `2/${year}`, exact: true })
      .waitFor();
    const member = await admin.request('GET', `/members/${memberId}`);
    expect((member.json as { status: string }).status).toBe('transferring');
    // No more letters or cards for a member who is leaving.
    expect(await lettersPanel().getByRole('button', { name: 'Emitir carta' }).isDisabled()).toBe(
      true,
    );
    await credentialsPanel()
      .getByText('Só membros com situação Ativo recebem credencial.')
      .waitFor();
  });
});
