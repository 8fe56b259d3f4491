// The EBD (migration 0034): classes per congregation and trimestre, their teachers and enrolled
// students; a class's chamada is a gathering (tables/churchLife.ts) naming the class.
import type { ColumnType, Generated, Selectable } from 'kysely';

type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface EbdClassesTable {
  id: Generated<number>;
  congregation_id: number;
  name: string;
  search: string;
  year: number;
  /** 1 … 4. */
  quarter: number;
  age_group: string | null;
  age_min: number | null;
  age_max: number | null;
  magazine: string | null;
  active: Flag;
  created_at: string;
  updated_at: string;
}
export type EbdClass = Selectable<EbdClassesTable>;

export interface EbdClassTeachersTable {
  id: Generated<number>;
  ebd_class_id: number;
  member_id: number;
}

export interface EbdEnrolmentsTable {
  id: Generated<number>;
  ebd_class_id: number;
  member_id: number | null;
  visitor_id: number | null;
  enrolled_on: string;
  left_on: string | null;
  created_by: number | null;
  created_at: string;
}
export type EbdEnrolment = Selectable<EbdEnrolmentsTable>;
