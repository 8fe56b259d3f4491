// Church life on a phone (390 px, issue 26): open today's culto, check a member in by name, another
// by the QR code of the credential read by the camera (Chromium's fake camera plays a video of the
// real card's QR code, written here as YUV4MPEG2 frames), add a visitor at the door, and check in
// without a connection: the check-in waits in the browser, goes when the connection returns, and
// replayed once more is still counted once. Then the culto's check-in host (a líder, issue 26),
// assigned on the culto's screen: on his phone only his culto, a member checked in by name and a
// visitor added. Axe on each screen.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../domain/churchLife';
import { todayIso } from '../../domain/dates';
import {
  ADMIN,
  ApiSession,
  type E2eServer,
  axeFindings,
  launchBrowser,
  newPage,
  settled,
  signIn,
  startServer,
  submitSignIn,
} from '../support/e2e';

const PHONE = { width: 390, height: 844 };
const HOST_EMAIL = 'gabriel.anfitriao@teste.org';
const HOST_PASSWORD = 'senha-do-anfitriao-1';
const QUEUE_KEY = 'adamCheckinQueue';

/** A video of `text`'s QR code (black on white, centred) as the fake camera's YUV4MPEG2 file. */
function qrVideo(text: string, file: string) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(440 / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + quiet) * scale + y) * width + left + (col + quiet) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ApiSession;
let videoDir: string;
const ids: Record<string, number> = {};

const json = <T>(method: string, path: string, body?: unknown) => admin.json<T>(method, path, body);

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server, ADMIN.email, ADMIN.password);
  // Credentials need the church's name, pastor and city.
  await json('PUT', '/church', {
    name: 'Igreja Evangélica Esperança',
    pastor_name: 'Antônio Conceição',
    city: 'Campinas',
    state: 'SP',
  });
  const [sede] = await json<Array<{ id: number }>>('GET', '/congregations');
  ids.sede = sede.id;
  const member = async (name: string) =>
    (await json<{ id: number }>('POST', '/members', { name, congregation_id: sede.id })).id;
  ids.debora = await member('Débora Nunes');
  ids.elias = await member('Elias Prado');
  ids.fabio = await member('Fábio Lacerda');
  ids.joana = await member('Joana Batista');
  ids.gabriel = await member('Gabriel Anfitrião');
  const credential = await json<{ id: number }>('POST', '/credentials', { member_id: ids.elias });
  const service = async (name: string, time: string) =>
    (
      await json<{ id: number }>('POST', '/worship_services', {
        name,
        congregation_id: sede.id,
        weekday: weekdayOf(todayIso()),
        time,
      })
    ).id;
  ids.service = await service('Culto da família', '19:00');
  // Today's other culto: never shown to the família's host.
  await service('Culto de oração', '07:00');
  await json('POST', '/users', {
    name: 'Gabriel Anfitrião',
    email: HOST_EMAIL,
    password: HOST_PASSWORD,
    roles: ['leader'],
    member_id: ids.gabriel,
  });
  // The card's QR code holds its check address (credentials/cards.ts): read it from the database.
  const db = new Database(join(server.dataDir, 'adam.sqlite'), { readonly: true });
  const { code } = db.prepare('select code from credentials where id = ?').get(credential.id) as {
    code: string;
  };
  db.close();
  videoDir = mkdtempSync(join(tmpdir(), 'adam-camera-'));
  const video = join(videoDir, 'credencial.y4m');
  qrVideo(`${server.baseUrl}/credencial/${code}`, video);
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  ({ context, page } = await newPage(browser, server, { viewport: PHONE }));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

interface GatheringAnswer {
  named_members: number;
  named_visitors: number;
  totals: { total: number };
}
const gathering = () => json<GatheringAnswer>('GET', `/gatherings/${ids.culto}`);
const queued = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], QUEUE_KEY);
const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

describe('cultos e presença no celular (390 px)', () => {
  it(
    'abre o culto de hoje e marca presença pelo nome, pelo QR code e de um visitante',
    { timeout: 90_000 },
    async () => {
      await signIn(page, ADMIN.email, ADMIN.password, '/igreja/cultos');
      await page.getByRole('heading', { name: /Cultos de hoje/ }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: /Abrir: Culto da família/ }).click();
      await page.waitForURL(/\/igreja\/cultos\/\d+$/);
      ids.culto = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { name: 'Culto da família' }).waitFor();

      // By name: two letters of the name, then "Presente".
      await page.getByLabel('Buscar membro pelo nome').fill('debo');
      await page.getByRole('button', { name: 'Marcar Débora Nunes presente' }).click();
      await page.getByText('Débora Nunes: presença marcada.').waitFor();
      expect((await gathering()).named_members).toBe(1);

      // By the credential's QR code, read by the (fake) camera.
      await page.getByRole('button', { name: 'Ler QR code da credencial' }).click();
      // The camera's frames are decoded in the page: on a machine busy with other suites that
      // took over 20 s once in CI.
      await page.getByText('Elias Prado: presença marcada.').waitFor({ timeout: 45_000 });
      expect((await gathering()).named_members).toBe(2);
      await page
        .getByRole('list', { name: /Presentes/ })
        .getByText(/QR code/)
        .waitFor();

      // A visitor at the door, with the consent to be contacted.
      await page.getByRole('button', { name: 'Visitante' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cadastrar visitante' });
      await dialog.getByLabel('Nome').fill('Sara Visitante');
      await dialog.getByLabel('Telefone (com DDD)').fill('11987654321');
      await dialog.getByLabel('O visitante concorda em ser contatado pela igreja').check();
      await dialog.getByText(/Texto do consentimento \(versão 1\)/).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cadastrar visitante' }).click();
      await page
        .getByText('Sara Visitante cadastrado como visitante e marcado presente.')
        .waitFor();
      const visitors = await json<Array<Record<string, unknown>>>('GET', '/visitors');
      expect(visitors).toHaveLength(1);
      expect(visitors[0]).toMatchObject({
        name: 'Sara Visitante',
        phone: '11987654321',
        contact_consent: true,
        consent_version: 1,
        visit_count: 1,
      });
      expect(await gathering()).toMatchObject({ named_members: 2, named_visitors: 1 });
      await page.getByText('Total: 3 (membros 2 · visitantes 1 · crianças 0)').waitFor();

      // The ushers' head count: below the named presence, refused at the field.
      await page.getByLabel('Membros', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Salvar contagem' }).click();
      await page
        .getByText('Há 2 membros marcados presentes pelo nome: a contagem não pode ser menor.')
        .waitFor();
      await page.getByLabel('Membros', { exact: true }).fill('40');
      await page.getByLabel('Crianças').fill('12');
      await page.getByRole('button', { name: 'Salvar contagem' }).click();
      await page.getByText('Total: 53 (membros 40 · visitantes 1 · crianças 12)').waitFor();
      expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await axeFindings(page)).toEqual([]);
    },
  );

  it('sem conexão, a presença fica no aparelho, vai quando a conexão volta e nunca conta duas vezes', async () => {
    await page.getByLabel('Buscar membro pelo nome').fill('fabio');
    const mark = page.getByRole('button', { name: 'Marcar Fábio Lacerda presente' });
    await mark.waitFor();
    let stored: Awaited<ReturnType<typeof queued>> = [];
    await context.setOffline(true);
    try {
      await mark.click();
      await page.getByText(/Sem conexão: a presença de Fábio Lacerda fica guardada/).waitFor();
      await page.getByText('1 presença aguardando conexão para ser enviada.').waitFor();
      stored = await queued();
      expect(stored).toHaveLength(1);
      expect((await gathering()).named_members).toBe(2);
    } finally {
      // Back online even when a check fails: the next tests use the same page.
      await context.setOffline(false);
    }
    await page.getByText('1 presença guardada foi enviada.').waitFor();
    await expect.poll(queued, { timeout: 10_000 }).toEqual([]);
    expect((await gathering()).named_members).toBe(3);

    // The same check-in replayed (as when the answer was lost on the way): counted once.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      QUEUE_KEY,
      JSON.stringify(stored),
    ] as const);
    await page.reload();
    await page.getByText('1 presença guardada foi enviada.').waitFor();
    await expect.poll(queued, { timeout: 10_000 }).toEqual([]);
    expect((await gathering()).named_members).toBe(3);
    const present = await json<Array<{ member_id: number | null }>>(
      'GET',
      `/gatherings/${ids.culto}/attendances`,
    );
    expect(present.filter((row) => row.member_id === ids.fabio)).toHaveLength(1);
  });

  it('a página do visitante: as visitas, editar, retirar o consentimento e tornar membro', async () => {
    await page.goto('/igreja/visitantes');
    await page.getByText('Sara Visitante').click();
    await page.getByRole('heading', { name: 'Sara Visitante' }).waitFor();
    await page.getByText(/Concordou em ser contatado em .* \(texto versão 1\)\./).waitFor();
    await page.getByRole('link', { name: 'Culto da família' }).waitFor();
    await page.getByText('Histórico do consentimento').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    const [visitor] = await json<Array<{ id: number }>>('GET', '/visitors');

    // Edited on the phone: name, phone and notes.
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Nome').fill('Sara Campos');
    const phone = page.getByLabel('Telefone');
    await phone.click();
    await phone.press('ControlOrMeta+a');
    await phone.press('Backspace');
    await phone.pressSequentially('19998765432');
    expect(await phone.inputValue()).toBe('(19) 99876-5432');
    await page.getByLabel('Observações').fill('Mora perto do templo.');
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('heading', { name: 'Sara Campos' }).waitFor();
    expect(await json(`GET`, `/visitors/${visitor.id}`)).toMatchObject({
      name: 'Sara Campos',
      phone: '19998765432',
      notes: 'Mora perto do templo.',
    });
    await page.getByText('(19) 99876-5432').waitFor();

    // Consent withdrawn: the phone is erased, the history keeps both records.
    await page.getByRole('button', { name: 'Retirar consentimento' }).click();
    const revoke = page.getByRole('dialog', { name: 'Retirar o consentimento para contato?' });
    expect(await axeFindings(page)).toEqual([]);
    await revoke.getByRole('button', { name: 'Retirar consentimento' }).click();
    await page
      .getByText('Consentimento de Sara Campos retirado; o telefone foi apagado.')
      .waitFor();
    await page.getByText('Retirou o consentimento', { exact: true }).waitFor();
    await page.getByText('Não registrou consentimento para ser contatado.').waitFor();
    expect(await page.getByText('(19) 99876-5432').count()).toBe(0);
    expect(await json(`GET`, `/visitors/${visitor.id}`)).toMatchObject({
      phone: null,
      contact_consent: false,
    });

    // "Tornar membro": a pending registration for the review, once.
    await page.getByRole('button', { name: 'Tornar membro' }).click();
    await page
      .getByRole('dialog', { name: 'Tornar membro?' })
      .getByRole('button', { name: 'Tornar membro' })
      .click();
    await page.getByText('Cadastro de membro de Sara Campos aguardando conferência.').waitFor();
    expect(await page.getByRole('button', { name: 'Tornar membro' }).count()).toBe(0);
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    const pending = await json<Array<{ name: string; congregation_id: number }>>(
      'GET',
      '/registrations',
    );
    expect(pending).toContainEqual(
      expect.objectContaining({ name: 'Sara Campos', congregation_id: ids.sede }),
    );
    await page.getByRole('link', { name: 'Conferir em Cadastros pendentes' }).click();
    await page.getByText('Sara Campos').first().waitFor();
  });

  it('os direitos do visitante (LGPD): exportar os dados e anonimizar, no celular', async () => {
    const visitor = await json<{ id: number }>('POST', '/visitors', {
      name: 'Otília Pereira',
      phone: '11955554444',
      contact_consent: true,
      congregation_id: ids.sede,
    });
    await page.goto(`/igreja/visitantes/${visitor.id}`);
    const rights = page.getByRole('region', { name: 'Direitos do titular (LGPD)' });
    await rights.getByText(/A pedido do visitante \(LGPD, art\. 18\)/).waitFor();
    await rights.getByRole('button', { name: 'Exportar dados do visitante' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /JSON/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dados-do-visitante-${visitor.id}.json`);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(file.visitor).toMatchObject({ name: 'Otília Pereira', phone: '11955554444' });

    await rights.getByRole('button', { name: 'Anonimizar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anonimizar Otília Pereira' });
    const confirm = dialog.getByRole('button', { name: 'Anonimizar' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Nome do visitante, para confirmar').fill('Otília Pereira');
    expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeFindings(page)).toEqual([]);
    await confirm.click();
    await page
      .getByText(/^Visitante anonimizado: o registro agora é “Visitante anonimizado nº \d+”\.$/)
      .waitFor();
    await page.getByRole('heading', { name: /^Visitante anonimizado nº \d+$/ }).waitFor();
    await rights.getByText(/^Visitante anonimizado em /).waitFor();
    // No edit, consent or conversion of an erased identity; the phone is gone.
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByText('(11) 95555-4444').count()).toBe(0);
    expect(await json(`GET`, `/visitors/${visitor.id}`)).toMatchObject({ phone: null });
  });

  it('o anfitrião do check-in (líder) vê só o seu culto, marca um membro pelo nome e um visitante', async () => {
    // On a desktop, the cultos' table with each one's total (drawn from an object, it broke the page).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/igreja/cultos');
    await page.getByRole('row', { name: /Culto da família/ }).waitFor();
    expect(await page.getByText('Algo deu errado').count()).toBe(0);
    await page.setViewportSize(PHONE);

    // Before he hosts a culto, his menu (on a desktop) has no cultos.
    const desk = await newPage(browser, server, { viewport: { width: 1280, height: 900 } });
    const cultosItem = desk.page.getByRole('menuitem', { name: 'Cultos e eventos' });
    await submitSignIn(desk.page, HOST_EMAIL, HOST_PASSWORD);
    await desk.page.getByRole('menuitem', { name: 'Células' }).waitFor();
    expect(await cultosItem.count()).toBe(0);

    // The office assigns him on the culto's screen.
    await page.goto(`/igreja/horarios/${ids.service}/editar`);
    const hosts = page.getByRole('combobox', { name: /Anfitriões/ });
    await hosts.fill('gabr');
    await page.getByRole('option', { name: 'Gabriel Anfitrião' }).click();
    await page.getByRole('button', { name: 'Salvar anfitriões' }).click();
    await page.getByText('Anfitriões do check-in salvos.').waitFor();
    expect(await json('GET', `/worship_services/${ids.service}`)).toMatchObject({
      host_ids: [ids.gabriel],
    });
    await settled(page);
    expect(await axeFindings(page)).toEqual([]);

    // Now his menu has them.
    await desk.page.reload();
    await cultosItem.waitFor();
    await desk.context.close();

    const host = await newPage(browser, server, { viewport: PHONE });
    const phone = host.page;
    try {
      await submitSignIn(phone, HOST_EMAIL, HOST_PASSWORD);
      // His home: the culto he hosts, a tap from the cultos' screen.
      await phone.waitForURL('**/igreja/celulas');
      await phone.getByRole('heading', { name: 'Cultos que você recebe' }).waitFor();
      await phone.getByRole('link', { name: /Culto da família/ }).click();
      await phone.getByRole('heading', { name: /Cultos de hoje/ }).waitFor();
      await phone.getByRole('button', { name: /Abrir: Culto da família/ }).waitFor();
      expect(await phone.getByText('Culto de oração').count()).toBe(0);
      await settled(phone);
      expect(await axeFindings(phone)).toEqual([]);
      await phone.getByRole('button', { name: /Abrir: Culto da família/ }).click();
      await phone.waitForURL(`**/igreja/cultos/${ids.culto}`);
      await phone.getByRole('heading', { name: 'Culto da família' }).waitFor();

      await phone.getByLabel('Buscar membro pelo nome').fill('joana');
      await phone.getByRole('button', { name: 'Marcar Joana Batista presente' }).click();
      await phone.getByText('Joana Batista: presença marcada.').waitFor();
      await phone.getByRole('button', { name: 'Visitante' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Cadastrar visitante' });
      await dialog.getByLabel('Nome').fill('Tiago Visitante');
      await dialog.getByLabel('Quem convidou (membro)').fill('joana');
      await phone.getByRole('option', { name: 'Joana Batista' }).click();
      await dialog.getByRole('button', { name: 'Cadastrar visitante' }).click();
      await phone
        .getByText('Tiago Visitante cadastrado como visitante e marcado presente.')
        .waitFor();
      const present = await json<Array<{ name: string }>>(
        'GET',
        `/gatherings/${ids.culto}/attendances`,
      );
      expect(present.map((row) => row.name)).toEqual(
        expect.arrayContaining(['Joana Batista', 'Tiago Visitante']),
      );
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await settled(phone);
      expect(await axeFindings(phone)).toEqual([]);
      // The office's screens send him home.
      await phone.goto(`/igreja/horarios/${ids.service}/editar`);
      await expect
        .poll(() => new URL(phone.url()).pathname, { timeout: 10_000 })
        .toBe('/igreja/celulas');
    } finally {
      await host.context.close();
    }
  });
});
