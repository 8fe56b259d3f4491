// The sede, its sub-sedes and congregações (migration 0010), and members' moves between them.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AddressColumns, Bool } from './columns.js';

export interface CongregationsTable extends AddressColumns {
  id: Generated<number>;
  name: string;
  /** 'sede' | 'subsede' | 'congregacao' (domain/congregations.ts). */
  kind: string;
  parent_id: number | null;
  slug: string;
  leader_name: string | null;
  phone: string | null;
  email: string | null;
  active: Bool;
  search: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}
export type Congregation = Selectable<CongregationsTable>;
export type NewCongregation = Insertable<CongregationsTable>;
export type CongregationUpdate = Updateable<CongregationsTable>;

/** A member's internal move from one congregation of the church to another (history). */
export interface MemberMovesTable {
  id: Generated<number>;
  member_id: number;
  from_congregation_id: number;
  to_congregation_id: number;
  moved_on: string;
  user_id: number | null;
  created_at: string;
}
export type MemberMove = Selectable<MemberMovesTable>;
export type NewMemberMove = Insertable<MemberMovesTable>;

/** What a congregation sends its sede of its tithes and offerings, from a month on (issue 27). */
export interface CongregationTransferRatesTable {
  id: Generated<number>;
  congregation_id: number;
  /** YYYY-MM: valid from this month until the congregation's next rate. */
  from_month: string;
  /** Basis points: 1000 = 10%. */
  rate_bp: number;
}
