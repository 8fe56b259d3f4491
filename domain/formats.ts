// Display formats of SPEC §5. Pure module, shared by the browser and the server.
// Every formatter returns '' for empty values and the trimmed input for values it cannot read.
import { normalizeCnpj } from './taxIds';
import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

export type FormatInput = string | number | null | undefined;
export type DateInput = FormatInput | Date;

function isEmpty(value: unknown): value is null | undefined | '' {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

function asText(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value).trim();
}

/** Only the digits of a value; '' for empty values. */
export function onlyDigits(value: FormatInput): string {
  if (isEmpty(value)) return '';
  return String(value).replace(/\D/g, '');
}

// ---------------------------------------------------------------------------------------------
// Dates

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
// A date column serialised through a JS Date at UTC midnight (e.g. by node-postgres) is still a
// calendar date; converting it to São Paulo time would show the previous day.
const UTC_MIDNIGHT = /T00:00(?::00(?:\.0+)?)?Z$/i;

const zonedParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsInSaoPaulo(instant: Date): DateParts | null {
  if (Number.isNaN(instant.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of zonedParts.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
  };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Reads a date or an instant. Plain dates are calendar dates and never shift; timestamps are
 * instants (UTC when they carry no offset, as the server stores them) shown in São Paulo time.
 */
function readDate(value: DateInput, { calendarAtUtcMidnight }: { calendarAtUtcMidnight: boolean }) {
  if (value instanceof Date) return partsInSaoPaulo(value);
  const text = String(value).trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number);
    return isRealDate(year, month, day) ? { year, month, day, hour: 0, minute: 0 } : null;
  }
  const timestamp = TIMESTAMP.exec(text);
  if (!timestamp) return null;
  const [year, month, day, hour, minute] = timestamp.slice(1, 6).map(Number);
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59) return null;
  if (calendarAtUtcMidnight && UTC_MIDNIGHT.test(text)) {
    return { year, month, day, hour: 0, minute: 0 };
  }
  const offset = (timestamp[7] ?? 'Z').toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const iso = `${text.slice(0, 10)}T${text.slice(11, 16)}:${timestamp[6] ?? '00'}${offset}`;
  return partsInSaoPaulo(new Date(iso));
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const pad4 = (n: number) => String(n).padStart(4, '0');

/** '2026-03-05', an ISO timestamp or a Date -> '05/03/2026'. */
export function formatDate(value: DateInput): string {
  if (isEmpty(value)) return '';
  const parts = readDate(value, { calendarAtUtcMidnight: true });
  if (!parts) return asText(value);
  return `${pad2(parts.day)}/${pad2(parts.month)}/${pad4(parts.year)}`;
}

/** ISO UTC timestamp -> 'DD/MM/YYYY HH:mm' in São Paulo time; a plain date -> 'DD/MM/YYYY'. */
export function formatDateTime(value: DateInput): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) return formatDate(value);
  const parts = readDate(value, { calendarAtUtcMidnight: false });
  if (!parts) return asText(value);
  return `${pad2(parts.day)}/${pad2(parts.month)}/${pad4(parts.year)} ${pad2(parts.hour)}:${pad2(parts.minute)}`;
}

/** '1990-07-14' -> '14/07'. */
export function formatBirthday(value: DateInput): string {
  if (isEmpty(value)) return '';
  const parts = readDate(value, { calendarAtUtcMidnight: true });
  if (!parts) return asText(value);
  return `${pad2(parts.day)}/${pad2(parts.month)}`;
}

// ---------------------------------------------------------------------------------------------
// Phones, documents, addresses

/** 0800 1234567 -> '0800 123 4567'; 11 digits -> '(NN) NNNNN-NNNN'; 10 digits -> '(NN) NNNN-NNNN'. */
export function formatPhone(value: FormatInput): string {
  if (isEmpty(value)) return '';
  const digits = onlyDigits(value);
  if (digits.length === 11 && digits.startsWith('0')) {
    return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  if (digits.length === 11) {
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  }
  if (digits.length === 10) {
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  }
  return asText(value);
}

const CPF_DIGITS = /^(\d{3})(\d{3})(\d{3})(\d{2})$/;
const CNPJ_CHARS = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/;
const ZIP_DIGITS = /^(\d{2})(\d{3})(\d{3})$/;

/** 11 digits -> 'NNN.NNN.NNN-NN'. */
export function formatCpf(value: FormatInput): string {
  if (isEmpty(value)) return '';
  const match = CPF_DIGITS.exec(onlyDigits(value));
  return match ? `${match[1]}.${match[2]}.${match[3]}-${match[4]}` : asText(value);
}

/** 14 positions (the first 12 may be letters) -> 'NN.NNN.NNN/NNNN-NN', letters uppercase. */
export function formatCnpj(value: FormatInput): string {
  if (isEmpty(value)) return '';
  const match = CNPJ_CHARS.exec(normalizeCnpj(value));
  return match ? `${match[1]}.${match[2]}.${match[3]}/${match[4]}-${match[5]}` : asText(value);
}

export type PersonType = 'person' | 'entity';

/**
 * CPF (11 digits) or CNPJ (14 positions), told apart by length. `personType` is accepted for call
 * sites that have it, but it cannot change the outcome: no value fits both.
 */
export function formatDocument(value: FormatInput, _personType?: PersonType | null): string {
  if (isEmpty(value)) return '';
  const document = normalizeCnpj(value);
  if (CPF_DIGITS.test(document)) return formatCpf(document);
  if (CNPJ_CHARS.test(document)) return formatCnpj(document);
  return asText(value);
}

/** 8 digits -> 'NN.NNN-NNN'. */
export function formatZipCode(value: FormatInput): string {
  if (isEmpty(value)) return '';
  const match = ZIP_DIGITS.exec(onlyDigits(value));
  return match ? `${match[1]}.${match[2]}-${match[3]}` : asText(value);
}

// ---------------------------------------------------------------------------------------------
// Booleans and money

/** true -> 'Sim', false -> 'Não'; also reads 1/0 and 'true'/'false' as stored by SQLite or forms. */
export function formatBoolean(value: boolean | FormatInput): string {
  if (isEmpty(value)) return '';
  if (value === true || value === 1 || value === 'true' || value === '1') return 'Sim';
  if (value === false || value === 0 || value === 'false' || value === '0') return 'Não';
  return asText(value);
}

const currency = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const decimal = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// Intl separates 'R$' with a no-break space (U+00A0, or U+202F in some ICU versions) and may
// use U+2212 for minus; users and tests expect plain characters.
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');
}

function readCents(cents: FormatInput): number | null {
  if (typeof cents === 'number') return Number.isFinite(cents) ? Math.round(cents) : null;
  const text = String(cents).trim();
  return /^-?\d+$/.test(text) ? Number(text) : null;
}

/** Integer centavos -> 'R$ 1.234,56'; negative -> '-R$ 0,05'. */
export function formatMoney(cents: FormatInput): string {
  if (isEmpty(cents)) return '';
  const value = readCents(cents);
  if (value === null) return asText(cents);
  // `|| 0` turns -0 into 0, so zero never shows a minus sign.
  return plainSpaces(currency.format(value / 100 || 0));
}

/** Integer centavos -> '1.234,56' (no currency symbol), as shown inside the money input. */
export function formatCentsAmount(cents: FormatInput): string {
  if (isEmpty(cents)) return '';
  const value = readCents(cents);
  if (value === null) return asText(cents);
  return plainSpaces(decimal.format(value / 100 || 0));
}

const BRAZILIAN_AMOUNT = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
const DOT_DECIMAL_AMOUNT = /^(-)?(\d+)\.(\d{1,2})$/;

/**
 * Money text -> integer centavos: 'R$ 1.234,56' -> 123456, '-0,05' -> -5, '10' -> 1000,
 * '1234.5' -> 123450; a number is read as reais. Returns null for empty or unreadable text.
 */
export function toCents(text: FormatInput): number | null {
  if (isEmpty(text)) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? Math.round(text * 100) : null;
  const compact = plainSpaces(text).replace(/R\$/i, '').replace(/\s/g, '').replace(/^\+/, '');
  const match = BRAZILIAN_AMOUNT.exec(compact) ?? DOT_DECIMAL_AMOUNT.exec(compact);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole.replace(/\./g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return minus && cents !== 0 ? -cents : cents;
}
