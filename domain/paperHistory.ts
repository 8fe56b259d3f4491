// Credentials and letters issued on paper before the church adopted Adam (issue 14): recorded
// with their original number and dates, marked "emitida antes do Adam" wherever they are listed.
// The schemas are the server's check and the dialogs'; the CSV import reads the same fields.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate, todayIso } from './dates';
import { recordId } from './fields';
import { LETTER_TYPES, type LetterType } from './letters';

/** The mark of a paper record, beside its number in every list and on the member's page. */
export const PAPER_LABEL = 'Emitida antes do Adam';

/** The highest number a card or letter may carry (the column is a 32-bit integer). */
export const MAX_DOCUMENT_NUMBER = 999_999_999;

export const FUTURE_DATE_MESSAGE = 'A data de emissão não pode ser no futuro.';

/** "000123", " 123 " or 123 -> 123; anything else is left for the schema to refuse. */
function numberOf(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value)) return Number(value.trim());
  return value;
}

const documentNumber = (missing: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : numberOf(value)),
    z
      .number({ error: missing })
      .int({ error: 'O número deve ser um número inteiro.' })
      .positive({ error: 'O número deve ser maior que zero.' })
      .max(MAX_DOCUMENT_NUMBER, { error: 'Número grande demais.' }),
  );

const issueDate = z
  .string({ error: 'Informe a data de emissão.' })
  .min(1, { error: 'Informe a data de emissão.' })
  .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
  .refine((value) => value <= todayIso(), { error: FUTURE_DATE_MESSAGE });

const optionalDate = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string({ error: INVALID_DATE_MESSAGE })
    .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
    .nullable(),
);

/** A card issued on paper: its number, issue date and validity (blank: the church's months). */
export const paperCredentialSchema = z
  .object({
    member_id: recordId('Informe o membro.'),
    number: documentNumber('Informe o número da credencial.'),
    issued_on: issueDate,
    expires_on: optionalDate,
  })
  .refine((card) => card.expires_on === null || card.expires_on >= card.issued_on, {
    path: ['expires_on'],
    error: 'A validade não pode ser anterior à data de emissão.',
  });
export type PaperCredentialInput = z.infer<typeof paperCredentialSchema>;

/** "12" or "12/2019" (number/year, as letters are numbered): the year, when written, must be the issue's. */
const LETTER_NUMBER = /^\s*0*(\d{1,9})\s*(?:\/\s*(\d{4}))?\s*$/;

export function parseLetterNumber(value: unknown): { number: number; year: number | null } | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value > 0 ? { number: value, year: null } : null;
  }
  if (typeof value !== 'string') return null;
  const match = LETTER_NUMBER.exec(value);
  if (!match || Number(match[1]) === 0) return null;
  return { number: Number(match[1]), year: match[2] ? Number(match[2]) : null };
}

const text = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: `${label} inválida.` }).max(max, {
      error: `${label}: no máximo ${max} caracteres.`,
    }),
  );

/**
 * A letter issued on paper: type, number (12 or 12/2019), issue date and destination (the
 * city may be unknown in an old book). Numbered per year as Adam's letters are.
 */
export const paperLetterFields = z.object({
  member_id: recordId('Informe o membro.'),
  letter_type: z.enum(LETTER_TYPES, { error: 'Escolha o tipo de carta.' }),
  number: z.union([z.string(), z.number()], { error: 'Informe o número da carta.' }),
  issued_on: issueDate,
  destination_church: text(150, 'Igreja de destino').refine((value) => value.length > 0, {
    error: 'Informe a igreja de destino.',
  }),
  destination_city: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    text(80, 'Cidade de destino'),
  ),
  notes: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: 'Observações inválidas.' })
      .max(1000, { error: 'Observações: no máximo 1000 caracteres.' })
      .nullable(),
  ),
});

export const paperLetterSchema = paperLetterFields.transform((letter, ctx) => {
  const parsed = parseLetterNumber(letter.number);
  if (!parsed || parsed.number > MAX_DOCUMENT_NUMBER) {
    ctx.addIssue({
      code: 'custom',
      path: ['number'],
      message: 'Número inválido: use o número da carta, por exemplo 12 ou 12/2019.',
    });
    return z.NEVER;
  }
  const year = Number(letter.issued_on.slice(0, 4));
  if (parsed.year !== null && parsed.year !== year) {
    ctx.addIssue({
      code: 'custom',
      path: ['number'],
      message: `O ano do número (${parsed.year}) não é o da data de emissão (${year}).`,
    });
    return z.NEVER;
  }
  return { ...letter, letter_type: letter.letter_type as LetterType, number: parsed.number, year };
});
export type PaperLetterInput = z.output<typeof paperLetterSchema>;
