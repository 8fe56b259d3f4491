import { describe, expect, it } from 'vitest';
import {
  crc16,
  hasValidCrc,
  normalizePixKey,
  pixPurposeCategory,
  pixPurposeOf,
  pixSettingsSchema,
  readBrCode,
  staticBrCode,
} from '../../domain/finance/pix';
import { payerNames } from '../../domain/finance/statements';

// The static QR code example of the Central Bank's "Manual de Padrões para Iniciação do Pix"
// (also the fixture of ACBr's TACBrPIXQRCodeEstatico tests).
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

// Codes issued by payment institutions, published in their SDK documentation and tests: the CRC
// closing each is the CRC of the rest.
const PUBLISHED = [
  BCB_EXAMPLE,
  // Stark Bank's DynamicBrcode example.
  '00020126360014br.gov.bcb.pix0114+552840092118152040000530398654040.095802BR5915Jamie Lannister6009Sao Paulo620705038566304FC6C',
  // A Voluti location code (field 25: a URL instead of a key).
  '00020126850014br.gov.bcb.pix2563pix.voluti.com.br/qr/v3/at/c75d8412-3935-49d1-9d80-6435716962665204000053039865802BR5925SMARTPAY_SERVICOS_DIGITAI6013FLORIANOPOLIS62070503***6304575A',
];

describe('crc16 (CCITT-FALSE)', () => {
  it('gives the standard check value of "123456789" and of nothing', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
    // Over the UTF-8 bytes, as a payer's bank reads a code: "é" is C3 A9.
    expect(crc16('é')).toBe('7ACB');
  });

  it.each(PUBLISHED)('agrees with the CRC of the published code %s', (code) => {
    expect(hasValidCrc(code)).toBe(true);
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
    // One character changed: the CRC no longer matches.
    expect(hasValidCrc(code.replace('BR', 'BX'))).toBe(false);
  });
});

describe('staticBrCode', () => {
  it('reproduces the Central Bank manual example byte for byte', () => {
    expect(
      staticBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        name: 'Fulano de Tal',
        city: 'BRASILIA',
      }),
    ).toBe(BCB_EXAMPLE);
  });

  it('carries the amount, the txid, the description and plain-ASCII name and city', () => {
    const code = staticBrCode({
      key: '+5511912345678',
      name: 'Igreja Evangélica Assembleia de Deus São João',
      city: 'São José dos Campos',
      amountCents: 12_345,
      txid: 'DIZIMO',
      description: 'Dízimo',
    });
    expect(hasValidCrc(code)).toBe(true);
    const fields = readBrCode(code);
    expect(fields['00']).toBe('01');
    expect(readBrCode(fields['26'])).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': '+5511912345678',
      '02': 'Dizimo',
    });
    expect(fields['52']).toBe('0000');
    expect(fields['53']).toBe('986');
    expect(fields['54']).toBe('123.45');
    expect(fields['58']).toBe('BR');
    expect(fields['59']).toBe('Igreja Evangelica Assembl');
    expect(fields['59']).toHaveLength(25);
    expect(fields['60']).toBe('Sao Jose dos Ca');
    expect(readBrCode(fields['62'])).toEqual({ '05': 'DIZIMO' });
    expect(code.slice(-8, -4)).toBe('6304');
    expect(Object.keys(fields).sort()).toEqual([
      '00',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
  });

  it('writes small and large amounts exactly', () => {
    const amountOf = (amountCents: number) =>
      readBrCode(staticBrCode({ key: 'a@b.co', name: 'N', city: 'C', amountCents }))['54'];
    expect(amountOf(1)).toBe('0.01');
    expect(amountOf(100)).toBe('1.00');
    expect(amountOf(999_999_999_999)).toBe('9999999999.99');
    expect(() => amountOf(1_000_000_000_000)).toThrow(RangeError);
    expect(() => amountOf(0)).toThrow(RangeError);
  });

  it('keeps the account template within 99 characters, the description giving way', () => {
    const key = `${'a'.repeat(60)}@igreja.org.br`;
    const code = staticBrCode({
      key,
      name: 'Igreja',
      city: 'Recife',
      description: 'Oferta para a construção do templo novo',
    });
    const account = readBrCode(code)['26'];
    expect(account.length).toBeLessThanOrEqual(99);
    expect(readBrCode(account)['01']).toBe(key);
    expect(hasValidCrc(code)).toBe(true);
  });

  it('uses *** without a txid and drops what is not alphanumeric from one', () => {
    const code = staticBrCode({ key: 'k', name: 'N', city: 'C', txid: 'Missões 2026!' });
    expect(readBrCode(readBrCode(code)['62'])['05']).toBe('Misses2026');
  });
});

describe('Pix keys', () => {
  it.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['cnpj', '12.abc.345/01de-35', '12ABC34501DE35'],
    ['email', ' Tesouraria@Igreja.org ', 'tesouraria@igreja.org'],
    ['phone', '(11) 91234-5678', '+5511912345678'],
    ['phone', '+55 11 91234-5678', '+5511912345678'],
    ['phone', '(19) 3232-1000', '+551932321000'],
    ['random', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
  ] as const)('%s %s is the key %s', (type, raw, key) => {
    expect(normalizePixKey(type, raw)).toBe(key);
  });

  it.each([
    ['cpf', '529.982.247-24'],
    ['cpf', '111.111.111-11'],
    ['cnpj', '11.222.333/0001-82'],
    ['email', 'tesouraria@igreja'],
    ['email', 'sem arroba.org'],
    ['email', 'joão@igreja.org'],
    ['phone', '91234-5678'],
    ['phone', '+1 415 555 0100'],
    ['phone', '(11) 81234-56789'],
    ['random', '123e4567-e12b-12d1-a456'],
    ['random', 'chave-qualquer'],
  ] as const)('refuses %s %s', (type, raw) => {
    expect(normalizePixKey(type, raw)).toBeNull();
  });

  it('validates the settings as a whole, in Portuguese', () => {
    const bad = pixSettingsSchema.safeParse({
      pix_key_type: 'cpf',
      pix_key: '123',
      pix_name: '',
      pix_city: 'Uma cidade de nome comprido',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      pix_key: 'Chave Pix inválida: o CPF não confere.',
      pix_name: 'Informe o nome do recebedor, como o banco o mostra.',
      pix_city: 'Cidade: no máximo 15 caracteres.',
    });
    const wrongKey = pixSettingsSchema.safeParse({
      pix_key_type: 'cpf',
      pix_key: '123',
      pix_name: 'Igreja',
      pix_city: 'Campinas',
    });
    expect(wrongKey.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['pix_key', 'Chave Pix inválida: o CPF não confere.'],
    ]);
    expect(
      pixSettingsSchema.parse({
        pix_key_type: 'phone',
        pix_key: '(11) 91234-5678',
        pix_name: 'Igreja',
        pix_city: 'Campinas',
      }),
    ).toEqual({
      pix_key_type: 'phone',
      pix_key: '+5511912345678',
      pix_name: 'Igreja',
      pix_city: 'Campinas',
    });
    expect(pixSettingsSchema.parse({ pix_key: '', pix_key_type: null })).toEqual({
      pix_key_type: null,
      pix_key: null,
      pix_name: null,
      pix_city: null,
    });
  });
});

describe("a bank statement's Pix: the txid's purpose and the payer's name", () => {
  it.each([
    ['PIX RECEBIDO - FULANO - DIZIMO', 'DIZIMO'],
    ['Pix recebido TXID: oferta', 'OFERTA'],
    ['PIX RECEBIDO MISSÕES', 'MISSOES'],
    ['Pix - Recebido 02/03 12:10 Dízimo Fulano', 'DIZIMO'],
    ['TRANSF RECEBIDA TXID CAMPANHA', 'CAMPANHA'],
    ['PIX RECEBIDO TXID DIZIMO OFERTA', 'DIZIMO'],
    ['PIX RECEBIDO DIZIMO - DIZIMO', 'DIZIMO'],
  ])('%s -> %s', (memo, purpose) => {
    expect(pixPurposeOf(memo)).toBe(purpose);
  });

  it.each([
    'PIX RECEBIDO FULANO',
    'PIX RECEBIDO DIZIMOS',
    'PIX RECEBIDO DIZIMOS2',
    'PIX RECEBIDO DIZIMO2',
    'PIXDIZIMO',
    'DEPOSITO DIZIMO',
    'PIX RECEBIDO OFERTA DIZIMO',
  ])('%s: none', (memo) => {
    expect(pixPurposeOf(memo)).toBeNull();
  });

  it("finds the purpose's category by name, accents and case aside, or none", () => {
    const categories = [
      { id: 1, name: 'DÍZIMO' },
      { id: 2, name: 'Missões' },
      { id: 3, name: 'Ofertas' },
    ];
    expect(pixPurposeCategory('DIZIMO', categories)).toBe(1);
    expect(pixPurposeCategory('MISSOES', categories)).toBe(2);
    expect(pixPurposeCategory('OFERTA', categories)).toBe(3);
    expect(pixPurposeCategory('CAMPANHA', categories)).toBeNull();
  });

  it("offers the runs of two or more words between the bank's words, codes and numbers", () => {
    expect(payerNames('PIX RECEBIDO 02/03 JOÃO DA SILVA - DIZIMO')).toEqual([
      'joao da',
      'joao da silva',
      'da silva',
    ]);
    expect(payerNames('PIX RECEBIDO FULANO TXID OFERTA')).toEqual([]);
  });
});
