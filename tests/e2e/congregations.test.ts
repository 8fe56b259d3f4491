// Congregations in the browser (issue 12): an admin registers a congregation and copies its
// registration link; a newcomer opens that link on a phone and the pending registration is filed
// in that congregation; an unknown link leaves the choice open; the app bar's selector sends
// the X-Congregation header and keeps the choice across reloads, on a desktop and on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  launchBrowser,
  newPage,
  pathOf,
  signIn,
  startServer,
  storageItem,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };

const NAME = 'Congregação Vila Esperança';

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let congregationId = 0;
let link = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('o administrador cadastra uma congregação e copia o link de cadastro', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('cadastra pelo formulário, vinculada à sede', async () => {
    await page.goto('/configuracoes/congregacoes/cadastrar');
    await page.getByLabel('Nome').fill(NAME);
    await page.getByLabel('Dirigente').fill('Ev. Márcio Souza');
    await page.getByLabel('Cidade').fill('Guarulhos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/configuracoes/congregacoes');
    const row = page.locator('tbody tr').filter({ hasText: NAME });
    await row.waitFor();
    const list = (await admin.request('GET', '/congregations')).json as Array<{
      id: number;
      name: string;
      slug: string;
      kind: string;
      parent_id: number | null;
    }>;
    const created = list.find((congregation) => congregation.name === NAME);
    expect(created).toMatchObject({ slug: 'congregacao-vila-esperanca', parent_id: 1 });
    congregationId = created!.id;
    // Tipo and "vinculada a": the sede the migration created.
    const sede = list.find((congregation) => congregation.kind === 'sede')!;
    const text = await row.innerText();
    expect(text).toContain('Congregação');
    expect(text).toContain(sede.name);
    expect(text).toContain('Ev. Márcio Souza');
    expect(text).toContain('Guarulhos');
    expect(text).toContain('Ativa');
  });

  it('copia o link de cadastro da congregação', async () => {
    await page.locator('tbody tr').filter({ hasText: NAME }).getByText(NAME).click();
    await page.waitForURL(`**/configuracoes/congregacoes/${congregationId}/editar`);
    await page.getByRole('button', { name: 'Copiar link de cadastro' }).click();
    await page.getByText('Link copiado.').waitFor();
    link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.baseUrl}/meu_cadastro?congregacao=congregacao-vila-esperanca`);
    expect(await page.getByLabel('Link de cadastro de membros').inputValue()).toBe(link);
    await page.getByRole('img', { name: `QR code do link de cadastro de ${NAME}` }).waitFor();
  });
});

describe('quem chega pelo link fica na congregação do link (celular)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
  });
  afterAll(() => context?.close());

  it('o link já escolhe a congregação; o cadastro pendente fica nela', async () => {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Faça seu cadastro', level: 1 }).waitFor();
    const choice = page.getByRole('combobox', { name: /^Congregação/ });
    await choice.waitFor();
    expect(await choice.innerText()).toContain(NAME);
    await page.getByLabel('Nome').fill('Rute Recém-Chegada');
    await page.getByLabel('Data de nascimento').pressSequentially('10031992');
    await page.getByLabel('E-mail').fill('rute@exemplo.com');
    await page.getByRole('checkbox', { name: /Autorizo esta igreja/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByRole('heading', { name: 'Cadastro enviado!' }).waitFor();

    const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    const pending = (await admin.request('GET', `/members?filter=${filter}&range=[0,99]`))
      .json as Array<{ id: number; name: string }>;
    const row = pending.find((member) => member.name === 'Rute Recém-Chegada');
    expect(row).toBeDefined();
    const member = (await admin.request('GET', `/members/${row!.id}`)).json as {
      congregation_id: number;
    };
    expect(member.congregation_id).toBe(congregationId);
  });

  it('um link desconhecido avisa e deixa a escolha em aberto', async () => {
    await page.goto('/meu_cadastro?congregacao=nao-existe');
    await page.getByText(/Não encontramos a congregação deste link/).waitFor();
    const choice = page.getByRole('combobox', { name: /^Congregação/ });
    expect((await choice.innerText()).trim()).not.toContain(NAME);
    await page.getByLabel('Nome').fill('Sem Escolha');
    await page.getByLabel('Data de nascimento').pressSequentially('10031992');
    await page.getByLabel('E-mail').fill('sem.escolha@exemplo.com');
    await page.getByRole('checkbox', { name: /Autorizo esta igreja/ }).check();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByText('Obrigatório').first().waitFor();
    expect(pathOf(page)).toBe('/meu_cadastro');
    await choice.click();
    await page.getByRole('option', { name: NAME }).click();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByRole('heading', { name: 'Cadastro enviado!' }).waitFor();
  });
});

describe('o seletor de congregação da barra do app', () => {
  /** The X-Congregation header of every API call the page makes. */
  const headersOf = (page: Page) => {
    const seen: Array<{ path: string; header: string | null }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/public/')) {
        seen.push({ path: url.pathname, header: request.headers()['x-congregation'] ?? null });
      }
    });
    return seen;
  };

  it('no computador: escolhe uma congregação, envia o cabeçalho e lembra a escolha', async () => {
    const { context, page } = await newPage(browser, server);
    try {
      const seen = headersOf(page);
      await signIn(page, ADMIN.email, ADMIN.password);
      const button = page.getByRole('button', { name: 'Congregação exibida: Todas' });
      await button.waitFor();
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((call) => call.header === null)).toBe(true);

      expect(await axeFindings(page)).toEqual([]);
      await button.click();
      const menu = page.getByRole('menu', { name: 'Congregação exibida' });
      await menu.waitFor();
      // The menu fades in: colours are judged once it is fully opaque.
      await page.waitForFunction(() => {
        const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
        return paper !== null && paper !== undefined && getComputedStyle(paper).opacity === '1';
      });
      expect(await axeFindings(page)).toEqual([]);
      await menu.getByRole('menuitemradio', { name: new RegExp(NAME) }).click();
      await page.getByRole('button', { name: `Congregação exibida: ${NAME}` }).waitFor();
      expect(await storageItem(page, 'adamCongregation')).toBe(String(congregationId));

      seen.length = 0;
      await page.goto('/membros');
      await page.getByRole('button', { name: `Congregação exibida: ${NAME}` }).waitFor();
      await page.waitForLoadState('networkidle');
      const members = seen.filter((call) => call.path === '/api/members');
      expect(members.length).toBeGreaterThan(0);
      expect(members.every((call) => call.header === String(congregationId))).toBe(true);

      // By keyboard, back to "Todas".
      await page.getByRole('button', { name: `Congregação exibida: ${NAME}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu', { name: 'Congregação exibida' }).waitFor();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Congregação exibida: Todas' }).waitFor();
      expect(await storageItem(page, 'adamCongregation')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('no celular: um ícone com nome acessível, e a escolha aparece sob o título', async () => {
    const { context, page } = await newPage(browser, server, { viewport: PHONE });
    try {
      await signIn(page, ADMIN.email, ADMIN.password);
      const button = page.getByRole('button', { name: 'Congregação exibida: Todas' });
      await button.waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await button.click();
      await page.getByRole('menuitemradio', { name: new RegExp(NAME) }).click();
      await page.getByTestId('selected-congregation').getByText(NAME).waitFor();
      await page.reload();
      await page.getByTestId('selected-congregation').getByText(NAME).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await context.close();
    }
  });
});
