// LGPD consent (issue 13): the consent texts the church edits (each saved text is a new version,
// never changed afterwards) and the record of every consent given or revoked — through the
// public form (/meu_cadastro) or recorded by a user on the member's page.
import { z } from 'zod';
import { isIsoDate } from './dates';
import { emptyToNull, optionalText, recordId } from './fields';

/** Where the church's name goes in a consent text. */
export const CHURCH_PLACEHOLDER = '{igreja}';

/** The text as people read it: the placeholder replaced by the church's name. */
export function renderConsentText(text: string, church: string): string {
  return text.split(CHURCH_PLACEHOLDER).join(church.trim() || 'igreja');
}

export const CONSENT_ACTIONS = ['grant', 'revoke'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];
export const CONSENT_ACTION_LABELS: Record<ConsentAction, string> = {
  grant: 'Consentimento dado',
  revoke: 'Consentimento revogado',
};

/** form: the public form; staff: recorded by a user (secretary access). */
export const CONSENT_CHANNELS = ['form', 'staff'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  form: 'Formulário público',
  staff: 'Secretaria',
};

export const CONSENT_TEXT_MIN = 20;
export const CONSENT_TEXT_MAX = 5000;

const consentText = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(1, { error: `Informe ${label}.` })
    .min(CONSENT_TEXT_MIN, {
      error: `${label[0].toUpperCase()}${label.slice(1)}: ao menos ${CONSENT_TEXT_MIN} caracteres.`,
    })
    .max(max, {
      error: `${label[0].toUpperCase()}${label.slice(1)}: no máximo ${max} caracteres.`,
    });

/** A new version of the consent texts (POST /api/consent_versions, admin). */
export const consentVersionSchema = z.object({
  text: consentText('o texto do consentimento', CONSENT_TEXT_MAX),
  guardian_text: consentText('o texto da autorização do responsável', 2000),
});
export type ConsentVersionInput = z.infer<typeof consentVersionSchema>;

/**
 * When a consent was given or revoked: a date (YYYY-MM-DD, read as noon in the church's day) or
 * an instant (ISO 8601 with its offset); none means now.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const CONSENT_AT_MESSAGE = 'Data inválida: use DD/MM/AAAA.';

export function consentInstant(text: string): string | null {
  const value: string = text;
  if (isIsoDate(text)) return new Date(`${value}T12:00:00-03:00`).toISOString();
  const day: string = value.slice(0, 10);
  if (!INSTANT.test(value) || !isIsoDate(day)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A consent given or revoked by a user (POST /api/members/{id}/consents). */
export const consentActionSchema = z.object({
  action: z.enum(CONSENT_ACTIONS, {
    error: 'Ação inválida: use grant (registrar o consentimento) ou revoke (revogar).',
  }),
  consent_version_id: z.preprocess(
    emptyToNull,
    recordId('Versão do consentimento inválida.').nullable(),
  ),
  channel: z.preprocess(
    emptyToNull,
    z
      .enum(CONSENT_CHANNELS, { error: 'Canal inválido: use staff (registrado pela secretaria).' })
      .nullable(),
  ),
  guardian_name: optionalText(150, 'Nome do responsável'),
  at: z.preprocess(
    emptyToNull,
    z
      .string({ error: CONSENT_AT_MESSAGE })
      .refine((value) => consentInstant(value) !== null, { error: CONSENT_AT_MESSAGE })
      .nullable(),
  ),
});
export type ConsentActionInput = z.infer<typeof consentActionSchema>;

/** A consent record as the API answers it. */
export interface ConsentRecord {
  id: number;
  member_id: number;
  consent_version_id: number;
  version: number;
  action: ConsentAction;
  channel: ConsentChannel;
  at: string;
  recorded_by: number | null;
  recorded_by_name: string | null;
  guardian_name: string | null;
}

/**
 * The member's consent now, from the records newest first: granted when the latest is a grant,
 * revoked when it is a revocation, none without any; with that latest record.
 */
export function consentState<T extends { action: string }>(
  newestFirst: readonly T[],
): { state: 'granted' | 'revoked' | 'none'; latest: T | null } {
  const latest = newestFirst[0];
  if (!latest) return { state: 'none', latest: null };
  return { state: latest.action === 'grant' ? 'granted' : 'revoked', latest };
}
