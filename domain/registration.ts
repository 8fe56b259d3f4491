// Public self-registration (/meu_cadastro, DESIGN §5): the fields a newcomer knows, checked by
// the member schema's own rules, and the LGPD consent: the text is the church's current consent
// version (domain/consents.ts, GET /api/public/church), recorded with the registration.
import { z } from 'zod';
import { ageOn, isIsoDate, todayIso } from './dates';
import { recordId } from './fields';
import { memberSchema } from './memberSchema';

/** The honeypot: a field people never see (hidden by the page) and bots fill in. */
export const HONEYPOT_FIELD = 'website';

/**
 * Under 18 on `today`: only a real date (an impossible 31/02 or a half-typed one says nothing)
 * that is not in the future.
 */
export function isMinor(birthDate: string | null | undefined, today = todayIso()): boolean {
  if (!isIsoDate(birthDate) || birthDate > today) return false;
  return ageOn(birthDate, today) < 18;
}

const member = memberSchema.shape;

const guardianName = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
  z
    .string({ error: 'Nome do responsável inválido.' })
    .max(150, { error: 'Nome do responsável: no máximo 150 caracteres.' })
    .nullable(),
);

/** The member fields the public form asks for, with the staff form's rules and messages. */
export const registrationSchema = z
  .object({
    name: member.name,
    birth_date: member.birth_date.refine((value) => value !== null, {
      error: 'Informe a data de nascimento.',
    }),
    sex: member.sex,
    marital_status: member.marital_status,
    spouse_name: member.spouse_name,
    cpf: member.cpf,
    email: member.email,
    phone_mobile: member.phone_mobile,
    phone_home: member.phone_home,
    zip_code: member.zip_code,
    street: member.street,
    number: member.number,
    complement: member.complement,
    district: member.district,
    city: member.city,
    state: member.state,
    baptism_date: member.baptism_date,
    holy_spirit_baptism: member.holy_spirit_baptism,
    custom_fields: member.custom_fields,
    consent: z.literal(true, {
      error: 'Para enviar o cadastro, marque a autorização de uso dos dados.',
    }),
    guardian_name: guardianName,
    guardian_consent: z.boolean({ error: 'Informe Sim ou Não.' }).default(false),
    // The consent version the form showed (none: the current one).
    consent_version_id: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      recordId('Versão do consentimento inválida: recarregue a página.').nullable(),
    ),
  })
  .superRefine((data, ctx) => {
    if (data.birth_date && data.baptism_date && data.baptism_date < data.birth_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['baptism_date'],
        message: 'A data de batismo não pode ser anterior ao nascimento.',
      });
    }
    if (!data.email && !data.phone_mobile && !data.phone_home) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_mobile'],
        message: 'Informe um celular ou um e-mail para a igreja falar com você.',
      });
    }
    if (isMinor(data.birth_date)) {
      if (!data.guardian_name) {
        ctx.addIssue({
          code: 'custom',
          path: ['guardian_name'],
          message: 'Menores de 18 anos: informe o nome do responsável.',
        });
      }
      if (!data.guardian_consent) {
        ctx.addIssue({
          code: 'custom',
          path: ['guardian_consent'],
          message: 'Menores de 18 anos: o responsável precisa autorizar o cadastro.',
        });
      }
    }
  });

export type RegistrationInput = z.infer<typeof registrationSchema>;

/**
 * What the secretary completes when approving a registration: the member's position (cargo) and
 * admission date. No date means the server's today.
 */
export const registrationApprovalSchema = z.object({
  position_id: member.position_id,
  admission_date: member.admission_date,
});
export type RegistrationApproval = z.infer<typeof registrationApprovalSchema>;

/** What a pending registration may repeat: the member it looks like, and why. */
export const DUPLICATE_REASONS = ['cpf', 'email'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  cpf: 'mesmo CPF',
  email: 'mesmo e-mail',
};
