// Building blocks of the zod schemas: how a form's optional fields arrive (empty strings,
// masks) and the Portuguese messages they fail with.
import { z } from 'zod';
import { UFS } from './members';
import { MAX_RECORD_ID } from './recordIds';
import { isDataUrlImage } from './fileTypes';

export { MAX_RECORD_ID, recordIdOf, recordIdsOf } from './recordIds';

/** '' and undefined become null; strings are trimmed (blank ones become null). */
export const emptyToNull = (value: unknown) =>
  value === '' || value === undefined
    ? null
    : typeof value === 'string'
      ? value.trim() || null
      : value;

/** An optional text of at most `max` characters. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: `${label} inválido.` })
      .max(max, { error: `${label}: no máximo ${max} caracteres.` })
      .nullable(),
  );

/** Optional digits (mask punctuation dropped) of one of the given lengths: phones, CEP. */
export const optionalDigits = (lengths: number[], message: string) =>
  z.preprocess(
    (value) => {
      const cleaned = emptyToNull(value);
      return typeof cleaned === 'string' ? cleaned.replace(/\D/g, '') || null : cleaned;
    },
    z
      .string({ error: message })
      .refine((value) => lengths.includes(value.length), { error: message })
      .nullable(),
  );

export const optionalEmail = () =>
  z.preprocess(
    (value) => {
      const cleaned = emptyToNull(value);
      return typeof cleaned === 'string' ? cleaned.toLowerCase() : cleaned;
    },
    z.email({ error: 'Informe um e-mail válido.' }).max(254).nullable(),
  );

export const optionalChoice = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => z.preprocess(emptyToNull, z.enum(values, { error: message }).nullable());

const IMAGE_DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;

/**
 * An optional image stored as a data URL (JPEG, PNG or WebP) of at most `maxBytes`: its bytes
 * are sniffed, so a data URL that says image/png over other bytes is refused (issue 22).
 */
export const optionalImage = (maxBytes: number, typeMessage: string, sizeMessage: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(IMAGE_DATA_URL, { error: typeMessage })
      .refine(isDataUrlImage, { error: typeMessage })
      .max(maxBytes, { error: sizeMessage })
      .nullable(),
  );

/** The columns of an address, in the order forms and documents write them. */
export const ADDRESS_FIELDS = [
  'zip_code',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
] as const;

/** A Brazilian address, as members, the church, vendors and donors keep it (DESIGN §5). */
export const addressFields = () => ({
  zip_code: optionalDigits([8], 'CEP inválido: informe os 8 dígitos.'),
  street: optionalText(150, 'Logradouro'),
  number: optionalText(20, 'Número'),
  complement: optionalText(80, 'Complemento'),
  district: optionalText(80, 'Bairro'),
  city: optionalText(80, 'Cidade'),
  state: optionalChoice(UFS, 'UF inválida.'),
});

/** A reference to a record (a positive integer id within the columns' range). */
export const recordId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_RECORD_ID, { error: message });

/**
 * A document (CPF, CNPJ) as its normalizer cleans it; blank is null, and what is neither a text
 * nor a number is left as it is for the schema to refuse (never turned into a text).
 */
export const normalizedOrNull =
  (normalize: (value: string | number) => string) => (value: unknown) => {
    const cleaned = emptyToNull(value);
    if (cleaned === null) return null;
    return typeof cleaned === 'string' || typeof cleaned === 'number'
      ? normalize(cleaned)
      : cleaned;
  };
