// What the member generators need from the database: ids of positions, departments and custom
// fields, and the member as the API receives it.
import type { MemberInput } from '../../../domain/memberSchema.js';

export type SeedMember = Omit<MemberInput, 'department_ids' | 'congregation_id'>;

export interface SeedContext {
  /** Today, YYYY-MM-DD, in the church's time zone (domain/dates.ts). */
  today: string;
  memberPositionId: number | null;
  /** Ministerial positions by name (Cooperador, Diácono…); missing ones are skipped. */
  ministerialPositions: Map<string, number>;
  /** Department ids in the order of DEPARTMENTS (null when it could not be created). */
  departmentIds: Array<number | null>;
  /** Custom field keys, or null when the field is not available for seeding. */
  customKeys: { conversion: string | null; schooling: string | null; tither: string | null };
}
