/** An audit entry as the data provider hands it over (camelCase). */
export interface AuditEntry {
  id: number;
  userId: number | null;
  userName: string | null;
  action: string;
  resource: string;
  area: string;
  recordId: number | null;
  memberId: number | null;
  changes: Record<string, [unknown, unknown]>;
  details: Record<string, unknown> | null;
  /** field -> id -> name of the records the changes point at. */
  names?: Record<string, Record<string, string>>;
  /** field -> label of the custom fields among the changes. */
  fieldLabels?: Record<string, string>;
  /** The name of the record itself (a member's name, an expense's description). */
  recordName?: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}
