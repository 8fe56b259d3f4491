import { LOCALE } from '../../domain/constants';

/**
 * With filters the API stops counting here: a filtered total of 10 001 means "more than
 * 10 000". Without filters the total is exact, however large.
 */
export const CAPPED_TOTAL = 10_001;

const integer = new Intl.NumberFormat(LOCALE);

export const isCappedTotal = (total: number | undefined, filtered: boolean) =>
  filtered && total === CAPPED_TOTAL;

/** A list total as the user reads it: '1.234', or 'mais de 10.000' when capped. */
export function formatTotal(
  total: number | undefined,
  filtered: boolean,
  moreThan: (limit: string) => string,
) {
  if (total === undefined) return '';
  return isCappedTotal(total, filtered)
    ? moreThan(integer.format(CAPPED_TOTAL - 1))
    : integer.format(total);
}

export const formatInteger = (value: number) => integer.format(value);
