// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// /meu_cadastro on a phone (390x844) without signing in: the form, its LGPD consent and the
// confirmation; then the secretary finds the registration pending and approves it. A staff
// user who opens the public page stays signed in.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  SESSION_KEY,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
  storageItem,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.request('PUT', '/church', { name: 'Igreja Evangélica Esperança' });
  // Marked for the public form through the settings screen (below); "Dizimista" stays internal.
  await admin.request('POST', '/custom_fields', {
    label: 'Como conheceu a igreja',
    field_type: 'text',
  });
  await admin.request('POST', '/custom_fields', { label: 'Dizimista', field_type: 'boolean' });
  await admin.request('POST', '/positions', { name: 'Diaconisa', ministerial: true });
});

describe('campos adicionais: quais o formulário público pergunta', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('a secretaria marca “No formulário público” nas configurações', async () => {
    await page.goto('/configuracoes/campos_adicionais');
    await page.getByText('Como conheceu a igreja').click();
    await page.waitForURL(/\/configuracoes\/campos_adicionais\/\d+\/editar$/);
    const toggle = page.getByLabel('No formulário público');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/configuracoes/campos_adicionais');
    const fields = (await admin.request('GET', '/custom_fields')).json as {
      key: string;
      public_form: boolean;
    }[];
    expect(Object.fromEntries(fields.map((field) => [field.key, field.public_form]))).toEqual({
      como_conheceu_a_igreja: true,
      dizimista: false,
    });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('cadastro público (/meu_cadastro)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
  });
  afterAll(() => context?.close());

  it('abre sem login, no celular, sem rolagem horizontal', async () => {
    await page.goto('/meu_cadastro');
    await page.getByRole('heading', { name: 'Faça seu cadastro', level: 1 }).waitFor();
    await page.getByText('Igreja Evangélica Esperança').first().waitFor();
    await page.getByLabel('Como conheceu a igreja').waitFor();
    await page.waitForLoadState('networkidle');
    // An internal field is not asked of a newcomer.
    expect(await page.getByText('Dizimista').count()).toBe(0);
    expect(pathOf(page)).toBe('/meu_cadastro');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await storageItem(page, SESSION_KEY)).toBeNull();
  });

  it('exige o consentimento da LGPD e valida como o cadastro da secretaria', async () => {
    await page.getByLabel('Nome').fill('Júlia Visitante');
    const birth = page.getByLabel('Data de nascimento');
    await birth.pressSequentially('20081994');
    expect(await birth.inputValue()).toBe('20/08/1994');
    expect(await birth.getAttribute('inputmode')).toBe('numeric');
    await page.getByLabel('CPF').pressSequentially('12345678900');
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByText('CPF inválido.').waitFor();
    await page
      .getByText('Para enviar o cadastro, marque a autorização de uso dos dados.', { exact: true })
      .waitFor();
    expect(await page.getByText('@@react-admin@@').count()).toBe(0);
    expect(pathOf(page)).toBe('/meu_cadastro');
  });

  it('uma data impossível não abre o bloco de menores e é explicada', async () => {
    const birth = page.getByLabel('Data de nascimento');
    await birth.fill('');
    await birth.pressSequentially('31022026');
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByText('Data inválida: use DD/MM/AAAA.').first().waitFor();
    expect(await page.getByLabel('Nome do responsável').count()).toBe(0);
    expect(await page.getByText(/Menores de 18 anos/).count()).toBe(0);
    await birth.fill('');
    await birth.pressSequentially('20081994');
  });

  it('o estado civil segue o sexo escolhido', async () => {
    await page.getByRole('combobox', { name: /^Sexo/ }).click();
    await page.getByRole('option', { name: 'Feminino', exact: true }).click();
    await page.getByRole('combobox', { name: /^Estado civil/ }).click();
    await page.getByRole('option', { name: 'Casada', exact: true }).click();
  });

  it('envia e confirma; o cadastro fica pendente', async () => {
    const cpf = page.getByLabel('CPF');
    await cpf.fill('');
    await cpf.pressSequentially('52998224725');
    expect(await cpf.inputValue()).toBe('529.982.247-25');
    const mobile = page.getByLabel('Celular');
    await mobile.pressSequentially('81998765432');
    expect(await mobile.inputValue()).toBe('(81) 99876-5432');
    await page.getByLabel('E-mail').fill('julia@exemplo.com');
    await page.getByLabel('Como conheceu a igreja').fill('Convite de uma amiga');
    await page.getByRole('checkbox', { name: /Autorizo esta igreja/ }).check();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByRole('heading', { name: 'Cadastro enviado!' }).waitFor();
    expect(pathOf(page)).toBe('/meu_cadastro');

    const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    const pending = await admin.request('GET', `/members?filter=${filter}`);
    const row = (pending.json as Array<{ name: string; cpf: string }>).find(
      (member) => member.name === 'Júlia Visitante',
    );
    expect(row?.cpf).toBe('52998224725');
  });

  it('menores de 18 anos precisam do responsável', async () => {
    await page.getByRole('button', { name: 'Fazer outro cadastro' }).click();
    const year = Number(todayIso().slice(0, 4)) - 12;
    await page.getByLabel('Nome').fill('Pedro Menino');
    await page.getByLabel('Data de nascimento').pressSequentially(`1003${year}`);
    await page.getByText('Menores de 18 anos: o cadastro precisa da autorização').waitFor();
    await page.getByLabel('E-mail').fill('pedro@exemplo.com');
    await page.getByRole('checkbox', { name: /Autorizo esta igreja/ }).check();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByText('Menores de 18 anos: informe o nome do responsável.').waitFor();
    await page.getByLabel('Nome do responsável').fill('Marta Mãe');
    await page.getByRole('checkbox', { name: /Sou pai, mãe ou responsável legal/ }).check();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await page.getByRole('heading', { name: 'Cadastro enviado!' }).waitFor();
  });
});

describe('conferência pela secretaria', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server));
    await signIn(page, ADMIN.email, ADMIN.password);
  });
  afterAll(() => context?.close());

  it('o cadastro aparece pendente; aprovado, vira membro ativo', async () => {
    await menuItem(page, 'Cadastros pendentes').click();
    await page.waitForURL('**/membros/pendentes');
    const row = page.locator('tbody tr').filter({ hasText: 'Júlia Visitante' });
    await row.waitFor();
    expect(await row.innerText()).toContain('(81) 99876-5432');
    await page.locator('tbody tr').filter({ hasText: 'Pedro Menino' }).waitFor();
    await row.getByText('Júlia Visitante').click();
    await page.waitForURL(/\/membros\/\d+$/);
    const panel = page.locator('section').filter({ hasText: 'Cadastro pendente' });
    await panel.getByText(/Consentimento em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(versão/).waitFor();
    await panel.getByRole('button', { name: 'Aprovar' }).click();
    // Approving asks for the position and the admission date.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Aprovar o cadastro de Júlia Visitante' }).waitFor();
    await dialog.getByRole('combobox', { name: /^Cargo/ }).click();
    await page.getByRole('option', { name: 'Diaconisa', exact: true }).click();
    const admission = dialog.getByLabel('Data de admissão');
    await admission.fill('');
    await admission.pressSequentially('08032026');
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText('Júlia Visitante agora é membro ativo.').waitFor();
    // A woman: "Ativa"; married: "Casada".
    await page.getByText('Ativa', { exact: true }).first().waitFor();
    await page.getByText('Casada', { exact: true }).first().waitFor();
    expect(await panel.count()).toBe(0);
    const id = Number(pathOf(page).split('/').pop());
    const member = (await admin.request('GET', `/members/${id}`)).json as {
      position_id: number;
      admission_date: string;
    };
    const positions = (await admin.request('GET', '/positions')).json as {
      id: number;
      name: string;
    }[];
    expect(member.position_id).toBe(positions.find((row) => row.name === 'Diaconisa')!.id);
    expect(member.admission_date).toBe('2026-03-08');
  });

  it('quem está conectado abre /meu_cadastro e continua conectado', async () => {
    const session = await storageItem(page, SESSION_KEY);
    await page.goto('/meu_cadastro');
    await page.getByRole('heading', { name: 'Faça seu cadastro', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/meu_cadastro');
    expect(await storageItem(page, SESSION_KEY)).not.toBeNull();
    await page.goto('/visao_geral');
    await page.getByRole('heading', { name: 'Visão Geral' }).waitFor();
    expect(session).not.toBeNull();
  });
});
