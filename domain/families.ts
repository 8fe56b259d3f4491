// Famílias (issue 28): households of members and of relatives who are no members (a child not yet
// a member, a spouse of another church), each person with a relation to another person of the
// household ("Filho de Ana") or to the household itself; no head of household. A shared address
// the members may inherit. The schemas are the server's and the forms'.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate, todayIso } from './dates';
import {
  addressFields,
  emptyToNull,
  optionalChoice,
  optionalDigits,
  optionalText,
  recordId,
} from './fields';
import { SEXES } from './members';
import {
  FAMILY_FIELD_LABELS,
  FAMILY_RELATIONS,
  FAMILY_RELATION_LABELS,
  type FamilyRelation,
} from './journeyWords';

export { FAMILY_FIELD_LABELS, FAMILY_RELATIONS, FAMILY_RELATION_LABELS, type FamilyRelation };

const GENDERED: Partial<Record<FamilyRelation, { M: string; F: string }>> = {
  child: { M: 'Filho', F: 'Filha' },
  parent: { M: 'Pai', F: 'Mãe' },
  stepchild: { M: 'Enteado', F: 'Enteada' },
  sibling: { M: 'Irmão', F: 'Irmã' },
  grandparent: { M: 'Avô', F: 'Avó' },
  grandchild: { M: 'Neto', F: 'Neta' },
};

/** "Filha", "Pai", "Cônjuge": the relation in the person's gender when it is known. */
export function familyRelationLabel(relation: string, sex?: string | null): string {
  const gendered = GENDERED[relation as FamilyRelation];
  if (gendered && (sex === 'M' || sex === 'F')) return gendered[sex];
  return FAMILY_RELATION_LABELS[relation as FamilyRelation] ?? relation;
}

/** "Filha de Ana Souza", "Cônjuge de João", or the relation alone (to the household). */
export function familyRelationText(
  relation: string,
  sex: string | null | undefined,
  relativeName: string | null | undefined,
): string {
  const label = familyRelationLabel(relation, sex);
  return relativeName ? `${label} de ${relativeName}` : label;
}

const GUARDIAN_OF: Partial<Record<FamilyRelation, { M: string; F: string; any: string }>> = {
  child: { M: 'Pai', F: 'Mãe', any: 'Pai/mãe' },
  stepchild: { M: 'Padrasto', F: 'Madrasta', any: 'Padrasto/madrasta' },
  grandchild: { M: 'Avô', F: 'Avó', any: 'Avô/avó' },
};

/**
 * What the person a child's relation names is to the child ("Filha de Ana": Ana is "Mãe"), by
 * the guardian's sex; null when the relation says nothing of that (a sibling, "outro").
 */
export function guardianLabel(childRelation: string, sex: string | null | undefined) {
  const labels = GUARDIAN_OF[childRelation as FamilyRelation];
  if (!labels) return null;
  return sex === 'M' || sex === 'F' ? labels[sex] : labels.any;
}

/**
 * The relations that make a child's parents or guardians of the household's adults: those who
 * are spouses, parents or guardians there, and the person the child's relation points to.
 */
export const GUARDIAN_RELATIONS: readonly FamilyRelation[] = ['spouse', 'parent', 'guardian'];

/** The age under which the children by age list counts a person a child (the EBD's and the ministry's). */
export const DEFAULT_CHILD_AGE = 12;
export const MAX_CHILD_AGE = 18;

export const FAMILY_NOT_FOUND = 'Família não encontrada.';
export const FAMILY_PERSON_NOT_FOUND = 'Pessoa da família não encontrada.';

/** A member already in a household: named, with the way to move them. */
export const alreadyInFamily = (memberName: string, familyName: string) =>
  `${memberName} já pertence à ${familyName}. Para trazê-lo(a) para esta família, use “Mover para esta família”.`;

const birthDate = z.preprocess(
  emptyToNull,
  z
    .string({ error: INVALID_DATE_MESSAGE })
    .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
    .refine((value) => value <= todayIso(), {
      error: 'Data de nascimento não pode estar no futuro.',
    })
    .nullable(),
);

/** The household: its name, its congregation, the address its members may inherit. */
export const familySchema = z.object({
  name: z
    .string({ error: 'Informe o nome da família.' })
    .trim()
    .min(1, { error: 'Informe o nome da família.' })
    .max(100, { error: 'Nome da família: no máximo 100 caracteres.' }),
  ...addressFields(),
  notes: optionalText(1000, 'Observações'),
});
export type FamilyInput = z.output<typeof familySchema>;

const relation = z.enum(FAMILY_RELATIONS, { error: 'Escolha o parentesco.' });
const relativeId = z.preprocess(
  emptyToNull,
  recordId('Pessoa da família inválida.').nullable().optional(),
);

/** A relative who is no member: a small person record. */
const relativeFields = {
  name: z
    .string({ error: 'Informe o nome.' })
    .trim()
    .min(1, { error: 'Informe o nome.' })
    .max(150, { error: 'Nome: no máximo 150 caracteres.' }),
  birth_date: birthDate,
  sex: optionalChoice(SEXES, 'Sexo inválido.'),
  phone: optionalDigits([10, 11], 'Telefone inválido: informe DDD e número.'),
};

/** A member added to a household (`move` takes them out of the household they are in). */
export const familyMemberSchema = z.object({
  member_id: recordId('Membro inválido.'),
  relation,
  relative_id: relativeId,
  uses_family_address: z.boolean({ error: 'Informe se usa o endereço da família.' }).optional(),
  move: z.boolean({ error: 'Informe se o membro deve ser movido.' }).optional(),
});

/** A relative who is no member added to a household. */
export const familyRelativeSchema = z.object({
  ...relativeFields,
  relation,
  relative_id: relativeId,
});

/**
 * Someone added to a household: a member when the body names one (`member_id`), else a relative;
 * each checked by its own schema, so the messages name the fields.
 */
export const familyPersonSchemaFor = (body: unknown) =>
  typeof body === 'object' && body !== null && 'member_id' in body
    ? familyMemberSchema
    : familyRelativeSchema;
export type FamilyPersonInput =
  z.output<typeof familyMemberSchema> | z.output<typeof familyRelativeSchema>;

/** A change to a person of the household (a relative's own fields only for relatives). */
export const familyPersonChangesSchema = z.object({
  relation: relation.optional(),
  relative_id: relativeId,
  uses_family_address: z.boolean({ error: 'Informe se usa o endereço da família.' }).optional(),
  name: relativeFields.name.optional(),
  birth_date: birthDate.optional(),
  sex: relativeFields.sex.optional(),
  phone: relativeFields.phone.optional(),
});
export type FamilyPersonChanges = z.output<typeof familyPersonChangesSchema>;

/** A family created from a member: the household's name (default "Família <surname>"). */
export const newFamilySchema = z.object({
  member_id: recordId('Membro inválido.'),
  name: familySchema.shape.name.optional(),
  relation: relation.optional(),
});

/** "Família Souza": the default name of a household created from a member. */
export function defaultFamilyName(memberName: string): string {
  const words = memberName.trim().split(/\s+/);
  return `Família ${words.length > 1 ? words[words.length - 1] : words[0]}`;
}
