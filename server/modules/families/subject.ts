// What the data subject's rights (issue 13) take of the households (issue 28): the member's export
// names their household, their relation and the relatives' names and relations; anonymization
// takes the member out of it — those whose relation named them keep theirs, to the household — and
// a household left with no member goes whole, its relatives with it (they were kept only as the
// member's family).
import type { Kysely, Transaction } from 'kysely';
import { ADDRESS_FIELDS } from '../../../domain/fields.js';
import type { Database } from '../../db/schema.js';
import { peopleRows, peopleViews } from './people.js';
import { familyIdOfMember } from './people.js';

/** The member's household for their data export, or null. */
export async function subjectFamily(db: Kysely<Database>, memberId: number) {
  const link = await familyIdOfMember(db, memberId);
  if (!link) return null;
  const family = await db
    .selectFrom('families')
    .select(['id', 'name', ...ADDRESS_FIELDS])
    .where('id', '=', link.family_id)
    .executeTakeFirstOrThrow();
  // The export is the member's own: the names of their household are theirs to know.
  const people = peopleViews(await peopleRows(db, [family.id]), null);
  const self = people.find((person) => person.id === link.id);
  return {
    ...family,
    relation_text: self?.relation_text ?? '',
    uses_family_address: self?.uses_family_address ?? false,
    people: people
      .filter((person) => person.id !== link.id)
      .map((person) => ({
        name: person.name,
        relation_text: person.relation_text,
        member: person.member_id !== null,
        birth_date: person.birth_date,
      })),
  };
}

/** Anonymization: the member out of their household; a household left with no member deleted. */
export async function anonymizeFamilyLinks(trx: Transaction<Database>, memberId: number) {
  const link = await familyIdOfMember(trx, memberId);
  if (!link) return { family_links: 0, relatives_removed: 0 };
  await trx.deleteFrom('family_people').where('id', '=', link.id).execute();
  const left = await trx
    .selectFrom('family_people')
    .select(['id', 'member_id'])
    .where('family_id', '=', link.family_id)
    .execute();
  if (left.some((person) => person.member_id !== null)) {
    return { family_links: 1, relatives_removed: 0 };
  }
  await trx.deleteFrom('families').where('id', '=', link.family_id).execute();
  return { family_links: 1, relatives_removed: left.length };
}
