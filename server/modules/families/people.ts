// A household as it is read: the family, its congregation and its people — each member with the
// member's own name, birth date, sex, phone and status, each relative with theirs — with the
// relation in words and the age. A member of a congregation outside the reader's rights is shown
// without any personal datum (the household stays whole, the member stays private).
import { ageOn, todayIso } from '../../../domain/dates.js';
import { FAMILY_NOT_FOUND, familyRelationText } from '../../../domain/families.js';
import type { Executor } from '../../db/executor.js';
import { type Scope, canRead, ensureReadable, ensureWritable } from '../../http/scope.js';
import { notFound } from '../../plugins/errors.js';

/** A member of another congregation, as a reader outside it sees them. */
export const HIDDEN_MEMBER = 'Membro de outra congregação';

export interface FamilyPersonView {
  id: number;
  family_id: number;
  member_id: number | null;
  name: string;
  birth_date: string | null;
  age: number | null;
  sex: string | null;
  phone: string | null;
  relation: string;
  relative_id: number | null;
  relation_text: string;
  uses_family_address: boolean;
  /** The member's status; null for a relative. */
  status: string | null;
  congregation_id: number | null;
  /** A member outside the reader's congregations: no personal datum shown. */
  hidden: boolean;
}

/** The people of these households, as stored, with their members' own data beside them. */
export function peopleRows(db: Executor, familyIds: number[]) {
  return db
    .selectFrom('family_people')
    .leftJoin('members', 'members.id', 'family_people.member_id')
    .select([
      'family_people.id',
      'family_people.family_id',
      'family_people.member_id',
      'family_people.relation',
      'family_people.relative_id',
      'family_people.uses_family_address',
      'family_people.name as relative_name',
      'family_people.birth_date as relative_birth_date',
      'family_people.sex as relative_sex',
      'family_people.phone as relative_phone',
      'members.name as member_name',
      'members.birth_date as member_birth_date',
      'members.sex as member_sex',
      'members.phone_mobile',
      'members.phone_home',
      'members.status',
      'members.congregation_id',
    ])
    .where('family_people.family_id', 'in', familyIds.length > 0 ? familyIds : [0])
    .orderBy('family_people.family_id')
    .orderBy('family_people.id')
    .execute();
}

type PersonRow = Awaited<ReturnType<typeof peopleRows>>[number];

/** Each row as the API answers it: ages on `today`, relations in words, hidden outside `rights`. */
export function peopleViews(rows: PersonRow[], rights: Scope, today = todayIso()) {
  const people = rows.map((row): FamilyPersonView => {
    const member = row.member_id !== null;
    const hidden = member && !canRead(rights, row.congregation_id);
    const birth = hidden ? null : member ? row.member_birth_date : row.relative_birth_date;
    return {
      id: row.id,
      family_id: row.family_id,
      member_id: row.member_id,
      name: hidden ? HIDDEN_MEMBER : ((member ? row.member_name : row.relative_name) ?? ''),
      birth_date: birth,
      age: birth ? ageOn(birth, today) : null,
      sex: hidden ? null : member ? row.member_sex : row.relative_sex,
      phone: hidden ? null : member ? (row.phone_mobile ?? row.phone_home) : row.relative_phone,
      relation: row.relation,
      relative_id: row.relative_id,
      relation_text: '',
      uses_family_address: Boolean(row.uses_family_address),
      status: hidden ? null : (row.status ?? null),
      congregation_id: row.congregation_id ?? null,
      hidden,
    };
  });
  const names = new Map(people.map((person) => [person.id, person.name]));
  for (const person of people) {
    person.relation_text = familyRelationText(
      person.relation,
      person.sex,
      person.relative_id === null ? null : names.get(person.relative_id),
    );
  }
  return people;
}

/**
 * The household row with its congregation's name; 404 when missing or, to read, outside `rights`;
 * 403 outside them to change (`write`).
 */
export async function familyRow(db: Executor, id: number, rights: Scope, write = false) {
  const family = await db
    .selectFrom('families')
    .innerJoin('congregations', 'congregations.id', 'families.congregation_id')
    .selectAll('families')
    .select('congregations.name as congregation_name')
    .where('families.id', '=', id)
    .executeTakeFirst();
  if (!family) throw notFound(FAMILY_NOT_FOUND);
  if (write) ensureWritable(rights, family.congregation_id);
  else ensureReadable(rights, family.congregation_id);
  return family;
}

/** GET /api/families/:id: the household and its people. */
export async function loadFamily(db: Executor, id: number, rights: Scope) {
  const family = await familyRow(db, id, rights);
  const people = peopleViews(await peopleRows(db, [id]), rights);
  return { ...family, people };
}

export type FamilyView = Awaited<ReturnType<typeof loadFamily>>;

/** The household of a member (null: none), read through its one indexed row. */
export async function familyIdOfMember(db: Executor, memberId: number) {
  const row = await db
    .selectFrom('family_people')
    .select(['id', 'family_id'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ?? null;
}
