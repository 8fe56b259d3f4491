// The congregations a report or the dashboard covers, by name, in the order every breakdown
// table uses: the sede first, then the others by name (pt-BR).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';

export interface CongregationName {
  id: number;
  name: string;
  kind: string;
  active: boolean;
}

/** Every congregation of `scope` (null: all), active or not, sede first, then by name. */
export async function congregationsInView(
  db: Kysely<Database>,
  scope: Scope,
): Promise<CongregationName[]> {
  const rows = await inScope(
    db.selectFrom('congregations').select(['id', 'name', 'kind', 'active']),
    'congregations.id',
    scope,
  ).execute();
  return rows
    .map((row) => ({ ...row, active: Boolean(row.active) }))
    .sort(
      (a, b) =>
        Number(b.kind === 'sede') - Number(a.kind === 'sede') ||
        a.name.localeCompare(b.name, 'pt-BR') ||
        a.id - b.id,
    );
}
