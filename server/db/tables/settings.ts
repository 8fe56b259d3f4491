// The church and the settings members refer to: positions, departments, custom fields.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AddressColumns, Bool } from './columns.js';

export interface ChurchTable extends AddressColumns {
  id: number;
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  pastor_name: string | null;
  /** Signs the monthly pack, the receipts and the donor statements (migration 0054). */
  treasurer_name: string | null;
  logo: string | null;
  credential_validity_months: number;
  updated_at: string;
  /** When an admin dismissed the dashboard's first-run checklist (migration 0007). */
  setup_dismissed_at: string | null;
  /** When the credential validity was last sent by the church form (migration 0007). */
  credential_validity_confirmed_at: string | null;
  // The privacy notice (/privacidade, migration 0016): the encarregado and the church's wording.
  dpo_name: string | null;
  dpo_email: string | null;
  privacy_retention: string | null;
  privacy_sharing: string | null;
  /** Years the audit trail is kept (1–20, migration 0020). */
  audit_retention_years: Generated<number>;
  /** The day the trail was last purged: one purge a day among processes (migration 0020). */
  audit_purged_on: string | null;
  // Two-factor sign-in required of admins and treasurers, with a grace period (migration 0027).
  two_factor_required: ColumnType<boolean | number, boolean | undefined, boolean>;
  two_factor_grace_days: Generated<number>;
  two_factor_required_since: ColumnType<string | null, string | null | undefined, string | null>;
  // The member's self-update (issue 28, migration 0053): a link's days, the groups (JSON array).
  self_update_days: Generated<number>;
  self_update_groups: Generated<string>;
}
export type Church = Selectable<ChurchTable>;
export type NewChurch = Insertable<ChurchTable>;
export type ChurchUpdate = Updateable<ChurchTable>;

export interface PositionsTable {
  id: Generated<number>;
  name: string;
  ministerial: Bool;
  sort_order: number;
}
export type Position = Selectable<PositionsTable>;
export type NewPosition = Insertable<PositionsTable>;
export type PositionUpdate = Updateable<PositionsTable>;

export interface DepartmentsTable {
  id: Generated<number>;
  /** Its congregation, or NULL for a church-wide department (migration 0010). */
  congregation_id: ColumnType<number | null, number | null | undefined, number | null>;
  name: string;
  description: string | null;
  leader_id: number | null;
}
export type Department = Selectable<DepartmentsTable>;
export type NewDepartment = Insertable<DepartmentsTable>;
export type DepartmentUpdate = Updateable<DepartmentsTable>;

export interface CustomFieldsTable {
  id: Generated<number>;
  label: string;
  key: string;
  field_type: string;
  /** JSON array of strings. */
  options: string;
  required: Bool;
  active: Bool;
  sort_order: number;
  /** Asked on the public self-registration (/meu_cadastro) too. */
  public_form: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Carried by the reduced member record too: seen by users without secretary access (0016). */
  visible_to_all: ColumnType<boolean | number, boolean | undefined, boolean>;
}
export type CustomField = Selectable<CustomFieldsTable>;
export type NewCustomField = Insertable<CustomFieldsTable>;
export type CustomFieldUpdate = Updateable<CustomFieldsTable>;
