// Reading the simple-rest filters of the finance lists: unknown fields and malformed values
// are a 400 in Portuguese, never a 500; empty values mean "no filter".
import { isIsoDate } from '../../../src/domain/dates.js';
import { badRequest } from '../../http/errors.js';

/** The filter's non-empty values, after refusing fields the list does not know. */
export function filtersOf(
  filter: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> {
  const unknown = Object.keys(filter).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
}

export function dateFilter(value: unknown, name: string): string {
  if (!isIsoDate(value)) throw badRequest(`Filtro ${name}: use uma data AAAA-MM-DD.`);
  return value;
}

export function idFilter(value: unknown, name: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest(`Filtro ${name} inválido.`);
  return id;
}

/** `{id: [1, 2]}` (getMany) or `{id: 1}`. */
export function idsFilter(value: unknown): number[] {
  return (Array.isArray(value) ? value : [value]).map((id) => idFilter(id, 'id'));
}

export function choiceFilter<T extends string>(
  value: unknown,
  name: string,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    throw badRequest(`Filtro ${name} inválido.`);
  }
  return value as T;
}

export function boolFilter(value: unknown, name: string): boolean {
  if (value === true || value === 'true' || value === 1) return true;
  if (value === false || value === 'false' || value === 0) return false;
  throw badRequest(`Filtro ${name} inválido.`);
}

/** `0`/`1` or `false`/`true` as the API answers: a boolean. */
export const asBool = (value: unknown) => value === true || value === 1;
