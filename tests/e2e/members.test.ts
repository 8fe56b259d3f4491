// The members registry end to end: a secretary registers a member through every tab of the
// form, finds them without accents, reads the SPEC §5 formats on the detail page and edits;
// /membros/cadastrar is always the form; a financial user reads but cannot write (SPEC §2, §6).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  chooseOption,
  PASSWORD,
  launchBrowser,
  menuItem,
  newPage,
  pathOf,
  signIn,
  startServer,
} from '../support/e2e';

const SECRETARY = { name: 'Sara Secretária', email: 'sara@e2e.test' };
const FINANCIAL = { name: 'Fábio Financeiro', email: 'fabio@e2e.test' };

/** The member the secretary registers, as typed in the form. */
const JOAO = {
  name: 'João Batista de Araújo',
  birth: '14071985',
  cpf: '52998224725',
  mobile: '11987654321',
  home: '1133334444',
  zip: '01310100',
  admission: '10032010',
  baptism: '05022000',
  consecration: '20112015',
  conversion: '01011999',
};

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;
let departmentId: number;
let otherMemberId: number;
let joaoId: number;

interface ApiMember {
  id: number;
  name: string;
  cpf: string | null;
  birth_date: string | null;
  phone_mobile: string | null;
  zip_code: string | null;
  photo: string | null;
  photo_thumb: string | null;
  department_ids: number[];
  position_id: number | null;
  holy_spirit_baptism: boolean;
  custom_fields: Record<string, unknown>;
  profession: string | null;
}

async function created<T>(response: { status: number; json: unknown }, what: string): Promise<T> {
  if (response.status !== 201) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json)}`);
  }
  return response.json as T;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await admin.createUser({ ...SECRETARY, roles: ['secretary'] });
  await admin.createUser({ ...FINANCIAL, roles: ['financial'] });
  // What the form offers: a department, and custom fields created first through the API.
  ({ id: departmentId } = await created<{ id: number }>(
    await admin.request('POST', '/departments', { name: 'Jovens', description: 'Mocidade' }),
    'departamento',
  ));
  await created(
    await admin.request('POST', '/custom_fields', {
      label: 'Data de conversão',
      field_type: 'date',
      required: true,
      active: true,
      sort_order: 1,
    }),
    'campo adicional de data',
  );
  await created(
    await admin.request('POST', '/custom_fields', {
      label: 'Tamanho da camiseta',
      field_type: 'choice',
      options: ['P', 'M', 'G'],
      required: false,
      active: true,
      sort_order: 2,
    }),
    'campo adicional de lista',
  );
  // Someone the search must leave out.
  ({ id: otherMemberId } = await created<{ id: number }>(
    await admin.request('POST', '/members', {
      name: 'Maria Souza',
      status: 'active',
      custom_fields: { data_de_conversao: '2001-05-20' },
    }),
    'membro',
  ));

  ({ context, page } = await newPage(browser, server));
  await signIn(page, SECRETARY.email, PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Every API request the page makes from now on. */
function recordApiCalls(target: Page): string[] {
  const calls: string[] = [];
  target.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const field = (name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`);

async function typeInto(name: string, text: string) {
  const input = field(name).first();
  await input.click();
  await input.pressSequentially(text);
}

/** Picks an option of a select by the start of its label (required ones end with " *"). */
const choose = (label: string, option: string) =>
  chooseOption(page, page.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** The text of a detail page item, by its label. */
async function detail(label: string): Promise<string> {
  const item = page.locator('dl > div').filter({
    has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }),
  });
  return (await item.locator('dd').innerText()).trim();
}

/** A large PNG made by the browser, so the form has something to shrink. */
async function largePng(): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, '#1f4e79');
    gradient.addColorStop(1, '#f0b650');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 1200);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function imageWidth(dataUrl: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((done) => {
        const image = new Image();
        image.onload = () => done(Math.max(image.naturalWidth, image.naturalHeight));
        image.src = src;
      }),
    dataUrl,
  );
}

async function apiMember(id: number): Promise<ApiMember> {
  return (await admin.request('GET', `/members/${id}`)).json as ApiMember;
}

describe('cadastro de membros (secretaria)', () => {
  it('/membros/cadastrar abre o formulário de cadastro, também ao recarregar, nunca um detalhe', async () => {
    const calls = recordApiCalls(page);
    await page.goto('/membros/cadastrar');
    await field('name').waitFor();
    await page.reload();
    await field('name').waitFor();
    expect(pathOf(page)).toBe('/membros/cadastrar');
    expect(await field('name').inputValue()).toBe('');
    for (const tab of [
      'Dados pessoais',
      'Contato e endereço',
      'Vida eclesiástica',
      'Departamentos',
      'Campos adicionais',
    ]) {
      expect(await page.getByRole('tab', { name: tab, exact: true }).isVisible(), tab).toBe(true);
    }
    expect(calls.filter((call) => call.startsWith('GET /api/members/'))).toEqual([]);
    expect(await page.getByText('Página não encontrada').count()).toBe(0);
  });

  it('mostra os erros do formulário sob o campo: CPF inválido, data futura, batismo antes do nascimento', async () => {
    await page.goto('/membros/cadastrar');
    await typeInto('name', 'Teste de Validação');
    await typeInto('cpf', '12345678900');
    await typeInto('birthDate', '01012000');
    await openTab('Vida eclesiástica');
    await typeInto('baptismDate', '01011990');
    await typeInto('admissionDate', '01019999');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();

    const errorOf = (name: string) =>
      page
        .locator('.MuiFormControl-root', { has: field(name) })
        .locator('.MuiFormHelperText-root.Mui-error');
    await expect
      .poll(() => errorOf('baptismDate').innerText())
      .toBe('A data de batismo não pode ser anterior ao nascimento.');
    expect(await errorOf('admissionDate').innerText()).toBe(
      'Data de admissão não pode estar no futuro.',
    );
    await openTab('Dados pessoais');
    expect(await errorOf('cpf').innerText()).toMatch(/^CPF inválido/);
    // Nothing was sent: the form is still here.
    expect(pathOf(page)).toBe('/membros/cadastrar');
  });

  it('cadastra um membro com todas as abas preenchidas e mostra o detalhe nos formatos da SPEC', async () => {
    await page.goto('/membros/cadastrar');

    // Dados pessoais
    await page.locator('input[name="photo-file"]').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: await largePng(),
    });
    await expect
      .poll(() => page.locator('img[src^="data:image/jpeg"]').count(), { timeout: 10_000 })
      .toBe(1);
    await typeInto('name', JOAO.name);
    await choose('Sexo', 'Masculino');
    // The marital choices follow the sex chosen: a man is "Casado".
    await typeInto('birthDate', JOAO.birth);
    await choose('Estado civil', 'Casado');
    await typeInto('spouseName', 'Marta de Araújo');
    await typeInto('cpf', JOAO.cpf);
    await typeInto('rg', '12.345.678-9');
    await typeInto('birthplace', 'Recife - PE');
    await typeInto('profession', 'Professor');
    await typeInto('fatherName', 'José de Araújo');
    await typeInto('motherName', 'Ana de Araújo');
    expect(await field('cpf').inputValue()).toBe('529.982.247-25');
    expect(await field('birthDate').inputValue()).toBe('14/07/1985');

    // Contato e endereço
    await openTab('Contato e endereço');
    await typeInto('email', 'joao.araujo@exemplo.org');
    await typeInto('phoneMobile', JOAO.mobile);
    await typeInto('phoneHome', JOAO.home);
    await typeInto('zipCode', JOAO.zip);
    await typeInto('street', 'Avenida Paulista');
    await typeInto('number', '1000');
    await typeInto('complement', 'Apto 12');
    await typeInto('district', 'Bela Vista');
    await typeInto('city', 'São Paulo');
    await choose('UF', 'SP');
    expect(await field('phoneMobile').inputValue()).toBe('(11) 98765-4321');
    expect(await field('zipCode').inputValue()).toBe('01.310-100');

    // Vida eclesiástica
    await openTab('Vida eclesiástica');
    await choose('Cargo', 'Diácono');
    await typeInto('admissionDate', JOAO.admission);
    await choose('Forma de admissão', 'Batismo');
    await typeInto('originChurch', 'Igreja Central');
    await typeInto('baptismDate', JOAO.baptism);
    await typeInto('consecrationDate', JOAO.consecration);
    await page.getByLabel('Batizado com o Espírito Santo').check();
    await typeInto('notes', 'Cadastrado pelo teste.');

    // Departamentos
    await openTab('Departamentos');
    await page.getByRole('checkbox', { name: 'Jovens' }).check();

    // Campos adicionais: the required one is marked.
    await openTab('Campos adicionais');
    await expect
      .poll(() => page.locator('label', { hasText: 'Data de conversão' }).innerText())
      .toContain('*');
    await typeInto('customFields.dataDeConversao', JOAO.conversion);
    await choose('Tamanho da camiseta', 'M');

    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/members' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    joaoId = ((await response.json()) as { id: number }).id;

    // Saving opens the detail page.
    await page.waitForURL(`**/membros/${joaoId}`);
    await page.getByRole('heading', { name: JOAO.name }).waitFor();
    expect(await detail('CPF')).toBe('529.982.247-25');
    expect(await detail('Celular')).toBe('(11) 98765-4321');
    expect(await detail('Telefone residencial')).toBe('(11) 3333-4444');
    expect(await detail('CEP')).toBe('01.310-100');
    expect(await detail('Data de nascimento')).toBe('14/07/1985');
    expect(await detail('Data de admissão')).toBe('10/03/2010');
    expect(await detail('Data de batismo nas águas')).toBe('05/02/2000');
    expect(await detail('Data de consagração')).toBe('20/11/2015');
    expect(await detail('Batizado com o Espírito Santo')).toBe('Sim');
    expect(await detail('Sexo')).toBe('Masculino');
    expect(await detail('Estado civil')).toBe('Casado');
    expect(await detail('Forma de admissão')).toBe('Batismo');
    expect(await detail('Cidade/UF')).toBe('São Paulo - SP');
    await expect.poll(() => detail('Cargo')).toBe('Diácono');
    await expect.poll(() => detail('Departamentos')).toBe('Jovens');
    await expect.poll(() => detail('Data de conversão')).toBe('01/01/1999');
    expect(await detail('Tamanho da camiseta')).toBe('M');
    expect(await page.getByRole('link', { name: 'Editar' }).isVisible()).toBe(true);

    // What the API stored: plain values, the photo shrunk in the browser.
    const stored = await apiMember(joaoId);
    expect(stored).toMatchObject({
      cpf: JOAO.cpf,
      birth_date: '1985-07-14',
      phone_mobile: JOAO.mobile,
      zip_code: JOAO.zip,
      department_ids: [departmentId],
      holy_spirit_baptism: true,
      custom_fields: { data_de_conversao: '1999-01-01', tamanho_da_camiseta: 'M' },
    });
    expect(stored.photo).toMatch(/^data:image\/jpeg;base64,/);
    expect(stored.photo!.length).toBeLessThanOrEqual(300 * 1024);
    expect(await imageWidth(stored.photo!)).toBeLessThanOrEqual(600);
    expect(stored.photo_thumb).toMatch(/^data:image\/jpeg;base64,/);
    expect(stored.photo_thumb!.length).toBeLessThanOrEqual(16 * 1024);
    expect(await imageWidth(stored.photo_thumb!)).toBeLessThanOrEqual(64);
  });

  it('"joao" encontra "João" na lista, e o filtro continua lá ao voltar para /membros', async () => {
    await menuItem(page, 'Membros').click();
    await page.waitForURL('**/membros');
    await page.getByText('Maria Souza').waitFor();

    const search = page.getByRole('searchbox', { name: 'Nome, CPF, e-mail ou telefone' });
    const searched = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/members' && (url.searchParams.get('filter') ?? '').includes('joao')
      );
    });
    await search.fill('joao');
    expect((await searched).status()).toBe(200);
    await page.getByText(JOAO.name).waitFor();
    await expect.poll(() => page.getByText('Maria Souza').count()).toBe(0);
    // The row shows the phone and status through the formatters.
    const row = page.locator('tr', { hasText: JOAO.name });
    expect(await row.innerText()).toContain('(11) 98765-4321');
    expect(await row.innerText()).toContain('Ativo');

    await menuItem(page, 'Visão Geral').click();
    await page.waitForURL('**/visao_geral');
    await menuItem(page, 'Membros').click();
    // react-admin puts the stored list parameters back in the address (?filter=…).
    await page.waitForURL((url) => url.pathname === '/membros');
    await page.getByText(JOAO.name).waitFor();
    expect(
      await page.getByRole('searchbox', { name: 'Nome, CPF, e-mail ou telefone' }).inputValue(),
    ).toBe('joao');
    expect(await page.getByText('Maria Souza').count()).toBe(0);

    // A click on the row opens the detail page.
    await page.locator('tr', { hasText: JOAO.name }).click();
    await page.waitForURL(`**/membros/${joaoId}`);
  });

  it('edita pelo botão Editar e volta ao detalhe com o valor novo; erro do servidor sob o campo', async () => {
    await page.goto(`/membros/${joaoId}`);
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(`**/membros/${joaoId}/editar`);
    await expect.poll(() => field('name').inputValue()).toBe(JOAO.name);
    expect(await field('cpf').inputValue()).toBe('529.982.247-25');

    // A CPF that another member has: the server's message shows under the CPF input.
    await admin.request('PUT', `/members/${otherMemberId}`, { cpf: '11144477735' });
    await field('cpf').fill('');
    await typeInto('cpf', '11144477735');
    const refused = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/members/${joaoId}` &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await refused).status()).toBe(422);
    const cpfField = page.locator('.MuiFormControl-root', { has: field('cpf') });
    await cpfField.getByText('Já existe um membro com este CPF.').waitFor();

    await field('cpf').fill('');
    await typeInto('cpf', JOAO.cpf);
    await field('profession').fill('Engenheiro');
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/members/${joaoId}` &&
        response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    // The form sends what changed: not the photo it did not touch, nor what the server computes.
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent.profession).toBe('Engenheiro');
    for (const key of ['photo', 'photo_thumb', 'has_photo', 'id', 'created_at', 'updated_at']) {
      expect(sent).not.toHaveProperty(key);
    }
    expect(sent).not.toHaveProperty('name');
    await page.waitForURL(`**/membros/${joaoId}`);
    await expect.poll(() => detail('Profissão')).toBe('Engenheiro');
    expect(await detail('CPF')).toBe('529.982.247-25');
    const stored = await apiMember(joaoId);
    expect(stored.profession).toBe('Engenheiro');
    // Editing one tab kept the others.
    expect(stored.custom_fields).toMatchObject({ data_de_conversao: '1999-01-01' });
    expect(stored.department_ids).toEqual([departmentId]);
    expect(stored.photo).toMatch(/^data:image\/jpeg/);
  });

  it('excluir o líder de um departamento é recusado com a mensagem do servidor', async () => {
    expect(
      (
        await admin.request('PUT', `/departments/${departmentId}`, {
          name: 'Jovens',
          leader_id: joaoId,
        })
      ).status,
    ).toBe(200);
    await page.goto(`/membros/${joaoId}/editar`);
    await expect.poll(() => field('name').inputValue()).toBe(JOAO.name);
    await page.getByRole('button', { name: 'Excluir' }).click();
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/members/${joaoId}` &&
        response.request().method() === 'DELETE',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    expect((await answer).status()).toBe(409);
    await page.getByText(/lidera o departamento “Jovens”/).waitFor();
    expect((await admin.request('GET', `/members/${joaoId}`)).status).toBe(200);
  });
});

describe('usuário do financeiro', () => {
  let financial: Page;
  let financialContext: BrowserContext;

  beforeAll(async () => {
    ({ context: financialContext, page: financial } = await newPage(browser, server));
    await signIn(financial, FINANCIAL.email, PASSWORD);
  });

  afterAll(async () => {
    await financialContext?.close();
  });

  it('abre /membros e /membros/{id}, sem cadastrar nem editar', async () => {
    await financial.goto('/membros');
    await financial.getByText(JOAO.name).waitFor();
    expect(pathOf(financial)).toBe('/membros');
    expect(await financial.getByRole('link', { name: 'Cadastrar' }).count()).toBe(0);
    expect(await financial.getByRole('checkbox').count()).toBe(0);

    await financial.goto(`/membros/${joaoId}`);
    await financial.getByRole('heading', { name: JOAO.name }).waitFor();
    expect(pathOf(financial)).toBe(`/membros/${joaoId}`);
    // The reduced record (issue 13): no CPF for the treasurer.
    expect(await financial.getByText('529.982.247-25').count()).toBe(0);
    expect(await financial.getByRole('link', { name: 'Editar' }).count()).toBe(0);
  });

  it('é levado à Visão Geral de /membros/cadastrar e de /membros/{id}/editar', async () => {
    for (const path of ['/membros/cadastrar', `/membros/${joaoId}/editar`]) {
      await financial.goto(path);
      await financial.waitForURL('**/visao_geral');
      await financial.getByRole('heading', { name: 'Visão Geral' }).waitFor();
      expect(pathOf(financial), path).toBe('/visao_geral');
    }
  });
});

describe('obreiros, configurações e Visão Geral (secretaria)', () => {
  it('/obreiros lista o diácono com cargo, consagração e celular; filtra por cargo; a linha abre o membro', async () => {
    await page.goto('/obreiros');
    const row = page.locator('tr', { hasText: JOAO.name });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Diácono');
    expect(text).toContain('20/11/2015');
    expect(text).toContain('(11) 98765-4321');
    // Without a ministerial position, not a ministry worker.
    expect(await page.getByText('Maria Souza').count()).toBe(0);

    await choose('Cargo', 'Pastor');
    await expect.poll(() => page.locator('tr', { hasText: JOAO.name }).count()).toBe(0);
    await choose('Cargo', 'Diácono');
    await page.locator('tr', { hasText: JOAO.name }).click();
    await page.waitForURL(`**/membros/${joaoId}`);
    await page.getByRole('heading', { name: JOAO.name }).waitFor();
  });

  it('cria um campo adicional de lista pela tela; excluir um campo em uso mostra onde', async () => {
    await page.goto('/configuracoes/campos_adicionais/cadastrar');
    await typeInto('label', 'Ministério de interesse');
    await choose('Tipo', 'Lista de opções');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await typeInto('options.0', 'Louvor');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await typeInto('options.1', 'Ensino');
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/custom_fields' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await answer).status()).toBe(201);
    await page.waitForURL((url) => url.pathname === '/configuracoes/campos_adicionais');
    const row = page.locator('tr', { hasText: 'Ministério de interesse' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Lista de opções');
    expect(await row.innerText()).toContain('Louvor, Ensino');

    // "Data de conversão" holds values: the server refuses, and says why.
    await page.locator('tr', { hasText: 'Data de conversão' }).click();
    await expect.poll(() => field('label').inputValue()).toBe('Data de conversão');
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(/Há membros com este campo preenchido/).waitFor();
  });

  it('a secretaria salva os dados da igreja e a barra do app mostra o novo nome', async () => {
    await page.goto('/configuracoes/igreja');
    await expect.poll(() => field('name').inputValue()).not.toBe('');
    await field('name').fill('Igreja Batista Esperança');
    await field('phone').fill('');
    await typeInto('phone', '1132104567');
    await field('credentialValidityMonths').fill('24');
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/church' && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect((await saved).status()).toBe(200);
    // The form (with its privacy block) is long: the app bar slid away while scrolling to
    // "Salvar"; it comes back at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('header').getByText('Igreja Batista Esperança').waitFor();
    const church = (await admin.request('GET', '/church')).json as Record<string, unknown>;
    expect(church).toMatchObject({
      name: 'Igreja Batista Esperança',
      phone: '1132104567',
      credential_validity_months: 24,
    });
  });

  it('a Visão Geral mostra o aniversariante do dia (DD/MM) e os pendentes levam à lista filtrada', async () => {
    const today = todayIso();
    // Born on this day 30 years ago (29/02 would not exist in that year: use the 28th).
    const [year, month, day] = today.split('-');
    const birthDay = month === '02' && day === '29' ? '28' : day;
    await created(
      await admin.request('POST', '/members', {
        name: 'Débora Aniversariante',
        status: 'active',
        birth_date: `${Number(year) - 30}-${month}-${birthDay}`,
        custom_fields: { data_de_conversao: '2010-01-01' },
      }),
      'aniversariante',
    );
    await created(
      await admin.request('POST', '/members', {
        name: 'Paulo Pendente',
        status: 'pending',
        custom_fields: { data_de_conversao: '2010-01-01' },
      }),
      'pendente',
    );

    await page.goto('/visao_geral');
    const birthdays = page.locator('.MuiCard-root', { hasText: 'Aniversariantes da semana' });
    const birthday = birthdays.getByRole('link', { name: /Débora Aniversariante/ });
    await birthday.waitFor();
    expect(await birthday.innerText()).toContain(`${birthDay}/${month}`);

    await page.getByRole('link', { name: /Cadastros pendentes/ }).click();
    await page.waitForURL((url) => url.pathname === '/membros');
    await page.getByText('Paulo Pendente').waitFor();
    await expect.poll(() => page.getByText(JOAO.name).count()).toBe(0);
    // Below 1600 px the filters open from the "Filtros" button, its name counting them (its
    // badge is hidden from screen readers).
    await page.getByRole('button', { name: 'Filtros, 1 ativo', exact: true }).click();
    expect(await page.getByRole('combobox', { name: 'Situação' }).innerText()).toContain(
      'Pendente',
    );
  });
});

describe('dados da igreja para o financeiro', () => {
  it('mostra os dados só para leitura, sem Salvar', async () => {
    const { context: readerContext, page: reader } = await newPage(browser, server);
    try {
      await signIn(reader, FINANCIAL.email, PASSWORD, '/configuracoes/igreja');
      const name = reader.locator('input[name="name"]');
      await expect.poll(() => name.inputValue()).toBe('Igreja Batista Esperança');
      expect(await name.isEditable()).toBe(false);
      expect(await reader.locator('input[name="phone"]').isEditable()).toBe(false);
      expect(await reader.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
    } finally {
      await readerContext.close();
    }
  });
});
