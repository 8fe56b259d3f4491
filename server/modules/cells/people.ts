// A cell's members: kept by the office (replaced as a whole), read by the cell's líder with only
// what a volunteer needs of them (issue 26, LGPD necessity): name, photo, phone and birthday —
// the day and month, not the year — never a CPF, an address, notes or giving.
import type { Kysely } from 'kysely';
import { cellMembersSchema } from '../../../domain/cells.js';
import type { Cell, Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { type Assigned, ensureAssigned, groupPeople } from '../../http/assignments.js';
import { type Scope, canRead, ensureReadable, ensureWritable } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, notFound, validated } from '../../plugins/errors.js';
import { CELL_NOT_FOUND } from './tree.js';

/**
 * A cell the request reaches: one outside a líder's assignment does not exist (404); one of
 * another congregation is a 404 to read and a 403 to change (`write`), as every record's.
 */
export async function reachableCell(
  db: Executor,
  id: number,
  rights: Scope,
  assigned: Assigned,
  write = false,
): Promise<Cell> {
  const cell = await db.selectFrom('cells').selectAll().where('id', '=', id).executeTakeFirst();
  if (!cell) throw notFound(CELL_NOT_FOUND);
  ensureAssigned(assigned, id, CELL_NOT_FOUND);
  if (write) ensureWritable(rights, cell.congregation_id);
  else ensureReadable(rights, cell.congregation_id);
  return cell;
}

/** The ids of a cell's members. */
export async function cellMemberIds(db: Executor, cellId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cell_members')
    .select('member_id')
    .where('cell_id', '=', cellId)
    .orderBy('member_id')
    .execute();
  return rows.map((row) => row.member_id);
}

/** GET /api/cells/:id/members: the cell's people, by name. */
export async function listCellPeople(
  db: Kysely<Database>,
  id: number,
  rights: Scope,
  assigned: Assigned,
) {
  await reachableCell(db, id, rights, assigned);
  return groupPeople(db, await cellMemberIds(db, id));
}

/**
 * Members a cell may hold: the church's (none waiting for review) inside the user's congregations.
 * Field error naming the field, else nothing.
 */
export async function assertCellMembers(
  db: Executor,
  ids: readonly number[],
  rights: Scope,
  field = 'member_ids',
) {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('members')
    .select(['id', 'congregation_id'])
    .where('id', 'in', ids)
    .where('status', '!=', 'pending')
    .execute();
  if (found.length !== ids.length || found.some((row) => !canRead(rights, row.congregation_id))) {
    throw invalid({ [field]: 'Membro não encontrado: escolha entre os cadastrados.' });
  }
}

/** Adds and removes members of a cell in an open transaction; the changes, for the trail. */
export async function moveCellMembers(
  trx: Executor,
  cellId: number,
  change: { add: readonly number[]; remove: readonly number[] },
) {
  if (change.remove.length > 0) {
    await trx
      .deleteFrom('cell_members')
      .where('cell_id', '=', cellId)
      .where('member_id', 'in', change.remove)
      .execute();
  }
  if (change.add.length > 0) {
    const now = new Date().toISOString();
    await trx
      .insertInto('cell_members')
      .values(change.add.map((member_id) => ({ cell_id: cellId, member_id, created_at: now })))
      .execute();
  }
}

/** PUT /api/cells/:id/members: the cell's members, as a whole (the office's). */
export async function setCellMembers(
  db: Kysely<Database>,
  id: number,
  body: unknown,
  actor: Actor,
) {
  const cell = await reachableCell(db, id, actor.rights, null, true);
  if (cell.level !== 'cell') {
    throw invalid({ member_ids: 'Só uma célula tem membros; redes e setores reúnem células.' });
  }
  const { member_ids: wanted } = validated(cellMembersSchema, body ?? {});
  await assertCellMembers(db, wanted, actor.rights);
  await db.transaction().execute(async (trx) => {
    const before = await cellMemberIds(trx, id);
    const add = wanted.filter((member) => !before.includes(member));
    const remove = before.filter((member) => !wanted.includes(member));
    if (add.length + remove.length === 0) return;
    await moveCellMembers(trx, id, { add, remove });
    await audit(trx, actor, {
      action: 'update',
      resource: 'cells',
      record_id: id,
      changes: { member_ids: [before, [...wanted].sort((a, b) => a - b)] },
    });
  });
  return listCellPeople(db, id, actor.rights, null);
}
