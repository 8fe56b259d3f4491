// Bank reconciliation (issue 14) as a treasurer does it: on the account's page, "Importar extrato
// (OFX)" with the bank's file (Windows-1252 SGML); on the reconciliation screen the bank's balance
// differs from Adam's; one line is reconciled with the income already in Adam (the suggestion),
// an expense is created from the other with its category, all by keyboard, and the balances
// agree; both movements are marked "Conciliado" in the account's statement and the transactions
// list. Each screen passes axe at 1280 and 390 px and fits a phone's width. A Pix carrying Adam's
// txid (DIZIMO) is offered as a tithe by Pix from the donor it names, and made only when confirmed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  PASSWORD,
  launchBrowser,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';
import { buildOfx } from '../support/ofx';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let accountId = 0;
let fileDir = '';
let ofxPath = '';

const TREASURER = { name: 'Tesoureiro Paulo', email: 'paulo@e2e.test', roles: ['financial'] };

/** The transactions list on the account's March 2026 (the list opens on the current month). */
const transactionsUrl = () =>
  `/financeiro/lancamentos?filter=${encodeURIComponent(
    JSON.stringify({ bankAccountId: accountId, dateGte: '2026-03-01', dateLte: '2026-03-31' }),
  )}`;

const line = (text: string) => page.getByTestId('statement-line').filter({ hasText: text });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser(TREASURER);
  const treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
  const account = await treasurer.request('POST', '/bank_accounts', {
    name: 'Conta Sicredi',
    kind: 'checking',
    bank: 'Sicredi',
    opening_balance_cents: 100_000,
    opening_date: '2026-01-01',
  });
  expect(account.status).toBe(201);
  accountId = (account.json as { id: number }).id;
  const categories = await treasurer.request('GET', '/finance_categories?range=[0,99]');
  const offerings = (categories.json as Array<{ id: number; name: string }>).find(
    (category) => category.name === 'Ofertas missionárias',
  )!;
  const income = await treasurer.request('POST', '/incomes', {
    category_id: offerings.id,
    description: 'Oferta missionária do culto',
    amount_cents: 25_000,
    date: '2026-03-10',
    bank_account_id: accountId,
    payment_method: 'pix',
  });
  expect(income.status).toBe(201);
  fileDir = mkdtempSync(join(tmpdir(), 'adam-ofx-'));
  ofxPath = join(fileDir, 'extrato-marco.ofx');
  writeFileSync(
    ofxPath,
    buildOfx({
      lines: [
        {
          date: '2026-03-11',
          amount_cents: 25_000,
          memo: 'PIX RECEBIDO OFERTA MISSIONÁRIA',
          fitid: 'SIC1',
        },
        { date: '2026-03-16', amount_cents: -8_990, memo: 'TARIFA PACOTE SERVIÇOS', fitid: 'SIC2' },
      ],
      start: '2026-03-01',
      end: '2026-03-31',
      ledger: { amount_cents: 116_010, date: '2026-03-31' },
    }),
  );
  ({ context, page } = await newPage(browser, server));
  await signIn(page, TREASURER.email, PASSWORD);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
});

describe('bank reconciliation', () => {
  it('imports the OFX from the account page and lands on the reconciliation screen', async () => {
    await page.goto(`/financeiro/contas-bancarias/${accountId}`);
    await page.getByRole('button', { name: 'Importar extrato (OFX)' }).waitFor();
    await page.getByTestId('ofx-file').setInputFiles(ofxPath);
    await page.waitForURL(`**/financeiro/conciliacao?conta=${accountId}`);
    await page.getByText('Extrato importado: 2 linhas novas e nenhuma já importada.').waitFor();
    await page.getByRole('heading', { name: 'Conciliação bancária', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(2);
    // The file's accents (Windows-1252) read right.
    await line('PIX RECEBIDO OFERTA MISSIONÁRIA').waitFor();
    await line('TARIFA PACOTE SERVIÇOS').waitFor();
    expect(await page.getByTestId('bank-balance').innerText()).toBe('R$ 1.160,10');
    expect(await page.getByTestId('adam-balance').innerText()).toBe('R$ 1.250,00');
    expect(await page.getByTestId('balance-difference').innerText()).toBe('-R$ 89,90');
    await page.getByText('Os saldos não conferem').waitFor();
  });

  it('reconciles a line with the income already in Adam', async () => {
    const gift = line('PIX RECEBIDO OFERTA MISSIONÁRIA');
    await gift
      .getByText('Sugestão: “Oferta missionária do culto” em 10/03/2026 (1 dia de diferença).')
      .waitFor();
    await gift.getByRole('button', { name: 'Aceitar sugestão' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Linha conciliada.').waitFor();
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(1);
  });

  it('creates an expense from the other line, with the keyboard, and the balances agree', async () => {
    await line('TARIFA PACOTE SERVIÇOS').getByRole('button', { name: 'Criar despesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar despesa' });
    await dialog.waitFor();
    await dialog.getByText('Valor R$ 89,90, data 16/03/2026, na conta do extrato.').waitFor();
    const category = dialog.getByRole('combobox', { name: /Categoria/ });
    await category.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Impostos e taxas' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => category.innerText()).toBe('Impostos e taxas');
    await dialog.getByRole('button', { name: 'Criar e conciliar' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Lançamento criado e conciliado.').waitFor();
    await page.getByText('Nenhuma linha pendente.').waitFor();
    await page.getByText('Os saldos conferem.').waitFor();
    expect(await page.getByTestId('adam-balance').innerText()).toBe('R$ 1.160,10');
    expect(await page.getByTestId('balance-difference').innerText()).toBe('R$ 0,00');
    await page.getByRole('button', { name: 'Conciliadas (2)' }).click();
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(2);
    await line('TARIFA PACOTE SERVIÇOS')
      .getByText('Lançada como “TARIFA PACOTE SERVIÇOS” em 16/03/2026.')
      .waitFor();
    expect(await axeFindings(page)).toEqual([]);
  });

  it('marks both movements "Conciliado" in the account statement and the transactions list', async () => {
    await page.goto(`/financeiro/contas-bancarias/${accountId}`);
    const statement = page.getByRole('table', { name: 'Extrato' });
    await statement.getByText('Oferta missionária do culto').waitFor();
    const row = (text: string) => statement.getByRole('row').filter({ hasText: text });
    await row('Oferta missionária do culto').getByText('Conciliado').waitFor();
    await row('TARIFA PACOTE SERVIÇOS').getByText('Conciliado').waitFor();
    expect(await statement.getByText('Conciliado').count()).toBe(2);
    expect(await axeFindings(page)).toEqual([]);

    // A movement the bank's file does not have: no mark.
    const treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
    const loose = await treasurer.request('POST', '/transactions', {
      kind: 'adjustment',
      bank_account_id: accountId,
      date: '2026-03-20',
      amount_cents: 100,
      description: 'Ajuste sem extrato',
    });
    expect(loose.status).toBe(201);
    await page.goto(transactionsUrl());
    const list = page.getByRole('table');
    const listed = (text: string) => list.getByRole('row').filter({ hasText: text });
    await listed('Ajuste sem extrato').waitFor();
    await listed('Oferta missionária do culto').getByText('Conciliado').waitFor();
    await listed('TARIFA PACOTE SERVIÇOS').getByText('Conciliado').waitFor();
    expect(await listed('Ajuste sem extrato').getByText('Conciliado').count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('fits a phone (390 px) and passes axe there', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await page.goto(`/financeiro/conciliacao?conta=${accountId}&situacao=reconciled`);
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(2);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(`/financeiro/contas-bancarias/${accountId}`);
    await page.getByRole('button', { name: 'Importar extrato (OFX)' }).waitFor();
    const statement = page.getByRole('list', { name: 'Extrato' });
    await statement
      .getByRole('listitem')
      .filter({ hasText: 'TARIFA PACOTE SERVIÇOS' })
      .getByText('Conciliado')
      .waitFor();
    expect(await statement.getByText('Conciliado').count()).toBe(2);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(transactionsUrl());
    await page.getByText('Ajuste sem extrato').waitFor();
    await page.getByText(/16\/03\/2026 · .* · Conciliado/).waitFor();
    expect(await page.getByText(/· Conciliado$/).count()).toBe(2);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('a file of two accounts asks which one to import (390 and 1280 px, keyboard, axe)', async () => {
    const treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
    const other = await treasurer.request('POST', '/bank_accounts', {
      name: 'Conta Itaú',
      kind: 'checking',
      bank: 'Itaú',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    });
    expect(other.status).toBe(201);
    const otherId = (other.json as { id: number }).id;
    const twoAccounts = join(import.meta.dirname, '../fixtures/ofx/duas-contas.ofx');
    const dialog = page.getByRole('dialog', { name: 'O arquivo traz mais de uma conta' });
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/financeiro/contas-bancarias/${otherId}`);
    await page.getByRole('button', { name: 'Importar extrato (OFX)' }).waitFor();
    await page.getByTestId('ofx-file').setInputFiles(twoAccounts);
    await dialog.waitFor();
    await dialog
      .getByText('Este arquivo OFX traz os extratos de 2 contas.', { exact: false })
      .waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: join(process.env.SHOTS_DIR, 'duas-contas-390.png') });
    }
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('ofx-file').setInputFiles(twoAccounts);
    await dialog.waitFor();
    const second = dialog.getByRole('radio', {
      name: 'Conta 22222-2 · agência 0123 · 01/03/2026 a 31/03/2026 · 2 lançamentos',
    });
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(2);
    const importButton = dialog.getByRole('button', { name: 'Importar este extrato' });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: join(process.env.SHOTS_DIR, 'duas-contas-1280.png') });
    }
    await second.focus();
    await page.keyboard.press('Space');
    expect(await second.isChecked()).toBe(true);
    await importButton.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/financeiro/conciliacao?conta=${otherId}`);
    await page.getByText('Extrato importado: 2 linhas novas e nenhuma já importada.').waitFor();
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(2);
    await line('Transferência para poupança').waitFor();
    expect(await page.getByTestId('bank-balance').innerText()).toBe('R$ 9.650,00');

    // "Escolher outro lançamento" (the same one-choice dialog): nothing of this amount here.
    await line('Transferência para poupança')
      .getByRole('button', { name: 'Escolher outro lançamento' })
      .click();
    const movements = page.getByRole('dialog', { name: 'Escolher lançamento' });
    await movements.getByText('Nenhum lançamento desta conta com este valor no período.').waitFor();
    expect(await movements.getByRole('button', { name: 'Conciliar' }).isDisabled()).toBe(true);
    await movements.getByRole('button', { name: 'Cancelar' }).click();
    await movements.waitFor({ state: 'detached' });
  });
  it("a Pix with Adam's txid is offered as Dízimos by Pix from the donor named, on confirmation", async () => {
    const treasurer = await ApiSession.signIn(server, TREASURER.email, PASSWORD);
    const donor = await treasurer.request('POST', '/donors', {
      person_type: 'person',
      name: 'João da Silva',
    });
    expect(donor.status).toBe(201);
    const pixPath = join(fileDir, 'extrato-pix.ofx');
    writeFileSync(
      pixPath,
      buildOfx({
        lines: [
          {
            date: '2026-04-05',
            amount_cents: 15_000,
            memo: 'PIX RECEBIDO - JOAO DA SILVA - DIZIMO',
            fitid: 'PIX1',
          },
        ],
      }),
    );
    await page.goto(`/financeiro/conciliacao?conta=${accountId}`);
    await page.getByRole('button', { name: 'Importar extrato (OFX)' }).waitFor();
    await page.getByTestId('ofx-file').setInputFiles(pixPath);
    const gift = line('PIX RECEBIDO - JOAO DA SILVA - DIZIMO');
    await gift
      .getByText(
        'Pix com o código DIZIMO: sugerimos criar uma receita de Dízimo, por Pix, de João da Silva. Confira e confirme.',
      )
      .waitFor();
    // Only offered: nothing is created until the treasurer confirms.
    const pending = await treasurer.request(
      'GET',
      `/statement_lines?filter=${encodeURIComponent(JSON.stringify({ bank_account_id: accountId, status: 'pending' }))}`,
    );
    expect((pending.json as Array<{ fitid: string }>).map((row) => row.fitid)).toEqual(['PIX1']);
    // The offer fits a phone, and "Criar receita" is the action put forward.
    // The layout follows the new width after a render: wait for it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    expect(await axeFindings(page)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({
        path: join(process.env.SHOTS_DIR, 'pix-line-390.png'),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    if (process.env.SHOTS_DIR) {
      await page.screenshot({
        path: join(process.env.SHOTS_DIR, 'pix-line-1280.png'),
        fullPage: true,
      });
    }
    await gift.getByRole('button', { name: 'Criar receita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar receita' });
    await dialog.getByText('Sugerida pelo código Pix DIZIMO (Dízimo).').waitFor();
    // The category's name shows once the choices have loaded.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /Categoria/ }).innerText())
      .toBe('Dízimos');
    expect(await dialog.getByRole('combobox', { name: 'Forma de pagamento' }).innerText()).toBe(
      'Pix',
    );
    expect(
      await dialog
        .getByRole('checkbox', { name: 'Contribuinte: João da Silva (nome no extrato)' })
        .isChecked(),
    ).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: join(process.env.SHOTS_DIR, 'pix-dizimo-1280.png') });
    }
    await dialog.getByRole('button', { name: 'Criar e conciliar' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Lançamento criado e conciliado.').waitFor();
    const reconciled = await treasurer.request(
      'GET',
      `/statement_lines?filter=${encodeURIComponent(JSON.stringify({ bank_account_id: accountId, status: 'reconciled' }))}&range=[0,9]`,
    );
    const made = (
      reconciled.json as Array<{ fitid: string; transaction: { income_id: number } }>
    ).find((row) => row.fitid === 'PIX1')!;
    const income = await treasurer.request('GET', `/incomes/${made.transaction.income_id}`);
    expect(income.json).toMatchObject({
      amount_cents: 15_000,
      payment_method: 'pix',
      donor_id: (donor.json as { id: number }).id,
    });
  });
});
