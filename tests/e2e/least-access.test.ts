// Least access and the privacy notice in the browser (issue 13): the treasurer's member page and
// list show the reduced record (no CPF, no address, no empty sections), the donor page names the
// linked member through it; /privacidade, without login, shows the encarregado from the church
// settings, is reached from /meu_cadastro, and axe finds nothing critical or serious.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  axeFindings,
  type E2eServer,
  launchBrowser,
  newPage,
  PASSWORD,
  signIn,
  startServer,
} from '../support/e2e';

const MEMBER = {
  name: 'Quitéria Lacerda Monteiro',
  cpf: '529.982.247-25',
  street: 'Rua das Acácias Escondidas',
  birth: '1975-08-14',
};
const TREASURER = { name: 'Tiago Tesoureiro', email: 'tesouraria@e2e.test', password: PASSWORD };
const SECRETARY = { name: 'Sílvia Secretária', email: 'secretaria@e2e.test', password: PASSWORD };
/** Women who left: a reader who may not see the sex reads words for either (issue 24). */
const DECEASED = { name: 'Eulália Prado Bastos', sex: 'F', status: 'deceased' };
const TRANSFERRED = { name: 'Rosângela Teles Vieira', sex: 'F', status: 'transferred' };
const MAN = { name: 'Bartolomeu Sampaio Lins', sex: 'M', status: 'active' };
/** "Falecida", "Transferido"… but not the words for either ("Falecido(a)"). */
const GENDERED = /(Falecid[ao]|Transferid[ao])(?!\(a\))/;

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let memberId = 0;
let donorId = 0;
const ids: Record<string, number> = {};
let deceasedDonorId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const church = await admin.request('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Jonas Almeida Ribeiro',
    cnpj: '11.222.333/0001-81',
    city: 'Recife',
    state: 'PE',
    email: 'secretaria@esperanca.org.br',
    dpo_name: 'Débora Encarregada Lima',
    dpo_email: 'lgpd@esperanca.org.br',
  });
  expect(church.status).toBe(200);
  await admin.request('POST', '/custom_fields', {
    label: 'Ministério de música',
    field_type: 'text',
    visible_to_all: true,
  });
  await admin.request('POST', '/custom_fields', {
    label: 'Observação interna',
    field_type: 'text',
  });
  const created = await admin.request('POST', '/members', {
    name: MEMBER.name,
    cpf: MEMBER.cpf,
    birth_date: MEMBER.birth,
    street: MEMBER.street,
    number: '12',
    city: 'Recife',
    state: 'PE',
    phone_mobile: '81987654321',
    email: 'quiteria@exemplo.org',
    sex: 'F',
    status: 'active',
    custom_fields: { ministerio_de_musica: 'Coral jovem', observacao_interna: 'Nota reservada' },
  });
  expect(created.status).toBe(201);
  memberId = (created.json as { id: number }).id;
  await admin.createUser({ ...TREASURER, roles: ['financial'] });
  const donor = await admin.request('POST', '/donors', {
    name: 'Quitéria L. Monteiro (dízimos)',
    person_type: 'person',
    member_id: memberId,
  });
  expect(donor.status).toBe(201);
  donorId = (donor.json as { id: number }).id;
  for (const person of [DECEASED, TRANSFERRED, MAN]) {
    const saved = await admin.request('POST', '/members', person);
    expect(saved.status).toBe(201);
    ids[person.name] = (saved.json as { id: number }).id;
  }
  const deceasedDonor = await admin.request('POST', '/donors', {
    name: 'Eulália P. Bastos (ofertas)',
    person_type: 'person',
    member_id: ids[DECEASED.name],
  });
  expect(deceasedDonor.status).toBe(201);
  deceasedDonorId = (deceasedDonor.json as { id: number }).id;
  await admin.createUser({ ...SECRETARY, roles: ['secretary'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a tesouraria vê o cadastro reduzido', () => {
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await newPage(browser, server, { viewport: { width: 1280, height: 900 } });
    page = opened.page;
    close = () => opened.context.close();
    await signIn(page, TREASURER.email, TREASURER.password);
  });
  afterAll(() => close?.());

  it('a página do membro não mostra CPF, endereço nem seções vazias', async () => {
    await page.goto(`/membros/${memberId}`);
    await page.getByRole('heading', { name: MEMBER.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Vida eclesiástica' }).waitFor();
    await page.getByText('Coral jovem').waitFor();
    const text = await page.locator('main').innerText();
    for (const hidden of [
      MEMBER.cpf,
      '52998224725',
      MEMBER.street,
      '14/08/1975',
      '(81) 98765-4321',
      'quiteria@exemplo.org',
      'Nota reservada',
      'Dados pessoais',
      'Contato e endereço',
      'CPF',
    ]) {
      expect(text, hidden).not.toContain(hidden);
    }
    expect(text).toContain('Ministério de música');
    expect(text).not.toContain('Observação interna');
    expect(await axeFindings(page)).toEqual([]);
  });

  it('a lista não tem coluna de telefone e a busca é só por nome', async () => {
    await page.goto('/membros');
    await page.getByRole('link', { name: MEMBER.name }).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Telefone' }).count()).toBe(0);
    // The filters (behind "Filtros" below 1600 px) have no birthday month for this reader.
    await page.getByRole('button', { name: /Filtros/ }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).getByLabel('Situação').waitFor();
    expect(await page.getByLabel('Mês de aniversário').count()).toBe(0);
    await page.keyboard.press('Escape');
    const search = page.getByPlaceholder('Nome', { exact: true });
    await search.fill('52998224725');
    await page
      .getByText('Nenhum resultado encontrado')
      .or(page.getByText(/Nenhum/))
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: MEMBER.name }).count()).toBe(0);
    await search.fill('quitéria');
    await page.getByRole('link', { name: MEMBER.name }).first().waitFor();
  });

  it('a página do contribuinte mostra o membro ligado: nome e congregação', async () => {
    const { congregation_name: congregation } = (await admin.request('GET', `/members/${memberId}`))
      .json as { congregation_name: string };
    await page.goto(`/financeiro/contribuintes/${donorId}`);
    const linked = page.getByRole('link', { name: `${MEMBER.name} · ${congregation}` });
    await linked.waitFor();
    await linked.click();
    await page.waitForURL(`**/membros/${memberId}`);
    await page.getByRole('heading', { name: MEMBER.name, level: 1 }).waitFor();
  });
});

describe('a situação nas palavras que o leitor pode saber (issue 24)', () => {
  it('a tesouraria, que não vê o sexo, lê “Falecido(a)” e “Transferido(a)” de duas mulheres', async () => {
    const { context, page } = await newPage(browser, server, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await signIn(page, TREASURER.email, TREASURER.password, '/membros');
      const search = page.getByPlaceholder('Nome', { exact: true });
      for (const [person, words] of [
        [DECEASED, 'Falecido(a)'],
        [TRANSFERRED, 'Transferido(a)'],
      ] as const) {
        await search.fill(person.name.split(' ')[0]);
        const row = page.getByRole('row').filter({ hasText: person.name });
        await row.getByText(words, { exact: true }).waitFor();
        expect(await row.innerText()).not.toMatch(GENDERED);
      }
      // Her page, and the contributor's page that links her.
      await page.goto(`/membros/${ids[DECEASED.name]}`);
      await page.getByRole('heading', { name: DECEASED.name, level: 1 }).waitFor();
      await page.locator('main').getByText('Falecido(a)', { exact: true }).first().waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(GENDERED);
      await page.goto(`/financeiro/contribuintes/${deceasedDonorId}`);
      await page
        .getByRole('link', { name: new RegExp(`^${DECEASED.name} · .* · Falecido\\(a\\)$`) })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a secretaria, que vê o sexo, lê a carta de transferência nas palavras dele ou dela', async () => {
    const { context, page } = await newPage(browser, server, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await signIn(page, SECRETARY.email, SECRETARY.password);
      for (const [id, name, words] of [
        [ids[MAN.name], MAN.name, 'Transferido'],
        [memberId, MEMBER.name, 'Transferida'],
      ] as const) {
        await page.goto(`/membros/${id}`);
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        const letters = page
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'Cartas' }) });
        await letters.getByRole('button', { name: 'Emitir carta' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('combobox', { name: 'Tipo de carta' }).click();
        await page.getByRole('option', { name: 'Carta de transferência' }).click();
        // Em transferência until the receiving church confirms; then the words of the sex.
        await dialog
          .getByText(`Então a situação passa para ${words} e a credencial é revogada.`, {
            exact: false,
          })
          .waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    } finally {
      await context.close();
    }
  });
});

describe('aviso de privacidade (/privacidade)', () => {
  it('é aberto pelo /meu_cadastro, sem login, e mostra o encarregado dos dados da igreja', async () => {
    const { context, page } = await newPage(browser, server, {
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto('/meu_cadastro');
      const link = page.getByRole('link', { name: /Leia o aviso de privacidade/ });
      await link.waitFor();
      const [notice] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await notice.waitForURL('**/privacidade');
      await notice.getByRole('heading', { name: 'Aviso de privacidade', level: 1 }).waitFor();
      await notice.getByRole('heading', { name: 'Encarregado pelo tratamento de dados' }).waitFor();
      const text = await notice.locator('main').innerText();
      expect(text).toContain('Débora Encarregada Lima, pelo e-mail lgpd@esperanca.org.br');
      expect(text).toContain('Igreja Evangélica Esperança, inscrita no CNPJ 11.222.333/0001-81');
      expect(text).toContain('Envie o seu pedido para lgpd@esperanca.org.br');
      // Readable on a phone: nothing wider than the screen.
      const overflow = await notice.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      expect(await axeFindings(notice)).toEqual([]);
      await notice.setViewportSize({ width: 1280, height: 900 });
      expect(await axeFindings(notice)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
