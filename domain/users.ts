import { z } from 'zod';
import { ROLES } from './access';
import { LEADER_NEEDS_MEMBER } from './assignments';
import { emptyToNull, recordId } from './fields';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  admin: 'Administrador',
  secretary: 'Secretaria',
  financial: 'Financeiro',
  leader: 'Líder',
};

const password = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  });

const userFields = {
  name: z
    .string({ error: 'Informe o nome.' })
    .trim()
    .min(1, { error: 'Informe o nome.' })
    .max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
  email: z
    .string({ error: 'Informe o e-mail.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'O e-mail deve ter no máximo 254 caracteres.' })
    .pipe(z.email({ error: 'Informe um e-mail válido.' })),
  roles: z
    .array(z.enum(ROLES, { error: 'Papel desconhecido.' }), { error: 'Informe os papéis.' })
    .transform((roles) => [...new Set(roles)]),
  active: z.boolean({ error: 'Informe se o usuário está ativo.' }),
  /** The congregations the user is limited to; none is the whole church (issue 12). */
  congregation_ids: z
    .array(z.unknown(), { error: 'Informe as congregações em uma lista.' })
    .max(1000, { error: 'Congregações demais.' })
    // One message for the field, whichever item is wrong (the form's input is the whole list).
    .refine((ids) => ids.every((id) => recordId('').safeParse(id).success), {
      error: 'Congregação inválida.',
    })
    .transform((ids) => [...new Set(ids as number[])].sort((a, b) => a - b)),
  /** The member the user is: a líder's, who reaches the groups that member serves (issue 26). */
  member_id: z.preprocess(emptyToNull, recordId('Membro inválido.').nullable()),
};

/** A líder is one of the church's people: his user names the member. */
const leaderHasMember = (input: { roles: readonly string[]; member_id: number | null }) =>
  !input.roles.includes('leader') || input.member_id !== null;

/** Why an admin cannot be limited to some congregations. */
export const ADMIN_WHOLE_CHURCH = 'Administradores veem a igreja inteira.';

export const userCreateSchema = z
  .object({
    ...userFields,
    roles: userFields.roles.default([]),
    active: userFields.active.default(true),
    congregation_ids: userFields.congregation_ids.default([]),
    member_id: userFields.member_id.default(null),
    password,
  })
  .refine(leaderHasMember, { error: LEADER_NEEDS_MEMBER, path: ['member_id'] });

export const userUpdateSchema = z
  .object({
    ...userFields,
    member_id: userFields.member_id.default(null),
    password: password.optional().or(z.literal('').transform(() => undefined)),
  })
  .refine(leaderHasMember, { error: LEADER_NEEDS_MEMBER, path: ['member_id'] });

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'Informe a senha atual.' })
      .min(1, { error: 'Informe a senha atual.' }),
    password,
    password_confirmation: z.string({ error: 'Confirme a nova senha.' }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    error: 'A confirmação não confere com a nova senha.',
    path: ['password_confirmation'],
  });

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
