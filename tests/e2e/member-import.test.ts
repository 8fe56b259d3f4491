// Issue 14 in the browser: a secretary imports a 500-row CSV exported by Excel (";" and
// Windows-1252) with errors: she fixes the column the server could not guess, sees the dry run
// with the errors per column, maps an unknown cargo, imports with the progress bar and finds the
// members in the list. The wizard's steps are axe-clean at 1280 and 390 px. Issue 22: a ChurchCRM
// export's first and last names are joined (the columns step offers "Sobrenome"), a secretary's
// total line is left out and listed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';
import { cpfOf } from '../support/imports';

const SECRETARY = { email: 'secretaria@e2e.test', name: 'Joana Secretária' };

let server: E2eServer;
let browser: Browser;
let folder: string;
let csvPath: string;
const fixture = (name: string) => join(__dirname, '../fixtures/members', name);
const contexts: BrowserContext[] = [];

/** 500 rows; every 25th row has a date of birth that is not a date; the cargo "Diaconisa" is unknown. */
function memberCsv(): Buffer {
  const lines = ['Nome;Aniversário;CPF;WhatsApp;Cargo;Situação'];
  for (let i = 1; i <= 500; i++) {
    const birth =
      i % 25 === 0
        ? '31/02/1980'
        : `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/19${50 + (i % 40)}`;
    lines.push(
      [
        `Irmã Conceição Importada ${i}`,
        birth,
        cpfOf(1000 + i),
        `(11) 9${String(80_000_000 + i)}`,
        i % 10 === 0 ? 'Diaconisa' : 'Membro',
        i % 2 === 0 ? 'Ativa' : 'Ativo',
      ].join(';'),
    );
  }
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}

/** How far the page scrolls sideways (a phone layout must not). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function open(width = 1280): Promise<Page> {
  const opened = await newPage(browser, server, { viewport: { width, height: 900 } });
  contexts.push(opened.context);
  return opened.page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser({ ...SECRETARY, roles: ['secretary'] });
  folder = mkdtempSync(join(tmpdir(), 'adam-import-e2e-'));
  csvPath = join(folder, 'membros.csv');
  writeFileSync(csvPath, memberCsv());
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('importar membros', () => {
  it('a secretária importa uma planilha do Excel com erros, corrige as colunas e encontra os membros', async () => {
    const page = await open(1280);
    await signIn(page, SECRETARY.email, PASSWORD, '/membros');
    await page.getByRole('link', { name: 'Importar', exact: true }).click();
    await page.waitForURL('**/membros/importar');
    await page.getByRole('heading', { name: 'Arquivo' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByLabel('Planilha (CSV ou .xlsx)').setInputFiles(csvPath);
    await page.getByRole('button', { name: 'Analisar planilha' }).click();

    // Columns: "Aniversário" is not recognised; the rest are, accents read from Windows-1252.
    await page.getByRole('heading', { name: 'Colunas' }).waitFor();
    await page.getByText('membros.csv: 500 linhas, Windows-1252, separado por “;”.').waitFor();
    expect(await page.getByLabel('Coluna “Nome”').inputValue()).toBe('name');
    expect(await page.getByLabel('Coluna “WhatsApp”').inputValue()).toBe('phone_mobile');
    expect(await page.getByLabel('Coluna “Aniversário”').inputValue()).toBe('');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel('Coluna “Aniversário”').selectOption('birth_date');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The dry run: 20 bad dates, 50 unknown cargos (10 rows have both): 60 rows with errors.
    await page.getByRole('heading', { name: 'Simulação' }).waitFor();
    await page
      .getByText(
        '500 linhas: 440 prontas para importar, 60 com erro (não serão importadas), 0 repetidas.',
      )
      .waitFor();
    await page.getByLabel('Mostrar').selectOption('errors');
    const table = page.getByRole('table', { name: 'Simulação da importação' });
    await table
      .getByText('Aniversário: Data “31/02/1980” inválida: use DD/MM/AAAA.')
      .first()
      .waitFor();
    await table
      .getByText(
        'Cargo: Cargo “Diaconisa” não encontrado: cadastre-o ou associe-o a um cargo existente.',
      )
      .first()
      .waitFor();
    await page.getByLabel('Mostrar').selectOption('all');
    await table.getByText('Irmã Conceição Importada 1', { exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The unknown cargo is created.
    await page.getByRole('heading', { name: 'Cargos, departamentos e congregações' }).waitFor();
    await page.getByLabel('“Diaconisa” (50 linhas)').selectOption('create');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Importar', exact: true }).click();

    await page.getByRole('heading', { name: 'Resultado' }).waitFor({ timeout: 60_000 });
    await page.getByText('Importação concluída.').waitFor();
    const result = page.getByRole('table', { name: 'Resultado da importação' });
    await expect
      .poll(async () => result.getByRole('row', { name: /Membros cadastrados/ }).innerText())
      .toMatch(/480/);
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('link', { name: 'Ver os membros' }).click();
    await page.waitForURL('**/membros');
    await page.getByPlaceholder('Nome, CPF, e-mail ou telefone').fill('Importada 101');
    await page.getByText('Irmã Conceição Importada 101', { exact: true }).waitFor();
  }, 180_000);

  for (const width of [1280, 390]) {
    it(`junta nome e sobrenome de uma exportação do ChurchCRM e deixa de fora a linha de total (${width} px)`, async () => {
      const page = await open(width);
      await signIn(page, SECRETARY.email, PASSWORD, '/membros/importar');
      await page.getByLabel('Planilha (CSV ou .xlsx)').setInputFiles(fixture('churchcrm.csv'));
      await page.getByRole('button', { name: 'Analisar planilha' }).click();
      await page.getByLabel('Coluna “First Name”').waitFor();
      expect(await page.getByLabel('Coluna “First Name”').inputValue()).toBe('name');
      const last = page.getByLabel('Coluna “Last Name”');
      expect(await last.inputValue()).toBe('last_name');
      expect(await last.locator('option:checked').innerText()).toBe('Sobrenome (junta-se ao nome)');
      expect(await page.getByLabel('Coluna “Middle Name”').inputValue()).toBe('');
      expect(await axeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('3 linhas: 3 prontas para importar').waitFor();
      await page.getByText('Maria Souza', { exact: false }).first().waitFor();
      await page.getByText('Tiago Zebedeu Santos', { exact: false }).first().waitFor();

      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page
        .getByLabel('Planilha (CSV ou .xlsx)')
        .setInputFiles(fixture('secretaria-com-total.xlsx'));
      await page.getByRole('button', { name: 'Analisar planilha' }).click();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('12 linhas: 12 prontas para importar').waitFor();
      await page.getByText('Linhas deixadas de fora por parecerem totais, não membros:').waitFor();
      await page.getByText('linha 15: “TOTAL DE MEMBROS: 12”').waitFor();
      expect(await overflowOf(page)).toBeLessThanOrEqual(1);
      expect(await axeFindings(page)).toEqual([]);
    }, 120_000);
  }

  it('um departamento que não existe não deixa o membro de fora: ele entra sem o departamento', async () => {
    const path = join(folder, 'departamentos.csv');
    writeFileSync(path, 'Nome;Departamentos\r\nSara Departamento Novo;Coral Jovem\r\n');
    const page = await open(1280);
    await signIn(page, SECRETARY.email, PASSWORD, '/membros/importar');
    await page.getByLabel('Planilha (CSV ou .xlsx)').setInputFiles(path);
    await page.getByRole('button', { name: 'Analisar planilha' }).click();
    await page.getByRole('heading', { name: 'Colunas' }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Simulação' }).waitFor();
    await page.getByText('1 linha: 1 pronta para importar, 0 com erro').waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('heading', { name: 'Cargos, departamentos e congregações' }).waitFor();
    const choice = page.getByLabel('“Coral Jovem” (1 linha)');
    expect(await choice.inputValue()).toBe('');
    expect(await choice.locator('option:checked').innerText()).toBe(
      'Importar sem este departamento',
    );
    await page
      .getByText('Os membros dessas linhas são importados sem esse departamento.')
      .waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Importação concluída.').waitFor({ timeout: 60_000 });
    const result = page.getByRole('table', { name: 'Resultado da importação' });
    expect(await result.getByRole('row', { name: /Membros cadastrados/ }).innerText()).toMatch(
      /\b1\b/,
    );
  });

  it('o assistente funciona em 390 px e pelo teclado', async () => {
    const page = await open(390);
    await signIn(page, SECRETARY.email, PASSWORD, '/membros/importar');
    await page.getByText('Passo 1 de 6').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel('Planilha (CSV ou .xlsx)').setInputFiles(csvPath);
    // By keyboard: from the file input to "Analisar planilha".
    await page.getByLabel('Membros repetidos').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Analisar planilha');
    await page.keyboard.press('Enter');
    await page.getByText('Passo 2 de 6').waitFor();
    const overflow = await overflowOf(page);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await axeFindings(page)).toEqual([]);
    // The dry run on a phone: one block per row, the row's name with its errors.
    await page.getByLabel('Coluna “Aniversário”').selectOption('birth_date');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Passo 3 de 6').waitFor();
    await page.getByLabel('Mostrar').selectOption('errors');
    const rows = page.getByRole('list', { name: 'Simulação da importação' });
    await rows
      .getByRole('listitem')
      .filter({ hasText: 'Linha 26 · Irmã Conceição Importada 25' })
      .getByText('Aniversário: Data “31/02/1980” inválida: use DD/MM/AAAA.')
      .waitFor();
    expect(await overflowOf(page)).toBeLessThanOrEqual(1);
    expect(await axeFindings(page)).toEqual([]);
  }, 120_000);
});
