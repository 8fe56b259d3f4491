// Consolidação on a phone (390 px, issue 26): "Minhas tarefas" from the menu, the WhatsApp link
// with the visitor's number and greeting, a step marked done with a note (the overdue list then
// empty), the link gone once the consent is withdrawn; and what the pastor sees at 1280 px: the
// Vida da igreja report with its chart and "quem sumiu". Axe on each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  launchBrowser,
  menuItem,
  newPage,
  signIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
const ids: Record<string, number> = {};

const json = <T>(method: string, path: string, body?: unknown) => admin.json<T>(method, path, body);

interface Step {
  id: number;
  name: string;
  status: string;
  note: string | null;
  closed_by_name: string | null;
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  await json('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'Campinas',
    state: 'SP',
  });
  const [sede] = await json<Array<{ id: number }>>('GET', '/congregations');
  const member = async (name: string) =>
    (await json<{ id: number }>('POST', '/members', { name, congregation_id: sede.id })).id;
  const present = [await member('Débora Nunes'), await member('Elias Prado')];
  const away = await member('Rute Sumida');
  const service = await json<{ id: number }>('POST', '/worship_services', {
    name: 'Culto da família',
    congregation_id: sede.id,
    weekday: 0,
    time: '19:00',
  });
  // Three Sundays a month apart; Rute came only to the first.
  const today = todayIso();
  for (const [index, days] of [70, 35, 0].entries()) {
    const gathering = await json<{ id: number }>('POST', `/worship_services/${service.id}/open`, {
      date: addDays(today, -days),
    });
    for (const member_id of index === 0 ? [...present, away] : present) {
      await json('POST', `/gatherings/${gathering.id}/attendances`, { member_id });
    }
    ids.culto = gathering.id;
  }
  // Two visitors who agreed to be contacted (the admin adds them: the steps are the admin's).
  const mariana = await json<{ id: number; followups: Step[] }>('POST', '/visitors', {
    name: 'Mariana Ferreira',
    phone: '11987654321',
    contact_consent: true,
    gathering_id: ids.culto,
  });
  ids.mariana = mariana.id;
  ids.call = mariana.followups[0].id;
  // The first call is two days late.
  await json('PUT', `/followups/${ids.call}`, { due_on: addDays(today, -2) });
  ids.roberto = (
    await json<{ id: number }>('POST', '/visitors', {
      name: 'Roberto Carvalho',
      phone: '19998765432',
      contact_consent: true,
      gathering_id: ids.culto,
    })
  ).id;
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

describe('consolidação no celular (390 px)', () => {
  it('Minhas tarefas: a ligação atrasada primeiro, com o WhatsApp do visitante', async () => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menuItem(page, 'Minhas tarefas').click();
    await page.waitForURL('**/igreja/consolidacao');
    await page.getByRole('heading', { name: 'Consolidação' }).waitFor();
    const cards = page.getByRole('listitem');
    await cards.first().getByText('Vencida há 2 dias').waitFor();
    const first = cards.first();
    expect(await first.getByRole('link', { name: 'Mariana Ferreira', exact: true }).count()).toBe(
      1,
    );
    await first.getByText('Ligação em 48 h').waitFor();
    const whatsapp = first.getByRole('link', {
      name: 'WhatsApp: Mariana Ferreira',
    });
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/5511987654321');
    expect(href.searchParams.get('text')).toBe(
      'Olá, Mariana! Aqui é Administrador (Igreja Evangélica Esperança). Foi uma alegria ter você conosco. Podemos conversar?',
    );
    // Two visitors × four stages, all the admin's.
    expect(await page.getByRole('button', { name: 'Feita' }).count()).toBe(8);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('marca a etapa como feita, com uma observação, e a lista de atrasadas fica vazia', async () => {
    await page.getByRole('button', { name: 'Atrasadas' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Mariana Ferreira' });
    await card.getByText('Vencida há 2 dias').waitFor();
    await card.getByRole('button', { name: 'Feita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feita: Ligação em 48 h' });
    await dialog.getByLabel('Observação (opcional)').fill('Conversamos; quer conhecer a célula.');
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Marcar como feita' }).click();
    await page.getByText('Etapa “Ligação em 48 h”: feita.').waitFor();
    await page.getByText('Nenhuma etapa atrasada.').waitFor();
    const step = await json<Step>('GET', `/followups/${ids.call}`);
    expect(step).toMatchObject({
      status: 'done',
      note: 'Conversamos; quer conhecer a célula.',
      closed_by_name: 'Administrador',
    });
    expect(await axeFindings(page)).toEqual([]);
  });

  it('sem consentimento, a consolidação para de oferecer contato', async () => {
    await json('POST', `/visitors/${ids.roberto}/consents`, { action: 'revoke' });
    await page.goto(`/igreja/visitantes/${ids.roberto}`);
    await page.getByRole('heading', { name: 'Roberto Carvalho' }).waitFor();
    await page.getByRole('heading', { name: 'Consolidação' }).waitFor();
    expect(await page.getByText(/^Cancelada em /).count()).toBe(4);
    expect(await page.getByRole('link', { name: /WhatsApp/ }).count()).toBe(0);
    await page.getByText('Sem consentimento para contato, não há consolidação.').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    // Mariana's page keeps the done step with its note, and her contact.
    await page.goto(`/igreja/visitantes/${ids.mariana}`);
    await page.getByText('Conversamos; quer conhecer a célula.').waitFor();
    await page.getByText(/^Feita em .* por Administrador$/).waitFor();
    expect(await page.getByRole('link', { name: /WhatsApp/ }).count()).toBe(3);
  });
});

describe('o que o pastor vê (1280 px)', () => {
  it('a presença por culto em gráfico, e quem sumiu', async () => {
    await context.close();
    ({ context, page } = await newPage(browser, server, { viewport: DESKTOP }));
    await signIn(page, ADMIN.email, ADMIN.password);
    await menuItem(page, 'Vida da igreja').click();
    await page.waitForURL('**/relatorios/vida_da_igreja');
    await page.getByRole('heading', { name: 'Média de presentes por culto, mês a mês' }).waitFor();
    const chart = page.getByRole('img', { name: 'Média de presentes por culto, mês a mês' });
    // One bar per month with a culto (three Sundays, a month apart).
    await expect.poll(() => chart.locator('rect').count(), { timeout: 10_000 }).toBe(3);
    await page.getByRole('cell', { name: 'Culto da família' }).waitFor();
    await page.getByRole('cell', { name: 'Todos os cultos' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Quem sumiu' }).click();
    await page.getByRole('cell', { name: 'Rute Sumida' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Débora Nunes' }).count()).toBe(0);
    expect(await chart.count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
  });
});
