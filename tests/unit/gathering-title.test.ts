// How a gathering is named on a line (the offerings to receive): the kind, then the name, unless
// the name already says the kind.
import { describe, expect, it } from 'vitest';
import { gatheringTitle } from '../../domain/churchLife';

describe('gatheringTitle', () => {
  it('puts the kind before a name that does not say it', () => {
    expect(gatheringTitle('Célula', 'Betel')).toBe('Célula – Betel');
    expect(gatheringTitle('Chamada da EBD', 'Jovens')).toBe('Chamada da EBD – Jovens');
  });

  it('keeps a name that already starts with the kind, whatever its accents or case', () => {
    expect(gatheringTitle('Célula', 'Célula Betel')).toBe('Célula Betel');
    expect(gatheringTitle('Célula', 'CELULA Betel')).toBe('CELULA Betel');
    expect(gatheringTitle('Culto', 'Culto de domingo 19h')).toBe('Culto de domingo 19h');
  });
});
