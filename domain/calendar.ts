// Month names and dates written out in Portuguese ("5 de março de 2026"), from dayjs's pt-br
// locale: the one place that knows them. They take calendar dates (YYYY-MM-DD), never instants,
// so no time zone applies; instants are read in São Paulo time by dates.ts and formats.ts.
import dayjs from 'dayjs';
// The .js suffix: dayjs has no "exports" map, and plain Node ESM (the built server) needs the file.
import ptBr from 'dayjs/locale/pt-br.js';
import { addDays } from './dates';

const inPortuguese = (date: string) => dayjs(date).locale(ptBr);

/** 'janeiro' … 'dezembro'. */
export const MONTH_NAMES: readonly string[] = ptBr.months as string[];

/** The month filter's choices: ids 1-12 (as the API's birth_month), names capitalized. */
export const MONTH_CHOICES: { id: number; name: string }[] = MONTH_NAMES.map((name, index) => ({
  id: index + 1,
  name: name[0].toUpperCase() + name.slice(1),
}));

/** 'jan' … 'dez'. */
export const MONTH_ABBREVIATIONS: readonly string[] = ptBr.monthsShort as string[];

/** '2026-12' (or a date in it) -> 'dezembro de 2026'. */
export function monthName(month: string): string {
  return inPortuguese(month).format('MMMM [de] YYYY');
}

/** '2026-11-22' -> '22 de novembro de 2026', as a letter is dated. */
export function longDate(iso: string): string {
  return inPortuguese(iso).format('D [de] MMMM [de] YYYY');
}

/** The most recent Sunday on or before `today` (YYYY-MM-DD): `today` itself when it is a Sunday. */
export function lastSunday(today: string): string {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, -weekday);
}
