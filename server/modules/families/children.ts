// Children by age (issue 28): the members and the relatives who are no members whose age is in a
// range (by default under 12), youngest first, each with their household and its parents or
// guardians — those of the household who are spouses, parents or guardians there and the person
// the child's relation names — with their phones: the EBD's and the children's ministry's list.
import { type Kysely, sql } from 'kysely';
import { addYears, ageOn } from '../../../domain/dates.js';
import { GUARDIAN_RELATIONS, guardianLabel } from '../../../domain/families.js';
import { MEMBER_STATUSES } from '../../../domain/members.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { peopleRows, peopleViews } from './people.js';

export interface ChildrenFilter {
  age_min: number;
  age_max: number;
}

export interface ChildRow {
  /** m<member id> or r<family person id>: a row's key on the screen. */
  id: string;
  member_id: number | null;
  name: string;
  birth_date: string;
  age: number;
  congregation_name: string;
  family_id: number | null;
  family_name: string | null;
  guardians: Array<{ name: string; relation_text: string; phone: string | null }>;
}

/** The members a children's list counts: not deceased nor transferred. */
const CHILD_STATUSES = MEMBER_STATUSES.filter(
  (status) => status !== 'deceased' && status !== 'transferred',
);

/** Members (not deceased, transferred or anonymized) and relatives born in the age range. */
function childrenQuery(db: Kysely<Database>, scope: Scope, filter: ChildrenFilter, today: string) {
  const after = addYears(today, -(filter.age_max + 1));
  const until = addYears(today, -filter.age_min);
  const members = inScope(
    db
      .selectFrom('members')
      .select([
        sql<string>`'m'`.as('kind'),
        'members.id',
        'members.birth_date',
        'members.congregation_id',
      ])
      .where('members.birth_date', '>', after)
      .where('members.birth_date', '<=', until)
      // Read from the (status, birth_date, id) index; an anonymized member has no birth date.
      .where('members.status', 'in', CHILD_STATUSES),
    'members.congregation_id',
    scope,
  );
  const relatives = inScope(
    db
      .selectFrom('family_people')
      .innerJoin('families', 'families.id', 'family_people.family_id')
      .select([
        sql<string>`'r'`.as('kind'),
        'family_people.id',
        'family_people.birth_date',
        'families.congregation_id',
      ])
      .where('family_people.member_id', 'is', null)
      .where('family_people.birth_date', '>', after)
      .where('family_people.birth_date', '<=', until),
    'families.congregation_id',
    scope,
  );
  return db.selectFrom(members.unionAll(relatives).as('children'));
}

/** How many children the filter finds. */
export async function countChildren(
  db: Kysely<Database>,
  scope: Scope,
  filter: ChildrenFilter,
  today: string,
) {
  const row = await childrenQuery(db, scope, filter, today)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of children, youngest first, with their households and guardians. */
export async function childrenPage(
  db: Kysely<Database>,
  scope: Scope,
  filter: ChildrenFilter,
  today: string,
  range: { offset: number; limit: number },
): Promise<ChildRow[]> {
  const keys = await childrenQuery(db, scope, filter, today)
    .selectAll()
    // Each side in its (birth_date, id) index's order, merged: a page stops early.
    .orderBy('birth_date', 'desc')
    .orderBy('id', 'desc')
    .orderBy('kind')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
  const memberIds = keys.filter((key) => key.kind === 'm').map((key) => key.id);
  const relativeIds = keys.filter((key) => key.kind === 'r').map((key) => key.id);
  const [members, links, congregations] = await Promise.all([
    db
      .selectFrom('members')
      .select(['id', 'name'])
      .where('id', 'in', memberIds.length > 0 ? memberIds : [0])
      .execute(),
    db
      .selectFrom('family_people')
      .select(['id', 'member_id', 'family_id'])
      .where((eb) =>
        eb.or([
          eb('member_id', 'in', memberIds.length > 0 ? memberIds : [0]),
          eb('id', 'in', relativeIds.length > 0 ? relativeIds : [0]),
        ]),
      )
      .execute(),
    db.selectFrom('congregations').select(['id', 'name']).execute(),
  ]);
  const familyIds = [...new Set(links.map((link) => link.family_id))];
  const [families, people] = await Promise.all([
    db
      .selectFrom('families')
      .select(['id', 'name'])
      .where('id', 'in', familyIds.length > 0 ? familyIds : [0])
      .execute(),
    peopleRows(db, familyIds),
  ]);
  // The guardians' data: read by those who read the child (the household's own congregation).
  const views = peopleViews(people, scope, today);
  const memberNames = new Map(members.map((member) => [member.id, member.name]));
  const familyNames = new Map(families.map((family) => [family.id, family.name]));
  const congregationNames = new Map(congregations.map((row) => [row.id, row.name]));
  return keys.map((key) => {
    const link = links.find((row) =>
      key.kind === 'm' ? row.member_id === key.id : row.id === key.id && row.member_id === null,
    );
    const self = link ? views.find((view) => view.id === link.id) : undefined;
    const guardians = link
      ? views.filter(
          (view) =>
            view.family_id === link.family_id &&
            view.id !== link.id &&
            !view.hidden &&
            (GUARDIAN_RELATIONS.includes(view.relation as never) || view.id === self?.relative_id),
        )
      : [];
    const birth = key.birth_date as string;
    return {
      id: `${key.kind}${key.id}`,
      member_id: key.kind === 'm' ? key.id : null,
      name: key.kind === 'm' ? (memberNames.get(key.id) ?? '') : (self?.name ?? ''),
      birth_date: birth,
      age: ageOn(birth, today),
      congregation_name: congregationNames.get(key.congregation_id) ?? '',
      family_id: link?.family_id ?? null,
      family_name: link ? (familyNames.get(link.family_id) ?? null) : null,
      guardians: guardians.map((view) => ({
        name: view.name,
        relation_text:
          (view.id === self?.relative_id && self ? guardianLabel(self.relation, view.sex) : null) ??
          view.relation_text,
        phone: view.phone,
      })),
    };
  });
}
