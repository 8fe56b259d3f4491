// Células (migration 0033): the cells' tree per congregation, the names of its levels, and the
// cells' members. A cell's meetings are gatherings of kind 'cell' (tables/churchLife.ts).
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A flag with a default: read as 0/1 (SQLite) or a boolean, optional on insert. */
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface CellLevelsTable {
  /** domain/cells.ts CELL_LEVELS. */
  level: string;
  name: string;
  updated_at: string;
}

export interface CellsTable {
  id: Generated<number>;
  congregation_id: number;
  parent_id: number | null;
  /** domain/cells.ts CELL_LEVELS. */
  level: string;
  name: string;
  leader_id: number | null;
  co_leader_id: number | null;
  host_address: string | null;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number | null;
  /** HH:MM. */
  time: string | null;
  active: Flag;
  origin_id: number | null;
  born_on: string | null;
  created_at: string;
  updated_at: string;
}
export type Cell = Selectable<CellsTable>;
export type NewCell = Insertable<CellsTable>;

export interface CellMembersTable {
  id: Generated<number>;
  cell_id: number;
  member_id: number;
  created_at: string;
}
