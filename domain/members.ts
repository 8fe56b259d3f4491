// Members (DESIGN §5): the field lists and the Portuguese labels of each choice. Free of zod,
// so a screen that only shows members does not load it; the schema is in memberSchema.ts.

export const MEMBER_STATUSES = [
  'pending',
  'active',
  'inactive',
  'disciplined',
  'transferring',
  'transferred',
  'deceased',
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  pending: 'Pendente',
  active: 'Ativo',
  inactive: 'Inativo',
  disciplined: 'Disciplinado',
  transferring: 'Em transferência',
  transferred: 'Transferido',
  deceased: 'Falecido',
};

/**
 * The statuses as headings of counts of people (the dashboard, "Membros por congregação"): a
 * group of men and women, in the plural that names both ("Falecidos: 3").
 */
export const MEMBER_STATUS_COUNT_LABELS: Record<MemberStatus, string> = {
  pending: 'Pendentes',
  active: 'Ativos',
  inactive: 'Inativos',
  disciplined: 'Disciplinados',
  transferring: 'Em transferência',
  transferred: 'Transferidos',
  deceased: 'Falecidos',
};

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];
export const SEX_LABELS: Record<Sex, string> = { M: 'Masculino', F: 'Feminino' };

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
/** For a person whose sex is not known, and for filters (a state, not a person). */
export const MARITAL_STATUS_LABELS: Record<MaritalStatus, string> = {
  single: 'Solteiro(a)',
  married: 'Casado(a)',
  divorced: 'Divorciado(a)',
  widowed: 'Viúvo(a)',
};

// A person's status and marital state agree with their sex where it is known (a woman is
// "Falecida", "Casada"); the lists above stay the words for a state itself (filters, counts).
const STATUS_BY_SEX: Record<Sex, Record<MemberStatus, string>> = {
  M: MEMBER_STATUS_LABELS,
  F: {
    pending: 'Pendente',
    active: 'Ativa',
    inactive: 'Inativa',
    disciplined: 'Disciplinada',
    transferring: 'Em transferência',
    transferred: 'Transferida',
    deceased: 'Falecida',
  },
};

const MARITAL_BY_SEX: Record<Sex, Record<MaritalStatus, string>> = {
  M: { single: 'Solteiro', married: 'Casado', divorced: 'Divorciado', widowed: 'Viúvo' },
  F: { single: 'Solteira', married: 'Casada', divorced: 'Divorciada', widowed: 'Viúva' },
};

/**
 * A person whose sex the reader does not know (not filled in, or a treasurer's reduced record):
 * words for either, as "Casado(a)" — a woman was read as "Falecido".
 */
const STATUS_OF_ANYONE: Record<MemberStatus, string> = {
  pending: 'Pendente',
  active: 'Ativo(a)',
  inactive: 'Inativo(a)',
  disciplined: 'Disciplinado(a)',
  transferring: 'Em transferência',
  transferred: 'Transferido(a)',
  deceased: 'Falecido(a)',
};

const isSex = (sex: unknown): sex is Sex => sex === 'M' || sex === 'F';

/** The status words for a person of `sex` (unknown: words for either, "Falecido(a)"). */
export function memberStatusLabels(sex?: string | null): Record<MemberStatus, string> {
  return isSex(sex) ? STATUS_BY_SEX[sex] : STATUS_OF_ANYONE;
}

/** The marital state words for a person of `sex` (unknown: "Casado(a)"). */
export function maritalStatusLabels(sex?: string | null): Record<MaritalStatus, string> {
  return isSex(sex) ? MARITAL_BY_SEX[sex] : MARITAL_STATUS_LABELS;
}

/** A member's status in words that agree with their sex; an unknown value as it is. */
export function memberStatusLabel(status: string | null | undefined, sex?: string | null): string {
  if (!status) return '';
  return memberStatusLabels(sex)[status as MemberStatus] ?? status;
}

/** A member's marital state in words that agree with their sex; an unknown value as it is. */
export function maritalStatusLabel(state: string | null | undefined, sex?: string | null): string {
  if (!state) return '';
  return maritalStatusLabels(sex)[state as MaritalStatus] ?? state;
}

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
