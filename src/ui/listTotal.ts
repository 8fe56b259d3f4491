import { LOCALE } from '../../domain/constants';
import { moreThanOf } from '../../domain/listTotals';

const integer = new Intl.NumberFormat(LOCALE);

/**
 * A list total as the user reads it: '1.234', or 'mais de 100' when the API stopped counting
 * (a total of a count step + 1, domain/listTotals.ts).
 */
export function formatTotal(total: number | undefined, moreThan: (limit: string) => string) {
  if (total === undefined) return '';
  const limit = moreThanOf(total);
  return limit === null ? integer.format(total) : moreThan(integer.format(limit));
}

export const formatInteger = (value: number) => integer.format(value);
