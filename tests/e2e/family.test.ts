// Famílias in the browser (issue 28), on a phone (390 px): a secretary creates the family from a
// member's page, adds a child who is no member and the spouse who is a member (found by name),
// sees both with their relations, downloads the family's ficha (PDF) and finds the child in the
// children by age with the mother's phone. axe finds nothing critical or serious on each screen.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayIso } from '../../domain/dates';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  chooseOption,
  type E2eServer,
  PASSWORD,
  launchBrowser,
  newPage,
  settled,
  signIn,
  startServer,
} from '../support/e2e';
import { flatPdfText } from '../support/pdf';

const PHONE = { width: 390, height: 844 };
/** A child of 6 (born on the first of the month, six years ago). */
const CHILD_BIRTH = addYears(todayIso(), -6).replace(/-\d\d$/, '-01');

let server: E2eServer;
let browser: Browser;
let anaId = 0;

const panel = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Família', exact: true }) });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
  const member = async (fields: Record<string, unknown>) =>
    (
      (await admin.request('POST', '/members', { status: 'active', ...fields })).json as {
        id: number;
      }
    ).id;
  anaId = await member({
    name: 'Ana Souza',
    sex: 'F',
    marital_status: 'married',
    phone_mobile: '19988887777',
    street: 'Rua das Flores',
    number: '100',
    city: 'Campinas',
    state: 'SP',
    zip_code: '13010000',
  });
  await member({ name: 'João Souza', sex: 'M', phone_mobile: '19977776666' });
  // Rita already has a household: adding her elsewhere says so, and moving her is explicit.
  const rita = await member({ name: 'Rita Lima', sex: 'F' });
  await admin.request('POST', '/families', { member_id: rita });
  await admin.createUser({ name: 'Sara Secretária', email: 'sara@e2e.test', roles: ['secretary'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a secretária monta uma família no celular', { tags: ['dates'] }, () => {
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog');

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
    await signIn(page, 'sara@e2e.test', PASSWORD);
  });
  afterAll(() => context?.close());

  it('creates the family from the member and adds a child and the spouse (390 px)', async () => {
    await page.goto(`/membros/${anaId}`);
    await panel(page).getByText('Este membro ainda não está em uma família.').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Criar família' }).click();
    await panel(page).getByRole('heading', { name: 'Família Souza' }).waitFor();
    await panel(page)
      .getByText(/Rua das Flores, 100/)
      .waitFor();

    // A child who is no member: name, birth date, relation to Ana.
    await panel(page).getByRole('button', { name: 'Adicionar pessoa' }).click();
    await dialog().getByRole('button', { name: 'Parente que não é membro' }).click();
    await dialog().getByRole('textbox', { name: 'Nome' }).fill('Pedro Souza');
    await dialog()
      .getByLabel('Data de nascimento')
      .pressSequentially(formatDate(CHILD_BIRTH).replace(/\D/g, ''));
    await chooseOption(page, dialog().getByRole('combobox', { name: 'Parentesco' }), 'Filho/a');
    await chooseOption(page, dialog().getByRole('combobox', { name: 'Em relação a' }), 'Ana Souza');
    expect(await axeFindings(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await dialog().waitFor({ state: 'detached' });
    const pedro = panel(page).getByRole('listitem').filter({ hasText: 'Pedro Souza' });
    await pedro.getByText('Filho/a de Ana Souza').waitFor();
    await pedro.getByText('6 anos').waitFor();
    await pedro.getByText('Não membro').waitFor();

    // The spouse, a member found by name; bad input first: no relation chosen.
    await panel(page).getByRole('button', { name: 'Adicionar pessoa' }).click();
    await dialog().getByRole('combobox', { name: 'Membro' }).fill('João');
    await page.getByRole('option', { name: /João Souza/ }).click();
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await dialog().getByText('Escolha o parentesco.').waitFor();
    await chooseOption(page, dialog().getByRole('combobox', { name: 'Parentesco' }), 'Cônjuge');
    await chooseOption(page, dialog().getByRole('combobox', { name: 'Em relação a' }), 'Ana Souza');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await dialog().waitFor({ state: 'detached' });
    const joao = panel(page).getByRole('listitem').filter({ hasText: 'João Souza' });
    await joao.getByText('Cônjuge de Ana Souza').waitFor();
    await joao.getByText(/Endereço da família/).waitFor();
    await joao.getByRole('link', { name: 'João Souza' }).waitFor();
    // Rita is in the Família Lima: refused with its name, then moved on request.
    await panel(page).getByRole('button', { name: 'Adicionar pessoa' }).click();
    await dialog().getByRole('combobox', { name: 'Membro' }).fill('Rita');
    await page.getByRole('option', { name: /Rita Lima/ }).click();
    await chooseOption(page, dialog().getByRole('combobox', { name: 'Parentesco' }), 'Irmão/ã');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await dialog()
      .getByText(/Rita Lima já pertence à Família Lima/)
      .waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Mover para esta família' }).click();
    await dialog().waitFor({ state: 'detached' });
    await panel(page)
      .getByRole('listitem')
      .filter({ hasText: 'Rita Lima' })
      .getByText('Irmã')
      .waitFor();
    await settled(page);
    expect(await axeFindings(page)).toEqual([]);
    // The page does not scroll sideways on a phone: the table scrolls inside its region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('downloads the family’s ficha with each person and the address', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).getByRole('button', { name: 'Ficha da família (PDF)' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await flatPdfText(bytes);
    for (const expected of [
      'Igreja Evangélica Esperança',
      'Ficha da família – Família Souza',
      'Rua das Flores, 100',
      'Pedro Souza',
      'Filho/a de Ana Souza',
      'Cônjuge de Ana Souza',
      '(19) 98888-7777',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists the child in the children by age with the parents’ phones', async () => {
    await page.goto('/relatorios/criancas');
    await page.getByText('Pedro Souza · 6 anos').waitFor();
    await page.getByText('Ana Souza (Mãe) · (19) 98888-7777').waitFor();
    await page.getByText('João Souza (Cônjuge de Ana Souza) · (19) 97777-6666').waitFor();
    expect(await axeFindings(page)).toEqual([]);
  });
});
