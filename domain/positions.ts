import { z } from 'zod';

/** Cargos: the ministerial ones make a member a ministry worker (obreiro). */
export const positionSchema = z.object({
  name: z
    .string({ error: 'Informe o nome do cargo.' })
    .trim()
    .min(1, { error: 'Informe o nome do cargo.' })
    .max(60, { error: 'Nome do cargo: no máximo 60 caracteres.' }),
  ministerial: z.boolean({ error: 'Informe se o cargo é ministerial.' }).default(false),
  sort_order: z.number({ error: 'Ordem inválida.' }).int().min(0).max(9999).default(0),
});
