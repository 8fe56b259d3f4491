// A list's total that stops counting (issue 12, "mais de N"): a filtered list of 200,000 members
// does not count 10,001 rows on every page. The server counts up to the cap of the page it
// answers — the first step of 100, 200, 500, 1.000, 2.000, 5.000, 10.000, 20.000… that reaches
// the page's last row — and answers cap + 1 when more rows match; the screens read a total of
// a step + 1 as "mais de <step>". The display stays truthful: a total is never shown lower
// than it is, and "mais de N" always means more than N rows (an exact total of 101 reads
// "mais de 100", which is true). The pagination keeps working: cap + 1 is past the page's
// end, so "next page" is on, and the next page's request counts up to its own, higher cap.

/** The smallest step at which a list stops counting. */
export const MIN_COUNT_CAP = 100;

const MANTISSAS = [1, 2, 5] as const;

/** The step a page counts up to: the first one at or past the page's last row. */
export function countCapFor(range: { offset: number; limit: number }): number {
  const needed = range.offset + range.limit;
  for (let power = MIN_COUNT_CAP; power <= Number.MAX_SAFE_INTEGER; power *= 10) {
    for (const mantissa of MANTISSAS) {
      if (power * mantissa >= needed) return power * mantissa;
    }
  }
  return Number.MAX_SAFE_INTEGER;
}

/** Whether `value` is a step (1, 2 or 5 followed by at least two zeros). */
export function isCountCap(value: number): boolean {
  if (!Number.isSafeInteger(value) || value < MIN_COUNT_CAP) return false;
  let mantissa = value;
  while (mantissa % 10 === 0) mantissa /= 10;
  return (MANTISSAS as readonly number[]).includes(mantissa);
}

/** The N of "mais de N" when `total` is a stopped count (a step + 1); null for an exact total. */
export function moreThanOf(total: number | undefined): number | null {
  return total !== undefined && isCountCap(total - 1) ? total - 1 : null;
}
