// An audit entry's changes in words: "Valor: R$ 10,00 → R$ 12,00", "Cargo: — → Diácono",
// "Departamentos: Jovens → Jovens, Louvor", "Foto: substituída". Shared by the audit screens
// (whose keys the data provider camelCased) and the server (the data subject's report, issue 13).
import {
  formatBoolean,
  formatDate,
  formatDateTime,
  formatDocument,
  formatMoney,
  formatPhone,
  formatZipCode,
} from './formats';
import {
  DETAIL_LABELS,
  SECOND_FACTOR_LABELS,
  SIGN_IN_REASON_LABELS,
  fieldLabel,
  valueLabels,
} from './auditFieldLabels';

/** The API's snake_case name of a key (a camelCased one from the app, or already snake_case). */
const toSnakeKey = (key: string) => key.replace(/([A-Z])/g, (char) => `_${char.toLowerCase()}`);

export interface AuditChanges {
  action: string;
  /** The API resource changed (e.g. accounts_payable): "kind" and "status" mean per resource. */
  resource?: string;
  /** field -> [before, after] */
  changes: Record<string, [unknown, unknown]>;
  /** field -> id -> name: the records the reference fields point at, named by the server. */
  names?: Record<string, Record<string, string>>;
  /** field -> label, for the fields no fixed label names (custom fields), from the server. */
  fieldLabels?: Record<string, string>;
}

/** Entries that list what a new record holds, not a before and after. */
const CREATIONS = new Set(['create', 'received', 'issue', 'record_paper', 'grant']);

/** An image is kept as a fingerprint: what matters is that it came, went or changed. */
const isImage = (value: unknown) => typeof value === 'string' && value.startsWith('image:');

/** A value as the church reads it (the field is the API's snake_case name). */
function show(
  field: string,
  value: unknown,
  resource: string | undefined,
  names: Record<string, string> | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value.length === 0
      ? '—'
      : value.map((item) => show(field, item, resource, names)).join(', ');
  }
  const name = names?.[String(value)];
  if (name) return name;
  // A reference whose record the server could not name (gone without a trace): its number.
  if ((field.endsWith('_id') || field.endsWith('_ids')) && typeof value === 'number') {
    return `nº ${value}`;
  }
  const label = valueLabels(resource, field)?.[String(value)];
  if (label) return label;
  if (field.endsWith('_cents')) return formatMoney(value as number);
  if (typeof value === 'boolean') return formatBoolean(value);
  if (field === 'document' || field === 'cpf' || field === 'cnpj') {
    return formatDocument(String(value));
  }
  if (field === 'phone' || field.startsWith('phone_')) return formatPhone(String(value));
  if (field === 'zip_code') return formatZipCode(String(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    return formatDateTime(value);
  }
  return String(value);
}

function imageChange(before: unknown, after: unknown): string {
  if (!isImage(before)) return 'incluída';
  if (!isImage(after)) return 'removida';
  return 'substituída';
}

export function describeChanges(entry: AuditChanges): string[] {
  return (
    Object.entries(entry.changes ?? {})
      // The data provider camelCases every key; the labels use the API's snake_case names.
      .map(([key, values]) => [key, toSnakeKey(key), values] as const)
      .filter(([, field]) => field !== 'id')
      .map(([key, field, [before, after]]) => {
        const label = entry.fieldLabels?.[key] ?? fieldLabel(field, entry.resource) ?? field;
        if (isImage(before) || isImage(after)) return `${label}: ${imageChange(before, after)}`;
        const { resource } = entry;
        // The names keep the key the changes have (camelCased alike by the data provider).
        const names = entry.names?.[key] ?? entry.names?.[field];
        const text = (value: unknown) => show(field, value, resource, names);
        if (CREATIONS.has(entry.action)) return `${label}: ${text(after)}`;
        if (entry.action === 'delete') return `${label}: ${text(before)}`;
        return `${label}: ${text(before)} → ${text(after)}`;
      })
  );
}

/** An entry's details in words: "Arquivo: membros.csv", "Linhas: 120", "E-mail digitado: …". */
export function describeDetails(details: unknown, resource?: string): string[] {
  if (!details || typeof details !== 'object') return [];
  return Object.entries(details as Record<string, unknown>).flatMap(([key, value]) => {
    const field = toSnakeKey(key);
    const label = DETAIL_LABELS[field] ?? field;
    if (value === null || value === undefined) return [];
    if (field === 'reason') return [`${label}: ${SIGN_IN_REASON_LABELS[String(value)] ?? value}`];
    if (field === 'second_factor') {
      return [`${label}: ${SECOND_FACTOR_LABELS[String(value)] ?? value}`];
    }
    if (field === 'before' && typeof value === 'string') return [`${label}: ${formatDate(value)}`];
    if (typeof value === 'boolean') return [`${label}: ${formatBoolean(value)}`];
    if (Array.isArray(value)) return [`${label}: ${value.join(', ')}`];
    if (typeof value === 'object') {
      const parts = Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '')
        .map(([inner, shown]) => {
          const key = toSnakeKey(inner);
          return `${fieldLabel(key, resource) ?? key} = ${show(key, shown, resource, undefined)}`;
        });
      return [`${label}: ${parts.length > 0 ? parts.join('; ') : 'nenhum'}`];
    }
    return [`${label}: ${String(value)}`];
  });
}
