// The congregation form's schema (issue 12), apart from congregations.ts so that the app bar's
// selector and the HTTP client, which read that module, do not bring zod into the first load.
import { z } from 'zod';
import { CONGREGATION_KINDS } from './congregations';
import { transferRateFields } from './finance/repasses';
import {
  addressFields,
  emptyToNull,
  optionalDigits,
  optionalEmail,
  optionalText,
  recordId,
} from './fields';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const congregationSchema = z
  .object({
    name: z
      .string({ error: 'Informe o nome da congregação.' })
      .trim()
      .min(1, { error: 'Informe o nome da congregação.' })
      .max(120, { error: 'Nome da congregação: no máximo 120 caracteres.' }),
    kind: z.enum(CONGREGATION_KINDS, { error: 'Escolha o tipo: sede, sub-sede ou congregação.' }),
    parent_id: z.preprocess(emptyToNull, recordId('Congregação de origem inválida.').nullable()),
    slug: z.preprocess(
      emptyToNull,
      z
        .string({ error: 'Endereço do link inválido.' })
        .trim()
        .toLowerCase()
        .max(60, { error: 'Endereço do link: no máximo 60 caracteres.' })
        .regex(SLUG, { error: 'Endereço do link: use letras sem acento, números e hífens.' })
        .nullable(),
    ),
    ...addressFields(),
    leader_name: optionalText(120, 'Dirigente'),
    phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.'),
    email: optionalEmail(),
    active: z.boolean({ error: 'Situação inválida.' }).default(true),
    // The repasse to the sede (issue 27): a percentage and the month it starts in, together.
    ...transferRateFields,
  })
  .superRefine((value, context) => {
    const percent = value.transfer_percent ?? null;
    const from = value.transfer_from ?? null;
    if (percent !== null && from === null) {
      context.addIssue({
        code: 'custom',
        path: ['transfer_from'],
        message: 'Informe a partir de qual mês vale o repasse.',
      });
    }
    if (from !== null && percent === null) {
      context.addIssue({
        code: 'custom',
        path: ['transfer_percent'],
        message: 'Informe o percentual do repasse.',
      });
    }
  });
export type CongregationInput = z.output<typeof congregationSchema>;
