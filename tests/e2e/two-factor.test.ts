// Issue 22: two-factor sign-in in the browser. A treasurer enrols from Minha conta (the QR code,
// the secret to type, a code computed here from that secret as an authenticator app would, the
// ten recovery codes), then signs in with a code on a phone and with a recovery code on a
// desktop; the admin sees it in the users list and resets it. Axe at 1280 and 390 px.
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  PASSWORD,
  axeFindings,
  launchBrowser,
  newPage,
  pathOf,
  signInThroughForm,
  startServer,
} from '../support/e2e';

const TREASURER = { name: 'Tesoureira Duas Etapas', email: 'tesoureira.2fa@teste.org' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: E2eServer;
let browser: Browser;
let admin: ApiSession;
let treasurerId = 0;
const contexts: BrowserContext[] = [];
/** What the enrolment showed: the secret (typed into an app) and the recovery codes. */
const enrolled = { secret: '', recovery: [] as string[] };

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, server, { viewport });
  contexts.push(context);
  return page;
}

/** The sign-in form's first step, answered with the second step (the code). */
async function credentialsThenCodeStep(page: Page) {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(TREASURER.email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  treasurerId = (await admin.createUser({ ...TREASURER, roles: ['financial'] })).id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('verificação em duas etapas', () => {
  it('a tesoureira ativa em Minha conta: QR code, chave, código e 10 códigos de recuperação', async () => {
    const page = await open(DESKTOP);
    await signInThroughForm(page, TREASURER.email, PASSWORD);
    // From the user menu, by keyboard-reachable items.
    await page.getByRole('button', { name: TREASURER.name }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    await page.waitForURL('**/minha_conta');
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const qr = page.getByRole('img', { name: /QR code para adicionar o Adam/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const shown = await page.getByTestId('two-factor-secret').innerText();
    enrolled.secret = shown.replace(/\s/g, '');
    expect(enrolled.secret).toMatch(/^[A-Z2-7]{32}$/);
    const input = page.locator('input[name=otp_code]');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await axeFindings(page)).toEqual([]);

    // A wrong code first: a Portuguese alert, still enrolling.
    await input.fill(codeFor(enrolled.secret, 10));
    await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/Código inválido/);

    await input.fill(codeFor(enrolled.secret));
    await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    enrolled.recovery = (await list.locator('li').allInnerTexts()).map((text) => text.trim());
    expect(enrolled.recovery).toHaveLength(10);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.getByText(/Ativada em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page.getByText('Restam 10 códigos de recuperação.', { exact: false }).waitFor();

    // New codes, confirmed with the password and one of the old codes: the old ones go.
    await page.getByRole('button', { name: 'Gerar novos códigos de recuperação' }).click();
    const dialog = page.getByRole('dialog');
    // A wrong password is said under its field (the server's field message).
    await dialog.locator('input[name=password]').fill('senha-errada-1');
    await dialog.locator('input[name=otp_code]').fill(enrolled.recovery[9]);
    await dialog.getByRole('button', { name: 'Gerar códigos' }).click();
    await dialog.getByText('A senha não confere.').waitFor();
    await dialog.locator('input[name=password]').fill(PASSWORD);
    await dialog.locator('input[name=otp_code]').fill(enrolled.recovery[9]);
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Gerar códigos' }).click();
    await page.getByText('Novos códigos de recuperação gerados').waitFor();
    const renewed = (await list.locator('li').allInnerTexts()).map((text) => text.trim());
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => enrolled.recovery.includes(code))).toEqual([]);
    enrolled.recovery = renewed;
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.getByText('Restam 10 códigos de recuperação.', { exact: false }).waitFor();
  });

  it('no celular (390 px), a entrada pede o código num segundo passo e entra com ele', async () => {
    const page = await open(PHONE);
    await credentialsThenCodeStep(page);
    const input = page.locator('input[name=otp_code]');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    // The code field has the focus: the phone's keyboard is up.
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // The enrolment spent the current step: the next one is the app's next code.
    await input.fill(codeFor(enrolled.secret, 1));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/visao_geral');
  });

  it('no computador (1280 px), entra com um código de recuperação, e ele não vale de novo', async () => {
    const page = await open(DESKTOP);
    await credentialsThenCodeStep(page);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    const input = page.locator('input[name=recovery_code]');
    await input.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await input.fill(enrolled.recovery[0]);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/visao_geral');

    const again = await open(DESKTOP);
    await credentialsThenCodeStep(again);
    await again.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await again.locator('input[name=recovery_code]').fill(enrolled.recovery[0]);
    await again.getByRole('button', { name: 'Entrar' }).click();
    await expect
      .poll(() => again.getByRole('alert').innerText())
      .toMatch(/Código de verificação inválido/);
    expect(pathOf(again)).toBe('/login');
  });

  it('o administrador vê quem usa e redefine a verificação da tesoureira', async () => {
    const page = await open(DESKTOP);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/configuracoes/usuarios');
    const row = page.locator('tbody tr').filter({ hasText: TREASURER.email });
    await row.waitFor();
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    const column = headers.indexOf('Verificação em duas etapas');
    expect(column).toBeGreaterThanOrEqual(0);
    expect((await row.locator('td').nth(column).innerText()).trim()).toBe('Sim');

    await page.goto(`/configuracoes/usuarios/${treasurerId}/editar`);
    await page.getByRole('button', { name: 'Redefinir verificação em duas etapas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(`Verificação em duas etapas de ${TREASURER.name} redefinida.`).waitFor();
    const user = await admin.findUser(TREASURER.email);
    expect(user).toMatchObject({ two_factor_enabled: false });
  });

  it('a igreja exige para administradores e tesoureiros: dentro do prazo, o aviso em cada tela', async () => {
    const page = await open(DESKTOP);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/configuracoes/igreja');
    const required = page.getByRole('switch', {
      name: 'Exigir verificação em duas etapas para administradores e tesoureiros',
    });
    await required.check();
    await page.getByRole('button', { name: 'Salvar exigência' }).click();
    await page.getByText('Exigência de verificação em duas etapas salva.').waitFor();
    const policy = await admin.request('GET', '/church/two_factor');
    expect(policy.json).toEqual({ two_factor_required: true, two_factor_grace_days: 7 });

    // The treasurer (reset above) signs in within the grace period and is reminded.
    const phone = await open(PHONE);
    await signInThroughForm(phone, TREASURER.email, PASSWORD);
    const reminder = phone.getByText(/A igreja exige a verificação em duas etapas/);
    await reminder.waitFor();
    expect(await axeFindings(phone)).toEqual([]);
    await phone.getByRole('link', { name: 'Configurar agora' }).click();
    await phone.waitForURL('**/minha_conta');
    await phone.getByRole('button', { name: 'Ativar verificação em duas etapas' }).waitFor();
  });

  it('passado o prazo, a entrada só configura a verificação: QR code, código, códigos e então entra', async () => {
    // No grace at all: whoever must have it and has not is past the deadline now.
    const policy = await admin.request('PUT', '/church/two_factor', {
      two_factor_required: true,
      two_factor_grace_days: 0,
    });
    expect(policy.status).toBe(200);
    const page = await open(PHONE);
    await page.goto('/login');
    await page.locator('input[name=email]').fill(TREASURER.email);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByRole('heading', { name: 'Configure a verificação em duas etapas' }).waitFor();
    await page.getByText(/o prazo para configurá-la terminou/).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(await axeFindings(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('adamSession'))).toBeNull();
    await page.locator('input[name=otp_code]').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.waitForURL('**/visao_geral');
    await page.getByRole('heading', { name: 'Visão Geral' }).waitFor();
  });
});
