import { describe, expect, it } from 'vitest';
import {
  formatBirthday,
  formatBoolean,
  formatCentsAmount,
  formatCnpj,
  formatCpf,
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  formatPhone,
  formatZipCode,
  onlyDigits,
  toCents,
} from '../../domain/formats';

describe('SPEC §5 display formats', () => {
  it.each([
    ['Date', formatDate('2026-03-05'), '05/03/2026'],
    ['Datetime', formatDateTime('2026-03-05T17:45:00Z'), '05/03/2026 14:45'],
    ['Birthday', formatBirthday('1990-07-14'), '14/07'],
    ['Phone, 11 digits starting with 0', formatPhone('08001234567'), '0800 123 4567'],
    ['Phone, 11 digits otherwise', formatPhone('11987654321'), '(11) 98765-4321'],
    ['Phone, 10 digits', formatPhone('1132654321'), '(11) 3265-4321'],
    ['CPF, 11 digits', formatCpf('52998224725'), '529.982.247-25'],
    ['CNPJ, 14 digits', formatCnpj('11222333000181'), '11.222.333/0001-81'],
    ['Zip code', formatZipCode('01310100'), '01.310-100'],
    ['Boolean true', formatBoolean(true), 'Sim'],
    ['Boolean false', formatBoolean(false), 'Não'],
    ['Money', formatMoney(123456), 'R$ 1.234,56'],
  ])('%s', (_kind, actual, expected) => expect(actual).toBe(expected));
});

describe('empty values', () => {
  const formatters = [
    formatDate,
    formatDateTime,
    formatBirthday,
    formatPhone,
    formatCpf,
    formatCnpj,
    formatDocument,
    formatZipCode,
    formatBoolean,
    formatMoney,
    formatCentsAmount,
    onlyDigits,
  ];

  it.each([null, undefined, '', '   '])('%j gives an empty string', (value) => {
    for (const format of formatters) expect(format(value)).toBe('');
  });
});

describe('dates', () => {
  it('never shifts a plain date by the time zone', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2025-12-31')).toBe('31/12/2025');
    expect(formatBirthday('2000-01-01')).toBe('01/01');
  });

  it('shows an instant in São Paulo time', () => {
    expect(formatDateTime('2026-03-01T02:30:00Z')).toBe('28/02/2026 23:30');
    expect(formatDate('2026-03-01T02:30:00Z')).toBe('28/02/2026');
    expect(formatDateTime('2026-03-01T02:30:00.123Z')).toBe('28/02/2026 23:30');
    expect(formatDateTime('2026-07-10T12:00:00+00:00')).toBe('10/07/2026 09:00');
    expect(formatDateTime('2026-07-10T12:00:00-03:00')).toBe('10/07/2026 12:00');
    expect(formatDateTime('2026-07-10T12:00:00-0300')).toBe('10/07/2026 12:00');
  });

  it('reads a timestamp without offset as UTC, as the server stores it', () => {
    expect(formatDateTime('2026-03-01T02:30:00')).toBe('28/02/2026 23:30');
    expect(formatDateTime('2026-03-01 02:30:00')).toBe('28/02/2026 23:30');
  });

  it('keeps the calendar day of a date serialised at UTC midnight', () => {
    expect(formatDate('2026-03-05T00:00:00.000Z')).toBe('05/03/2026');
    expect(formatBirthday('1990-07-14T00:00:00Z')).toBe('14/07');
    expect(formatDateTime('2026-03-05T00:00:00.000Z')).toBe('04/03/2026 21:00');
  });

  it('formats Date objects in São Paulo time', () => {
    expect(formatDate(new Date('2026-03-05T15:00:00Z'))).toBe('05/03/2026');
    expect(formatDateTime(new Date('2026-03-01T02:30:00Z'))).toBe('28/02/2026 23:30');
    expect(formatBirthday(new Date('1990-07-14T15:00:00Z'))).toBe('14/07');
  });

  it('shows a plain date given to the datetime format without a time', () => {
    expect(formatDateTime('2026-03-05')).toBe('05/03/2026');
  });

  it('returns malformed dates unchanged, trimmed', () => {
    expect(formatDate(' 05/03/2026 ')).toBe('05/03/2026');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDateTime('2026-03-01T25:00:00Z')).toBe('2026-03-01T25:00:00Z');
    expect(formatDateTime('ontem')).toBe('ontem');
    expect(formatBirthday('14 de julho')).toBe('14 de julho');
    expect(formatDate(new Date('invalid'))).toBe('');
  });
});

describe('phones', () => {
  it('considers only the digits', () => {
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('11 3265 4321')).toBe('(11) 3265-4321');
    expect(formatPhone(1132654321)).toBe('(11) 3265-4321');
    expect(formatPhone('0800 123 4567')).toBe('0800 123 4567');
  });

  it('returns other lengths unchanged, trimmed', () => {
    expect(formatPhone(' 98765-4321 ')).toBe('98765-4321');
    expect(formatPhone('+55 11 98765-4321')).toBe('+55 11 98765-4321');
    expect(formatPhone('ramal 12')).toBe('ramal 12');
  });
});

describe('documents', () => {
  it('formats a CPF given with or without punctuation', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf(52998224725)).toBe('529.982.247-25');
  });

  it('returns a CPF of another length unchanged', () => {
    expect(formatCpf('5299822472')).toBe('5299822472');
    expect(formatCpf(' abc ')).toBe('abc');
  });

  it('formats an alphanumeric CNPJ in uppercase', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
  });

  it('returns a malformed CNPJ unchanged', () => {
    expect(formatCnpj('1122233300018')).toBe('1122233300018');
    // letters are not allowed in the check digits
    expect(formatCnpj('12ABC34501DE3X')).toBe('12ABC34501DE3X');
  });

  it('chooses CPF or CNPJ by length', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12ABC34501DE35', 'entity')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('52998224725', 'entity')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181', 'person')).toBe('11.222.333/0001-81');
    expect(formatDocument('123')).toBe('123');
  });
});

describe('zip codes', () => {
  it('formats 8 digits, with or without punctuation', () => {
    expect(formatZipCode('01310-100')).toBe('01.310-100');
    expect(formatZipCode('01.310-100')).toBe('01.310-100');
  });

  it('returns other lengths unchanged', () => {
    expect(formatZipCode('1310100')).toBe('1310100');
  });
});

describe('booleans', () => {
  it('reads the values databases and forms use', () => {
    expect(formatBoolean(1)).toBe('Sim');
    expect(formatBoolean(0)).toBe('Não');
    expect(formatBoolean('true')).toBe('Sim');
    expect(formatBoolean('false')).toBe('Não');
  });

  it('returns anything else unchanged', () => {
    expect(formatBoolean('talvez')).toBe('talvez');
  });
});

describe('money', () => {
  it('formats centavos as Brazilian reais with plain spaces', () => {
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(-5)).toBe('-R$ 0,05');
    expect(formatMoney(-0)).toBe('R$ 0,00');
    expect(formatMoney(100)).toBe('R$ 1,00');
    expect(formatMoney(123456789)).toBe('R$ 1.234.567,89');
    expect(formatMoney('123456')).toBe('R$ 1.234,56');
    expect(formatMoney(123456)).not.toMatch(/\u00a0|\u202f/);
  });

  it('returns malformed amounts unchanged', () => {
    expect(formatMoney('doze reais')).toBe('doze reais');
    expect(formatMoney('12,50')).toBe('12,50');
    expect(formatMoney(Number.NaN)).toBe('NaN');
  });

  it('formats the amount shown inside the money input', () => {
    expect(formatCentsAmount(123456)).toBe('1.234,56');
    expect(formatCentsAmount(-5)).toBe('-0,05');
  });

  it.each([
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['10', 1000],
    ['1.234', 123400],
    ['1234.56', 123456],
    ['-R$ 0,05', -5],
    ['-0,00', 0],
    [12.34, 1234],
  ])('reads %j as %d centavos', (text, cents) => expect(toCents(text)).toBe(cents));

  it.each(['', null, undefined, 'abc', '1,234', '12,345', '1.23.4', 'R$'])(
    'reads %j as no amount',
    (text) => expect(toCents(text)).toBeNull(),
  );
});

describe('onlyDigits', () => {
  it('keeps only digits', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits(123)).toBe('123');
  });
});
