// The sede's reports (issue 12): one row per congregation of the report's scope, sede first, then
// by name, and a last row with the totals. A congregation that is inactive and has nothing to
// show is left out; every active one shows, even with zeros.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import { congregationsInView } from './congregations.js';
import type { ReportDefinition } from './report.js';

export interface CongregationRow {
  /** The congregation's id; 0 on the totals row. */
  id: number;
  congregation_id: number | null;
  congregation_name: string;
  /** The last row: the sum of the others. */
  is_total: boolean;
}

/** The totals row's name in every table and export. */
export const TOTAL_LABEL = 'Total';

/**
 * The rows of a congregation table: `figures` of each congregation (from the map, or `zero()`
 * when it has none), then the totals row made by `sum`.
 */
export async function congregationRows<Figures extends object>(
  db: Kysely<Database>,
  scope: Scope,
  figures: Map<number, Figures>,
  spec: { zero(): Figures; isZero(figures: Figures): boolean; sum(rows: Figures[]): Figures },
): Promise<Array<CongregationRow & Figures>> {
  const congregations = await congregationsInView(db, scope);
  const rows = congregations
    .map((congregation) => ({
      congregation,
      figures: figures.get(congregation.id) ?? spec.zero(),
    }))
    .filter(({ congregation, figures }) => congregation.active || !spec.isZero(figures))
    .map(({ congregation, figures }) => ({
      id: congregation.id,
      congregation_id: congregation.id,
      congregation_name: congregation.name,
      is_total: false,
      ...figures,
    }));
  const total = {
    id: 0,
    congregation_id: null,
    congregation_name: TOTAL_LABEL,
    is_total: true,
    ...spec.sum(rows),
  };
  return [...rows, total];
}

/**
 * `page` and `batches` of a report whose rows are all read at once (one per congregation: a few
 * hundred at most) by `rows`.
 */
export function wholeTable<Filter, Row>(
  rows: (
    context: Parameters<ReportDefinition<Filter, Row>['page']>[0],
    filter: Filter,
  ) => Promise<Row[]>,
): Pick<ReportDefinition<Filter, Row>, 'page' | 'batches'> {
  return {
    async page(context, filter, range) {
      const all = await rows(context, filter);
      return { rows: all.slice(range.offset, range.offset + range.limit), total: all.length };
    },
    async *batches(context, filter, limit) {
      yield (await rows(context, filter)).slice(0, limit);
    },
  };
}
