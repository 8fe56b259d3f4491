// The words of issue 28's records that the registry, the audit trail and the menus read on every
// page (families' relations, milestones and certificates, self-update links): here, with no
// import, so that the first load does not bring the forms' schemas (zod) with them.

export const FAMILY_RELATIONS = [
  'spouse',
  'child',
  'parent',
  'guardian',
  'stepchild',
  'sibling',
  'grandparent',
  'grandchild',
  'other',
] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

/** The relation when the person's sex is not known (also the choice's label in forms). */
export const FAMILY_RELATION_LABELS: Record<FamilyRelation, string> = {
  spouse: 'Cônjuge',
  child: 'Filho/a',
  parent: 'Pai/mãe',
  guardian: 'Responsável',
  stepchild: 'Enteado/a',
  sibling: 'Irmão/ã',
  grandparent: 'Avô/avó',
  grandchild: 'Neto/a',
  other: 'Outro',
};

/** The audit trail's names of the fields of a household and of its people. */
export const FAMILY_FIELD_LABELS: Readonly<Record<string, string>> = {
  relation: 'Parentesco',
  relative_id: 'Parente de referência',
  uses_family_address: 'Usa o endereço da família',
  family_id: 'Família',
  phone: 'Telefone',
};

export const MILESTONE_KINDS = [
  'water_baptism',
  'holy_spirit_baptism',
  'profession_of_faith',
  'child_presentation',
  'marriage',
  'consecration',
  'reception',
] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];
export const MILESTONE_KIND_LABELS: Record<MilestoneKind, string> = {
  water_baptism: 'Batismo nas águas',
  holy_spirit_baptism: 'Batismo no Espírito Santo',
  profession_of_faith: 'Profissão de fé',
  child_presentation: 'Apresentação de criança',
  marriage: 'Casamento',
  consecration: 'Consagração/ordenação',
  reception: 'Recebimento',
};

export const CERTIFICATE_KINDS = [
  'baptism',
  'child_presentation',
  'marriage',
  'membership',
] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  baptism: 'Certificado de batismo',
  child_presentation: 'Certificado de apresentação de criança',
  marriage: 'Certificado de casamento religioso',
  membership: 'Certificado de membresia',
};

/** Where a self-update link stands, for the secretary's screens. */
export const SELF_UPDATE_STATES = [
  'open',
  'expired',
  'revoked',
  'pending',
  'approved',
  'rejected',
  'discarded',
] as const;
export type SelfUpdateState = (typeof SELF_UPDATE_STATES)[number];
export const SELF_UPDATE_STATE_LABELS: Record<SelfUpdateState, string> = {
  open: 'Aguardando o membro',
  expired: 'Expirado',
  revoked: 'Revogado',
  pending: 'Aguardando conferência',
  approved: 'Aprovado',
  rejected: 'Recusado',
  discarded: 'Descartado (anonimização)',
};
