// The member schema (DESIGN §5) both the server (authoritative) and the forms use.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate, todayIso } from './dates';
import { isValidCpf, normalizeCpf } from './taxIds';
import {
  addressFields,
  emptyToNull,
  normalizedOrNull,
  optionalChoice,
  optionalDigits,
  optionalEmail,
  optionalImage,
  optionalText,
  recordId,
} from './fields';
import {
  MEMBER_STATUSES,
  SEXES,
  MARITAL_STATUSES,
  ADMISSION_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_THUMB_MAX_BYTES,
} from './members';

export const pastDate = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: INVALID_DATE_MESSAGE })
      .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
      .refine((value) => value <= todayIso(), { error: `${label} não pode estar no futuro.` })
      .nullable(),
  );

export const memberSchema = z
  .object({
    name: z
      .string({ error: 'Informe o nome.' })
      .trim()
      .min(1, { error: 'Informe o nome.' })
      .max(150, { error: 'Nome: no máximo 150 caracteres.' }),
    photo: optionalImage(
      PHOTO_MAX_BYTES,
      'A foto deve ser uma imagem JPEG, PNG ou WebP.',
      'A foto é grande demais (máximo de 300 KB).',
    ),
    photo_thumb: optionalImage(
      PHOTO_THUMB_MAX_BYTES,
      'Miniatura da foto inválida.',
      'A miniatura da foto é grande demais.',
    ),
    sex: optionalChoice(SEXES, 'Sexo inválido.'),
    birth_date: pastDate('Data de nascimento'),
    marital_status: optionalChoice(MARITAL_STATUSES, 'Estado civil inválido.'),
    spouse_name: optionalText(150, 'Nome do cônjuge'),
    cpf: z.preprocess(
      normalizedOrNull(normalizeCpf),
      z
        .string({ error: 'CPF inválido.' })
        .refine(isValidCpf, { error: 'CPF inválido.' })
        .nullable(),
    ),
    rg: optionalText(20, 'RG'),
    email: optionalEmail(),
    phone_mobile: optionalDigits([10, 11], 'Celular inválido: informe DDD e número.'),
    phone_home: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.'),
    ...addressFields(),
    birthplace: optionalText(80, 'Naturalidade'),
    father_name: optionalText(150, 'Nome do pai'),
    mother_name: optionalText(150, 'Nome da mãe'),
    profession: optionalText(80, 'Profissão'),
    status: z.enum(MEMBER_STATUSES, { error: 'Situação inválida.' }).default('active'),
    admission_date: pastDate('Data de admissão'),
    admission_type: optionalChoice(ADMISSION_TYPES, 'Forma de admissão inválida.'),
    origin_church: optionalText(150, 'Igreja de origem'),
    baptism_date: pastDate('Data de batismo'),
    holy_spirit_baptism: z.boolean({ error: 'Informe Sim ou Não.' }).default(false),
    // The member's congregation (issue 12). The server requires it, except where it can tell:
    // a user of one congregation files there, the whole church's default is the sede.
    congregation_id: z
      .preprocess(emptyToNull, recordId('Congregação inválida.').nullable())
      .default(null),
    position_id: z.preprocess(emptyToNull, recordId('Cargo inválido.').nullable()),
    consecration_date: pastDate('Data de consagração'),
    department_ids: z
      .array(recordId('Departamento inválido.'), {
        error: 'Departamentos inválidos.',
      })
      .max(50)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    custom_fields: z
      .record(z.string(), z.unknown(), { error: 'Campos adicionais inválidos.' })
      .default({}),
    notes: optionalText(5000, 'Observações'),
  })
  .superRefine((member, ctx) => {
    if (member.birth_date && member.baptism_date && member.baptism_date < member.birth_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['baptism_date'],
        message: 'A data de batismo não pode ser anterior ao nascimento.',
      });
    }
    if (member.birth_date && member.admission_date && member.admission_date < member.birth_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['admission_date'],
        message: 'A data de admissão não pode ser anterior ao nascimento.',
      });
    }
  });

export type MemberInput = z.infer<typeof memberSchema>;
