// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Issue 27, the orçamento anual and orçado × realizado, as a treasurer uses them: the year's grid
// typed by keyboard, January repeated over the year, saved in one request, copied into the next
// year; the report beside the incomes and expenses, its CSV and PDF; and on a phone, one category
// at a time — axe clean and nothing wider than the screen. And the repasses: an admin sets a
// congregation's percentage on its form, the report shows what it owes its sede and sent. Then
// the admin closes the last month and downloads its prestação de contas (PDF) for the sede with
// the congregations below it, by keyboard, on a wide screen and on a phone.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthName } from '../../domain/calendar';
import { addMonths, todayIso } from '../../domain/dates';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  chooseOption,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  shot,
  signIn,
  startServer,
} from '../support/e2e';
import { flatPdfText } from '../support/pdf';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
const year = Number(todayIso().slice(0, 4));

interface Grid {
  lines: Array<{ category_id: number; months: number[] }>;
}

let tithes: number;
let rent: number;
let TITHES: string;
let RENT: string;
let alfa: number;
const thisMonth = todayIso().slice(0, 7);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const created = async (path: string, body: object) => {
    const response = await admin.request('POST', path, body);
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.json)}`);
    return (response.json as { id: number }).id;
  };
  const categories = (await admin.request('GET', '/finance_categories?range=[0,199]'))
    .json as Array<{ id: number; code: string; name: string }>;
  const category = (name: string) => categories.find((row) => row.name === name)!;
  tithes = category('Dízimos').id;
  rent = category('Aluguel').id;
  // The grid and the report name an account by its code in the plano de contas.
  TITHES = `${category('Dízimos').code} Dízimos`;
  RENT = `${category('Aluguel').code} Aluguel`;
  const account = await created('/bank_accounts', {
    name: 'Conta da sede',
    kind: 'checking',
    opening_balance_cents: 0,
    opening_date: `${year}-01-01`,
  });
  await created('/incomes', {
    category_id: tithes,
    amount_cents: 1_200_000,
    date: `${year}-01-05`,
    bank_account_id: account,
    payment_method: 'pix',
  });
  await created('/expenses', {
    description: 'Aluguel de janeiro',
    category_id: rent,
    amount_cents: 50_000,
    date: `${year}-01-10`,
    due_date: `${year}-01-10`,
    bank_account_id: account,
  });
  // Congregação Alfa under the sede: its tithes of this month and a transfer to the sede.
  alfa = await created('/congregations', { name: 'Congregação Alfa', kind: 'congregacao' });
  const alfaAccount = await created('/bank_accounts', {
    congregation_id: alfa,
    name: 'Conta de Alfa',
    kind: 'checking',
    opening_balance_cents: 0,
    opening_date: `${year}-01-01`,
  });
  await created('/incomes', {
    congregation_id: alfa,
    category_id: tithes,
    amount_cents: 123_455,
    date: `${thisMonth}-02`,
    bank_account_id: alfaAccount,
    payment_method: 'pix',
  });
  await created('/transactions', {
    kind: 'transfer',
    from_account_id: alfaAccount,
    to_account_id: account,
    amount_cents: 10_000,
    date: `${thisMonth}-03`,
  });
  ({ context, page } = await newPage(browser, server, { viewport: { width: 1280, height: 900 } }));
  await signIn(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const savedGrid = async (congregation: number, of: number) =>
  (await admin.request('GET', `/budgets?congregation_id=${congregation}&year=${of}`)).json as Grid;

const cell = (p: Page, category: string, month: string) =>
  p.getByRole('textbox', { name: `${category}, ${month}`, exact: true });

async function downloadOf(click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

describe('orçamento anual', () => {
  it('a treasurer types the year by keyboard, repeats January, saves and copies it to the next year', async () => {
    await menuItem(page, 'Orçamento').click();
    await page.getByRole('heading', { name: 'Orçamento anual', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/financeiro/orcamento');
    await cell(page, TITHES, 'janeiro').waitFor();

    // Typed as on a cash register: 1, 5, 0, 0, 0, 0 is R$ 1.500,00.
    await cell(page, TITHES, 'janeiro').click();
    await page.keyboard.type('150000');
    // The repeat button of the line, by keyboard.
    const repeat = page.getByRole('button', {
      name: `Repetir o valor de janeiro nos 12 meses: ${TITHES}`,
    });
    await repeat.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(page, TITHES, 'dezembro').inputValue()).toBe('1.500,00');
    await cell(page, RENT, 'janeiro').click();
    await page.keyboard.type('45050');
    await page.getByText('Há alterações não salvas neste orçamento.').waitFor();
    const row = page.getByRole('row', { name: /^Total de receitas/ });
    await expect.poll(() => row.innerText()).toContain('R$ 18.000,00');
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'orcamento-1280.png');

    await page.getByRole('button', { name: 'Salvar orçamento' }).click();
    await page.getByText(`Orçamento de ${year} salvo.`).waitFor();
    expect((await savedGrid(1, year)).lines).toEqual(
      [
        { category_id: tithes, months: Array<number>(12).fill(150_000) },
        { category_id: rent, months: [45_050, ...Array<number>(11).fill(0)] },
      ].sort((a, b) => a.category_id - b.category_id),
    );

    // Next year starts empty; the previous year is copied in and saved.
    await chooseOption(page, page.getByRole('combobox', { name: 'Ano' }), String(year + 1));
    await expect.poll(() => cell(page, TITHES, 'março').inputValue()).toBe('0,00');
    await page.getByRole('button', { name: `Copiar de ${year}` }).click();
    await page.getByText(`Orçamento de ${year} copiado`).waitFor();
    expect(await cell(page, TITHES, 'março').inputValue()).toBe('1.500,00');
    await page.getByRole('button', { name: 'Salvar orçamento' }).click();
    await page.getByText(`Orçamento de ${year + 1} salvo.`).waitFor();
    expect((await savedGrid(1, year + 1)).lines).toEqual((await savedGrid(1, year)).lines);
  });

  it('orçado × realizado: the year by category, competência said, CSV and PDF', async () => {
    await menuItem(page, 'Orçado × realizado').click();
    await page.getByRole('heading', { name: 'Orçado × realizado', level: 1 }).waitFor();
    await page.getByText(/Regime de competência/).waitFor();
    // The sede alone: Alfa's tithes stay out.
    await chooseOption(page, page.getByRole('combobox', { name: 'Congregação' }), 'Minha Igreja');
    const cells = async (name: string) => {
      const line = page.locator('tbody tr').filter({ has: page.getByText(name, { exact: true }) });
      await line.first().waitFor();
      return (await line.first().locator('td').allInnerTexts()).map((text) => text.trim());
    };
    // The table follows the filter once its answer arrives: until then it shows the whole view.
    await expect
      .poll(() => cells('Dízimos'))
      .toEqual([
        TITHES.split(' ')[0],
        'Dízimos',
        'Receita',
        'R$ 18.000,00',
        'R$ 12.000,00',
        '-R$ 6.000,00',
        '66,7%',
      ]);
    expect(await cells('Aluguel')).toEqual([
      RENT.split(' ')[0],
      'Aluguel',
      'Despesa',
      'R$ 450,50',
      'R$ 500,00',
      'R$ 49,50',
      '111,0%',
    ]);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'orcado-realizado-1280.png');
    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(csv.name).toBe(`orcado-realizado-${year}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain(
      `${TITHES.replace(' ', ';')};Receita;18000,00;12000,00;-6000,00;66,7%;1500,00;12000,00`,
    );
    expect(text).toContain('Competência');
    const pdf = await downloadOf(() =>
      page.getByRole('button', { name: 'Imprimir (PDF)' }).click(),
    );
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('repasses: the percentage set on the congregation, the month owed, sent and due', async () => {
    await page.goto(`/configuracoes/congregacoes/${alfa}/editar`);
    // The form has its record (typing before it arrives would be overwritten).
    await expect
      .poll(() => page.locator('input[name="name"]').inputValue())
      .toBe('Congregação Alfa');
    await page.getByLabel('Repasse à sede (%)').fill('10');
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Repasse a partir de (mês)' }),
      monthName(thisMonth),
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/configuracoes/congregacoes');
    const saved = (await admin.request('GET', `/congregations/${alfa}`)).json as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ transfer_percent: 10, transfer_from: thisMonth });

    await menuItem(page, 'Repasses à sede').click();
    await page.getByRole('heading', { name: 'Repasses à sede', level: 1 }).waitFor();
    const row = page.locator('tbody tr').filter({ hasText: 'Congregação Alfa' });
    await row.waitFor();
    // R$ 1.234,55 at 10% = R$ 123,455: half a centavo up, R$ 123,46.
    expect((await row.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Congregação Alfa',
      'Minha Igreja',
      '10%',
      'R$ 1.234,55',
      'R$ 123,46',
      'R$ 100,00',
      'R$ 23,46',
      'R$ 23,46',
    ]);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'repasses-1280.png');
    const csv = await downloadOf(() =>
      page.getByRole('button', { name: 'Planilha (CSV)' }).click(),
    );
    expect(csv.name).toBe(`repasses-${thisMonth}.csv`);
    expect(csv.bytes.toString('utf8')).toContain(
      'Congregação Alfa;Minha Igreja;10%;1234,55;123,46;100,00;23,46;23,46',
    );
  });

  it('the admin closes the last month and downloads its prestação de contas (PDF) by keyboard', async () => {
    const month = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
    await menuItem(page, 'Fechamento do mês').click();
    await page.getByRole('heading', { name: 'Fechamento do mês', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/financeiro/prestacao-de-contas');
    await page.getByRole('button', { name: `Fechar o mês de ${monthName(month)}` }).click();
    const dialog = page.getByRole('dialog');
    const date = dialog.locator('input[name=approvedOn]');
    await date.click();
    await date.pressSequentially(formatDate(todayIso()).replace(/\D/g, ''));
    await dialog.getByLabel('Aprovado por').fill('Ana Souza, Paulo Lima e Rute Alves');
    await dialog.getByLabel('Parecer').fill('Examinamos as contas do mês e as aprovamos.');
    await dialog.getByRole('button', { name: 'Fechar mês' }).click();
    await page.getByText(`Fechado em ${formatDate(todayIso())}`).waitFor();

    // The sede with the congregations below it, chosen and downloaded by keyboard.
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Prestação de contas de' }),
      'Minha Igreja',
    );
    const subtree = page.getByRole('checkbox', { name: 'Com as congregações abaixo dela' });
    await subtree.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => subtree.isChecked()).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'prestacao-de-contas-pdf-1280.png');
    const pdf = await downloadOf(async () => {
      await page
        .getByRole('button', { name: `Baixar a prestação de contas de ${monthName(month)} (PDF)` })
        .focus();
      await page.keyboard.press('Enter');
    });
    expect(pdf.name).toBe(`prestacao-de-contas-${month}.pdf`);
    const text = await flatPdfText(pdf.bytes);
    for (const words of [
      `Prestação de contas de ${monthName(month)}`,
      'Abrangência: Minha Igreja, com as congregações abaixo dela (2 congregações).',
      'Situação: fechado.',
      'Examinamos as contas do mês e as aprovamos.',
      'Rute Alves',
      'Demonstração do Resultado do Período',
      'Orçado × realizado',
      'Página 1 de',
    ]) {
      expect(text, words).toContain(words);
    }
    // The budget typed above is the month's orçado (when the last month is of this year).
    if (month.startsWith(String(year))) expect(text).toContain('R$ 1.500,00');
  });

  it('on a phone: one category at a time, the report in blocks, nothing wider than the screen', async () => {
    const phone = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone.page, ADMIN.email, ADMIN.password, '/financeiro/orcamento');
      const category = phone.page.getByRole('combobox', { name: 'Conta' });
      await category.waitFor();
      await chooseOption(phone.page, category, RENT);
      const february = phone.page.getByRole('textbox', { name: 'Fevereiro' });
      await expect
        .poll(() => phone.page.getByRole('textbox', { name: 'Janeiro' }).inputValue())
        .toBe('450,50');
      await february.click();
      await phone.page.keyboard.type('30000');
      await phone.page.getByRole('button', { name: 'Próxima conta' }).click();
      await expect.poll(() => category.innerText()).not.toBe(RENT);
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      expect(await axeFindings(phone.page)).toEqual([]);
      await shot(phone.page, 'orcamento-390.png');
      await phone.page.getByRole('button', { name: 'Salvar orçamento' }).click();
      await phone.page.getByText(`Orçamento de ${year} salvo.`).waitFor();
      const aluguel = (await savedGrid(1, year)).lines.find((line) => line.category_id === rent)!;
      expect(aluguel.months.slice(0, 2)).toEqual([45_050, 30_000]);

      await phone.page.goto('/financeiro/orcado-realizado');
      const block = phone.page.getByRole('listitem').filter({ hasText: RENT });
      await block.waitFor();
      expect(await block.innerText()).toContain('R$ 750,50');
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      expect(await axeFindings(phone.page)).toEqual([]);
      await shot(phone.page, 'orcado-realizado-390.png');

      await phone.page.goto('/financeiro/repasses');
      const alfaItem = phone.page.getByRole('listitem').filter({ hasText: 'Congregação Alfa' });
      await alfaItem.waitFor();
      expect(await alfaItem.innerText()).toContain('Repasse devido: R$ 123,46');
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      expect(await axeFindings(phone.page)).toEqual([]);
      await shot(phone.page, 'repasses-390.png');

      // The prestação de contas: its button fits the phone and answers the PDF.
      await phone.page.goto('/financeiro/prestacao-de-contas');
      const month = monthName(addMonths(`${thisMonth}-01`, -1).slice(0, 7));
      const button = phone.page.getByRole('button', {
        name: `Baixar a prestação de contas de ${month} (PDF)`,
      });
      await button.waitFor();
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      expect(await axeFindings(phone.page)).toEqual([]);
      await shot(phone.page, 'prestacao-de-contas-pdf-390.png');
      const [download] = await Promise.all([phone.page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^prestacao-de-contas-\d{4}-\d{2}\.pdf$/);
    } finally {
      await phone.context.close();
    }
  });
});
