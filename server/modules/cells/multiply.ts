// The multiplication of a cell (issue 26): a new cell born of one, beside it in the tree, with
// the members who go with it. Both keep their history: the mother's reports stay hers (they name
// her), the daughter records its origin and the day it was born; the trail records the birth on
// both.
import type { Kysely } from 'kysely';
import { cellMultiplySchema } from '../../../domain/cells.js';
import { todayIso } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, validated } from '../../plugins/errors.js';
import { cellMemberIds, moveCellMembers, reachableCell } from './people.js';
import { assertLeader } from './tree.js';

/** POST /api/cells/:id/multiply: the daughter's id. */
export async function multiplyCell(
  db: Kysely<Database>,
  motherId: number,
  body: unknown,
  actor: Actor,
): Promise<number> {
  const mother = await reachableCell(db, motherId, actor.rights, null, true);
  const input = validated(cellMultiplySchema, body ?? {});
  if (mother.level !== 'cell' || !mother.active) {
    throw invalid({ name: 'Só uma célula ativa se multiplica.' });
  }
  if (input.born_on > todayIso()) {
    throw invalid({ born_on: 'A data da multiplicação não pode ser futura.' });
  }
  await assertLeader(db, input.leader_id, 'leader_id');
  await assertLeader(db, input.co_leader_id, 'co_leader_id');
  return db.transaction().execute(async (trx) => {
    const members = await cellMemberIds(trx, motherId);
    if (input.member_ids.some((id) => !members.includes(id))) {
      throw invalid({ member_ids: 'Leve para a nova célula apenas membros da célula-mãe.' });
    }
    const now = new Date().toISOString();
    const columns = {
      congregation_id: mother.congregation_id,
      parent_id: mother.parent_id,
      level: 'cell',
      name: input.name,
      leader_id: input.leader_id,
      co_leader_id: input.co_leader_id,
      host_address: input.host_address,
      weekday: mother.weekday,
      time: mother.time,
      active: true,
      origin_id: motherId,
      born_on: input.born_on,
    };
    const { id } = await trx
      .insertInto('cells')
      .values({ ...columns, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveCellMembers(trx, motherId, { add: [], remove: input.member_ids });
    await moveCellMembers(trx, id, { add: input.member_ids, remove: [] });
    await audit(trx, actor, { action: 'create', resource: 'cells', record_id: id, after: columns });
    await audit(trx, actor, {
      action: 'multiply',
      resource: 'cells',
      record_id: motherId,
      changes: {
        member_ids: [members, members.filter((member) => !input.member_ids.includes(member))],
        daughter_id: [null, id],
      },
    });
    return id;
  });
}
