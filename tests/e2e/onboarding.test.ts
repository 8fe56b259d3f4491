// A new church's first steps, in the browser: the admin's first-run checklist on the dashboard
// (each item leads to where it is done; it disappears when dismissed) and the CEP lookup that
// fills the address on a staff form and on /meu_cadastro, against a fake ViaCEP and BrasilAPI on
// 127.0.0.1 — and a form that still saves when both services are down.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCep, startFakeCep } from '../support/fakeCep';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  launchBrowser,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

let fake: FakeCep;
let server: E2eServer;
let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  fake = await startFakeCep();
  fake.viaCep.addresses.set('01001000', {
    street: 'Praça da Sé',
    district: 'Sé',
    city: 'São Paulo',
    state: 'SP',
  });
  fake.brasilApi.addresses.set('22021001', {
    street: 'Avenida Atlântica',
    district: 'Copacabana',
    city: 'Rio de Janeiro',
    state: 'RJ',
  });
  [server, browser] = await Promise.all([
    startServer(120_000, {
      CEP_VIACEP_URL: fake.viaCepUrl,
      CEP_BRASILAPI_URL: fake.brasilApiUrl,
      CEP_TIMEOUT_MS: '500',
    }),
    launchBrowser(),
  ]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('primeiros passos e CEP (administrador)', () => {
  let context: BrowserContext;
  let page: Page;
  const field = (name: string) => page.locator(`input[name="${name}"]`);
  const checklist = () => page.getByRole('region', { name: 'Primeiros passos' });

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('a igreja nova mostra a lista de primeiros passos; cada item leva aonde se faz', async () => {
    await checklist().waitFor();
    await checklist().getByText('0 de 6 concluídos').waitFor();
    for (const item of [
      'Informe o nome da igreja',
      'Informe o nome do pastor presidente',
      'Informe a cidade da igreja',
      'Envie o logotipo da igreja',
      'Confira a validade das credenciais e salve',
      'Cadastre os usuários da secretaria e da tesouraria',
    ]) {
      await checklist()
        .getByRole('link', { name: new RegExp(item) })
        .waitFor();
    }
    await checklist()
      .getByRole('link', { name: /Informe o nome da igreja/ })
      .click();
    await page.waitForURL('**/configuracoes/igreja');
    await expect.poll(() => field('name').inputValue()).toBe('Minha Igreja');

    await field('name').fill('Igreja Batista Esperança');
    await field('pastorName').fill('Antônio Conceição');
    // The treasurer who signs the pack, the receipts and the donor statements.
    await field('treasurerName').fill('Márcia Lopes');
    expect(await axeFindings(page)).toEqual([]);
    // The church's CEP fills its address, city included.
    await field('zipCode').click();
    await field('zipCode').pressSequentially('01001000');
    await expect.poll(() => field('city').inputValue()).toBe('São Paulo');
    expect(await field('street').inputValue()).toBe('Praça da Sé');
    expect(await field('state').inputValue()).toBe('SP');
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/church' && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect((await response.json()).treasurer_name).toBe('Márcia Lopes');

    await page.goto('/visao_geral');
    await checklist().getByText('4 de 6 concluídos').waitFor();
    // Done items are no longer links; what is left still is.
    expect(
      await checklist()
        .getByRole('link', { name: /Informe o nome da igreja/ })
        .count(),
    ).toBe(0);
    await checklist()
      .getByRole('link', { name: /Cadastre os usuários/ })
      .click();
    await page.waitForURL('**/configuracoes/usuarios/cadastrar');
  });

  it('dispensada, a lista some e não volta (fica guardada no servidor)', async () => {
    await page.goto('/visao_geral');
    await checklist().waitFor();
    await checklist().getByRole('button', { name: 'Dispensar a lista' }).click();
    await page.getByText('Lista de primeiros passos dispensada.').waitFor();
    expect(await checklist().count()).toBe(0);
    const figures = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/dashboard',
    );
    await page.reload();
    expect((await figures).status()).toBe(200);
    await page.getByRole('heading', { name: 'Visão Geral', level: 1 }).waitFor();
    await page.getByText('Usuários ativos').waitFor();
    expect(await checklist().count()).toBe(0);
    const stored = (await admin.request('GET', '/dashboard')).json as {
      setup_checklist: { dismissed: boolean };
    };
    expect(stored.setup_checklist.dismissed).toBe(true);
  });

  it('no cadastro de membro, o CEP preenche o endereço vazio sem apagar o que foi digitado', async () => {
    await page.goto('/membros/cadastrar');
    await field('name').fill('Maria do CEP');
    await page.getByRole('tab', { name: 'Contato e endereço', exact: true }).click();
    await field('zipCode').click();
    await field('zipCode').pressSequentially('01001000');
    await expect.poll(() => field('street').inputValue()).toBe('Praça da Sé');
    expect(await field('district').inputValue()).toBe('Sé');
    expect(await field('city').inputValue()).toBe('São Paulo');
    expect(await field('state').inputValue()).toBe('SP');
    await page.getByText('Endereço preenchido pelo CEP: confira e informe o número.').waitFor();

    // The street typed by hand stays; what the last lookup wrote follows the new CEP (BrasilAPI).
    await field('street').fill('Rua Digitada à Mão');
    await field('zipCode').click();
    await field('zipCode').press('ControlOrMeta+A');
    await field('zipCode').pressSequentially('22021001');
    await expect.poll(() => field('city').inputValue()).toBe('Rio de Janeiro');
    expect(await field('district').inputValue()).toBe('Copacabana');
    expect(await field('state').inputValue()).toBe('RJ');
    expect(await field('street').inputValue()).toBe('Rua Digitada à Mão');

    // Both services down: a hint, and the form still saves.
    fake.viaCep.behaviour = 'down';
    fake.brasilApi.behaviour = 'down';
    await field('zipCode').click();
    await field('zipCode').press('ControlOrMeta+A');
    await field('zipCode').pressSequentially('04538133');
    await page.getByText('Não foi possível consultar o CEP agora: preencha o endereço.').waitFor();
    await field('number').fill('1500');
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/members' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({
      name: 'Maria do CEP',
      zip_code: '04538133',
      street: 'Rua Digitada à Mão',
      number: '1500',
      district: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
    });
    fake.viaCep.behaviour = 'answer';
    fake.brasilApi.behaviour = 'answer';
  });
});

describe('CEP no cadastro público (/meu_cadastro), no celular', () => {
  it('preenche o endereço pela rota pública, sem login', async () => {
    const { context, page } = await newPage(browser, server, {
      viewport: { width: 390, height: 844 },
    });
    try {
      const lookups: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.includes('/cep/')) lookups.push(url.pathname);
      });
      await page.goto('/meu_cadastro');
      await page.getByRole('heading', { name: 'Faça seu cadastro', level: 1 }).waitFor();
      const zip = page.locator('input[name="zipCode"]');
      await zip.click();
      await zip.pressSequentially('01001-000');
      await expect
        .poll(() => page.locator('input[name="street"]').inputValue())
        .toBe('Praça da Sé');
      expect(await page.locator('input[name="city"]').inputValue()).toBe('São Paulo');
      expect(lookups).toEqual(['/api/public/cep/01001000']);
      expect(pathOf(page)).toBe('/meu_cadastro');
    } finally {
      await context.close();
    }
  });
});
