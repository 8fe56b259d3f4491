// Issue 11, the form defects a treasurer and a secretary hit: a vendor or category missing from
// the expense form is created in place; leaving a form with typed data asks first; Salvar
// explains what is missing; no browser bubbles; words that agree with a member's sex.
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let treasurer: ApiSession;

const TREASURER = { name: 'Tesoureiro Paulo', email: 'paulo@forms.test', roles: ['financial'] };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser(TREASURER);
  treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
  const account = await treasurer.request('POST', '/bank_accounts', {
    name: 'Conta movimento',
    kind: 'checking',
    opening_balance_cents: 100_000,
    opening_date: '2026-01-01',
  });
  expect(account.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('despesa: fornecedor e categoria cadastrados no próprio formulário', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, TREASURER.email, PASSWORD);
  });
  afterAll(() => context?.close());

  it('cria o fornecedor e a categoria que faltam sem sair da despesa', async () => {
    await page.goto('/financeiro/despesas/cadastrar');
    await page.locator('input[name=description]').fill('Cartuchos de tinta');

    const vendor = page.getByRole('combobox', { name: /^Fornecedor/ });
    await vendor.click();
    await vendor.pressSequentially('Papelaria Boa Vista');
    await page.getByRole('option', { name: 'Cadastrar “Papelaria Boa Vista”' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cadastrar fornecedor' }).waitFor();
    expect(await dialog.locator('input[name=name]').inputValue()).toBe('Papelaria Boa Vista');
    await dialog.getByRole('radio', { name: 'Pessoa Jurídica' }).check();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => vendor.inputValue()).toBe('Papelaria Boa Vista');

    const category = page.getByRole('combobox', { name: /^Categoria/ });
    await category.click();
    await category.pressSequentially('Suprimentos de impressão');
    await page.getByRole('option', { name: 'Cadastrar “Suprimentos de impressão”' }).click();
    // The categories are the plano de contas' leaves (issue 27): the dialog creates an account.
    await dialog.getByRole('heading', { name: 'Cadastrar conta contábil' }).waitFor();
    // Only a name is asked: the kind comes from the form (an expense), the group from the kind.
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => category.inputValue()).toBe('Suprimentos de impressão');

    // What was typed before is still there.
    expect(await page.locator('input[name=description]').inputValue()).toBe('Cartuchos de tinta');
    await page.locator('input[name=amountCents]').pressSequentially('8990');
    await page.getByRole('combobox', { name: /^Conta/ }).click();
    await page.getByRole('option', { name: 'Conta movimento', exact: true }).click();
    await page.locator('input[name=dueDate]').pressSequentially('10122026');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/financeiro\/despesas\/\d+$/);
    const id = Number(pathOf(page).split('/').pop());

    const expense = (await treasurer.request('GET', `/expenses/${id}`)).json as {
      vendor_id: number;
      category_id: number;
    };
    const vendorRow = (await treasurer.request('GET', `/vendors/${expense.vendor_id}`)).json as {
      name: string;
      person_type: string;
    };
    expect(vendorRow).toMatchObject({ name: 'Papelaria Boa Vista', person_type: 'entity' });
    const categoryRow = (
      await treasurer.request('GET', `/finance_categories/${expense.category_id}`)
    ).json as { name: string; kind: string; active: boolean };
    expect(categoryRow).toMatchObject({
      name: 'Suprimentos de impressão',
      kind: 'expense',
      active: true,
    });
  });

  it('um fornecedor sem nome não é criado; cancelar volta ao formulário', async () => {
    await page.goto('/financeiro/despesas/cadastrar');
    const vendor = page.getByRole('combobox', { name: /^Fornecedor/ });
    await vendor.click();
    await vendor.pressSequentially('Xy');
    await page.getByRole('option', { name: 'Cadastrar “Xy”' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=name]').fill('');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const vendors = (await treasurer.request('GET', '/vendors?range=[0,99]')).json as {
      name: string;
    }[];
    expect(vendors.map((row) => row.name)).toEqual(['Papelaria Boa Vista']);
  });
});

describe('formulários longos: alterações não salvas, Salvar e validação do app', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  /** Answers the next confirmation the page asks, and returns its text. */
  const answerNext = (accept: boolean) =>
    new Promise<string>((resolve) => {
      page.once('dialog', (dialog: Dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });

  it('sair com dados digitados pergunta antes; ficar mantém o que foi digitado', async () => {
    await page.goto('/membros/cadastrar');
    await page.locator('input[name=name]').fill('Maria Rascunho');
    const asked = answerNext(false);
    await menuItem(page, 'Membros').click();
    expect(await asked).toBe(
      'Algumas alterações não foram salvas. Tem certeza de que deseja descartá-las?',
    );
    expect(pathOf(page)).toBe('/membros/cadastrar');
    expect(await page.locator('input[name=name]').inputValue()).toBe('Maria Rascunho');

    const again = answerNext(true);
    await menuItem(page, 'Membros').click();
    await again;
    await page.waitForURL('**/membros');
  });

  it('a despesa também avisa; um formulário intocado sai sem perguntar', async () => {
    let asked = 0;
    const count = () => asked++;
    page.on('dialog', count);
    await page.goto('/financeiro/despesas/cadastrar');
    await page.locator('input[name=description]').waitFor();
    await menuItem(page, 'Visão Geral').click();
    await page.waitForURL('**/visao_geral');
    expect(asked).toBe(0);
    page.off('dialog', count);

    await page.goto('/financeiro/despesas/cadastrar');
    await page.locator('input[name=description]').fill('Conta de luz');
    const question = answerNext(false);
    await menuItem(page, 'Visão Geral').click();
    expect(await question).toMatch(/alterações não foram salvas/);
    expect(pathOf(page)).toBe('/financeiro/despesas/cadastrar');
    const leave = answerNext(true);
    await menuItem(page, 'Visão Geral').click();
    await leave;
    await page.waitForURL('**/visao_geral');
  });

  it('depois de salvar, sai sem perguntar', async () => {
    let asked = 0;
    const count = () => asked++;
    page.on('dialog', count);
    await page.goto('/configuracoes/departamentos/cadastrar');
    await page.locator('input[name=name]').fill('Intercessão');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/configuracoes/departamentos');
    expect(asked).toBe(0);
    page.off('dialog', count);
  });

  it('Salvar fica habilitado num formulário vazio e explica o que falta', async () => {
    await page.goto('/membros/cadastrar');
    const save = page.getByRole('button', { name: 'Salvar' });
    await save.waitFor();
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Obrigatório').first().waitFor();
    expect(pathOf(page)).toBe('/membros/cadastrar');
  });

  it('sem balões do navegador: o e-mail inválido é explicado pelo app, em português', async () => {
    await page.goto('/financeiro/fornecedores/cadastrar');
    expect(await page.locator('form').first().getAttribute('novalidate')).not.toBeNull();
    await page.locator('input[name=name]').fill('Fornecedor com e-mail ruim');
    await page.locator('input[name=email]').fill('contato@');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe um e-mail válido.').waitFor();
    // With the browser's validation on, its bubble would have stopped the submit before the
    // app's check ran: the Portuguese message shows that the app validated.
    expect(pathOf(page)).toBe('/financeiro/fornecedores/cadastrar');
  });

  it('uma busca sem resultado diz “Nenhum resultado”, em português', async () => {
    await page.goto('/configuracoes/departamentos/cadastrar');
    const leader = page.getByRole('combobox', { name: /^Líder/ });
    await leader.click();
    await leader.pressSequentially('zzzz');
    await page.getByText('Nenhum resultado').waitFor();
    expect(await page.getByText('No options').count()).toBe(0);
  });

  it('cria um departamento pelo cadastro do membro e já o marca', async () => {
    await page.goto('/membros/cadastrar');
    await page.getByRole('tab', { name: 'Departamentos' }).click();
    await page.getByRole('button', { name: 'Novo departamento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cadastrar departamento' }).waitFor();
    await dialog.locator('input[name=name]').fill('Coral infantil');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const box = page.getByRole('checkbox', { name: 'Coral infantil' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Dados pessoais' }).click();
    await page.locator('input[name=name]').fill('Lucas Cantor');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/membros\/\d+$/);
    const id = Number(pathOf(page).split('/').pop());
    const member = (await admin.request('GET', `/members/${id}`)).json as {
      department_ids: number[];
    };
    const departments = (await admin.request('GET', '/departments?range=[0,99]')).json as {
      id: number;
      name: string;
    }[];
    const coral = departments.find((row) => row.name === 'Coral infantil')!;
    expect(member.department_ids).toEqual([coral.id]);
  });
});

describe('situação e estado civil concordam com o sexo do membro', () => {
  let context: BrowserContext;
  let page: Page;
  let memberId = 0;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
    const created = await admin.request('POST', '/members', {
      name: 'Joana Memória',
      sex: 'F',
      marital_status: 'married',
      status: 'deceased',
    });
    expect(created.status).toBe(201);
    memberId = (created.json as { id: number }).id;
  });
  afterAll(() => context?.close());

  it('na ficha e na lista: Falecida, Casada', async () => {
    await page.goto(`/membros/${memberId}`);
    await page.getByRole('heading', { name: 'Joana Memória' }).waitFor();
    await page.getByText('Falecida', { exact: true }).first().waitFor();
    await page.getByText('Casada', { exact: true }).first().waitFor();
    expect(await page.getByText('Falecido', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Casado(a)', { exact: true }).count()).toBe(0);

    const filter = encodeURIComponent(JSON.stringify({ status: 'deceased' }));
    await page.goto(`/membros?filter=${filter}`);
    const row = page.locator('tbody tr').filter({ hasText: 'Joana Memória' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Falecida');
  });

  it('no formulário, as opções seguem o sexo escolhido', async () => {
    await page.goto(`/membros/${memberId}/editar`);
    await page.getByRole('combobox', { name: /^Estado civil/ }).click();
    await page.getByRole('option', { name: 'Viúva', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Sexo/ }).click();
    await page.getByRole('option', { name: 'Masculino', exact: true }).click();
    await page.getByRole('combobox', { name: /^Estado civil/ }).click();
    await page.getByRole('option', { name: 'Viúvo', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Vida eclesiástica' }).click();
    await page.getByRole('combobox', { name: /^Situação/ }).click();
    await page.getByRole('option', { name: 'Falecido', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Falecida', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
