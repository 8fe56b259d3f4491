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
}

/** A value as the treasurer reads it (the field is the API's snake_case name). */
function show(field: string, value: unknown, resource?: string): string {
  if (value === null || value === undefined || value === '') return '—';
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
      .map(([key, values]) => [toSnakeKey(key), values] as const)
      .filter(([field]) => field !== 'id')
      .map(([field, [before, after]]) => {
        const label = FIELD_LABELS[field] ?? field;
        const { resource } = entry;
        if (entry.action === 'create') return `${label}: ${show(field, after, resource)}`;
        if (entry.action === 'delete') return `${label}: ${show(field, before, resource)}`;
        return `${label}: ${show(field, before, resource)} → ${show(field, after, resource)}`;
      })
  );
}
