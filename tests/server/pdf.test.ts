// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// The printable documents, opened as a reader would: the text inside each PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, todayIso } from '../../domain/dates.js';
import { formatDate } from '../../domain/formats.js';
import { AVATARS } from '../../server/seed/photos.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';
import { pdfText } from '../support/pdf.js';

/** The PDF's text with line breaks as spaces (table cells and wrapped lines). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('printable PDFs', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  const today = todayIso();
  const ids = { maria: 0, joao: 0 };

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: secretary, payload: payload as object });

  const pdf = async (url: string) => {
    const response = await api('GET', url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return flat(await pdfText(response.rawPayload));
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    await api('PUT', '/api/church', {
      name: 'Igreja Evangélica Esperança',
      pastor_name: 'Antônio Conceição',
      street: 'Rua São João',
      number: '250',
      district: 'Centro',
      city: 'Campinas',
      state: 'SP',
      zip_code: '13010000',
      cnpj: '11222333000181',
      credential_validity_months: 6,
    });
    const positions = (await api('GET', '/api/positions')).json() as Array<{
      id: number;
      name: string;
    }>;
    const create = async (body: object) => (await api('POST', '/api/members', body)).json().id;
    ids.maria = await create({
      name: 'Maria da Conceição Araújo',
      sex: 'F',
      status: 'active',
      admission_date: '2015-03-01',
      position_id: positions.find((p) => p.name === 'Diácono')!.id,
      photo: 'data:image/jpeg;base64,/9j/AAAA',
    });
    ids.joao = await create({ name: 'João Antônio Brandão', sex: 'M', status: 'active' });
    await create({ name: 'Pedro Sem Credencial', status: 'active' });
  });
  afterAll(() => t.close());

  it('a card shows the church, name, position, number and validity', async () => {
    const card = (await api('POST', '/api/credentials', { member_id: ids.maria })).json();
    const text = await pdf(`/api/credentials/${card.id}/pdf`);
    expect(text).toContain('Igreja Evangélica Esperança');
    expect(text).toContain('CREDENCIAL DE MEMBRO');
    expect(text).toContain('Maria da Conceição Araújo');
    expect(text).toContain('Diácono');
    expect(text).toContain('000001');
    expect(text).toContain(formatDate(addMonths(today, 6)));
    expect(text).toContain(`Emitida em ${formatDate(today)}`);
    expect(text).toContain('Membro desde 01/03/2015');
    expect(text).toContain('Pastor presidente');
  });

  it('a batch puts several cards in one file; a revoked card is refused', async () => {
    const card = (await api('POST', '/api/credentials', { member_id: ids.joao })).json();
    const list = (await api('GET', '/api/credentials')).json() as Array<{ id: number }>;
    const text = await pdf(`/api/credentials/pdf?ids=${list.map((c) => c.id).join(',')}`);
    expect(text).toContain('Maria da Conceição Araújo');
    expect(text).toContain('João Antônio Brandão');
    expect(text).toContain('000002');
    await api('POST', `/api/credentials/${card.id}/revoke`);
    const refused = await api('GET', `/api/credentials/${card.id}/pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/revogada e não pode ser impressa/);
    expect((await api('GET', '/api/credentials/pdf?ids=')).statusCode).toBe(400);
    expect((await api('GET', '/api/credentials/pdf?ids=999999')).statusCode).toBe(404);
  });

  it('a batch of twelve cards is three pages, each card with its photo, the logo stored once', async () => {
    const logo = AVATARS[5];
    expect((await api('PUT', '/api/church', { logo })).statusCode).toBe(200);
    const members: number[] = [];
    for (let i = 0; i < 12; i++) {
      const photo = AVATARS[i % 5];
      const body = { name: `Cartão ${i + 1} Lote`, status: 'active', photo, photo_thumb: photo };
      members.push((await api('POST', '/api/members', body)).json().id);
    }
    const issued = await api('POST', '/api/credentials/bulk', { member_ids: members });
    expect(issued.json().issued).toBe(12);
    const response = await api('GET', `/api/credentials/pdf?ids=${issued.json().ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    const raw = response.rawPayload;
    const occurrences = (bytes: Buffer) => {
      let count = 0;
      for (let at = raw.indexOf(bytes); at !== -1; at = raw.indexOf(bytes, at + 1)) count++;
      return count;
    };
    const jpeg = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1], 'base64');
    expect(raw.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    expect(occurrences(jpeg(logo))).toBe(1);
    expect(occurrences(jpeg(AVATARS[0]))).toBe(3);
    const text = flat(await pdfText(raw));
    for (let i = 1; i <= 12; i++) expect(text).toContain(`Cartão ${i} Lote`);
    await api('PUT', '/api/church', { logo: null });
  });

  it('a letter is on the letterhead, numbered per year, with the signature line', async () => {
    const year = today.slice(0, 4);
    const letter = (
      await api('POST', '/api/letters', {
        member_id: ids.maria,
        letter_type: 'recommendation',
        destination_church: 'Igreja Batista da Lagoinha',
        destination_city: 'Belo Horizonte/MG',
        notes: 'A irmã estará em viagem de trabalho.',
      })
    ).json();
    const text = await pdf(`/api/letters/${letter.id}/pdf`);
    expect(text).toContain('Igreja Evangélica Esperança');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('CEP 13.010-000');
    expect(text).toContain('CARTA DE RECOMENDAÇÃO');
    expect(text).toContain(`Nº 1/${year}`);
    expect(text).toContain('À Igreja Batista da Lagoinha, em Belo Horizonte/MG.');
    expect(text).toContain(
      'a irmã Maria da Conceição Araújo, membro desta igreja desde 01/03/2015',
    );
    expect(text).toContain('o cargo de Diácono');
    expect(text).toContain('A irmã estará em viagem de trabalho.');
    expect(text).toContain('Antônio Conceição');
    expect(text).toContain('Pastor presidente');
    expect(text).toMatch(/Campinas\/SP, \d{1,2} de [a-zç]+ de \d{4}\./);

    const transfer = (
      await api('POST', '/api/letters', {
        member_id: ids.joao,
        letter_type: 'transfer',
        destination_church: 'Primeira Igreja Presbiteriana',
        destination_city: 'Natal/RN',
      })
    ).json();
    const transferText = await pdf(`/api/letters/${transfer.id}/pdf`);
    expect(transferText).toContain('CARTA DE TRANSFERÊNCIA');
    expect(transferText).toContain(`Nº 2/${year}`);
    expect(transferText).toContain('o irmão João Antônio Brandão');
    expect(transferText).toContain('ficará desligado do nosso rol de membros');
  });

  it('each report prints its title, filters and rows', async () => {
    const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    const expiring = await pdf('/api/reports/expiring_credentials/pdf?filter=' + q({ days: 200 }));
    expect(expiring).toContain('Credenciais a expirar');
    expect(expiring).toContain('Maria da Conceição Araújo');
    expect(expiring).toContain(formatDate(addMonths(today, 6)));
    expect(expiring).toMatch(/Página 1 de 1/);

    const without = await pdf('/api/reports/members_without_credentials/pdf');
    expect(without).toContain('Membros sem credencial válida');
    expect(without).toContain('Pedro Sem Credencial');
    // in transfer by the letter above (no longer active): not listed
    expect(without).not.toContain('João Antônio Brandão');
    expect(without).not.toContain('Maria da Conceição Araújo');

    const letters = await pdf('/api/reports/issued_letters/pdf');
    expect(letters).toContain('Cartas emitidas');
    expect(letters).toContain('Igreja Batista da Lagoinha');
    expect(letters).toContain('Carta de transferência');

    const birthdays = await pdf('/api/reports/birthdays/pdf?filter=' + q({ days: 10 }));
    expect(birthdays).toContain('Aniversariantes dos próximos 10 dias');
    expect(birthdays).toContain('Nenhum aniversariante no período.');
  });
});
