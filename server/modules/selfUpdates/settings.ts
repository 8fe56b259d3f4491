// The church's self-update settings (issue 28): a link's days and the groups of fields a member
// may change; kept on the church's row, saved by an admin apart from the church's form.
import { SELF_UPDATE_GROUP_KEYS, selfUpdateSettingsSchema } from '../../../domain/selfUpdate.js';
import type { SelfUpdateSettings } from '../../../domain/selfUpdate.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { validated } from '../../plugins/errors.js';

/** A stored list of groups: the known ones, in order (a damaged text reads as none). */
function groupsOf(text: string): SelfUpdateSettings['self_update_groups'] {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = [];
  }
  const list = Array.isArray(stored) ? stored : [];
  return SELF_UPDATE_GROUP_KEYS.filter((group) => list.includes(group));
}

export async function readSelfUpdateSettings(db: Executor): Promise<SelfUpdateSettings> {
  const row = await db
    .selectFrom('church')
    .select(['self_update_days', 'self_update_groups'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    self_update_days: Number(row.self_update_days),
    self_update_groups: groupsOf(row.self_update_groups),
  };
}

export async function saveSelfUpdateSettings(db: Executor, body: unknown, actor: Actor) {
  const next = validated(selfUpdateSettingsSchema, body ?? {});
  return inTransaction(db, async (trx) => {
    const before = await readSelfUpdateSettings(trx);
    await trx
      .updateTable('church')
      .set({
        self_update_days: next.self_update_days,
        self_update_groups: JSON.stringify(next.self_update_groups),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', 1)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'church',
      record_id: null,
      changes: Object.fromEntries(
        (['self_update_days', 'self_update_groups'] as const)
          .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(next[field]))
          .map((field) => [field, [before[field], next[field]]]),
      ),
    });
    return next;
  });
}
