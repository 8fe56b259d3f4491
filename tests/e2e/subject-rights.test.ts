// The data subject's rights in the browser (issue 13): a secretary exports a member's data from
// the member page (the PDF and the JSON download, with what the member record holds; no
// "Anonimizar" for her), then an admin anonymizes the member through the dialog — the button
// works only once the name is typed as stored — and the page shows the anonymized record. axe
// finds nothing critical or serious, at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  PASSWORD,
  launchBrowser,
  newPage,
  settled,
  signIn,
  startServer,
} from '../support/e2e';
import { flatPdfText } from '../support/pdf';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NAME = 'Lúcia Helena Ferraz';
/** A 1×1 PNG. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let memberId = 0;

const panel = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Direitos do titular (LGPD)' }) });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
  const member = await admin.request('POST', '/members', {
    name: NAME,
    sex: 'F',
    status: 'active',
    cpf: '52998224725',
    email: 'lucia.ferraz@exemplo.org',
    phone_mobile: '11987654321',
    street: 'Rua das Acácias',
    number: '45',
    city: 'Campinas',
    state: 'SP',
    mother_name: 'Helena Ferraz Prado',
    birth_date: '1979-09-03',
    photo: PHOTO,
  });
  memberId = (member.json as { id: number }).id;
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

describe('a secretária exporta os dados do titular na página do membro', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server, { viewport: DESKTOP }));
    await signIn(page, 'sara@e2e.test', PASSWORD);
  });
  afterAll(() => context?.close());

  /** Chooses a format in the export menu and returns the file downloaded. */
  async function exportAs(format: RegExp) {
    await panel(page).getByRole('button', { name: 'Exportar dados do titular' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: format }).click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path!) };
  }

  it('downloads the PDF and the JSON with what the record holds, and offers no anonymization', async () => {
    await page.goto(`/membros/${memberId}`);
    await panel(page)
      .getByText(/A pedido do membro \(LGPD, art\. 18\)/)
      .waitFor();
    expect(await panel(page).getByRole('button', { name: 'Anonimizar' }).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);

    const pdf = await exportAs(/^PDF/);
    expect(pdf.name).toBe(`dados-do-titular-${memberId}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await flatPdfText(pdf.bytes);
    for (const expected of [
      'Igreja Evangélica Esperança',
      'Dados do titular',
      NAME,
      'CPF 529.982.247-25',
      'Nome da mãe Helena Ferraz Prado',
      'Logradouro Rua das Acácias',
    ]) {
      expect(text).toContain(expected);
    }

    const json = await exportAs(/^JSON/);
    expect(json.name).toBe(`dados-do-titular-${memberId}.json`);
    const data = JSON.parse(json.bytes.toString('utf8'));
    expect(data.member).toMatchObject({
      id: memberId,
      name: NAME,
      cpf: '52998224725',
      email: 'lucia.ferraz@exemplo.org',
      photo: PHOTO,
    });
    // Both exports are in the member's trail.
    const trail = await admin.request(
      'GET',
      `/audit_log?filter=${encodeURIComponent(JSON.stringify({ resource: 'members', record_id: memberId, action: 'export' }))}`,
    );
    expect((trail.json as Array<{ details: { file: string } }>).map((e) => e.details.file)).toEqual(
      [`dados-do-titular-${memberId}.json`, `dados-do-titular-${memberId}.pdf`],
    );
  });
});

describe('o administrador anonimiza o titular pela página do membro', () => {
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog');
  const confirm = () => dialog().getByRole('button', { name: 'Anonimizar' });
  const typed = () => dialog().getByRole('textbox', { name: 'Nome do membro, para confirmar' });

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server, { viewport: DESKTOP }));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('explains what happens and enables the button only for the name as stored (1280 px)', async () => {
    await page.goto(`/membros/${memberId}`);
    await panel(page).getByRole('button', { name: 'Anonimizar' }).click();
    await dialog()
      .getByRole('heading', { name: `Anonimizar ${NAME}` })
      .waitFor();
    await dialog().getByText('não pode ser desfeita').waitFor();
    await settled(page);
    expect(await confirm().isDisabled()).toBe(true);
    await typed().fill('lúcia helena ferraz');
    expect(await confirm().isDisabled()).toBe(true);
    await typed().fill('Lucia Helena Ferraz');
    expect(await confirm().isDisabled()).toBe(true);
    await typed().fill(`  ${NAME} `);
    expect(await confirm().isDisabled()).toBe(false);
    expect(await axeFindings(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
    // Nothing happened.
    const member = await admin.request('GET', `/members/${memberId}`);
    expect((member.json as { name: string }).name).toBe(NAME);
  });

  it('anonymizes on a phone: the page shows the anonymized record (390 px)', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await panel(page).getByRole('button', { name: 'Anonimizar' }).click();
    await settled(page);
    // Cancelled before: the field starts empty again.
    expect(await typed().inputValue()).toBe('');
    await typed().fill(NAME);
    expect(await axeFindings(page)).toEqual([]);
    await confirm().click();
    await page
      .getByText('Titular anonimizado: o cadastro agora é “Titular anonimizado nº 1”.')
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Titular anonimizado nº 1' }).waitFor();
    await page.getByText('Anonimizado', { exact: true }).waitFor();
    await panel(page)
      .getByText(/^Titular anonimizado em /)
      .waitFor();
    expect(await panel(page).getByRole('button', { name: 'Anonimizar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    const body = await page.locator('main').innerText();
    for (const gone of [NAME, '529.982.247-25', 'lucia.ferraz@exemplo.org', 'Rua das Acácias']) {
      expect(body).not.toContain(gone);
    }
    expect(await axeFindings(page)).toEqual([]);
    const member = (await admin.request('GET', `/members/${memberId}`)).json as Record<
      string,
      unknown
    >;
    expect(member).toMatchObject({
      name: 'Titular anonimizado nº 1',
      cpf: null,
      email: null,
      photo: null,
      mother_name: null,
      birth_date: null,
    });
  });
});
