// The reconciliation's match rules (domain/finance/statements.ts) on their own: the words a
// description is known by, what makes two similar, and each line's best candidate.
import { describe, expect, it } from 'vitest';
import {
  MATCH_DAYS,
  descriptionWords,
  matchLines,
  reconcileSchema,
  sharedWords,
} from '../../domain/finance/statements';

describe('statement matching', () => {
  it('knows a description by its words: accents, digits and short words left out', () => {
    expect(descriptionWords('PIX RECEBIDO 12/03 João da Silva')).toBe('pix recebido joao silva');
    expect(descriptionWords('Pagto CEMIG - Energia Elétrica 03/2026')).toBe(
      'pagto cemig energia eletrica',
    );
    expect(descriptionWords('123 456')).toBe('');
  });

  it('counts only telling words as similar (the banks’ common words do not count)', () => {
    expect(sharedWords('pix recebido joao silva', 'dizimo joao silva')).toBe(2);
    expect(sharedWords('pix recebido', 'pix recebido maria')).toBe(0);
  });

  it('matches by amount and date window, prefers the similar description, uses each once', () => {
    const lines = [
      { id: 1, date: '2026-03-12', amount_cents: 100, words: 'pix recebido joao' },
      { id: 2, date: '2026-03-12', amount_cents: 100, words: 'pix recebido' },
      { id: 3, date: '2026-03-12', amount_cents: 101, words: 'joao' },
      { id: 4, date: '2026-03-20', amount_cents: 100, words: 'joao' },
    ];
    const candidates = [
      { id: 10, date: '2026-03-12', amount_cents: 100, words: 'oferta maria' },
      { id: 11, date: '2026-03-09', amount_cents: 100, words: 'dizimo joao' },
      { id: 12, date: '2026-03-16', amount_cents: 100, words: 'outro' },
    ];
    const found = matchLines(lines, candidates, MATCH_DAYS);
    expect(found.get(1)).toEqual({ id: 11, days: 3, shared: 1 });
    expect(found.get(2)).toEqual({ id: 10, days: 0, shared: 0 });
    expect(found.has(3)).toBe(false);
    // Only 12 is left, 4 days away.
    expect(found.has(4)).toBe(false);
  });

  it('takes exactly one reconcile action', () => {
    expect(reconcileSchema.safeParse({ ignore: true }).success).toBe(true);
    expect(reconcileSchema.safeParse({ transaction_id: 3 }).success).toBe(true);
    expect(reconcileSchema.safeParse({}).success).toBe(false);
    expect(reconcileSchema.safeParse({ ignore: true, transaction_id: 3 }).success).toBe(false);
    const payable = reconcileSchema.safeParse({ payable_id: 4 });
    expect(payable.success).toBe(false);
    expect(payable.error?.issues[0].message).toBe('Escolha a conta de onde saiu o pagamento.');
    expect(reconcileSchema.safeParse({ create: { kind: 'expense', category_id: 2 } }).success).toBe(
      true,
    );
  });
});
