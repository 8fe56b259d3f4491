import { describe, expect, it } from 'vitest';
import { MONTH_ABBREVIATIONS, MONTH_NAMES, longDate, monthName } from '../../domain/calendar';

describe('calendar (dayjs, pt-br)', () => {
  it('names the twelve months in lowercase Portuguese, and abbreviates them in three letters', () => {
    expect(MONTH_NAMES).toEqual([
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ]);
    expect(MONTH_ABBREVIATIONS).toEqual(MONTH_NAMES.map((name) => name.slice(0, 3)));
  });

  it('names a month with its year, from the month or a date in it', () => {
    expect(monthName('2026-12')).toBe('dezembro de 2026');
    expect(monthName('2026-03-31')).toBe('março de 2026');
    expect(monthName('2027-01-01')).toBe('janeiro de 2027');
  });

  it('writes a date out as a letter is dated', () => {
    expect(longDate('2026-11-23')).toBe('23 de novembro de 2026');
    expect(longDate('2026-01-01')).toBe('1 de janeiro de 2026');
    expect(longDate('2028-02-29')).toBe('29 de fevereiro de 2028');
  });
});
