// Fit and finish of the layout (issue 24): the member list at 1280 px shows every column with
// names on at most two lines; the finance overview at 390 px shows each congregation's four
// figures without a hidden sideways scroll; the app bar cuts a long title with "…"; the offering
// dialog's contributor field shows the whole name, and its choices tell two Antônios apart.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  PASSWORD,
  type E2eServer,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let longNamed = 0;
const contexts: BrowserContext[] = [];

async function open(width: number): Promise<Page> {
  const opened = await newPage(browser, server, { viewport: { width, height: 900 } });
  contexts.push(opened.context);
  await signIn(opened.page, ADMIN.email, ADMIN.password);
  return opened.page;
}

async function created(path: string, body: unknown) {
  const response = await admin.request('POST', path, body);
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return (response.json as { id: number }).id;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const vila = await created('/congregations', {
    name: 'Congregação Cidade Tiradentes',
    kind: 'congregacao',
    parent_id: 1,
  });
  const departments = [];
  for (const name of ['Escola Bíblica Dominical', 'Ministério de Louvor', 'Círculo de Oração']) {
    departments.push(await created('/departments', { name }));
  }
  for (let i = 0; i < 8; i++) {
    const id = await created('/members', {
      name: `Maria Aparecida dos Santos de Almeida Souza ${i}`,
      congregation_id: i % 2 ? vila : 1,
      phone_mobile: '11987654321',
      department_ids: departments,
    });
    longNamed ||= id;
  }
  const account = await created('/bank_accounts', {
    name: 'Caixa da Cidade Tiradentes',
    kind: 'cash',
    opening_balance_cents: 150_000,
    opening_date: '2025-01-01',
    congregation_id: vila,
  });
  // The accounts of the plano de contas that take movements (its income and expense leaves).
  const categories = (
    await admin.request(
      'GET',
      `/finance_categories?filter=${encodeURIComponent('{"postable":true}')}`,
    )
  ).json as Array<{
    id: number;
    kind: string;
  }>;
  await created('/incomes', {
    description: 'Oferta',
    category_id: categories.find((category) => category.kind === 'income')!.id,
    amount_cents: 35_050,
    date: todayIso(),
    bank_account_id: account,
    payment_method: 'cash',
    congregation_id: vila,
  });
  for (const [name, city] of [
    ['Antônio Conceição da Silva Pereira', 'Guarulhos'],
    ['Antônio Conceição da Silva Ribeiro', 'Osasco'],
  ]) {
    await created('/donors', { person_type: 'person', name, city });
  }
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('layout', () => {
  it('a lista de membros em 1280 px mostra todas as colunas, nomes em até duas linhas; o menu, cada nome inteiro', async () => {
    const page = await open(1280);
    await page.goto('/membros');
    const name = page.getByRole('link', { name: /^Maria Aparecida dos Santos/ }).first();
    await name.waitFor();
    const departments = page.getByRole('columnheader', { name: 'Departamentos' });
    const box = (await departments.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table')!;
      return table.scrollWidth - table.parentElement!.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    const lines = await name.evaluate((link) => {
      const height = link.getBoundingClientRect().height;
      return height / parseFloat(getComputedStyle(link).lineHeight);
    });
    expect(lines).toBeLessThanOrEqual(2.2);

    // The open menu beside it: every label whole (a long one on two lines), none cut with "…".
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Atualizações de cadastro' }).waitFor();
    const cut = await menu.evaluate((list) =>
      [...list.querySelectorAll('[role=menuitem]')]
        .filter((item) =>
          [...item.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1),
        )
        .map((item) => item.textContent),
    );
    expect(cut).toEqual([]);
  });

  it('a visão geral financeira em 390 px mostra as quatro cifras de cada congregação', async () => {
    const page = await open(390);
    await page.goto('/financeiro/visao-geral');
    const breakdown = page.getByTestId('congregation-breakdown');
    await breakdown.getByText('Congregação Cidade Tiradentes').waitFor();
    for (const label of ['Receitas', 'Despesas', 'Resultado', 'Saldo']) {
      const figure = breakdown.getByText(label, { exact: true }).first();
      const box = (await figure.boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    await breakdown.getByText('R$ 350,50').first().waitFor();
    const scrolls = await breakdown.evaluate(
      (element) => element.scrollWidth > element.clientWidth + 1,
    );
    expect(scrolls).toBe(false);
  });

  it('o título longo na barra termina em reticências em 390 px', async () => {
    const page = await open(390);
    await page.goto(`/membros/${longNamed}/editar`);
    const title = page.locator('#react-admin-title');
    await title.getByText(/^Editar Membro Maria Aparecida/).waitFor();
    const cut = await title.evaluate((element) => ({
      overflowing: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow,
      // An ellipsis cuts inline text only: no inline-block in between.
      blocks: [...element.querySelectorAll('*')].filter(
        (child) => getComputedStyle(child).display !== 'inline',
      ).length,
    }));
    expect(cut).toEqual({ overflowing: true, ellipsis: 'ellipsis', blocks: 0 });
  });

  it('na contagem do culto, o contribuinte do envelope aparece inteiro e com o que distingue dois Antônios', async () => {
    const page = await open(1280);
    await page.goto('/financeiro/contagens/cadastrar');
    const donor = page.getByRole('combobox', { name: 'Envelope de (contribuinte)' }).first();
    await donor.fill('Antônio');
    const option = page.getByRole('option', { name: /Antônio Conceição da Silva Ribeiro/ });
    await expect.poll(() => option.innerText()).toMatch(/Osasco/);
    await page
      .getByRole('option', { name: /Pereira/ })
      .getByText('Guarulhos')
      .waitFor();
    await option.click();
    await expect.poll(() => donor.inputValue()).toBe('Antônio Conceição da Silva Ribeiro');
    const cut = await donor.evaluate(
      (input: HTMLInputElement) => input.scrollWidth > input.clientWidth,
    );
    expect(cut).toBe(false);
  });
});

describe('referência da API', () => {
  it('o administrador a abre pelo menu e lê as rotas; a secretaria não a vê', async () => {
    const page = await open(1280);
    await page.getByRole('menuitem', { name: 'Referência da API' }).click();
    await page.waitForURL('**/configuracoes/api');
    await page.getByRole('heading', { name: 'Referência da API', level: 1 }).waitFor();
    // Swagger UI over the server's own OpenAPI document, read with the admin's session.
    await page.locator('.opblock-summary-path', { hasText: '/api/members' }).first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);

    await admin.createUser({ name: 'Secretária', email: 'sec-api@e2e.test', roles: ['secretary'] });
    const other = await newPage(browser, server);
    contexts.push(other.context);
    await signIn(other.page, 'sec-api@e2e.test', PASSWORD);
    expect(await other.page.getByRole('menuitem', { name: 'Referência da API' }).count()).toBe(0);
    await other.page.goto('/configuracoes/api');
    await other.page.waitForURL('**/visao_geral');
  });
});
