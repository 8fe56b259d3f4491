import { z } from 'zod';

export const departmentSchema = z.object({
  name: z
    .string({ error: 'Informe o nome do departamento.' })
    .trim()
    .min(1, { error: 'Informe o nome do departamento.' })
    .max(80, { error: 'Nome do departamento: no máximo 80 caracteres.' }),
  description: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: 'Descrição inválida.' })
      .max(500, { error: 'Descrição: no máximo 500 caracteres.' })
      .nullable(),
  ),
  leader_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.number({ error: 'Líder inválido.' }).int().positive().nullable(),
  ),
});
