// The finance area as a treasurer (financial role) uses it: a PJ vendor with its CNPJ, an
// expense of R$ 1.234,56 in 3 instalments, paying the first and seeing the account's balance
// and statement change, and the financial dashboard's totals.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthName } from '../../domain/calendar';
import { addMonths, todayIso } from '../../domain/dates';
import { closedMonthMessage } from '../../domain/finance/periods';
import { addDays, monthRange } from '../../domain/finance/installments';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  chooseOption,
  shot,
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
let context: BrowserContext;
let page: Page;
let treasurer: ApiSession;
let accountId = 0;
let expenseId = 0;

const TREASURER = { name: 'Tesoureira Marta', email: 'marta@e2e.test', roles: ['financial'] };
const today = todayIso();
// The tests that follow "today" carry the tag "dates" (npm test reruns them with the clock
// pinned, tests/run.ts): the expense and its installments, its payment, the month's totals and
// the offerings' Sunday.

/** Every API request the page makes from now on. */
function recordApiCalls(): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const choose = (label: string, option: string) =>
  chooseOption(page, page.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);

const text = (testId: string) => page.getByTestId(testId).innerText();

/** The keys a user presses to type a date (YYYY-MM-DD) as DD/MM/AAAA. */
const dateKeys = (iso: string) => formatDate(iso).replace(/\D/g, '');

/** Replaces the date in a DD/MM/AAAA field, typed as a user would (select all, then digits). */
async function typeDate(name: string, iso: string) {
  const field = page.locator(`input[name=${name}]`);
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.pressSequentially(dateKeys(iso));
  expect(await field.inputValue()).toBe(formatDate(iso));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser(TREASURER);
  treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
  const account = await treasurer.request('POST', '/bank_accounts', {
    name: 'Conta corrente da igreja',
    kind: 'checking',
    bank: 'Banco do Brasil',
    opening_balance_cents: 500_000,
    opening_date: '2025-01-01',
  });
  expect(account.status).toBe(201);
  accountId = (account.json as { id: number }).id;
  ({ context, page } = await newPage(browser, server));
  await signIn(page, TREASURER.email, PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('financeiro como tesoureira', () => {
  it('o menu Financeiro mostra todas as telas do financeiro', async () => {
    for (const name of [
      'Visão geral',
      'Receitas',
      'Despesas',
      'Contas a pagar',
      'Lançamentos',
      'Contas bancárias',
      'Cartões de crédito',
      'Fornecedores',
      'Contribuintes',
      'Plano de contas',
    ]) {
      expect(await menuItem(page, name).count(), name).toBe(1);
    }
  });

  it('/financeiro/fornecedores/cadastrar abre o formulário de cadastro, também ao recarregar', async () => {
    page.removeAllListeners('request');
    const calls = recordApiCalls();
    await page.goto('/financeiro/fornecedores/cadastrar');
    await page.locator('input[name=name]').waitFor();
    await page.reload();
    await page.locator('input[name=name]').waitFor();
    expect(await page.locator('input[name=name]').inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Pessoa Jurídica' }).isChecked()).toBe(true);
    expect(await page.getByText('Página não encontrada').count()).toBe(0);
    expect(pathOf(page)).toBe('/financeiro/fornecedores/cadastrar');
    // "cadastrar" is never taken for a record id.
    expect(calls.filter((call) => call.startsWith('GET /api/vendors/'))).toEqual([]);
  });

  it('cadastra um fornecedor Pessoa Jurídica e mostra o CNPJ formatado', async () => {
    await page.goto('/financeiro/fornecedores/cadastrar');
    await page.locator('input[name=name]').fill('Gráfica Nova Era Ltda.');
    await page.locator('input[name=document]').pressSequentially('11222333000181');
    expect(await page.locator('input[name=document]').inputValue()).toBe('11.222.333/0001-81');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/financeiro\/fornecedores\/\d+$/);
    await page.getByRole('heading', { name: 'Gráfica Nova Era Ltda.' }).waitFor();
    expect(await page.getByText('CNPJ: 11.222.333/0001-81').isVisible()).toBe(true);
    expect(await page.getByText('Pessoa Jurídica', { exact: true }).isVisible()).toBe(true);
  });

  it('recusa um CNPJ com dígitos errados, em português', async () => {
    await page.goto('/financeiro/fornecedores/cadastrar');
    await page.locator('input[name=name]').fill('Fornecedor Errado');
    await page.locator('input[name=document]').pressSequentially('11222333000182');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('CNPJ inválido').first().waitFor();
    expect(pathOf(page)).toBe('/financeiro/fornecedores/cadastrar');
  });

  it('lança uma despesa de R$ 1.234,56 em 3 parcelas', { tags: ['dates'] }, async () => {
    await page.goto('/financeiro/despesas/cadastrar');
    await page.locator('input[name=description]').fill('Impressão de boletins');
    await choose('Categoria', 'Material de escritório');
    await page.locator('input[name=amountCents]').pressSequentially('123456');
    expect(await page.locator('input[name=amountCents]').inputValue()).toBe('1.234,56');
    await choose('Conta', 'Conta corrente da igreja');
    await page.locator('input[name=installments]').fill('3');
    // Dates are typed as DD/MM/AAAA, whatever the browser's language; the default is today.
    expect(await page.locator('input[name=date]').inputValue()).toBe(formatDate(today));
    await typeDate('dueDate', addDays(today, 5));
    await page.getByText(/^3 parcelas: R\$ 411,52 em/).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/financeiro\/despesas\/\d+$/);
    expenseId = Number(pathOf(page).split('/').pop());
    await page.getByRole('heading', { name: 'Impressão de boletins' }).waitFor();
    expect(await page.getByText('R$ 1.234,56', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Em 3 parcelas').isVisible()).toBe(true);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    for (let i = 0; i < 3; i++) expect(await rows.nth(i).innerText()).toContain('R$ 411,52');
    expect(await rows.nth(0).innerText()).toContain(`1/3`);
  });

  it(
    'paga a primeira parcela: o saldo e o extrato da conta mudam',
    { tags: ['dates'] },
    async () => {
      await page.goto(`/financeiro/contas-bancarias/${accountId}`);
      await page.getByTestId('account-balance').waitFor();
      expect(await text('account-balance')).toBe('R$ 5.000,00');

      await page.goto(`/financeiro/despesas/${expenseId}`);
      const first = page.locator('tbody tr').first();
      await first.getByRole('button', { name: 'Pagar' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Impressão de boletins (1/3)').waitFor();
      expect(await dialog.locator('input[name=amountCents]').inputValue()).toBe('411,52');
      expect(await dialog.locator('input[name=paidOn]').inputValue()).toBe(formatDate(today));
      await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
      await page.getByText('Pagamento registrado.').waitFor();
      await first.getByText('Paga', { exact: true }).waitFor();

      await page.goto(`/financeiro/contas-bancarias/${accountId}`);
      await page.getByTestId('account-balance').waitFor();
      await expect.poll(() => text('account-balance')).toBe('R$ 4.588,48');
      const statement = page.getByRole('table', { name: 'Extrato' });
      const line = statement.locator('tbody tr').first();
      await line.waitFor();
      const cells = await line.innerText();
      expect(cells).toContain('Impressão de boletins (1/3)');
      expect(cells).toContain('-R$ 411,52');
      expect(cells).toContain('R$ 4.588,48');

      await page.goto('/financeiro/contas-a-pagar');
      await page.getByText('Impressão de boletins (2/3)').waitFor();
      expect(await page.getByText('Impressão de boletins (1/3)').count()).toBe(0);
    },
  );

  it('o painel financeiro mostra os totais do mês e os saldos', { tags: ['dates'] }, async () => {
    const categories = await treasurer.request('GET', '/finance_categories?range=[0,99]');
    const tithes = (categories.json as Array<{ id: number; name: string }>).find(
      (category) => category.name === 'Dízimos',
    )!;
    const income = await treasurer.request('POST', '/incomes', {
      category_id: tithes.id,
      amount_cents: 200_000,
      date: today,
      bank_account_id: accountId,
      payment_method: 'pix',
    });
    expect(income.status, JSON.stringify(income.json)).toBe(201);
    await page.goto('/financeiro/visao-geral');
    await page.getByTestId('month-incomes').waitFor();
    expect(await text('month-incomes')).toBe('R$ 2.000,00');
    expect(await text('month-expenses')).toBe('R$ 411,52');
    expect(await text('month-result')).toBe('R$ 1.588,48');
    expect(await text('total-balance')).toBe('R$ 6.588,48');
    expect(await page.getByText('Impressão de boletins (2/3)').isVisible()).toBe(true);
    expect(
      await page.getByRole('img', { name: 'Receitas × despesas nos últimos 12 meses' }).count(),
    ).toBe(1);
  });

  it(
    'filtra os lançamentos por um período digitado como DD/MM/AAAA',
    { tags: ['dates'] },
    async () => {
      const adjustment = await treasurer.request('POST', '/transactions', {
        kind: 'adjustment',
        bank_account_id: accountId,
        amount_cents: 1_000,
        date: '2025-06-15',
        description: 'Ajuste de junho',
      });
      expect(adjustment.status, JSON.stringify(adjustment.json)).toBe(201);
      await page.goto('/financeiro/lancamentos');
      // The period starts as this month, shown as DD/MM/AAAA.
      const month = monthRange(today);
      await page.getByText('Impressão de boletins (1/3)').waitFor();
      expect(await page.locator('input[name=dateGte]').inputValue()).toBe(formatDate(month.start));
      expect(await page.locator('input[name=dateLte]').inputValue()).toBe(formatDate(month.end));
      expect(await page.getByText('Ajuste de junho').count()).toBe(0);

      const filters: string[] = [];
      const failures: string[] = [];
      const watch = (response: Response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/transactions')) return;
        if (response.status() >= 400) failures.push(`${response.status()} ${url.search}`);
        const filter = url.searchParams.get('filter');
        if (filter) filters.push(filter);
      };
      page.on('response', watch);
      try {
        await typeDate('dateGte', '2025-06-01');
        await typeDate('dateLte', '2025-06-30');
        await page.getByText('Ajuste de junho').waitFor();
        await expect.poll(() => page.getByText('Impressão de boletins (1/3)').count()).toBe(0);
      } finally {
        page.off('response', watch);
      }
      expect(failures).toEqual([]);
      // Only whole dates reached the server, never one half typed.
      expect(filters.length).toBeGreaterThan(0);
      for (const filter of filters) {
        for (const [key, value] of Object.entries(JSON.parse(filter) as Record<string, unknown>)) {
          if (key.startsWith('date')) expect(value, filter).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      }
      expect(JSON.parse(filters.at(-1)!)).toMatchObject({
        date_gte: '2025-06-01',
        date_lte: '2025-06-30',
      });
    },
  );

  it('anexa um comprovante em PDF à despesa', async () => {
    await page.goto(`/financeiro/despesas/${expenseId}/editar`);
    await page.locator('input[name=description]').waitFor();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await page
      .locator('input[name=receipt-file]')
      .setInputFiles({ name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('nota-fiscal.pdf').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(`**/financeiro/despesas/${expenseId}`);
    await page.getByRole('button', { name: 'nota-fiscal.pdf' }).waitFor();
    const stored = await treasurer.request('GET', `/expenses/${expenseId}`);
    expect((stored.json as { receipt: unknown }).receipt).toEqual({
      file_name: 'nota-fiscal.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
  });

  it('as ofertas de um culto são contadas na contagem do culto, aberta da lista de receitas', async () => {
    await page.goto('/financeiro/receitas');
    await page.getByRole('link', { name: 'Contagem do culto' }).click();
    await page.waitForURL('**/financeiro/contagens/cadastrar');
    await page.getByRole('heading', { name: 'Valores contados' }).waitFor();
  });

  it('a conta bancária não tem tela de edição e o cartão não tem tela de detalhe', async () => {
    await page.goto(`/financeiro/contas-bancarias/${accountId}/editar`);
    await page.getByText('Página não encontrada').first().waitFor();
    await page.goto('/financeiro/lancamentos/cadastrar');
    await page.getByText('Página não encontrada').first().waitFor();
    await page.goto('/financeiro/cartoes-de-credito/cadastrar');
    await page.locator('input[name=name]').waitFor();
    expect(await page.getByText('Página não encontrada').count()).toBe(0);
  });
});

describe('plano de contas e balancete (issue 27)', () => {
  it(
    'o plano de contas mostra as contas com códigos, e o balancete baixa o arquivo do contador',
    { tags: ['dates'] },
    async () => {
      await page.goto('/financeiro/categorias');
      await page.getByRole('link', { name: /^3\.1\.01\s+Dízimos$/ }).waitFor();
      expect(await page.getByText('Dízimos e ofertas').count()).toBe(1);
      await page.goto('/financeiro/balancete');
      await page.getByRole('heading', { name: 'Balancete' }).waitFor();
      await page.getByRole('cell', { name: 'Total', exact: true }).waitFor();
      const { start, end } = monthRange(today);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Arquivo do contador' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`contabilidade-${start}-a-${end}.csv`);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFData;Conta débito;Conta crédito;Valor;Histórico;Centro de custo',
      );
    },
  );
});

describe('o mês fechado (issue 27)', () => {
  it(
    'o administrador fecha um mês e a tesoureira lê por que a receita dele não pode mudar',
    { tags: ['dates'] },
    async () => {
      // Two months ago: finished, approved on the first day of last month.
      const month = addMonths(`${today.slice(0, 7)}-01`, -2).slice(0, 7);
      const approvedOn = addMonths(`${month}-01`, 1);
      const categories = await treasurer.json<{ id: number; name: string }[]>(
        'GET',
        '/finance_categories?range=%5B0%2C199%5D',
      );
      const income = await treasurer.json<{ id: number }>('POST', '/incomes', {
        category_id: categories.find((category) => category.name === 'Dízimos')!.id,
        amount_cents: 15_000,
        date: `${month}-10`,
        bank_account_id: accountId,
        payment_method: 'pix',
      });
      const admin = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
      try {
        const { page: phone } = admin;
        await signIn(phone, ADMIN.email, ADMIN.password, '/financeiro/prestacao-de-contas');
        await phone.getByRole('heading', { name: 'Fechamento do mês' }).waitFor();
        await phone.getByRole('button', { name: `Fechar o mês de ${monthName(month)}` }).click();
        const dialog = phone.getByRole('dialog');
        await dialog.getByRole('heading', { name: `Fechar ${monthName(month)}` }).waitFor();
        expect(await axeFindings(phone)).toEqual([]);
        const date = dialog.locator('input[name=approvedOn]');
        await date.click();
        await date.pressSequentially(dateKeys(approvedOn));
        await dialog.getByLabel('Aprovado por').fill('Ana Souza e Paulo Lima');
        await dialog.getByLabel('Parecer').fill('Contas examinadas e aprovadas.');
        await dialog.getByRole('button', { name: 'Fechar mês' }).click();
        await phone.getByText(`Fechado em ${formatDate(today)}`).waitFor();
        await phone.getByText('Ana Souza e Paulo Lima', { exact: false }).first().waitFor();
        expect(await axeFindings(phone)).toEqual([]);
        await shot(phone, 'prestacao-de-contas-390.png');
        await phone.setViewportSize({ width: 1280, height: 900 });
        await shot(phone, 'prestacao-de-contas-1280.png');
      } finally {
        await admin.context.close();
      }
      // The treasurer reads the screen (no buttons) and cannot save the income of that month.
      await page.goto('/financeiro/prestacao-de-contas');
      await page.getByText(`Fechado em ${formatDate(today)}`).waitFor();
      expect(await page.getByRole('button', { name: /^Fechar o mês/ }).count()).toBe(0);
      await page.goto(`/financeiro/receitas/${income.id}/editar`);
      const amount = page.locator('input[name=amountCents]');
      await amount.waitFor();
      await page.locator('input[name=notes], textarea[name=notes]').first().fill('Corrigido');
      await page.getByRole('button', { name: 'Salvar' }).click();
      // Under the form (not only the notice that fades): the server's words.
      await page
        .locator('form')
        .getByRole('alert')
        .filter({ hasText: closedMonthMessage(month, approvedOn) })
        .waitFor();
      await shot(page, 'receita-mes-fechado-1366.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'receita-mes-fechado-390.png');
      await page.setViewportSize({ width: 1366, height: 900 });
    },
  );
});

describe('secretaria fora do financeiro', () => {
  it('uma secretária que abre /financeiro/despesas vai para a Visão Geral, sem o menu Financeiro', async () => {
    const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
    await admin.createUser({
      name: 'Secretária Sônia',
      email: 'sonia@e2e.test',
      roles: ['secretary'],
    });
    const other = await newPage(browser, server);
    try {
      await signIn(other.page, 'sonia@e2e.test', PASSWORD, '/financeiro/despesas');
      await other.page.waitForURL('**/visao_geral');
      expect(await menuItem(other.page, 'Despesas').count()).toBe(0);
      expect(await other.page.getByText('Saldo em caixa e bancos').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });
});
