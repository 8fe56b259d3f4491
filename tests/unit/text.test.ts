import { describe, expect, it } from 'vitest';
import { plural } from '../../domain/text';

describe('plural', () => {
  it('agrees with the count and groups thousands', () => {
    expect(plural(1, 'membro', 'membros')).toBe('1 membro');
    expect(plural(0, 'carta', 'cartas')).toBe('0 cartas');
    expect(plural(2, 'credencial', 'credenciais')).toBe('2 credenciais');
    expect(plural(1234, 'lançamento', 'lançamentos')).toBe('1.234 lançamentos');
  });
});
