// The months the finance seed covers: the current one ends today.
import { addMonths, dateWithDay, daysInMonth } from '../../../domain/finance/installments.js';
import type { Random } from './random.js';

export interface Month {
  /** YYYY-MM-01 */
  start: string;
  year: number;
  month: number;
  lastDay: number;
  /** A random day of the month (up to today in the current month). */
  day(): string;
}

export function monthAt(firstMonth: string, index: number, today: string, rand: Random): Month {
  const start = addMonths(firstMonth, index);
  const [year, month] = start.split('-').map(Number);
  const lastDay =
    start.slice(0, 7) === today.slice(0, 7) ? Number(today.slice(8, 10)) : daysInMonth(year, month);
  return { start, year, month, lastDay, day: () => dateWithDay(year, month, rand.int(1, lastDay)) };
}
