// The names of the cells' levels (rede, setor, célula unless the church calls them otherwise):
// read by every screen of cells, renamed by the office of the whole church (they reach every
// congregation).
import type { Kysely } from 'kysely';
import { WHOLE_CHURCH_NOTE } from '../../../domain/access.js';
import { type CellLevel, cellLevelSchema } from '../../../domain/cells.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { forbidden, validated } from '../../plugins/errors.js';
import { levelNames } from './tree.js';

export async function listLevels(db: Kysely<Database>) {
  const names = await levelNames(db);
  return Object.entries(names).map(([level, name]) => ({ id: level, name }));
}

/** PUT /api/cell_levels/:level: its new name. */
export async function renameLevel(
  db: Kysely<Database>,
  level: CellLevel,
  body: unknown,
  actor: Actor & { rights: Scope },
) {
  if (actor.rights !== null) throw forbidden(WHOLE_CHURCH_NOTE);
  const { name } = validated(cellLevelSchema, body ?? {});
  const before = (await levelNames(db))[level];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cell_levels')
      .set({ name, updated_at: new Date().toISOString() })
      .where('level', '=', level)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'cell_levels',
      record_id: null,
      before: { [level]: before },
      after: { [level]: name },
    });
  });
  return listLevels(db);
}
