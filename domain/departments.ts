import { z } from 'zod';
import { emptyToNull, optionalText, recordId } from './fields';

export const departmentSchema = z.object({
  name: z
    .string({ error: 'Informe o nome do departamento.' })
    .trim()
    .min(1, { error: 'Informe o nome do departamento.' })
    .max(80, { error: 'Nome do departamento: no máximo 80 caracteres.' }),
  description: optionalText(500, 'Descrição'),
  leader_id: z.preprocess(emptyToNull, recordId('Líder inválido.').nullable()),
  /** Its congregation, or null for a department of the whole church (issue 12). */
  congregation_id: z
    .preprocess(emptyToNull, recordId('Congregação inválida.').nullable())
    .default(null),
});
