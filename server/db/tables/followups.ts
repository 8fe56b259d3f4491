// Consolidação (migration 0035): the church's follow-up stages and each visitor's steps.
import type { ColumnType, Generated, Selectable } from 'kysely';

type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface FollowupStagesTable {
  id: Generated<number>;
  name: string;
  /** Days after the start the step is due. */
  due_days: number;
  sort_order: number;
  active: Flag;
  created_at: string;
  updated_at: string;
}
export type FollowupStage = Selectable<FollowupStagesTable>;

export interface FollowupsTable {
  id: Generated<number>;
  visitor_id: number;
  stage_id: number;
  /** The stage's name and order when the step was made. */
  name: string;
  sort_order: number;
  owner_id: number | null;
  due_on: string;
  /** domain/followups.ts FOLLOWUP_STATUSES. */
  status: string;
  note: string | null;
  closed_at: string | null;
  closed_by: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type Followup = Selectable<FollowupsTable>;
