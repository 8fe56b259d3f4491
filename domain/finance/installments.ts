// Instalments of an expense: the amount split in equal parts (the rounding centavos on the last)
// and due dates one month apart that keep the day of the first (31/01 -> 28/02 -> 31/03).

/** The largest amount the money input accepts (13 digits of centavos). */
export const MAX_CENTS = 9_999_999_999_999;
export const MAX_INSTALLMENTS = 60;

/** `total` centavos in `count` parts; the last part takes what the division leaves. */
export function splitAmount(total: number, count: number): number[] {
  if (!Number.isSafeInteger(total) || !Number.isInteger(count) || count < 1) {
    throw new RangeError('Valor ou número de parcelas inválido.');
  }
  const part = Math.trunc(total / count);
  const parts = Array.from({ length: count }, () => part);
  parts[count - 1] = total - part * (count - 1);
  return parts;
}

function parse(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year, month, day];
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** Days in a month (1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` of `day` in a month, the day clamped to the month's end (31 -> 30, 28 or 29). */
export function dateWithDay(year: number, month: number, day: number): string {
  const normalized = new Date(Date.UTC(year, month - 1, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth() + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

/** `YYYY-MM-DD` moved by whole months, keeping the day when the month has it. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parse(date);
  return dateWithDay(year, month + months, day);
}

/** Due dates of `count` monthly instalments, the first on `first`. */
export function installmentDueDates(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/** First and last day of the month of `date`. */
export function monthRange(date: string): { start: string; end: string } {
  const [year, month] = parse(date);
  return { start: dateWithDay(year, month, 1), end: dateWithDay(year, month, 31) };
}

/** `YYYY-MM-DD` plus whole days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parse(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}
