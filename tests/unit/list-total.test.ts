import { describe, expect, it } from 'vitest';
import { countCapFor, isCountCap, moreThanOf } from '../../domain/listTotals';
import { formatTotal } from '../../src/ui/listTotal';

const moreThan = (limit: string) => `mais de ${limit}`;

describe('a list total that stops counting ("mais de N")', () => {
  it('counts a page up to the first step at or past its last row', () => {
    expect(countCapFor({ offset: 0, limit: 25 })).toBe(100);
    expect(countCapFor({ offset: 0, limit: 100 })).toBe(100);
    expect(countCapFor({ offset: 75, limit: 25 })).toBe(100);
    expect(countCapFor({ offset: 100, limit: 25 })).toBe(200);
    expect(countCapFor({ offset: 400, limit: 50 })).toBe(500);
    expect(countCapFor({ offset: 500, limit: 25 })).toBe(1000);
    expect(countCapFor({ offset: 9_975, limit: 25 })).toBe(10_000);
    expect(countCapFor({ offset: 100_000, limit: 25 })).toBe(200_000);
  });

  it('knows the steps: 1, 2 or 5 followed by two or more zeros', () => {
    for (const step of [100, 200, 500, 1000, 2000, 5000, 10_000, 1_000_000])
      expect(isCountCap(step)).toBe(true);
    for (const other of [0, 1, 10, 20, 50, 99, 101, 150, 300, 1001, 2500, 10_001, 100.5])
      expect(isCountCap(other)).toBe(false);
  });

  it('reads a step + 1 as "mais de <step>", with thousands separators', () => {
    expect(moreThanOf(101)).toBe(100);
    expect(formatTotal(101, moreThan)).toBe('mais de 100');
    expect(formatTotal(201, moreThan)).toBe('mais de 200');
    expect(formatTotal(1_001, moreThan)).toBe('mais de 1.000');
    expect(formatTotal(10_001, moreThan)).toBe('mais de 10.000');
  });

  it('shows every other total exactly (never fewer than there are)', () => {
    expect(moreThanOf(100)).toBeNull();
    expect(formatTotal(100, moreThan)).toBe('100');
    expect(formatTotal(0, moreThan)).toBe('0');
    expect(formatTotal(1, moreThan)).toBe('1');
    expect(formatTotal(319, moreThan)).toBe('319');
    expect(formatTotal(10_000, moreThan)).toBe('10.000');
    expect(formatTotal(200_000, moreThan)).toBe('200.000');
    expect(formatTotal(1_000_002, moreThan)).toBe('1.000.002');
    expect(formatTotal(undefined, moreThan)).toBe('');
  });

  it("a count stopped at a page's cap always says more than the page holds", () => {
    for (const [offset, limit] of [
      [0, 10],
      [0, 25],
      [75, 25],
      [100, 100],
      [4_975, 25],
    ]) {
      const cap = countCapFor({ offset, limit });
      expect(cap).toBeGreaterThanOrEqual(offset + limit);
      expect(moreThanOf(cap + 1)).toBe(cap);
    }
  });
});
