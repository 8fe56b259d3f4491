// Famílias (migration 0049): households and the people in them, members or relatives who are none.
import type { Generated, Selectable } from 'kysely';
import type { AddressColumns, Bool } from './columns.js';

export interface FamiliesTable extends AddressColumns {
  id: Generated<number>;
  congregation_id: number;
  name: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
export type Family = Selectable<FamiliesTable>;

export interface FamilyPeopleTable {
  id: Generated<number>;
  family_id: number;
  /** A member; null: a relative who is no member (the columns below are theirs). */
  member_id: number | null;
  name: string | null;
  birth_date: string | null;
  sex: string | null;
  phone: string | null;
  /** domain/families.ts FAMILY_RELATIONS. */
  relation: string;
  /** The person of the household the relation is to; null: to the household. */
  relative_id: number | null;
  uses_family_address: Bool;
  created_at: string;
  updated_at: string;
}
export type FamilyPerson = Selectable<FamilyPeopleTable>;
