// Documents need the church's data (issue 24): on a new installation, with Configurações → Igreja
// still empty, no credential or letter is issued (422 naming what is missing, nothing written);
// once the name, pastor and city are there, the card is issued and the letter's date line has the
// city.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('credentials and letters before the church data is complete', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let memberId: number;

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: admin, payload: payload as object });
  const letter = () =>
    api('POST', '/api/letters', {
      member_id: memberId,
      letter_type: 'recommendation',
      destination_church: 'Igreja Batista Central',
      destination_city: 'Sorocaba/SP',
    });
  const written = async () => {
    const [credentials, letters] = await Promise.all(
      (['credentials', 'letters'] as const).map((table) =>
        t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return Number(credentials.count) + Number(letters.count);
  };

  beforeAll(async () => {
    t = await createTestApp({ blankChurch: true });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    const created = await api('POST', '/api/members', { name: 'Ester Primeira', status: 'active' });
    expect(created.statusCode, created.body).toBe(201);
    memberId = created.json().id;
  });
  afterAll(() => t.close());

  it('a new church issues nothing and says what to fill in, and where', async () => {
    const everything =
      'Antes de emitir credenciais e cartas, informe em Configurações → Igreja: ' +
      'nome da igreja, pastor presidente e cidade.';
    for (const response of [
      await api('POST', '/api/credentials', { member_id: memberId }),
      await api('POST', '/api/credentials/bulk', { member_ids: [memberId] }),
      await letter(),
    ]) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(everything);
    }
    expect(await written()).toBe(0);
  });

  it('names only what is still missing ("Minha Igreja" is not a name)', async () => {
    await api('PUT', '/api/church', { name: 'Minha Igreja', pastor_name: 'Pr. Davi Lima' });
    let response = await api('POST', '/api/credentials', { member_id: memberId });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/Igreja: nome da igreja e cidade\.$/);

    await api('PUT', '/api/church', { name: 'Igreja Evangélica Betel', city: '  ' });
    response = await letter();
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/Igreja: cidade\.$/);
    expect(await written()).toBe(0);
  });

  it('with name, pastor and city the card is issued and the letter is dated in the city', async () => {
    await api('PUT', '/api/church', { city: 'Sorocaba', state: 'SP' });
    const card = await api('POST', '/api/credentials', { member_id: memberId });
    expect(card.statusCode, card.body).toBe(201);
    const issued = await letter();
    expect(issued.statusCode, issued.body).toBe(201);
    const pdf = await api('GET', `/api/letters/${issued.json().id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Sorocaba\/SP, \d{1,2} de \p{L}+ de \d{4}\./u);
    expect(text).toContain('Pr. Davi Lima');
  });
});
