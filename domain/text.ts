// Words that agree with a count, for the messages the API and the screens write.
import { LOCALE } from './constants';

const integer = new Intl.NumberFormat(LOCALE);

/** 1, 'membro', 'membros' -> '1 membro'; 1234 -> '1.234 membros'. */
export function plural(count: number, one: string, many: string): string {
  return `${integer.format(count)} ${count === 1 ? one : many}`;
}
