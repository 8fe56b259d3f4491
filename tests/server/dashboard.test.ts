// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { describe, expect, it } from 'vitest';
import { nextMonthDays } from '../../server/modules/dashboard/figures.js';
import { addYears, ageOn } from '../../domain/dates.js';

describe('birthday and age arithmetic', () => {
  it('the week of birthdays crosses the year end and leap days', () => {
    expect(nextMonthDays('2026-12-28', 7)).toEqual([1228, 1229, 1230, 1231, 101, 102, 103]);
    expect(nextMonthDays('2028-02-27', 4)).toEqual([227, 228, 229, 301]);
    expect(nextMonthDays('2027-02-27', 3)).toEqual([227, 228, 301]);
  });

  it('ages and year shifts clamp 29/02 in common years', () => {
    expect(addYears('2028-02-29', -1)).toBe('2027-02-28');
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('1990-07-14', '2026-07-14')).toBe(36);
  });
});
