// Congregação where the answer is known (issue 24): a church with a sede and a congregação, the
// top bar on "Todas". Saving a new member without a congregation names the field; with the top
// bar on a congregation the form starts with it; the offering dialog takes the congregation of
// the account the money went into; a user limited to one congregation finds it filled in.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
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
let vilaNova = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const created = await admin.request('POST', '/congregations', {
    name: 'Congregação Vila Nova',
    kind: 'congregacao',
    parent_id: 1,
  });
  expect(created.status).toBe(201);
  vilaNova = (created.json as { id: number }).id;
  for (const [name, congregation] of [
    ['Caixa da tesouraria', 1],
    ['Caixa da Vila Nova', vilaNova],
  ] as const) {
    const account = await admin.request('POST', '/bank_accounts', {
      name,
      kind: 'cash',
      opening_balance_cents: 0,
      opening_date: '2025-01-01',
      congregation_id: congregation,
    });
    expect(account.status).toBe(201);
  }
  ({ context, page } = await newPage(browser, server));
  await signIn(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const congregationField = () => page.getByRole('combobox', { name: /^Congregação/ });

describe('Congregação preenchida e o erro que nomeia o campo', () => {
  it('com o topo em "Todas", salvar sem congregação diz qual campo falta', async () => {
    await page.goto('/membros/cadastrar');
    await page.locator('input[name="name"]').fill('Joana Prado');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Verifique o campo Congregação.').waitFor();
    expect(await page.getByText('O formulário não é válido').count()).toBe(0);
  });

  it('com o topo numa congregação, o membro novo já vem dela', async () => {
    await page.evaluate((id) => localStorage.setItem('adamCongregation', String(id)), vilaNova);
    await page.goto('/membros/cadastrar');
    await page.locator('input[name="name"]').fill('Joana Prado');
    await page.getByRole('tab', { name: 'Vida eclesiástica' }).click();
    await expect.poll(() => congregationField().inputValue()).toBe('Congregação Vila Nova');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/membros\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const member = (await admin.request('GET', `/members/${id}`)).json as {
      congregation_id: number;
    };
    expect(member.congregation_id).toBe(vilaNova);
    await page.evaluate(() => localStorage.removeItem('adamCongregation'));
  });

  it('na contagem do culto, a conta escolhida traz a sua congregação', async () => {
    await page.goto('/financeiro/contagens/cadastrar');
    const congregation = page.getByRole('combobox', { name: /^Congregação/ });
    await congregation.waitFor();
    expect(await congregation.inputValue()).toBe('');
    const account = page.getByRole('combobox', { name: /^Conta ou caixa que recebe/ });
    await account.click();
    await page.getByRole('option', { name: 'Caixa da tesouraria', exact: true }).click();
    // The sede, named after the church.
    await expect.poll(() => congregation.inputValue()).toBe('Minha Igreja');
    // Another account: the congregation follows it (the user had not chosen one).
    await account.click();
    await page.getByRole('option', { name: 'Caixa da Vila Nova', exact: true }).click();
    await expect.poll(() => congregation.inputValue()).toBe('Congregação Vila Nova');
  });

  it('quem só tem uma congregação a encontra preenchida', async () => {
    await admin.createUser({
      name: 'Secretária Vila Nova',
      email: 'vila@e2e.test',
      roles: ['secretary'],
      congregation_ids: [vilaNova],
    } as Parameters<ApiSession['createUser']>[0]);
    const own = await newPage(browser, server);
    try {
      await signIn(own.page, 'vila@e2e.test', PASSWORD, '/membros/cadastrar');
      await own.page.getByRole('tab', { name: 'Vida eclesiástica' }).click();
      await expect
        .poll(() => own.page.getByRole('combobox', { name: /^Congregação/ }).inputValue())
        .toBe('Congregação Vila Nova');
    } finally {
      await own.context.close();
    }
  });
});
