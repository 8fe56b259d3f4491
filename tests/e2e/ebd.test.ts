// The EBD on a phone (390 px, issue 26): a class's page, its Sunday chamada — students ticked, one
// without a connection (kept on the phone, sent when it returns, counted once), a visitor added
// with the quick-add, the counts with the offering to the centavo, an impossible count refused at
// its field, the visitor enrolled as a student — and the secretary's Sunday summary with the chamada's figures. Axe on each screen.
// Then the class's teacher, a líder on his phone: his home and his classes only, his students'
// contacts, the chamada of the next Sunday with a visitor — no enrolment, certificates or edits.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../domain/formats';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  launchBrowser,
  newPage,
  pathOf,
  settled,
  signIn,
  submitSignIn,
  startServer,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };
const SUNDAY = '2026-07-05';
const NEXT_SUNDAY = '2026-07-12';
const QUEUE_KEY = 'adamCheckinQueue';
const TEACHER_EMAIL = 'priscila.professora@teste.org';
const TEACHER_PASSWORD = 'senha-da-professora-1';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
const ids: Record<string, number> = {};

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await admin.request(method, path, body);
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${JSON.stringify(response.json)}`);
  return response.json as T;
}

/** Replaces the date in a DD/MM/AAAA field, typed as a user would (select all, then digits). */
async function typeDate(name: string, iso: string, on: Page = page) {
  const field = on.locator(`input[name=${name}]`);
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.pressSequentially(formatDate(iso).replace(/\D/g, ''));
  expect(await field.inputValue()).toBe(formatDate(iso));
}

const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
const queued = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], QUEUE_KEY);

interface RollCallAnswer {
  figures: Record<string, number>;
  offering_cents: number | null;
}
const rollCall = () => json<RollCallAnswer>('GET', `/ebd_roll_calls/${ids.chamada}`);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  const [sede] = await json<Array<{ id: number }>>('GET', '/congregations');
  const member = async (name: string, birth_date: string) =>
    (await json<{ id: number }>('POST', '/members', { name, congregation_id: sede.id, birth_date }))
      .id;
  const teacher = await member('Priscila Andrade', '1975-04-02');
  const ebdClass = await json<{ id: number }>('POST', '/ebd_classes', {
    name: 'Jovens',
    congregation_id: sede.id,
    year: 2026,
    quarter: 3,
    age_group: 'Jovens',
    age_min: 18,
    age_max: 29,
    magazine: 'A Igreja de Cristo e sua missão',
    teacher_ids: [teacher],
  });
  ids.class = ebdClass.id;
  for (const [name, birth] of [
    ['Ana Beatriz Souza', '2003-02-10'],
    ['Bruno Carvalho', '1999-08-21'],
    ['Camila Ferreira', '2001-11-30'],
  ]) {
    await json('POST', `/ebd_classes/${ebdClass.id}/enrolments`, {
      member_id: await member(name, birth),
      enrolled_on: '2026-07-01',
    });
  }
  // Another teacher's class: never shown to Priscila.
  await json('POST', '/ebd_classes', {
    name: 'Adultos',
    congregation_id: sede.id,
    year: 2026,
    quarter: 3,
    teacher_ids: [await member('Samuel Mestre', '1960-01-01')],
  });
  await json('POST', '/users', {
    name: 'Priscila Andrade',
    email: TEACHER_EMAIL,
    password: TEACHER_PASSWORD,
    roles: ['leader'],
    member_id: teacher,
  });
  ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a EBD no celular (390 px)', () => {
  it('faz a chamada de uma turma: alunos, um sem conexão, um visitante e a contagem', async () => {
    await signIn(page, ADMIN.email, ADMIN.password, '/igreja/ebd');
    await page.getByText('Jovens').first().click();
    await page.getByRole('heading', { name: 'Jovens', level: 1 }).waitFor();
    await page.getByText('Professores: Priscila Andrade').waitFor();
    await page.getByRole('list', { name: 'Alunos (3)' }).waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);

    await typeDate('rollCallDate', SUNDAY);
    await page.getByRole('button', { name: 'Fazer a chamada' }).click();
    await page.waitForURL(/\/igreja\/ebd\/chamadas\/\d+$/);
    ids.chamada = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`${formatDate(SUNDAY)} · 3º trimestre de 2026`).waitFor();

    // Ticked on the phone: sent at once.
    await page.getByRole('checkbox', { name: 'Ana Beatriz Souza' }).click();
    await page.getByText('Ana Beatriz Souza: presença marcada.').waitFor();
    await expect.poll(async () => (await rollCall()).figures.present, { timeout: 10_000 }).toBe(1);

    // Without a connection: kept on the phone, sent when it returns, counted once.
    await context.setOffline(true);
    await page.getByRole('checkbox', { name: 'Bruno Carvalho' }).click();
    await page
      .getByText(/Sem conexão: a presença de Bruno Carvalho fica guardada/)
      .first()
      .waitFor();
    expect(await queued()).toHaveLength(1);
    expect(await page.getByRole('checkbox', { name: 'Bruno Carvalho' }).isChecked()).toBe(true);
    await context.setOffline(false);
    await page.getByText('1 presença guardada foi enviada.').waitFor();
    await expect.poll(queued, { timeout: 10_000 }).toEqual([]);
    expect((await rollCall()).figures).toMatchObject({ enrolled: 3, present: 2, absent: 1 });

    // A visitor through the quick-add, marked present at the chamada.
    await page.getByRole('button', { name: 'Visitante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar visitante' });
    await dialog.getByLabel('Nome').fill('Gabriel Visitante');
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cadastrar visitante' }).click();
    await page
      .getByText('Gabriel Visitante cadastrado como visitante e marcado presente.')
      .waitFor();
    await page
      .getByRole('list', { name: 'Visitantes (1)' })
      .getByText('Gabriel Visitante')
      .waitFor();
    expect((await rollCall()).figures).toMatchObject({ enrolled: 3, present: 2, visitors: 1 });
    // He will keep coming: enrolled from this Sunday, he is a student present, not a visitor.
    await page.getByRole('button', { name: 'Matricular Gabriel Visitante' }).click();
    await page.getByRole('checkbox', { name: 'Gabriel Visitante', checked: true }).waitFor();
    await page.getByText('Nenhum visitante registrado.').waitFor();
    expect((await rollCall()).figures).toMatchObject({ enrolled: 4, present: 3, visitors: 0 });

    // More Bíblias than people present: refused at the field; then the counts and the offering.
    await page.getByLabel('Bíblias').fill('4');
    await page.getByRole('button', { name: 'Salvar contagem' }).click();
    await page.getByText(/Bíblias: 4 é mais do que as 3 pessoas presentes/).waitFor();
    await page.getByLabel('Bíblias').fill('3');
    await page.getByLabel('Revistas').fill('2');
    const offering = page.getByLabel('Oferta');
    await offering.click();
    await offering.pressSequentially('1237');
    expect(await offering.inputValue()).toBe('12,37');
    await page.getByRole('button', { name: 'Salvar contagem' }).click();
    await page.getByText('Contagem salva.').waitFor();
    expect(await rollCall()).toMatchObject({
      offering_cents: 1_237,
      figures: { enrolled: 4, present: 3, absent: 1, visitors: 0, bibles: 3, magazines: 2 },
    });
    const figures = page.getByTestId('roll-call-figures');
    await figures.getByText('R$ 12,37').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('o resumo do domingo mostra cada turma e o total, e a planilha (CSV)', async () => {
    await page.goto('/igreja/ebd/resumo');
    await page.getByRole('heading', { name: 'Resumo da EBD' }).waitFor();
    await typeDate('date', SUNDAY);
    const total = page.getByRole('listitem').filter({ hasText: /^Total/ });
    await total
      .getByText(
        'Matriculados: 4 · Presentes: 3 · Ausentes: 1 · Visitantes: 0 · Bíblias: 3 · Revistas: 2 · Oferta: R$ 12,37',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Jovens · Minha Igreja' }).waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Planilha (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe(`resumo-ebd-${SUNDAY}.csv`);
  });

  it('a professora (líder) vê só a sua turma e faz a chamada pelo celular', async () => {
    const teacher = await newPage(browser, server, { viewport: PHONE });
    const phone = teacher.page;
    try {
      await submitSignIn(phone, TEACHER_EMAIL, TEACHER_PASSWORD);
      // Her home: her groups — no cell, her class.
      await phone.waitForURL('**/igreja/celulas');
      await phone.getByRole('heading', { name: 'Minhas turmas da EBD' }).waitFor();
      await phone.getByRole('link', { name: /^Jovens/ }).waitFor();
      expect(await phone.getByText('Adultos').count()).toBe(0);
      await settled(phone);
      expect(await axeFindings(phone)).toEqual([]);
      // The office's screens send her home.
      for (const path of ['/igreja/ebd/resumo', `/igreja/ebd/${ids.class}/editar`]) {
        await phone.goto(path);
        await expect.poll(() => pathOf(phone), { timeout: 10_000 }).toBe('/igreja/celulas');
      }

      await phone.goto('/igreja/ebd');
      await phone.getByText('Jovens').first().waitFor();
      expect(await phone.getByText('Adultos').count()).toBe(0);
      expect(await phone.getByText('Resumo do domingo').count()).toBe(0);
      await phone.getByText('Jovens').first().click();
      await phone.getByRole('heading', { name: 'Jovens', level: 1 }).waitFor();
      // Her students' contacts: name and birthday (day and month); no enrolment, no certificates.
      const contacts = phone.getByRole('heading', { name: 'Contatos dos alunos' });
      await contacts.waitFor();
      await phone.getByText('Ana Beatriz Souza').waitFor();
      await phone.getByText('Aniversário: 10/02').waitFor();
      for (const absent of ['Certificados de frequência', 'Sugestões pela idade', 'Editar']) {
        expect(await phone.getByText(absent).count(), absent).toBe(0);
      }
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await settled(phone);
      expect(await axeFindings(phone)).toEqual([]);

      await typeDate('rollCallDate', NEXT_SUNDAY, phone);
      await phone.getByRole('button', { name: 'Fazer a chamada' }).click();
      await phone.waitForURL(/\/igreja\/ebd\/chamadas\/\d+$/);
      const chamada = Number(new URL(phone.url()).pathname.split('/').pop());
      await phone.getByRole('checkbox', { name: 'Camila Ferreira' }).click();
      await phone.getByText('Camila Ferreira: presença marcada.').waitFor();
      await expect
        .poll(
          async () =>
            (await json<RollCallAnswer>('GET', `/ebd_roll_calls/${chamada}`)).figures.present,
          { timeout: 10_000 },
        )
        .toBe(1);
      await phone.getByRole('button', { name: 'Visitante' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Cadastrar visitante' });
      await dialog.getByLabel('Nome').fill('Helena Visitante');
      await dialog.getByRole('button', { name: 'Cadastrar visitante' }).click();
      await phone
        .getByRole('list', { name: 'Visitantes (1)' })
        .getByText('Helena Visitante')
        .waitFor();
      // Enrolment is the office's.
      expect(await phone.getByRole('button', { name: 'Matricular Helena Visitante' }).count()).toBe(
        0,
      );
      expect(
        (await json<RollCallAnswer>('GET', `/ebd_roll_calls/${chamada}`)).figures,
      ).toMatchObject({ present: 1, visitors: 1 });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await settled(phone);
      expect(await axeFindings(phone)).toEqual([]);
    } finally {
      await teacher.context.close();
    }
  });
});
