// Pix without a gateway (issue 25): a bank account's Pix key, checked by its kind, and the
// static BR Code ("Pix copia e cola") by the Central Bank's EMV layout (Manual de Padrões para
// Iniciação do Pix): TLV fields, each an id, a two-digit length and the value, closed by the
// CRC16-CCITT-FALSE of the whole text including "6304".
import { z } from 'zod';
import { searchText } from '../search';
import { isValidCnpj, isValidCpf, normalizeCnpj } from '../taxIds';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

/** What a Pix poster or QR code asks for; the code is the txid the bank statement carries. */
export const PIX_PURPOSES = ['DIZIMO', 'OFERTA', 'MISSOES', 'CAMPANHA'] as const;
export type PixPurpose = (typeof PIX_PURPOSES)[number];
export const PIX_PURPOSE_LABELS: Record<PixPurpose, string> = {
  DIZIMO: 'Dízimo',
  OFERTA: 'Oferta',
  MISSOES: 'Missões',
  CAMPANHA: 'Campanha',
};

/**
 * The income category a purpose's gifts go to, by name (accents and case aside): the first of
 * these the church still has active. A church that renamed or deleted them all gets no category
 * from the purpose; the treasurer chooses it, and the category memory of the line's words applies.
 */
export const PIX_PURPOSE_CATEGORIES: Record<PixPurpose, readonly string[]> = {
  DIZIMO: ['Dízimos', 'Dízimo'],
  OFERTA: ['Ofertas', 'Oferta'],
  MISSOES: ['Ofertas missionárias', 'Missões', 'Oferta missionária'],
  CAMPANHA: ['Campanhas', 'Campanha'],
};

/** The id of `purpose`'s category among the church's active income `categories`, or null. */
export function pixPurposeCategory(
  purpose: PixPurpose,
  categories: readonly { id: number; name: string }[],
): number | null {
  const byName = new Map(categories.map((category) => [searchText(category.name), category.id]));
  for (const name of PIX_PURPOSE_CATEGORIES[purpose]) {
    const id = byName.get(searchText(name));
    if (id !== undefined) return id;
  }
  return null;
}

/** A bank memo's words: lowercase, accents stripped, split at anything but letters and digits. */
export function memoTokens(text: string): string[] {
  return searchText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const PURPOSE_BY_TOKEN = new Map(PIX_PURPOSES.map((purpose) => [purpose.toLowerCase(), purpose]));

/**
 * The purpose of Adam's txid a Pix line of a bank statement carries ("PIX RECEBIDO - FULANO -
 * DIZIMO", "Pix recebido TXID: OFERTA"): a line that says PIX or names a TXID, with a purpose code
 * as a whole word (a txid is letters and digits, so "DIZIMO2" or "DIZIMOS" is another one). The
 * code after "TXID" decides; otherwise the line must name a single purpose. Null: none.
 */
export function pixPurposeOf(text: string): PixPurpose | null {
  const tokens = memoTokens(text);
  const marker = tokens.indexOf('txid');
  if (marker < 0 && !tokens.includes('pix')) return null;
  const afterMarker = marker >= 0 ? PURPOSE_BY_TOKEN.get(tokens[marker + 1] ?? '') : undefined;
  if (afterMarker) return afterMarker;
  const found = new Set(
    tokens.map((token) => PURPOSE_BY_TOKEN.get(token)).filter((purpose) => purpose !== undefined),
  );
  return found.size === 1 ? [...found][0] : null;
}

export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
/** Field 54 holds at most 13 characters: up to 9.999.999.999,99. */
export const PIX_MAX_CENTS = 999_999_999_999;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Keys travel in the code as they are: printable ASCII only.
const EMAIL = /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+\.[\x21-\x3f\x41-\x7e]+$/;

/**
 * The key as the DICT stores it (CPF and CNPJ without punctuation, e-mail in lowercase, phone as
 * +55 and the number, random key in lowercase), or null when it is not a key of that kind.
 */
export function normalizePixKey(type: PixKeyType, raw: string): string | null {
  const text = raw.trim();
  switch (type) {
    case 'cpf': {
      const digits = text.replace(/\D/g, '');
      return /^[\d.\-\s]+$/.test(text) && isValidCpf(digits) ? digits : null;
    }
    case 'cnpj': {
      const cnpj = normalizeCnpj(text);
      return isValidCnpj(cnpj) ? cnpj : null;
    }
    case 'email': {
      const email = text.toLowerCase();
      return EMAIL.test(email) && email.length <= 77 ? email : null;
    }
    case 'phone': {
      if (!/^\+?[\d\s().-]+$/.test(text)) return null;
      let digits = text.replace(/\D/g, '');
      if (text.startsWith('+') || digits.length > 11) {
        if (!digits.startsWith('55')) return null;
        digits = digits.slice(2);
      }
      // A DDD (11 to 99) and a number of 8 digits, or of 9 starting with 9 (a mobile).
      return /^[1-9][1-9](9\d{8}|[2-8]\d{7})$/.test(digits) ? `+55${digits}` : null;
    }
    case 'random': {
      const key = text.toLowerCase();
      return UUID.test(key) ? key : null;
    }
  }
}

const KEY_ERRORS: Record<PixKeyType, string> = {
  cpf: 'Chave Pix inválida: o CPF não confere.',
  cnpj: 'Chave Pix inválida: o CNPJ não confere.',
  email: 'Chave Pix inválida: informe um e-mail (até 77 caracteres).',
  phone: 'Chave Pix inválida: informe o celular com DDD, como (11) 91234-5678.',
  random: 'Chave Pix inválida: a chave aleatória tem 32 letras e números separados por hífens.',
};

/**
 * Text the BR Code may carry in the name, city and description: the letters without accents,
 * printable ASCII only, cut at `max` characters.
 */
export function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const trimmedOrNull = (value: unknown) =>
  typeof value === 'string' ? value.trim() || null : (value ?? null);

/**
 * A bank account's Pix settings (PUT /api/bank_accounts/{id}/pix and its form): all empty to
 * remove them; with a key, its kind, the receiver's name and city are required.
 */
export const pixSettingsSchema = z
  .object({
    pix_key_type: z.preprocess(
      trimmedOrNull,
      z.enum(PIX_KEY_TYPES, { error: 'Escolha o tipo da chave Pix.' }).nullable(),
    ),
    pix_key: z.preprocess(
      trimmedOrNull,
      z
        .string({ error: 'Chave Pix inválida.' })
        .max(77, { error: 'Chave Pix: no máximo 77 caracteres.' })
        .nullable(),
    ),
    pix_name: z.preprocess(
      trimmedOrNull,
      z
        .string({ error: 'Nome inválido.' })
        .max(PIX_NAME_MAX, { error: `Nome do recebedor: no máximo ${PIX_NAME_MAX} caracteres.` })
        .nullable(),
    ),
    pix_city: z.preprocess(
      trimmedOrNull,
      z
        .string({ error: 'Cidade inválida.' })
        .max(PIX_CITY_MAX, { error: `Cidade: no máximo ${PIX_CITY_MAX} caracteres.` })
        .nullable(),
    ),
  })
  .superRefine((settings, context) => {
    const { pix_key_type: type, pix_key: key, pix_name: name, pix_city: city } = settings;
    if (!key && !type && !name && !city) return;
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!key) issue('pix_key', 'Informe a chave Pix.');
    if (!type) issue('pix_key_type', 'Escolha o tipo da chave Pix.');
    if (key && type && normalizePixKey(type, key) === null) issue('pix_key', KEY_ERRORS[type]);
    if (!name || !pixText(name, PIX_NAME_MAX)) {
      issue('pix_name', 'Informe o nome do recebedor, como o banco o mostra.');
    }
    if (!city || !pixText(city, PIX_CITY_MAX)) issue('pix_city', 'Informe a cidade do recebedor.');
  })
  .transform((settings) =>
    settings.pix_key && settings.pix_key_type
      ? {
          ...settings,
          pix_key: normalizePixKey(settings.pix_key_type, settings.pix_key) ?? settings.pix_key,
        }
      : { pix_key_type: null, pix_key: null, pix_name: null, pix_city: null },
  );
export type PixSettingsInput = z.infer<typeof pixSettingsSchema>;

/** The UTF-8 bytes of `text` (the domain runs without the DOM's TextEncoder). */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) as four uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field: id, the value's length in two digits, the value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`Campo ${id} do BR Code longo demais.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface StaticPix {
  /** The key as normalizePixKey gives it. */
  key: string;
  name: string;
  city: string;
  amountCents?: number | null;
  /** Up to 25 letters and digits; none: "***". */
  txid?: string | null;
  /** Shown to the payer by some banks; cut to fit the account template's 99 characters. */
  description?: string | null;
}

/** The static BR Code of a Pix payment ("Pix copia e cola"). */
export function staticBrCode(pix: StaticPix): string {
  const gui = field('00', 'br.gov.bcb.pix');
  const key = field('01', pix.key);
  // The account template (26) holds at most 99 characters: the description gives way.
  const room = 99 - gui.length - key.length - 4;
  const description = pix.description ? pixText(pix.description, Math.max(room, 0)) : '';
  const account = gui + key + (description ? field('02', description) : '');
  const txid = (pix.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  let amount = '';
  if (pix.amountCents !== null && pix.amountCents !== undefined) {
    const cents = pix.amountCents;
    if (!Number.isSafeInteger(cents) || cents < 1 || cents > PIX_MAX_CENTS) {
      throw new RangeError('Valor do Pix fora do intervalo.');
    }
    amount = field('54', `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
  }
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', pixText(pix.name, PIX_NAME_MAX)) +
    field('60', pixText(pix.city, PIX_CITY_MAX)) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}

/** The top-level TLV fields of a BR Code (a template's inner fields: call it on the value). */
export function readBrCode(code: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at + 4 <= code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!Number.isInteger(length)) break;
    fields[id] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

/** Whether the code's last four characters are the CRC of everything before them. */
export function hasValidCrc(code: string): boolean {
  return code.length > 8 && crc16(code.slice(0, -4)) === code.slice(-4).toUpperCase();
}
