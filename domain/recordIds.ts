// Record ids as clients send them, without zod: the HTTP client and the app bar read these on
// the first load (fields.ts, which builds the schemas, re-exports them).

/**
 * The largest id a record has: ids are the databases' integer columns (PostgreSQL's int4), so a
 * larger one names no record and must not reach a query.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id as a client sends it (a number, or its digits in a text), or null. */
export function recordIdOf(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(number) && number > 0 && number <= MAX_RECORD_ID ? number : null;
}

/** The ids of a getMany filter (one id or a list); what is not an id names no record. */
export function recordIdsOf(value: unknown): number[] {
  return (Array.isArray(value) ? value : [value])
    .map(recordIdOf)
    .filter((id): id is number => id !== null);
}
