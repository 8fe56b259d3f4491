import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from './documents';
import { UFS } from './members';

const optional = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z
      .string({ error: `${label} inválido.` })
      .max(max, { error: `${label}: no máximo ${max} caracteres.` })
      .nullable(),
  );

const digitsOf = (lengths: number[], message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\D/g, '') || null : (value ?? null)),
    z
      .string()
      .refine((value) => lengths.includes(value.length), { error: message })
      .nullable(),
  );

export const LOGO_MAX_BYTES = 200 * 1024;

export const churchSchema = z.object({
  name: z
    .string({ error: 'Informe o nome da igreja.' })
    .trim()
    .min(1, { error: 'Informe o nome da igreja.' })
    .max(120, { error: 'Nome: no máximo 120 caracteres.' }),
  cnpj: z.preprocess(
    (value) =>
      value === '' || value === undefined || value === null ? null : normalizeCnpj(value),
    z.string().refine(isValidCnpj, { error: 'CNPJ inválido.' }).nullable(),
  ),
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : (value ?? null)),
    z.email({ error: 'Informe um e-mail válido.' }).nullable(),
  ),
  phone: digitsOf([10, 11], 'Telefone inválido: informe DDD e número.'),
  zip_code: digitsOf([8], 'CEP inválido: informe os 8 dígitos.'),
  street: optional(150, 'Logradouro'),
  number: optional(20, 'Número'),
  complement: optional(80, 'Complemento'),
  district: optional(80, 'Bairro'),
  city: optional(80, 'Cidade'),
  state: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(UFS, { error: 'UF inválida.' }).nullable(),
  ),
  pastor_name: optional(150, 'Pastor presidente'),
  logo: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string()
      .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, {
        error: 'O logotipo deve ser uma imagem JPEG, PNG ou WebP.',
      })
      .max(LOGO_MAX_BYTES, { error: 'O logotipo é grande demais (máximo de 200 KB).' })
      .nullable(),
  ),
  credential_validity_months: z
    .number({ error: 'Informe a validade em meses.' })
    .int({ error: 'Informe um número inteiro de meses.' })
    .min(1, { error: 'A validade deve ser de 1 a 120 meses.' })
    .max(120, { error: 'A validade deve ser de 1 a 120 meses.' }),
});
