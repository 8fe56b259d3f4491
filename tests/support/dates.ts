// Dates for fixtures that need an age today but no dependence on today's month.
import { todayIso } from '../../domain/dates.js';

/** A birth date on `monthDay` (MM-DD) of someone who is exactly `age` years old today. */
export function bornAged(age: number, monthDay: string, today = todayIso()): string {
  const year = Number(today.slice(0, 4)) - age - (today.slice(5) < monthDay ? 1 : 0);
  return `${year}-${monthDay}`;
}
