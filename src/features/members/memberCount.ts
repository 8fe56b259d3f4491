import { COUNT_CAP, LOCALE } from '../../../domain/constants';

/** A filtered total of COUNT_CAP + 1 means "more than COUNT_CAP" (the API stopped counting). */
export const CAPPED_TOTAL = COUNT_CAP + 1;

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
