import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from '../../domain/taxIds';

describe('isValidCpf', () => {
  it.each(['529.982.247-25', '52998224725', '123.456.789-09', '111.444.777-35'])(
    'accepts %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ['wrong first check digit', '529.982.247-15'],
    ['wrong second check digit', '529.982.247-24'],
    ['all digits equal', '111.111.111-11'],
    ['all zeros', '00000000000'],
    ['too short', '5299822472'],
    ['too long', '529982247250'],
    ['letters', '529.982.247-2A'],
    ['empty', ''],
  ])('rejects %s', (_case, cpf) => expect(isValidCpf(cpf)).toBe(false));

  it('rejects null, undefined and numbers that lost their leading zero', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
    expect(isValidCpf(1234567890)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each([
    ['numeric, formatted', '11.222.333/0001-81'],
    ['numeric, digits only', '11222333000181'],
    ['numeric', '11.444.777/0001-61'],
    ['Receita Federal alphanumeric example', '12.ABC.345/01DE-35'],
    ['alphanumeric, unformatted', '12ABC34501DE35'],
    ['alphanumeric, lowercase', '12.abc.345/01de-35'],
  ])('accepts %s', (_case, cnpj) => expect(isValidCnpj(cnpj)).toBe(true));

  it.each([
    ['wrong first check digit', '11.222.333/0001-91'],
    ['wrong second check digit', '11.222.333/0001-82'],
    ['alphanumeric with wrong check digits', '12.ABC.345/01DE-36'],
    ['a letter in a check digit', '12.ABC.345/01DE-3A'],
    ['all zeros', '00.000.000/0000-00'],
    ['all the same digit', '11111111111111'],
    ['too short', '1122233300018'],
    ['too long', '112223330001810'],
    ['a CPF', '529.982.247-25'],
    ['empty', ''],
  ])('rejects %s', (_case, cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it('rejects null and undefined', () => {
    expect(isValidCnpj(null)).toBe(false);
    expect(isValidCnpj(undefined)).toBe(false);
  });
});

describe('normalizers', () => {
  it('keeps only the digits of a CPF', () => {
    expect(normalizeCpf(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizeCpf(null)).toBe('');
  });

  it('keeps letters and digits of a CNPJ, uppercase', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj(undefined)).toBe('');
  });
});
