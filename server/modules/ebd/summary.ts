// The secretary's Sunday summary: every class of the view in the date's trimestre (active ones,
// and any with a chamada that day), each with its chamada's figures — or none, when its chamada
// was not taken — and the total of the chamadas taken.
import type { Kysely } from 'kysely';
import { type EbdFigures, addFigures, emptyFigures, quarterOf } from '../../../domain/ebd.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { congregationNames } from '../members/index.js';
import { rollCallFigures } from './rollCalls.js';

export interface SummaryRow {
  /** The class's id; 0 on the totals row. */
  id: number;
  class_name: string;
  congregation_name: string;
  age_group: string | null;
  /** The chamada of the day; null when it was not taken. */
  roll_call_id: number | null;
  figures: EbdFigures | null;
  is_total: boolean;
}

export async function sundaySummary(
  db: Kysely<Database>,
  scope: Scope,
  date: string,
): Promise<SummaryRow[]> {
  const { year, quarter } = quarterOf(date);
  const [classes, chamadas] = await Promise.all([
    inScope(
      db
        .selectFrom('ebd_classes')
        .selectAll()
        .where('year', '=', year)
        .where('quarter', '=', quarter),
      'ebd_classes.congregation_id',
      scope,
    ).execute(),
    inScope(
      db
        .selectFrom('gatherings')
        .selectAll()
        .where('ebd_class_id', 'is not', null)
        .where('date', '=', date),
      'gatherings.congregation_id',
      scope,
    ).execute(),
  ]);
  const [figures, names] = await Promise.all([
    rollCallFigures(db, chamadas),
    congregationNames(
      db,
      classes.map((row) => row.congregation_id),
    ),
  ]);
  const byClass = new Map(chamadas.map((row) => [row.ebd_class_id!, row.id]));
  const rows: SummaryRow[] = classes
    .filter((row) => row.active || byClass.has(row.id))
    .map((row) => {
      const rollCallId = byClass.get(row.id) ?? null;
      return {
        id: row.id,
        class_name: row.name,
        congregation_name: names.get(row.congregation_id) ?? '',
        age_group: row.age_group,
        roll_call_id: rollCallId,
        figures: rollCallId === null ? null : figures.get(rollCallId)!,
        is_total: false,
      };
    })
    .sort(
      (a, b) =>
        a.congregation_name.localeCompare(b.congregation_name, 'pt-BR') ||
        a.class_name.localeCompare(b.class_name, 'pt-BR'),
    );
  const total = rows.reduce(
    (sum, row) => (row.figures ? addFigures(sum, row.figures) : sum),
    emptyFigures(),
  );
  return [
    ...rows,
    {
      id: 0,
      class_name: 'Total',
      congregation_name: '',
      age_group: null,
      roll_call_id: null,
      figures: total,
      is_total: true,
    },
  ];
}
