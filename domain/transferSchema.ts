// The transfers' schemas (issue 28): the receiving church's confirmation on the public page and
// a letter received from another church; the server's check of both.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate, todayIso } from './dates';
import { emptyToNull, recordId } from './fields';

const text = (max: number, label: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

const pastDate = (label: string) =>
  z
    .string({ error: `Informe a ${label.toLowerCase()}.` })
    .min(1, { error: `Informe a ${label.toLowerCase()}.` })
    .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
    .refine((value) => value <= todayIso(), { error: `${label} não pode estar no futuro.` });

/** The receiving church's confirmation on the public page. */
export const transferConfirmationSchema = z.object({
  code: z.string({ error: 'Informe o código da carta.' }),
  receiving_church: text(150, 'Igreja que recebe', 'Informe o nome da igreja que recebe o membro.'),
  confirmed_by: text(150, 'Nome de quem confirma', 'Informe o seu nome.'),
});
export type TransferConfirmationInput = z.infer<typeof transferConfirmationSchema>;

/** A letter received from another church: the member admitted (a new record or an existing one). */
export const incomingTransferSchema = z
  .object({
    member_id: z.preprocess(emptyToNull, recordId('Membro inválido.').nullable()),
    name: z.preprocess(emptyToNull, text(150, 'Nome', 'Informe o nome.').nullable()),
    origin_church: text(150, 'Igreja de origem', 'Informe a igreja de origem.'),
    origin_city: text(80, 'Cidade de origem', 'Informe a cidade de origem.'),
    letter_number: text(30, 'Número da carta', 'Informe o número da carta.'),
    letter_date: pastDate('Data da carta'),
    admission_date: pastDate('Data de admissão'),
    congregation_id: z.preprocess(emptyToNull, recordId('Congregação inválida.').nullable()),
  })
  .superRefine((value, context) => {
    if (value.member_id === null && value.name === null) {
      context.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'Informe o nome do novo membro ou escolha um membro já cadastrado.',
      });
    }
    if (value.admission_date < value.letter_date) {
      context.addIssue({
        code: 'custom',
        path: ['admission_date'],
        message: 'A admissão não pode ser anterior à data da carta.',
      });
    }
  });
export type IncomingTransferInput = z.infer<typeof incomingTransferSchema>;
