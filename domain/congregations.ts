// Congregations (issue 12): the sede, its sub-sedes and congregações, and the rules shared by the
// server and the app (the selection header, users' scope). The form's schema is in
// congregationSchema.ts: the app bar reads this module, and zod stays out of the first load.
import { searchText } from './search';

export const CONGREGATION_KINDS = ['sede', 'subsede', 'congregacao'] as const;
export type CongregationKind = (typeof CONGREGATION_KINDS)[number];

export const CONGREGATION_KIND_LABELS: Record<CongregationKind, string> = {
  sede: 'Sede',
  subsede: 'Sub-sede',
  congregacao: 'Congregação',
};

/** The id of the sede the migration creates (every record before issue 12 belongs to it). */
export const SEDE_ID = 1;

/**
 * The app bar's selection, sent on every API call: a congregation's id narrows every list,
 * count, export, report and dashboard to it; absent or `all` is every congregation the user sees.
 */
export const CONGREGATION_HEADER = 'x-congregation';
export const ALL_CONGREGATIONS = 'all';

/** The public form's query parameter naming a congregation by its slug: /meu_cadastro?congregacao=… */
export const REGISTRATION_PARAM = 'congregacao';

/** The path of a congregation's own self-registration link (after the app's origin). */
export function registrationPath(slug: string): string {
  return `/meu_cadastro?${REGISTRATION_PARAM}=${encodeURIComponent(slug)}`;
}

/** The congregation ids a user is limited to ([] = the whole church) from users.congregation_ids. */
export function parseCongregationIds(text: string | null | undefined): number[] {
  try {
    const ids: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(ids)
      ? [...new Set(ids.filter((id): id is number => Number.isInteger(id) && id > 0))].sort(
          (a, b) => a - b,
        )
      : [];
  } catch {
    return [];
  }
}

/** A URL-safe slug of a name: "Congregação Vila Nova" -> "congregacao-vila-nova". */
export function slugOf(name: string): string {
  return (
    searchText(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'congregacao'
  );
}

/** The normalized text `q` searches: name, city, district, leader. */
export function congregationSearch(input: {
  name: string;
  city?: string | null;
  district?: string | null;
  leader_name?: string | null;
}): string {
  return searchText(input.name, input.city, input.district, input.leader_name);
}
