// Deep links into the users screens, the not-found page, missing assets, and the users
// screens of an admin end to end (SPEC §2; DESIGN: /cadastrar, /:id/editar).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  launchBrowser,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  // One signed-in admin browser for the whole file (sign-ins are rate limited per IP).
  ({ context, page } = await newPage(browser, server));
  await signIn(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Every API request the page makes from now on. */
function recordApiCalls(): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const notFoundText = () => page.getByText('Página não encontrada');

/** The creation form of users: its inputs are there and nothing says "not found". */
async function expectCreateForm() {
  await page.locator('input[name=name]').waitFor();
  expect(await page.locator('input[name=name]').inputValue()).toBe('');
  expect(await page.locator('input[name=email]').inputValue()).toBe('');
  expect(await page.locator('input[name=password]').isVisible()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Secretaria' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Salvar' }).isVisible()).toBe(true);
  // A new user is active by default; no delete button on a creation form.
  expect(await page.locator('input[name=active]').isChecked()).toBe(true);
  expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
  expect(await notFoundText().count()).toBe(0);
}

/** The row of the users list (the table) that shows this e-mail. */
function userRow(email: string) {
  return page.locator('tbody tr').filter({ has: page.getByText(email, { exact: true }) });
}

/** The text of a column of a row of the users table, by the column's header. */
async function cellOf(email: string, header: string): Promise<string> {
  const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `coluna ${header} em ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return (await userRow(email).locator('td').nth(index).innerText()).trim();
}

describe('links diretos e recarga', () => {
  let calls: string[];
  beforeEach(() => {
    page.removeAllListeners('request');
    calls = recordApiCalls();
  });

  it('/configuracoes/usuarios/cadastrar abre o formulário de cadastro, também ao recarregar', async () => {
    await page.goto('/configuracoes/usuarios/cadastrar');
    await expectCreateForm();
    await page.reload();
    await expectCreateForm();
    expect(pathOf(page)).toBe('/configuracoes/usuarios/cadastrar');
    // "cadastrar" is never taken for a record id.
    expect(calls.filter((call) => call.includes('/api/users/'))).toEqual([]);
  });

  it('/configuracoes/usuarios/<id>/editar carrega o formulário com os dados do usuário', async () => {
    const user = await admin.createUser({
      name: 'Eduarda Edição',
      email: 'eduarda@e2e.test',
      roles: ['financial'],
    });
    const path = `/configuracoes/usuarios/${user.id}/editar`;
    await page.goto(path);
    await page.reload();
    const name = page.locator('input[name=name]');
    await expectValue(name, 'Eduarda Edição');
    expect(pathOf(page)).toBe(path);
    expect(await page.locator('input[name=email]').inputValue()).toBe('eduarda@e2e.test');
    expect(await page.getByRole('checkbox', { name: 'Financeiro' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Secretaria' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Administrador' }).isChecked()).toBe(false);
    expect(await page.locator('input[name=active]').isChecked()).toBe(true);
    // The password is never sent back: the field is empty.
    expect(await page.locator('input[name=password]').inputValue()).toBe('');
    expect(calls).toContain(`GET /api/users/${user.id}`);
    expect(await notFoundText().count()).toBe(0);
  });

  it('/configuracoes/usuarios/<id> (sem tela de detalhe) leva à edição', async () => {
    const user = await admin.findUser(ADMIN.email);
    await page.goto(`/configuracoes/usuarios/${user!.id}`);
    await page.waitForURL(`**/configuracoes/usuarios/${user!.id}/editar`);
    await expectValue(page.locator('input[name=email]'), ADMIN.email);
  });

  it('um caminho desconhecido mostra a página "Página não encontrada" em português', async () => {
    await page.goto('/nao-existe');
    await notFoundText().first().waitFor();
    expect(pathOf(page)).toBe('/nao-existe');
    expect(await page.getByRole('heading', { name: 'Página não encontrada' }).isVisible()).toBe(
      true,
    );
    expect(
      await page.getByRole('link', { name: 'Voltar para a Visão Geral' }).getAttribute('href'),
    ).toBe('/visao_geral');
  });

  it('um arquivo de /assets que não existe responde 404, não a página do app', async () => {
    const missing = await fetch(`${server.baseUrl}/assets/nao-existe.js`);
    expect(missing.status).toBe(404);
    const body = await missing.text();
    expect(body).not.toContain('<div id="root"');
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html');

    // Control: a screen path is answered with the app itself.
    const screen = await fetch(`${server.baseUrl}/configuracoes/usuarios/cadastrar`);
    expect(screen.status).toBe(200);
    expect(screen.headers.get('content-type')).toContain('text/html');
    expect(await screen.text()).toContain('<div id="root"');
  });
});

async function expectValue(locator: ReturnType<Page['locator']>, value: string) {
  await locator.waitFor();
  await expect.poll(() => locator.inputValue(), { timeout: 10_000 }).toBe(value);
}

describe('tela de usuários (administrador)', () => {
  const NEW_USER = { name: 'Marta Tesoureira', email: 'marta@e2e.test' };

  it('cadastra com Secretaria + Financeiro, lista, e desativa pela edição (Ativo = Não)', async () => {
    await page.goto('/configuracoes/usuarios/cadastrar');
    await page.locator('input[name=name]').fill(NEW_USER.name);
    await page.locator('input[name=email]').fill(NEW_USER.email);
    await page.getByRole('checkbox', { name: 'Secretaria' }).check();
    await page.getByRole('checkbox', { name: 'Financeiro' }).check();
    await page.locator('input[name=password]').fill('senha-da-marta-1');
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/users' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await created).status()).toBe(201);

    await page.waitForURL((url) => url.pathname === '/configuracoes/usuarios');
    await userRow(NEW_USER.email).waitFor();
    expect(await userRow(NEW_USER.email).innerText()).toContain(NEW_USER.name);
    expect(await cellOf(NEW_USER.email, 'Ativo')).toBe('Sim');
    const roles = await cellOf(NEW_USER.email, 'Papéis');
    expect(roles).toContain('Secretaria');
    expect(roles).toContain('Financeiro');
    expect(roles).not.toContain('Administrador');

    const stored = await admin.findUser(NEW_USER.email);
    expect(stored).toMatchObject({ active: true });
    expect([...stored!.roles].sort()).toEqual(['financial', 'secretary']);

    // Edit: a click on the row opens /<id>/editar.
    await userRow(NEW_USER.email).click();
    await page.waitForURL(`**/configuracoes/usuarios/${stored!.id}/editar`);
    await expectValue(page.locator('input[name=email]'), NEW_USER.email);
    const active = page.locator('input[name=active]');
    expect(await active.isChecked()).toBe(true);
    await active.uncheck();
    expect(await active.isChecked()).toBe(false);
    const updated = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/users/${stored!.id}` &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await updated).status()).toBe(200);

    await page.waitForURL((url) => url.pathname === '/configuracoes/usuarios');
    await userRow(NEW_USER.email).waitFor();
    await expect.poll(() => cellOf(NEW_USER.email, 'Ativo')).toBe('Não');
    expect(await admin.findUser(NEW_USER.email)).toMatchObject({ active: false });
  });

  it('um e-mail repetido mostra o erro do servidor sob o campo E-mail', async () => {
    await page.goto('/configuracoes/usuarios/cadastrar');
    await page.locator('input[name=name]').fill('Cópia do Administrador');
    await page.locator('input[name=email]').fill(ADMIN.email);
    await page.getByRole('checkbox', { name: 'Secretaria' }).check();
    await page.locator('input[name=password]').fill('outra-senha-123');
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/users' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await answer).status()).toBe(422);

    const emailField = page.locator('.MuiFormControl-root', {
      has: page.locator('input[name=email]'),
    });
    await emailField.getByText('Já existe um usuário com este e-mail.').waitFor();
    expect(await emailField.locator('input[name=email]').getAttribute('aria-invalid')).toBe('true');
    // The error is the e-mail's, not the name's; the form stays open with what was typed.
    const nameField = page.locator('.MuiFormControl-root', {
      has: page.locator('input[name=name]'),
    });
    expect(await nameField.getByText('Já existe um usuário com este e-mail.').count()).toBe(0);
    expect(pathOf(page)).toBe('/configuracoes/usuarios/cadastrar');
    expect(await page.locator('input[name=name]').inputValue()).toBe('Cópia do Administrador');

    const list = await admin.request('GET', '/users');
    const emails = (list.json as { email: string }[]).map((user) => user.email);
    expect(emails.filter((email) => email === ADMIN.email)).toHaveLength(1);
  });
});
