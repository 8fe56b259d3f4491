import { describe, expect, it } from 'vitest';
import {
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  lastSunday,
  longDate,
  monthName,
} from '../../domain/calendar';

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

  it('finds the last Sunday on or before a day (the day itself on a Sunday)', () => {
    expect(lastSunday('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(lastSunday('2026-11-23')).toBe('2026-11-22'); // Monday
    expect(lastSunday('2026-11-28')).toBe('2026-11-22'); // Saturday
    expect(lastSunday('2026-03-01')).toBe('2026-03-01'); // a Sunday
    expect(lastSunday('2026-03-02')).toBe('2026-03-01');
    expect(lastSunday('2027-01-02')).toBe('2026-12-27'); // across the year
    expect(lastSunday('2028-03-04')).toBe('2028-02-27'); // Saturday after a leap day
  });
});
