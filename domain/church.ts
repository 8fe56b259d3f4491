import { z } from 'zod';
import { AUDIT_RETENTION } from './audit';
import { isValidCnpj, normalizeCnpj } from './taxIds';
import {
  addressFields,
  normalizedOrNull,
  optionalDigits,
  optionalEmail,
  optionalImage,
  optionalText,
} from './fields';

export const LOGO_MAX_BYTES = 200 * 1024;

/** The longest retention or sharing passage of the privacy notice. */
export const PRIVACY_TEXT_MAX = 1500;

const privacySettingsFields = {
  dpo_name: optionalText(120, 'Nome do encarregado'),
  dpo_email: optionalEmail(),
  privacy_retention: optionalText(PRIVACY_TEXT_MAX, 'Prazo de guarda'),
  privacy_sharing: optionalText(PRIVACY_TEXT_MAX, 'Compartilhamento'),
};
const AUDIT_RETENTION_RANGE = `A guarda do registro de auditoria deve ser de ${AUDIT_RETENTION.min} a ${AUDIT_RETENTION.max} anos.`;

export const churchSchema = z.object({
  name: z
    .string({ error: 'Informe o nome da igreja.' })
    .trim()
    .min(1, { error: 'Informe o nome da igreja.' })
    .max(120, { error: 'Nome: no máximo 120 caracteres.' }),
  cnpj: z.preprocess(
    normalizedOrNull(normalizeCnpj),
    z
      .string({ error: 'CNPJ inválido.' })
      .refine(isValidCnpj, { error: 'CNPJ inválido.' })
      .nullable(),
  ),
  email: optionalEmail(),
  phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.'),
  ...addressFields(),
  pastor_name: optionalText(150, 'Pastor presidente'),
  treasurer_name: optionalText(150, 'Tesoureiro(a)'),
  logo: optionalImage(
    LOGO_MAX_BYTES,
    'O logotipo deve ser uma imagem JPEG, PNG ou WebP.',
    'O logotipo é grande demais (máximo de 200 KB).',
  ),
  credential_validity_months: z
    .number({ error: 'Informe a validade em meses.' })
    .int({ error: 'Informe um número inteiro de meses.' })
    .min(1, { error: 'A validade deve ser de 1 a 120 meses.' })
    .max(120, { error: 'A validade deve ser de 1 a 120 meses.' }),
  // --- The privacy notice (/privacidade, issue 13; migration 0016) -----------------------
  // The encarregado (LGPD art. 41: name and contact made public) and the notice's passages the
  // church words itself; empty, the notice says the standard text (domain/privacy.ts).
  ...privacySettingsFields,
  // The audit trail (issue 13): how long its entries are kept.
  audit_retention_years: z
    .number({ error: 'Informe por quantos anos guardar o registro de auditoria.' })
    .int({ error: 'Informe um número inteiro de anos.' })
    .min(AUDIT_RETENTION.min, { error: AUDIT_RETENTION_RANGE })
    .max(AUDIT_RETENTION.max, { error: AUDIT_RETENTION_RANGE }),
});
