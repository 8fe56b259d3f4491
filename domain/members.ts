// Members (DESIGN §5): the field lists and the Portuguese labels of each choice. Free of zod,
// so a screen that only shows members does not load it; the schema is in memberSchema.ts.

export const MEMBER_STATUSES = [
  'pending',
  'active',
  'inactive',
  'disciplined',
  'transferred',
  'deceased',
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  pending: 'Pendente',
  active: 'Ativo',
  inactive: 'Inativo',
  disciplined: 'Disciplinado',
  transferred: 'Transferido',
  deceased: 'Falecido',
};

export const SEXES = ['M', 'F'] as const;
export const SEX_LABELS: Record<(typeof SEXES)[number], string> = { M: 'Masculino', F: 'Feminino' };

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export const MARITAL_STATUS_LABELS: Record<(typeof MARITAL_STATUSES)[number], string> = {
  single: 'Solteiro(a)',
  married: 'Casado(a)',
  divorced: 'Divorciado(a)',
  widowed: 'Viúvo(a)',
};

export const ADMISSION_TYPES = ['baptism', 'transfer_letter', 'acclamation'] as const;
export const ADMISSION_TYPE_LABELS: Record<(typeof ADMISSION_TYPES)[number], string> = {
  baptism: 'Batismo',
  transfer_letter: 'Carta de transferência',
  acclamation: 'Aclamação',
};

export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** Photos are stored in the database as data URLs; the form resizes them first. */
export const PHOTO_MAX_BYTES = 300 * 1024;
export const PHOTO_THUMB_MAX_BYTES = 16 * 1024;
