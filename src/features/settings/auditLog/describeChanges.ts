// An audit entry's changes in words: "Valor: R$ 10,00 → R$ 12,00".
import { toSnakeKey } from '../../../providers/case';
import { formatBoolean, formatDate, formatDocument, formatMoney } from '../../../../domain/formats';
import { FIELD_LABELS, valueLabels } from './fieldLabels';

export interface AuditChanges {
  action: string;
  /** The API resource changed (e.g. accounts_payable): "kind" and "status" mean per resource. */
  resource?: string;
  /** field -> [before, after] */
  changes: Record<string, [unknown, unknown]>;
  /** field -> id -> name: the records the reference fields point at, named by the server. */
  names?: Record<string, Record<string, string>>;
}

/** A value as the treasurer reads it (the field is the API's snake_case name). */
function show(field: string, value: unknown, resource?: string, name?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (name) return name;
  // A reference whose record the server could not name (gone without a trace): its number.
  if (field.endsWith('_id') && typeof value === 'number') return `nº ${value}`;
  const label = valueLabels(resource, field)?.[String(value)];
  if (label) return label;
  if (field.endsWith('_cents')) return formatMoney(value as number);
  if (typeof value === 'boolean') return formatBoolean(value);
  if (field === 'document') return formatDocument(String(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return String(value);
}

export function describeChanges(entry: AuditChanges): string[] {
  return (
    Object.entries(entry.changes ?? {})
      // The data provider camelCases every key; the labels use the API's snake_case names.
      .map(([key, values]) => [key, toSnakeKey(key), values] as const)
      .filter(([, field]) => field !== 'id')
      .map(([key, field, [before, after]]) => {
        const label = FIELD_LABELS[field] ?? field;
        const { resource } = entry;
        // The names keep the key the changes have (camelCased alike by the data provider).
        const names = entry.names?.[key] ?? entry.names?.[field];
        const text = (value: unknown) =>
          show(field, value, resource, value == null ? undefined : names?.[String(value)]);
        if (entry.action === 'create') return `${label}: ${text(after)}`;
        if (entry.action === 'delete') return `${label}: ${text(before)}`;
        return `${label}: ${text(before)} → ${text(after)}`;
      })
  );
}
