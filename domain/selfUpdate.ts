// The member's self-update (issue 28): a personal link the secretary sends, valid for some days,
// opening a form with the member's own data — only the groups of fields the church allows. What
// the member sends waits for the secretary's review (old → new per field), like a registration.
import { z } from 'zod';
import { recordId } from './fields';
import { formatPhone, formatZipCode } from './formats';
import { maritalStatusLabel } from './members';
import { memberSchema } from './memberSchema';
import { SELF_UPDATE_STATES, SELF_UPDATE_STATE_LABELS, type SelfUpdateState } from './journeyWords';

export { SELF_UPDATE_PATH } from './publicPaths';

/**
 * The groups of fields a church may let members update. Never status, congregation, position or
 * the dates the church records: those are the church's to write.
 */
export const SELF_UPDATE_GROUPS = {
  address: ['zip_code', 'street', 'number', 'complement', 'district', 'city', 'state'],
  phones: ['phone_mobile', 'phone_home'],
  email: ['email'],
  profession: ['profession'],
  marital_status: ['marital_status', 'spouse_name'],
} as const satisfies Record<string, readonly (keyof typeof memberSchema.shape)[]>;
export type SelfUpdateGroup = keyof typeof SELF_UPDATE_GROUPS;
export const SELF_UPDATE_GROUP_KEYS = Object.keys(SELF_UPDATE_GROUPS) as [
  SelfUpdateGroup,
  ...SelfUpdateGroup[],
];
export type SelfUpdateField = (typeof SELF_UPDATE_GROUPS)[SelfUpdateGroup][number];

export const SELF_UPDATE_GROUP_LABELS: Record<SelfUpdateGroup, string> = {
  address: 'Endereço',
  phones: 'Telefones',
  email: 'E-mail',
  profession: 'Profissão',
  marital_status: 'Estado civil e cônjuge',
};

/** The church's settings: how long a link lives and which groups a member may change. */
export const SELF_UPDATE_DAYS = { default: 7, min: 1, max: 60 } as const;
const DAYS_RANGE = `A validade do link deve ser de ${SELF_UPDATE_DAYS.min} a ${SELF_UPDATE_DAYS.max} dias.`;

export const selfUpdateSettingsSchema = z.object({
  self_update_days: z
    .number({ error: 'Informe a validade do link em dias.' })
    .int({ error: 'Informe um número inteiro de dias.' })
    .min(SELF_UPDATE_DAYS.min, { error: DAYS_RANGE })
    .max(SELF_UPDATE_DAYS.max, { error: DAYS_RANGE }),
  self_update_groups: z
    .array(z.enum(SELF_UPDATE_GROUP_KEYS, { error: 'Grupo de dados inválido.' }), {
      error: 'Escolha os dados que o membro pode atualizar.',
    })
    .min(1, { error: 'Escolha ao menos um grupo de dados que o membro pode atualizar.' })
    .transform((groups) => SELF_UPDATE_GROUP_KEYS.filter((group) => groups.includes(group))),
});
export type SelfUpdateSettings = z.infer<typeof selfUpdateSettingsSchema>;

/** The fields of the allowed groups, in the form's order. */
export function selfUpdateFields(groups: readonly string[]): SelfUpdateField[] {
  return SELF_UPDATE_GROUP_KEYS.filter((group) => groups.includes(group)).flatMap(
    (group) => SELF_UPDATE_GROUPS[group],
  );
}

export const SELF_UPDATE_NOT_ALLOWED = 'Este dado não pode ser atualizado por este link.';

/**
 * What the member sends: the allowed fields with the member schema's own rules (CEP, phones,
 * e-mail), the consent to the text shown. Any other field is refused by name.
 */
export function selfUpdateSubmissionSchema(groups: readonly string[]) {
  const member = memberSchema.shape;
  const fields = Object.fromEntries(
    selfUpdateFields(groups).map((field) => [field, member[field]]),
  ) as Record<SelfUpdateField, (typeof member)[SelfUpdateField]>;
  return z
    .object({
      ...fields,
      consent: z.literal(true, {
        error: 'Para enviar, marque a autorização de uso dos dados.',
      }),
      consent_version_id: z.preprocess(
        (value) => (value === '' || value === undefined ? null : value),
        recordId('Versão do consentimento inválida: recarregue a página.').nullable(),
      ),
    })
    .catchall(z.unknown().refine(() => false, { error: SELF_UPDATE_NOT_ALLOWED }));
}

export { SELF_UPDATE_STATES, SELF_UPDATE_STATE_LABELS, type SelfUpdateState };

/** The state of a link from its columns at `now` (ISO). */
export function selfUpdateState(
  row: {
    review_status: string | null;
    revoked_at: string | null;
    expires_at: string;
  },
  now: string,
): SelfUpdateState {
  if (row.review_status) return row.review_status as SelfUpdateState;
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'open';
}

/** The message the secretary sends with the link (WhatsApp, e-mail). */
export function selfUpdateMessage(name: string, church: string, url: string, expiresOn: string) {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return (
    `Olá, ${first}! A secretaria da ${church} pede que você confira e atualize seus dados ` +
    `de cadastro neste link pessoal, válido até ${expiresOn}: ${url}`
  );
}

export const SELF_UPDATE_LINK_INVALID =
  'Este link de atualização não é válido. Confira se ele foi copiado inteiro ou peça um novo à secretaria.';
export const SELF_UPDATE_LINK_USED =
  'Este link já foi usado. Se precisar corrigir mais alguma coisa, peça um novo link à secretaria.';
export const SELF_UPDATE_LINK_EXPIRED =
  'Este link expirou. Peça um novo link à secretaria da igreja.';
export const SELF_UPDATE_LINK_REVOKED =
  'Este link foi cancelado pela secretaria. Peça um novo link, se precisar.';

/** A field's value as a person reads it in the review (phones, CEP and marital status formatted). */
export function selfUpdateValueText(field: string, value: unknown, sex?: string | null): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (field === 'phone_mobile' || field === 'phone_home') return formatPhone(text);
  if (field === 'zip_code') return formatZipCode(text);
  if (field === 'marital_status') return maritalStatusLabel(text, sex);
  return text;
}

/** POST /api/self_updates/{id}/email: the token of the link just made (only the screen has it). */
export const selfUpdateEmailSchema = z.object({
  token: z
    .string({ error: 'Informe o código do link.' })
    .max(200, { error: 'Este não é o código deste link: gere um novo link para enviar.' }),
});
