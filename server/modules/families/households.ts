// A household created from a member (its congregation and first address are the member's), its
// name, address and notes changed — the address rewritten into every member who inherits it, in
// the same transaction — and a household deleted (its relatives with it; the members stay, each
// with the address they hold). Every write in the audit trail.
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  type FamilyInput,
  alreadyInFamily,
  defaultFamilyName,
  familySchema,
  newFamilySchema,
} from '../../../domain/families.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import type { Database, FamilyPeopleTable } from '../../db/schema.js';
import { ensureWritable } from '../../http/scope.js';
import { conflict, invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { MEMBER_NOT_FOUND } from '../members/index.js';
import { addressOf, inheritingMembers, writeInheritedAddress } from './address.js';
import { familyRow, loadFamily } from './people.js';

/** A member as a household's writes read them: 422 missing, 403 outside, 409 anonymized. */
export async function writableMember(db: Kysely<Database>, memberId: number, actor: Actor) {
  const member = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: MEMBER_NOT_FOUND });
  ensureWritable(actor.rights, member.congregation_id);
  if (member.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
  return member;
}

/** The household a member is in, named (for "already in a family"). */
export async function currentFamilyOf(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom('family_people')
    .innerJoin('families', 'families.id', 'family_people.family_id')
    .select([
      'family_people.id as person_id',
      'families.id',
      'families.name',
      'families.congregation_id',
    ])
    .where('family_people.member_id', '=', memberId)
    .executeTakeFirst();
}

/** A person of a household written and audited (a member's entry under the member too). */
export async function insertPerson(
  trx: Transaction<Database>,
  row: Omit<Insertable<FamilyPeopleTable>, 'created_at' | 'updated_at'>,
  actor: Actor,
) {
  const now = new Date().toISOString();
  const person = await trx
    .insertInto('family_people')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, actor, {
    action: 'create',
    resource: 'family_people',
    record_id: person.id,
    member_id: row.member_id ?? null,
    after: row,
  });
}

/** POST /api/families {member_id, name?, relation?}: a household created from a member. */
export async function createFamily(db: Kysely<Database>, body: unknown, actor: Actor) {
  const input = validated(newFamilySchema, body ?? {});
  return db.transaction().execute(async (trx) => {
    const member = await writableMember(trx, input.member_id, actor);
    const current = await currentFamilyOf(trx, member.id);
    if (current) throw conflict(alreadyInFamily(member.name, current.name));
    const now = new Date().toISOString();
    const family = await trx
      .insertInto('families')
      .values({
        congregation_id: member.congregation_id,
        name: input.name ?? defaultFamilyName(member.name),
        ...addressOf(member),
        notes: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const relation =
      input.relation ?? (member.marital_status === 'married' ? 'spouse' : 'guardian');
    await audit(trx, actor, {
      action: 'create',
      resource: 'families',
      record_id: family.id,
      // Made from the member, with their address: in their trail (anonymization scrubs it).
      member_id: member.id,
      after: family,
    });
    await insertPerson(
      trx,
      {
        family_id: family.id,
        member_id: member.id,
        relation,
        relative_id: null,
        uses_family_address: true,
      },
      actor,
    );
    return loadFamily(trx, family.id, actor.rights);
  });
}

/**
 * PUT /api/families/:id: name, address and notes; the members who inherit the address get the new
 * one in the same transaction (a member outside the writer's congregations: 403, nothing written).
 */
export async function updateFamily(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  return db.transaction().execute(async (trx) => {
    const stored = await familyRow(trx, id, actor.rights, true);
    const { congregation_name: _name, ...before } = stored;
    const input: FamilyInput = validated(familySchema, { ...before, ...changes });
    await trx
      .updateTable('families')
      .set({ ...input, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'families',
      record_id: id,
      before,
      after: { ...before, ...input },
    });
    const address = addressOf(input);
    const moved = JSON.stringify(address) !== JSON.stringify(addressOf(before));
    if (moved) {
      await writeInheritedAddress(trx, await inheritingMembers(trx, id), address, actor);
    }
    return loadFamily(trx, id, actor.rights);
  });
}

/** DELETE /api/families/:id: the household and its relatives; its members keep their data. */
export async function deleteFamily(db: Kysely<Database>, id: number, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    await familyRow(trx, id, actor.rights, true);
    const family = await loadFamily(trx, id, actor.rights);
    await trx.deleteFrom('families').where('id', '=', id).execute();
    const { people, congregation_name: _name, ...row } = family;
    await audit(trx, actor, {
      action: 'delete',
      resource: 'families',
      record_id: id,
      before: row,
      details: { people: people.length },
    });
    return family;
  });
}
