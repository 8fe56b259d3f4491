// The people of a household: a member added (one household per member: already in another, a
// 409 that names it, unless the request moves them explicitly), a relative who is no member added,
// a relation or a relative's own data changed, someone taken out. A member who uses the family's
// address gets it in the same transaction. Every write in the audit trail, a member's under them.
import type { Kysely, Transaction } from 'kysely';
import {
  FAMILY_PERSON_NOT_FOUND,
  type FamilyPersonChanges,
  type FamilyPersonInput,
  alreadyInFamily,
  familyPersonChangesSchema,
  familyPersonSchemaFor,
} from '../../../domain/families.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { ensureMemberWritable } from '../members/index.js';
import { addressOf, writeInheritedAddress } from './address.js';
import { currentFamilyOf, insertPerson, writableMember } from './households.js';
import { familyRow, loadFamily } from './people.js';

const NOT_IN_FAMILY = 'Escolha uma pessoa desta família.';
const MEMBER_OWN_DATA =
  'Nome, nascimento, sexo e telefone de um membro mudam no cadastro do membro.';
const RELATIVE_ADDRESS = 'Só um membro usa o endereço da família no próprio cadastro.';
const LAST_MEMBER =
  'Esta é a última pessoa membro da família: exclua a família ou remova antes os parentes.';
const lastMemberOf = (familyName: string) =>
  `Esta é a última pessoa membro da ${familyName}: exclua aquela família ou remova antes os parentes dela.`;

/** The household, writable by `actor` (404 outside its rights, 403 outside its writes). */
async function writableFamily(trx: Transaction<Database>, id: number, actor: Actor) {
  return familyRow(trx, id, actor.rights, true);
}

/** `relativeId` names another person of this household (422 otherwise). */
async function assertRelative(
  trx: Transaction<Database>,
  familyId: number,
  relativeId: number | null | undefined,
  selfId?: number,
) {
  if (relativeId === null || relativeId === undefined) return;
  const found = await trx
    .selectFrom('family_people')
    .select('id')
    .where('id', '=', relativeId)
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  if (!found || relativeId === selfId) throw invalid({ relative_id: NOT_IN_FAMILY });
}

/**
 * Takes a member out of the household they are in, to move them (its writer's right checked): a
 * household left empty goes; one left with relatives only is refused (they would be nobody's).
 */
async function takeOut(trx: Transaction<Database>, memberId: number, actor: Actor) {
  const current = await currentFamilyOf(trx, memberId);
  if (!current) return;
  await writableFamily(trx, current.id, actor);
  const others = await trx
    .selectFrom('family_people')
    .select(['id', 'member_id'])
    .where('family_id', '=', current.id)
    .where('id', '!=', current.person_id)
    .execute();
  if (others.length > 0 && others.every((other) => other.member_id === null)) {
    throw conflict(lastMemberOf(current.name));
  }
  await trx.deleteFrom('family_people').where('id', '=', current.person_id).execute();
  await audit(trx, actor, {
    action: 'delete',
    resource: 'family_people',
    record_id: current.person_id,
    member_id: memberId,
    before: { family_id: current.id, member_id: memberId },
    details: { moved: true },
  });
  if (others.length === 0) await deleteEmptyFamily(trx, current.id, actor);
}

/** A household whose last person left: deleted, in the trail. */
async function deleteEmptyFamily(trx: Transaction<Database>, familyId: number, actor: Actor) {
  await trx.deleteFrom('families').where('id', '=', familyId).execute();
  await audit(trx, actor, {
    action: 'delete',
    resource: 'families',
    record_id: familyId,
    details: { empty: true },
  });
}

/** POST /api/families/:id/people: a member or a relative added (201). */
export async function addPerson(
  db: Kysely<Database>,
  familyId: number,
  body: unknown,
  actor: Actor,
) {
  const input: FamilyPersonInput = validated(familyPersonSchemaFor(body), body ?? {});
  return db.transaction().execute(async (trx) => {
    const family = await writableFamily(trx, familyId, actor);
    await assertRelative(trx, familyId, input.relative_id);
    if ('member_id' in input) {
      const member = await writableMember(trx, input.member_id, actor);
      const current = await currentFamilyOf(trx, member.id);
      if (current?.id === familyId) throw conflict(`${member.name} já está nesta família.`);
      if (current && !input.move) throw conflict(alreadyInFamily(member.name, current.name));
      if (current) await takeOut(trx, member.id, actor);
      const uses = input.uses_family_address ?? true;
      await insertPerson(
        trx,
        {
          family_id: familyId,
          member_id: member.id,
          relation: input.relation,
          relative_id: input.relative_id ?? null,
          uses_family_address: uses,
        },
        actor,
      );
      if (uses) await writeInheritedAddress(trx, [member.id], addressOf(family), actor);
    } else {
      await insertPerson(
        trx,
        {
          family_id: familyId,
          member_id: null,
          name: input.name,
          birth_date: input.birth_date,
          sex: input.sex,
          phone: input.phone,
          relation: input.relation,
          relative_id: input.relative_id ?? null,
          uses_family_address: false,
        },
        actor,
      );
    }
    return loadFamily(trx, familyId, actor.rights);
  });
}

async function storedPerson(trx: Transaction<Database>, id: number, actor: Actor) {
  const person = await trx
    .selectFrom('family_people')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!person) throw notFound(FAMILY_PERSON_NOT_FOUND);
  const family = await writableFamily(trx, person.family_id, actor);
  return { person, family };
}

/** PUT /api/family_people/:id: the relation, the address followed, a relative's own data. */
export async function updatePerson(db: Kysely<Database>, id: number, body: unknown, actor: Actor) {
  const changes: FamilyPersonChanges = validated(familyPersonChangesSchema, body ?? {});
  return db.transaction().execute(async (trx) => {
    const { person, family } = await storedPerson(trx, id, actor);
    const member = person.member_id;
    const own = (['name', 'birth_date', 'sex', 'phone'] as const).filter(
      (field) => changes[field] !== undefined,
    );
    if (member !== null && own.length > 0) throw invalid({ [own[0]]: MEMBER_OWN_DATA });
    if (member === null && changes.uses_family_address !== undefined) {
      throw invalid({ uses_family_address: RELATIVE_ADDRESS });
    }
    if (member !== null) await writableMember(trx, member, actor);
    await assertRelative(trx, person.family_id, changes.relative_id, id);
    const set = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<FamilyPersonChanges>;
    if (Object.keys(set).length > 0) {
      await trx
        .updateTable('family_people')
        .set({ ...set, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    }
    const { created_at: _c, updated_at: _u, ...before } = person;
    await audit(trx, actor, {
      action: 'update',
      resource: 'family_people',
      record_id: id,
      member_id: member,
      before: { ...before, uses_family_address: Boolean(before.uses_family_address) },
      after: { ...before, uses_family_address: Boolean(before.uses_family_address), ...set },
    });
    if (member !== null && changes.uses_family_address && !person.uses_family_address) {
      await writeInheritedAddress(trx, [member], addressOf(family), actor);
    }
    return loadFamily(trx, person.family_id, actor.rights);
  });
}

/**
 * DELETE /api/family_people/:id: someone taken out (those whose relation pointed at them keep it,
 * to the household). The last member while relatives remain: 409 (delete the family instead).
 */
export async function removePerson(db: Kysely<Database>, id: number, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const { person } = await storedPerson(trx, id, actor);
    // Unlinking a member of a congregation outside the writer's is as refused as linking one.
    if (person.member_id !== null) {
      await ensureMemberWritable(trx, [person.member_id], actor.rights);
    }
    const others = await trx
      .selectFrom('family_people')
      .select(['id', 'member_id'])
      .where('family_id', '=', person.family_id)
      .where('id', '!=', id)
      .execute();
    const membersLeft = others.filter((other) => other.member_id !== null).length;
    if (person.member_id !== null && membersLeft === 0 && others.length > 0) {
      throw conflict(LAST_MEMBER);
    }
    await trx.deleteFrom('family_people').where('id', '=', id).execute();
    const { created_at: _c, updated_at: _u, ...before } = person;
    await audit(trx, actor, {
      action: 'delete',
      resource: 'family_people',
      record_id: id,
      member_id: person.member_id,
      before,
    });
    if (others.length === 0) {
      await deleteEmptyFamily(trx, person.family_id, actor);
      return { family: null };
    }
    return { family: await loadFamily(trx, person.family_id, actor.rights) };
  });
}
