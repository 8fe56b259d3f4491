// Issue 25, Pix without a gateway: a bank account's key (checked by its kind), the static BR Code
// and its QR code for a purpose, the printable poster; bad input refused in Portuguese, scoped,
// audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidCrc, readBrCode } from '../../domain/finance/pix.js';
import { type Api, apiAs, created, insertCongregation } from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

describe('finance: Pix codes and posters', () => {
  let t: TestApp;
  let api: Api;
  let onlyB: Api;
  let secretary: Api;
  let account = 0;
  let bare = 0;

  const PIX = {
    pix_key_type: 'email',
    pix_key: ' Tesouraria@Igreja.org ',
    pix_name: 'Igreja Evangélica Teste',
    pix_city: 'São José',
  };

  beforeAll(async () => {
    t = await createTestApp();
    const B = await insertCongregation(t, 'Congregação Vila Nova');
    api = apiAs(t, await t.userWithRoles(['financial']));
    onlyB = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro B', [B]));
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    const newAccount = async (name: string) =>
      (
        await created(api, '/api/bank_accounts', {
          name,
          kind: 'checking',
          opening_date: '2020-01-01',
        })
      ).id as number;
    account = await newAccount('Conta Sede');
    bare = await newAccount('Caixa');
  });
  afterAll(() => t.close());

  it('keeps the key normalized and answers the BR Code with its QR code', async () => {
    const saved = await api('PUT', `/api/bank_accounts/${account}/pix`, PIX);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      pix_key_type: 'email',
      pix_key: 'tesouraria@igreja.org',
      pix_name: 'Igreja Evangélica Teste',
      pix_city: 'São José',
    });

    const response = await api('GET', `/api/pix?bank_account_id=${account}&purpose=DIZIMO`);
    expect(response.statusCode, response.body).toBe(200);
    const { payload, svg } = response.json() as { payload: string; svg: string };
    expect(hasValidCrc(payload)).toBe(true);
    const fields = readBrCode(payload);
    expect(readBrCode(fields['26'])).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': 'tesouraria@igreja.org',
      '02': 'Dizimo',
    });
    expect(fields['54']).toBeUndefined();
    expect(fields['59']).toBe('Igreja Evangelica Teste');
    expect(fields['60']).toBe('Sao Jose');
    expect(readBrCode(fields['62'])).toEqual({ '05': 'DIZIMO' });
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const withAmount = await api(
      'GET',
      `/api/pix?bank_account_id=${account}&purpose=OFERTA&amount_cents=5050`,
    );
    const amountFields = readBrCode(withAmount.json().payload);
    expect(amountFields['54']).toBe('50.50');
    expect(readBrCode(amountFields['62'])).toEqual({ '05': 'OFERTA' });
  });

  it('prints the poster: church, purpose, QR code and the copia e cola text; audited', async () => {
    const response = await api('GET', `/api/pix/poster?bank_account_id=${account}&purpose=MISSOES`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await flatPdfText(response.rawPayload);
    expect(text).toContain('Igreja Evangélica do Teste');
    expect(text).toContain('Missões');
    expect(text).toContain('Pix copia e cola');
    expect(text).toContain('Chave Pix (E-mail): tesouraria@igreja.org');
    const { payload } = (
      await api('GET', `/api/pix?bank_account_id=${account}&purpose=MISSOES`)
    ).json() as { payload: string };
    expect(text.replace(/\s/g, '')).toContain(payload.replace(/\s/g, ''));
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('resource', '=', 'bank_accounts')
      .where('record_id', '=', account)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'pdf']);
    expect(JSON.parse(entries[2].details ?? '{}')).toMatchObject({ purpose: 'MISSOES' });
  });

  it('refuses bad keys, amounts, purposes and accounts with a Portuguese 4xx', async () => {
    const badKey = await api('PUT', `/api/bank_accounts/${bare}/pix`, {
      ...PIX,
      pix_key_type: 'cpf',
      pix_key: '529.982.247-24',
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors).toEqual({ pix_key: 'Chave Pix inválida: o CPF não confere.' });
    const badPhone = await api('PUT', `/api/bank_accounts/${bare}/pix`, {
      ...PIX,
      pix_key_type: 'phone',
      pix_key: '1234',
    });
    expect(badPhone.json().errors.pix_key).toMatch(/^Chave Pix inválida: informe o celular/);
    const noName = await api('PUT', `/api/bank_accounts/${bare}/pix`, { ...PIX, pix_name: '' });
    expect(noName.json().errors).toEqual({
      pix_name: 'Informe o nome do recebedor, como o banco o mostra.',
    });
    const long = await api('PUT', `/api/bank_accounts/${bare}/pix`, {
      ...PIX,
      pix_name: 'Igreja Evangélica do Teste',
      pix_city: 'São José dos Campos',
    });
    expect(long.json().errors).toEqual({
      pix_name: 'Nome do recebedor: no máximo 25 caracteres.',
      pix_city: 'Cidade: no máximo 15 caracteres.',
    });
    const stored = await api('GET', `/api/bank_accounts/${bare}`);
    expect(stored.json().pix_key).toBeNull();

    // The account has no key: the code says where to put it.
    const noKey = await api('GET', `/api/pix?bank_account_id=${bare}&purpose=DIZIMO`);
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().message).toMatch(/^Esta conta não tem chave Pix/);

    const bad = async (query: string) => {
      const response = await api('GET', `/api/pix?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Parâmetro .* inválido\.$/);
    };
    await bad(`bank_account_id=${account}&purpose=DIZIMO&amount_cents=${2 ** 53 + 2}`);
    await bad(`bank_account_id=${account}&purpose=DIZIMO&amount_cents=0`);
    await bad(`bank_account_id=${account}&purpose=DIZIMO&amount_cents=12.5`);
    await bad(`bank_account_id=${account}&purpose=DOACAO`);
    await bad(`purpose=DIZIMO`);
    await bad(`bank_account_id=abc&purpose=DIZIMO`);
    const unknown = await api('GET', '/api/pix?bank_account_id=987654&purpose=DIZIMO');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Conta bancária não encontrada.');
    expect((await api('PUT', '/api/bank_accounts/987654/pix', PIX)).statusCode).toBe(404);

    // Removing the key: every field empty.
    const removed = await api('PUT', `/api/bank_accounts/${account}/pix`, {
      pix_key_type: null,
      pix_key: '',
      pix_name: '',
      pix_city: '',
    });
    expect(removed.json()).toMatchObject({ pix_key: null, pix_key_type: null, pix_name: null });
    await api('PUT', `/api/bank_accounts/${account}/pix`, PIX);
  });

  it('keeps Pix to financial access inside the reader’s congregations', async () => {
    expect(
      (await secretary('GET', `/api/pix?bank_account_id=${account}&purpose=DIZIMO`)).statusCode,
    ).toBe(403);
    expect(
      (await onlyB('GET', `/api/pix?bank_account_id=${account}&purpose=DIZIMO`)).statusCode,
    ).toBe(404);
    expect((await onlyB('PUT', `/api/bank_accounts/${account}/pix`, PIX)).statusCode).toBe(403);
  });
});
