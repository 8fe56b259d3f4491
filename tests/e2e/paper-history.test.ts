// Issue 14: a secretary records a credential issued on paper before Adam from the member's page
// and sees it marked "Emitida antes do Adam" (with no print button), is told under the number
// when it is already used, and imports a small CSV of paper credentials (Windows-1252, ";"):
// the check shows the row errors, the fixed file is imported, and the cards are on the member
// pages. axe finds nothing critical or serious on either screen, at 1280 and 390 px.
import iconv from 'iconv-lite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let context: BrowserContext;
let page: Page;
let maria = 0;
let jose = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const member = async (body: Record<string, unknown>) =>
    (
      (await admin.request('POST', '/members', { status: 'active', ...body })).json as {
        id: number;
      }
    ).id;
  maria = await member({ name: 'Maria da Conceição Araújo', sex: 'F', cpf: '52998224725' });
  jose = await member({ name: 'José Antônio Pereira', sex: 'M', birth_date: '1961-08-14' });
  await admin.createUser({ name: 'Secretária Ana', email: 'ana@e2e.test', roles: ['secretary'] });
  ({ context, page } = await newPage(browser, server, { viewport: { width: 1280, height: 844 } }));
  await signIn(page, 'ana@e2e.test', PASSWORD);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const credentialsPanel = (target: Page) =>
  target
    .locator('section')
    .filter({ has: target.getByRole('heading', { name: 'Credencial de membro' }) });

const cardsOf = async (memberId: number) => {
  const filter = encodeURIComponent(JSON.stringify({ member_id: memberId }));
  return (await admin.request('GET', `/credentials?filter=${filter}`)).json as Array<{
    number: number;
    issued_on: string;
    expires_on: string;
    issued_on_paper: boolean;
  }>;
};

describe('paper history', () => {
  it('records a paper credential on the member page and shows it marked', async () => {
    await page.goto(`/membros/${maria}`);
    const panel = credentialsPanel(page);
    await panel.getByRole('button', { name: 'Registrar emitida em papel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar credencial emitida em papel' });
    await dialog.getByLabel('Número original').fill('000321');
    await dialog.getByLabel('Data de emissão').pressSequentially('10032019');
    await dialog.getByLabel('Validade').pressSequentially('10032021');
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Credencial em papel registrada.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = panel.getByRole('row').filter({ hasText: '000321' });
    await expect.poll(() => row.textContent()).toContain('Emitida antes do Adam');
    expect(await row.textContent()).toContain('10/03/2019');
    expect(await row.textContent()).toContain('10/03/2021');
    // Adam has no copy of a paper card to print.
    expect(await row.getByRole('button', { name: 'Imprimir' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Imprimir' }).count()).toBe(0);
    expect(await cardsOf(maria)).toEqual([
      expect.objectContaining({
        number: 321,
        issued_on: '2019-03-10',
        expires_on: '2021-03-10',
        issued_on_paper: true,
      }),
    ]);

    // The same number again: the server's 409 under the number field, nothing recorded.
    await panel.getByRole('button', { name: 'Registrar emitida em papel' }).click();
    await dialog.getByLabel('Número original').fill('321');
    await dialog.getByLabel('Data de emissão').pressSequentially('01022018');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog
      .getByText(
        'Já existe uma credencial com o nº 000321. Confira o número da credencial em papel.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await cardsOf(maria)).toHaveLength(1);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('imports a small CSV of paper credentials: check, fix, import', async () => {
    await page.goto('/membros');
    await page.getByRole('link', { name: 'Importar histórico em papel' }).click();
    await page.getByRole('heading', { name: 'Importar histórico em papel', level: 1 }).waitFor();

    const upload = async (text: string) => {
      await page.locator('input[type=file]').setInputFiles({
        name: 'credenciais-antigas.csv',
        mimeType: 'text/csv',
        buffer: iconv.encode(text, 'win1252'),
      });
      await page.getByText('credenciais-antigas.csv').waitFor();
      await page.getByRole('button', { name: 'Conferir' }).click();
    };
    const header = 'CPF;Nome;Data de nascimento;Número;Data de emissão;Validade\r\n';
    await upload(
      header +
        '529.982.247-25;;;150;05/04/2016;05/04/2017\r\n' +
        ';José Antônio Pereira;14/08/1961;151;31/02/2016;\r\n',
    );
    await page.getByText('Nada será importado enquanto houver linhas com erro').waitFor();
    const rows = page.getByRole('region', { name: 'Linhas do arquivo' });
    expect(await rows.textContent()).toContain('Data de emissão: Data inválida: use DD/MM/AAAA.');
    expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    // The date fixed (as Excel writes it: a serial number), checked again, imported.
    await upload(
      header +
        '529.982.247-25;;;150;05/04/2016;05/04/2017\r\n' +
        ';José Antônio Pereira;14/08/1961;151;42430;\r\n',
    );
    await page.getByText('Pronto para importar 2 registros.').waitFor();
    expect(await rows.textContent()).toContain('José Antônio Pereira');
    expect(await rows.textContent()).toContain('01/03/2016');
    await page.getByRole('button', { name: 'Importar 2 registros' }).click();
    await page.getByText('2 registros importados (Credenciais)').waitFor();
    expect(await cardsOf(jose)).toEqual([
      expect.objectContaining({ number: 151, issued_on: '2016-03-01', issued_on_paper: true }),
    ]);
    expect((await cardsOf(maria)).map((card) => card.number).sort()).toEqual([150, 321]);

    // The member's page marks the imported card.
    await page.getByRole('link', { name: 'José Antônio Pereira' }).click();
    const row = credentialsPanel(page).getByRole('row').filter({ hasText: '000151' });
    await expect.poll(() => row.textContent()).toContain('Emitida antes do Adam');
  });

  it('the import screen and the member page pass axe at 390 px', async () => {
    const phone = await newPage(browser, server, { viewport: { width: 390, height: 844 } });
    try {
      await signIn(phone.page, 'ana@e2e.test', PASSWORD, '/membros/historico/importar');
      await phone.page.getByRole('radio', { name: 'Cartas' }).check();
      await phone.page.locator('input[type=file]').setInputFiles({
        name: 'cartas.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'CPF;Tipo;Número;Data de emissão;Igreja de destino\n' +
            '52998224725;Recomendação;3/2012;05/06/2012;Igreja Batista do Centro\n',
        ),
      });
      await phone.page.getByRole('button', { name: 'Conferir' }).click();
      await phone.page.getByText('Pronto para importar 1 registro.').waitFor();
      expect(await axeFindings(phone.page)).toEqual([]);
      // No horizontal scroll of the page at phone width.
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await phone.page.goto(`/membros/${maria}`);
      await credentialsPanel(phone.page).getByText('Emitida antes do Adam').first().waitFor();
      expect(await axeFindings(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
