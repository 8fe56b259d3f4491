// Church life (migration 0030): recurring cultos, gatherings with their head counts, visitors,
// and the attendances that link a gathering to a member or a visitor.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A flag with a default: read as 0/1 (SQLite) or a boolean, optional on insert. */
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface WorshipServicesTable {
  id: Generated<number>;
  congregation_id: number;
  name: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** HH:MM. */
  time: string;
  active: Flag;
  created_at: string;
  updated_at: string;
}
export type WorshipService = Selectable<WorshipServicesTable>;

/** A member who hosts a culto's check-in (a líder; migration 0041). */
export interface WorshipServiceHostsTable {
  id: Generated<number>;
  worship_service_id: number;
  member_id: number;
}

export interface GatheringsTable {
  id: Generated<number>;
  /** domain/churchLife.ts GATHERING_KINDS. */
  kind: string;
  congregation_id: number;
  worship_service_id: number | null;
  /** The cell whose meeting it is (kind 'cell', migration 0033). */
  cell_id: ColumnType<number | null, number | null | undefined, number | null>;
  name: string;
  date: string;
  time: string | null;
  count_members: number | null;
  count_visitors: number | null;
  count_children: number | null;
  notes: string | null;
  /** The EBD class whose chamada this is (kind 'ebd', migration 0034). */
  ebd_class_id: ColumnType<number | null, number | null | undefined, number | null>;
  count_bibles: ColumnType<number | null, number | null | undefined, number | null>;
  count_magazines: ColumnType<number | null, number | null | undefined, number | null>;
  /** The offering taken (a cell's report, an EBD chamada), in centavos. */
  offering_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The income the treasury received it as (migration 0038); null while pending. */
  offering_income_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The named presence of the days gone by, folded out of the slots (migration 0048): with the sum
   * of its `gathering_presence` rows, the gathering's named presence.
   */
  folded_members: ColumnType<number, number | undefined, number>;
  folded_visitors: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type Gathering = Selectable<GatheringsTable>;
export type NewGathering = Insertable<GatheringsTable>;

export interface VisitorsTable {
  id: Generated<number>;
  congregation_id: number;
  name: string;
  search: string;
  phone: string | null;
  invited_by_id: number | null;
  first_visit: Flag;
  contact_consent: Flag;
  consent_version_id: number | null;
  consent_at: string | null;
  notes: string | null;
  client_key: string | null;
  /** The member the visitor became (through the registrations' review), once. */
  member_id: number | null;
  /** When the visitor's identity was erased at their request (LGPD); then no personal data. */
  anonymized_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type Visitor = Selectable<VisitorsTable>;

/** A visitor's consent to be contacted, given or withdrawn (append-only). */
export interface VisitorConsentsTable {
  id: Generated<number>;
  visitor_id: number;
  consent_version_id: number;
  /** grant or revoke. */
  action: string;
  at: string;
  recorded_by: number | null;
  created_at: string;
}

/**
 * A gathering's attendances of members and of visitors, in slots (an attendance's id modulo 8)
 * kept by triggers (migrations 0035, 0040, 0048) as signed deltas: its named presence is the sum of
 * its rows plus the `folded_*` of its row, where the daily fold moves them once its day is over.
 */
export interface GatheringPresenceTable {
  gathering_id: number;
  slot: number;
  members: number;
  visitors: number;
}

export interface AttendancesTable {
  id: Generated<number>;
  gathering_id: number;
  member_id: number | null;
  visitor_id: number | null;
  /** domain/churchLife.ts CHECKIN_METHODS. */
  method: string;
  client_key: string | null;
  created_by: number | null;
  created_at: string;
}
export type Attendance = Selectable<AttendancesTable>;
