import { describe, expect, it } from 'vitest';
import {
  formatDateInput,
  parseCompleteDate,
  parseDateInput,
  validateDate,
} from '../../src/ui/inputs';

describe('DateTextInput (DD/MM/AAAA, stored as YYYY-MM-DD)', () => {
  it('shows a stored date as the digits of DD/MM/AAAA', () => {
    expect(formatDateInput('2026-03-05')).toBe('05032026');
    expect(formatDateInput(null)).toBe('');
    expect(formatDateInput('0503')).toBe('0503');
  });

  it('stores a complete date as ISO and keeps an incomplete one as its digits', () => {
    expect(parseDateInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDateInput('05032026')).toBe('2026-03-05');
    expect(parseDateInput('05/03')).toBe('0503');
    expect(parseDateInput('')).toBeNull();
  });

  it('gives a filter a date only once the digits make a real one', () => {
    expect(parseCompleteDate('12/03/2026')).toBe('2026-03-12');
    expect(parseCompleteDate('')).toBeNull();
    expect(parseCompleteDate(null)).toBeNull();
    expect(parseCompleteDate('12/0')).toBeUndefined();
    expect(parseCompleteDate('31022026')).toBeUndefined();
    expect(parseCompleteDate('01011700')).toBeUndefined();
  });

  it('accepts empty values and real dates only', () => {
    expect(validateDate(null, {}, {})).toBeUndefined();
    expect(validateDate('2024-02-29', {}, {})).toBeUndefined();
    expect(validateDate('2023-02-29', {}, {})).toBe('Data inválida: use DD/MM/AAAA.');
    expect(validateDate('0503', {}, {})).toBe('Data inválida: use DD/MM/AAAA.');
  });
});
