import { describe, expect, it } from 'vitest';
import { formatTotal, isCappedTotal } from '../../src/features/members/memberCount';

const moreThan = (limit: string) => `mais de ${limit}`;

describe('totals of the members list', () => {
  it('reads a filtered 10 001 (the API stops counting there) as "mais de 10.000"', () => {
    expect(isCappedTotal(10_001, true)).toBe(true);
    expect(formatTotal(10_001, true, moreThan)).toBe('mais de 10.000');
  });

  it('shows exact totals with thousands separators, however large without filters', () => {
    expect(formatTotal(10_000, true, moreThan)).toBe('10.000');
    expect(formatTotal(10_001, false, moreThan)).toBe('10.001');
    expect(formatTotal(200_000, false, moreThan)).toBe('200.000');
    expect(formatTotal(319, true, moreThan)).toBe('319');
  });
});
