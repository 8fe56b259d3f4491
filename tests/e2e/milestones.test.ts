// Marcos and certificados (issue 28) as a secretary does it: on Maria's page she records a
// baptism on the timeline, issues its certificate (the PDF downloads, numbered) and prints it
// again with the same number; then, on Membros → Certificados, the baptism service's batch (every
// member baptized that day, one PDF). Each screen axe clean and at 390 px without sideways scroll.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;
let memberId = 0;
const year = Number(todayIso().slice(0, 4));
const SERVICE_DAY = '2024-03-10';
/** Where the certificate's PDF is kept for a look at its page (pdftoppm). */
const CERTIFICATE_FILE = '/tmp/adam-e2e-certificado-batismo.pdf';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'Campinas',
    state: 'SP',
  });
  const member = await admin.request('POST', '/members', {
    name: 'Maria da Conceição Araújo',
    sex: 'F',
    status: 'active',
    birth_date: '1990-02-01',
  });
  memberId = (member.json as { id: number }).id;
  for (const name of ['Bruno Batizado Lote', 'Carla Batizada Lote']) {
    await admin.request('POST', '/members', { name, status: 'active', baptism_date: SERVICE_DAY });
  }
  await admin.createUser({ name: 'Secretária Ana', email: 'ana@e2e.test', roles: ['secretary'] });
  ({ context, page } = await newPage(browser, server));
  await signIn(page, 'ana@e2e.test', PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function downloadOf(click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

const timeline = () =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Marcos' }) });

async function phoneFits(path: string, ready: (phone: Page) => Promise<unknown>) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(path);
    await ready(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
      .toBeLessThanOrEqual(390);
    expect(await axeFindings(page)).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
}

describe('marcos e certificados', () => {
  it('registra o batismo na linha do tempo, emite o certificado e o imprime de novo com o mesmo número', async () => {
    await page.goto(`/membros/${memberId}`);
    await timeline().getByText('Nenhum marco registrado.').waitFor();
    await timeline().getByRole('button', { name: 'Registrar marco' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Data', { exact: true }).pressSequentially('09062024');
    await dialog.getByLabel('Local').fill('Templo sede');
    await dialog.getByLabel('Oficiante', { exact: true }).fill('Pr. João Batista');
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await timeline().getByText('09/06/2024 – Batismo nas águas').waitFor();
    await timeline().getByText('Templo sede · Oficiante: Pr. João Batista').waitFor();
    // The member's own field follows the milestone (the projection, same transaction).
    const stored = await admin.request('GET', `/members/${memberId}`);
    expect((stored.json as { baptism_date: string }).baptism_date).toBe('2024-06-09');

    const file = await downloadOf(() =>
      timeline().getByRole('button', { name: 'Emitir certificado' }).click(),
    );
    expect(file.name).toBe(`certificado-1-${year}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(CERTIFICATE_FILE, file.bytes);
    const again = timeline().getByRole('button', { name: `Imprimir certificado nº 1/${year}` });
    await again.waitFor();
    expect(await timeline().getByRole('button', { name: 'Emitir certificado' }).count()).toBe(0);
    const reprint = await downloadOf(() => again.click());
    expect(reprint.name).toBe(`certificado-1-${year}.pdf`);
    expect(await axeFindings(page)).toEqual([]);
    await phoneFits(`/membros/${memberId}`, () =>
      timeline().getByText('09/06/2024 – Batismo nas águas').waitFor(),
    );
  });

  it('imprime os certificados de um batismo: todos os batizados do dia num só PDF', async () => {
    await page.goto('/membros/certificados');
    await page.getByRole('heading', { name: 'Certificados de um batismo' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel('Data do batismo').pressSequentially('10032024');
    const file = await downloadOf(() =>
      page.getByRole('button', { name: 'Imprimir certificados do batismo' }).click(),
    );
    expect(file.name).toBe(`batismos-${SERVICE_DAY}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    // Numbered after Maria's: 2 and 3 of the year, listed with a reprint button each.
    const table = page.getByRole('table', { name: 'Certificados emitidos' });
    await table.getByRole('cell', { name: 'Bruno Batizado Lote' }).waitFor();
    await table.getByRole('cell', { name: 'Carla Batizada Lote' }).waitFor();
    await table.getByRole('cell', { name: `3/${year}`, exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await phoneFits('/membros/certificados', (phone) =>
      phone.getByRole('heading', { name: 'Certificados de um batismo' }).waitFor(),
    );
  });
});
