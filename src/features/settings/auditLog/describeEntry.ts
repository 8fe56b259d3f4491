// What an entry is about, in one line: "Alteração · Membros nº 12 — Débora Norte".
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from '../../../../domain/audit';
import { labelOf } from '../../../ui/choices';
import type { AuditEntry } from '../../../providers/auditEntry';

export const describeEntry = (entry: AuditEntry) =>
  `${labelOf(AUDIT_ACTION_LABELS, entry.action)} · ${labelOf(AUDIT_RESOURCE_LABELS, entry.resource)}` +
  `${entry.recordId ? ` nº ${entry.recordId}` : ''}${entry.recordName ? ` — ${entry.recordName}` : ''}`;
