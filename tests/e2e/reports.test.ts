// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// The four reports of /relatorios, opened from the menu by a secretary: their rows, filters,
// CSV and PDF downloads, and the bulk issue of cards from "Membros sem cartões".
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH_CHOICES } from '../../domain/calendar';
import { addMonths, todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  chooseOption,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
// The server's today (a pinned run moves it: see server/clock.ts).
const today = todayIso();
const month = today.slice(5, 7);
const year = Number(today.slice(0, 4));
// Bruno's birthday is never in the current month: six months ahead, on the 15th.
const brunoBirthday = `1985-${addMonths(today, 6).slice(5, 7)}-15`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  // Cards valid for one month: they show up as expiring within 40 days.
  await admin.request('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'Campinas',
    credential_validity_months: 1,
  });
  const create = async (body: object) =>
    (
      (await admin.request('POST', '/members', { status: 'active', ...body })).json as {
        id: number;
      }
    ).id;
  const ana = await create({
    name: 'Ana Aniversariante',
    birth_date: `1990-${month}-01`,
    phone_mobile: '11987654321',
  });
  await create({ name: 'Bruno Sem Cartão', birth_date: brunoBirthday });
  await create({ name: 'Carla Sem Cartão', birth_date: '1986-02-16' });
  await admin.request('POST', '/credentials', { member_id: ana });
  await admin.request('POST', '/letters', {
    member_id: ana,
    letter_type: 'recommendation',
    destination_church: 'Igreja Batista da Lagoinha',
    destination_city: 'Belo Horizonte/MG',
  });
  await admin.createUser({ name: 'Secretário Davi', email: 'davi@e2e.test', roles: ['secretary'] });
  ({ context, page } = await newPage(browser, server));
  await signIn(page, 'davi@e2e.test', PASSWORD);
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

async function openFromMenu(label: string, path: string) {
  await menuItem(page, label).click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
  expect(pathOf(page)).toBe(path);
}

const row = (text: string) => page.locator('tbody tr').filter({ hasText: text });

/**
 * From now on, the text colour of the button named `name` on the first frame it is enabled
 * (read with `firstEnabledColour`).
 */
async function watchFirstEnabledColour(name: string) {
  await page.evaluate((label) => {
    const seen = window as unknown as { firstEnabledColour?: string };
    delete seen.firstEnabledColour;
    const until = performance.now() + 15_000;
    const tick = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === label);
      if (button && !button.disabled) seen.firstEnabledColour = getComputedStyle(button).color;
      else if (performance.now() < until) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, name);
}

const firstEnabledColour = () =>
  page.evaluate(() => (window as unknown as { firstEnabledColour?: string }).firstEnabledColour);

describe('relatórios', () => {
  it('aniversariantes: o mês atual, com idade, telefone e WhatsApp; CSV e PDF', async () => {
    await watchFirstEnabledColour('Planilha (CSV)');
    await openFromMenu('Aniversariantes', '/relatorios/aniversariantes');
    const ana = row('Ana Aniversariante');
    await ana.waitFor();
    // The CSV button waits for the rows disabled; once enabled it reads at its own colour at
    // once, not fading from the disabled grey (1.9:1, which axe caught mid-fade).
    await expect.poll(firstEnabledColour, { timeout: 10_000 }).toBeDefined();
    const settled = await page
      .getByRole('button', { name: 'Planilha (CSV)' })
      .evaluate(async (button) => {
        await Promise.all(button.getAnimations().map((animation) => animation.finished));
        return getComputedStyle(button).color;
      });
    expect(await firstEnabledColour()).toBe(settled);
    expect(await ana.innerText()).toContain(`01/${month}`);
    expect(await ana.innerText()).toContain(`${year - 1990} anos`);
    expect(await ana.innerText()).toContain('(11) 98765-4321');
    const whatsapp = ana.getByRole('link', { name: /Parabenizar/ });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(await row('Bruno').count()).toBe(0);

    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    // Named after the month it lists, not the day it was made.
    expect(csv.name).toBe(`aniversariantes-${year}-${month}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFAniversário;Nome;Idade')).toBe(true);
    expect(text).toContain('Ana Aniversariante');
    const pdf = await downloadOf(() =>
      page.getByRole('button', { name: 'Imprimir (PDF)' }).click(),
    );
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.name).toBe(`aniversariantes-${year}-${month}.pdf`);

    // Bruno's month: this year's when it is still to come, else next year's.
    const brunoMonth = brunoBirthday.slice(5, 7);
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Mês' }),
      MONTH_CHOICES[Number(brunoMonth) - 1].name,
    );
    await row('Bruno Sem Cartão').waitFor();
    const brunos = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(brunos.name).toBe(
      `aniversariantes-${brunoMonth > month ? year : year + 1}-${brunoMonth}.csv`,
    );
    expect(brunos.bytes.toString('utf8')).toContain('Bruno Sem Cartão');

    // Next N days: Bruno's birthday shows only when the window reaches it.
    await page.getByRole('button', { name: 'Próximos dias' }).click();
    const days = page.getByLabel('Quantos dias');
    await days.fill('365');
    await row('Bruno Sem Cartão').waitFor();
  });

  it('cartões a expirar: até N dias, com a situação em palavras', async () => {
    await openFromMenu('Cartões a expirar', '/relatorios/cartoes_a_expirar');
    await page.getByLabel('Vencendo em até (dias)').fill('40');
    const ana = row('Ana Aniversariante');
    await ana.waitFor();
    expect(await ana.innerText()).toMatch(/Vence em \d+ dias/);
    await page.getByLabel('Vencendo em até (dias)').fill('0');
    await page.getByText('Nenhuma credencial a expirar com estes filtros.').waitFor();
  });

  it('membros sem cartões: emite em lote e baixa as credenciais para imprimir', async () => {
    await openFromMenu('Membros sem cartões', '/relatorios/membros_sem_cartoes');
    await row('Bruno Sem Cartão').waitFor();
    expect(await row('Ana Aniversariante').count()).toBe(0);
    await row('Bruno Sem Cartão').getByRole('checkbox').check();
    await row('Carla Sem Cartão').getByRole('checkbox').check();
    const file = await downloadOf(() =>
      page.getByRole('button', { name: 'Emitir credenciais' }).click(),
    );
    expect(file.name).toBe('credenciais-2.pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText('2 credenciais emitidas.').waitFor();
    await page.getByText('Todos os membros ativos têm credencial válida.').waitFor();
  });

  it('cartas emitidas: o período deste ano, com o PDF de cada carta', async () => {
    await openFromMenu('Cartas emitidas', '/relatorios/cartas_emitidas');
    const letter = row('Igreja Batista da Lagoinha');
    await letter.waitFor();
    expect(await letter.innerText()).toContain(`1/${year}`);
    expect(await letter.innerText()).toContain('Carta de recomendação');
    const file = await downloadOf(() =>
      letter.getByRole('button', { name: new RegExp(`Baixar PDF 1/${year}`) }).click(),
    );
    expect(file.name).toBe(`carta-1-${year}.pdf`);
    // The period is typed as DD/MM/AAAA: ending last year, it holds no letter.
    const from = page.locator('input[name=issuedOnGte]');
    const to = page.locator('input[name=issuedOnLte]');
    expect(await from.inputValue()).toBe(`01/01/${year}`);
    await from.click();
    await from.press('ControlOrMeta+A');
    await from.pressSequentially(`0101${year - 1}`);
    await to.click();
    await to.press('ControlOrMeta+A');
    await to.pressSequentially(`3112${year - 1}`);
    expect(await to.inputValue()).toBe(`31/12/${year - 1}`);
    await page.getByText('Nenhuma carta emitida no período.').waitFor();
    await to.click();
    await to.press('ControlOrMeta+A');
    await to.pressSequentially(`3112${year}`);
    await letter.waitFor();
    await page.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Carta de transferência' }).click();
    await page.getByText('Nenhuma carta emitida no período.').waitFor();
  });

  it('o painel mostra as credenciais a vencer em 30 dias e leva ao relatório', async () => {
    await menuItem(page, 'Visão Geral').click();
    const card = page.getByRole('link', { name: /Credenciais a vencer em 30 dias/ });
    await card.waitFor();
    await card.click();
    await page.waitForURL('**/relatorios/cartoes_a_expirar');
  });
});
