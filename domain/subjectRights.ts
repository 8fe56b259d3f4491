// The data subject's rights (LGPD art. 18, issue 13): the export of everything the church keeps
// about a member (GET /api/members/{id}/data_export, JSON or PDF) and the anonymization at the
// member's request (POST /api/members/{id}/anonymize). The server writes both; the member page
// offers them with the same words and the same confirmation rule.
//
// What anonymization erases and what it keeps:
// - erased: the name (replaced by "Titular anonimizado nº N", N a church-wide sequence), CPF, RG,
//   photo, e-mail, phones, the whole address, parents, spouse, birthplace, profession, notes,
//   origin church, custom field values, the guardian's name and the date of birth (no report of
//   Adam counts ages, and keeping only the year would need a made-up day that the birthday
//   reports would then list);
// - kept, for the statistics and the books: sex, marital status, status, position, congregation
//   and departments, the admission, baptism and consecration dates, the consent facts (version,
//   date, channel), the credentials' and letters' numbers and every finance amount.
import { ADDRESS_FIELDS } from './fields';
import {
  formatBoolean,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPhone,
  formatZipCode,
} from './formats';
import {
  ADMISSION_TYPE_LABELS,
  SEX_LABELS,
  maritalStatusLabel,
  memberStatusLabel,
} from './members';

/** What stands for an erased value wherever a trace of it stays (the audit trail, free text). */
export const ANONYMIZED = '[anonimizado]';

/** The audit trail's fingerprint of an erased photo: still reads as "a photo" (auditWords). */
export const ANONYMIZED_IMAGE = 'image:[anonimizado]';

/** The church-wide sequences (document_counters) of the anonymized members and donors. */
export const ANONYMIZED_MEMBER_SERIES = 'anonymized_member';
export const ANONYMIZED_DONOR_SERIES = 'anonymized_donor';

export const anonymizedMemberName = (number: number) => `Titular anonimizado nº ${number}`;
export const anonymizedDonorName = (number: number) => `Contribuinte anonimizado nº ${number}`;

/**
 * A visitor who never became a member (issue 26) has the same rights: the export of what the
 * church keeps (GET /api/visitors/{id}/data_export) and the erasure of their identity (POST
 * /api/visitors/{id}/anonymize). Erased: the name (replaced by "Visitante anonimizado nº N", its
 * own sequence), the phone, the notes and who invited them; kept: the visits (the head counts of
 * the cultos) and the consent facts (version and date). A converted visitor is part of the
 * member's record: the member's anonymization reaches it.
 */
export const ANONYMIZED_VISITOR_SERIES = 'anonymized_visitor';
export const anonymizedVisitorName = (number: number) => `Visitante anonimizado nº ${number}`;
export const VISITOR_CONFIRMATION_MISMATCH =
  'Digite o nome do visitante exatamente como está no registro (maiúsculas e acentos contam) para confirmar.';
export const VISITOR_ALREADY_ANONYMIZED = 'Este visitante já foi anonimizado.';
export const ANONYMIZED_VISITOR_LOCKED =
  'Este visitante foi anonimizado: o registro não recebe mais dados pessoais nem consentimentos.';
export const VISITOR_IS_MEMBER =
  'Este visitante tornou-se membro: a exportação e a anonimização são feitas no cadastro do membro, que inclui o registro de visitante.';

/**
 * The name as the confirmation compares it: as typed (case and accents count), with the spaces
 * around it dropped and each run of spaces inside it read as one.
 */
export function confirmationText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Whether `typed` confirms the anonymization of the member named `name`. */
export function confirmationMatches(typed: unknown, name: string): boolean {
  return (
    typeof typed === 'string' &&
    typed.trim() !== '' &&
    confirmationText(typed) === confirmationText(name)
  );
}

export const CONFIRMATION_MISMATCH =
  'Digite o nome do membro exatamente como está no cadastro (maiúsculas e acentos contam) para confirmar.';
export const ALREADY_ANONYMIZED = 'Este titular já foi anonimizado.';
/** A change to an anonymized member: its identity is gone for good. */
export const ANONYMIZED_MEMBER_LOCKED =
  'Este titular foi anonimizado: o cadastro não recebe mais dados pessoais, credenciais, cartas nem consentimentos.';

/** The member's columns anonymization erases (set to null; the custom fields to {}). */
export const ERASED_MEMBER_FIELDS = [
  'photo',
  'photo_thumb',
  'birth_date',
  'spouse_name',
  'cpf',
  'rg',
  'email',
  'phone_mobile',
  'phone_home',
  'zip_code',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'birthplace',
  'father_name',
  'mother_name',
  'profession',
  'origin_church',
  'notes',
  'guardian_name',
] as const;

/** A donor's columns anonymization erases (the name is replaced, the person type kept). */
export const ERASED_DONOR_FIELDS = [
  'document',
  'email',
  'phone',
  'zip_code',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'notes',
] as const;

const MEMBER_AUDIT_FIELDS: ReadonlySet<string> = new Set([...ERASED_MEMBER_FIELDS, 'name']);

/**
 * By audited resource, the fields whose values the trail of an anonymized member (and of its
 * donor records, requests, consents and letters) no longer holds: each value becomes
 * "[anonimizado]" (a photo's fingerprint "image:[anonimizado]"); the field and the fact that it
 * changed stay. The members' custom fields ("custom_fields.<key>") go as well.
 */
export const ANONYMIZED_AUDIT_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  members: MEMBER_AUDIT_FIELDS,
  registrations: MEMBER_AUDIT_FIELDS,
  donors: new Set([...ERASED_DONOR_FIELDS, 'name']),
  privacy_requests: new Set(['holder_name', 'holder_contact']),
  consents: new Set(['guardian_name']),
  letters: new Set(['notes']),
  milestones: new Set([
    'place',
    'officiant_name',
    'officiant_member_id',
    'spouse_name',
    'origin_church',
    'notes',
  ]),
  visitors: new Set(['name', 'phone', 'notes']),
  followups: new Set(['note']),
  // The household made from the member (issue 28): its address was theirs.
  families: new Set(ADDRESS_FIELDS),
};

/** The member's fields in the report, section by section (the API's names). */
export const SUBJECT_SECTIONS: ReadonlyArray<{ title: string; fields: readonly string[] }> = [
  {
    title: 'Dados pessoais',
    fields: [
      'name',
      'sex',
      'birth_date',
      'marital_status',
      'spouse_name',
      'cpf',
      'rg',
      'birthplace',
      'profession',
      'father_name',
      'mother_name',
    ],
  },
  {
    title: 'Contato e endereço',
    fields: [
      'email',
      'phone_mobile',
      'phone_home',
      'zip_code',
      'street',
      'number',
      'complement',
      'district',
      'city',
      'state',
    ],
  },
  {
    title: 'Vida eclesiástica',
    fields: [
      'congregation_id',
      'status',
      'position_id',
      'department_ids',
      'admission_date',
      'admission_type',
      'origin_church',
      'baptism_date',
      'holy_spirit_baptism',
      'consecration_date',
      'notes',
    ],
  },
  {
    title: 'Consentimento no cadastro',
    fields: ['consent_at', 'consent_version', 'guardian_name', 'guardian_consent_at'],
  },
  {
    title: 'Registro',
    fields: ['id', 'created_at', 'updated_at', 'credential_expires_on', 'anonymized_at'],
  },
];

/** The Portuguese label of each field of the report. */
export const SUBJECT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'Código do cadastro',
  name: 'Nome',
  sex: 'Sexo',
  birth_date: 'Data de nascimento',
  marital_status: 'Estado civil',
  spouse_name: 'Nome do cônjuge',
  cpf: 'CPF',
  rg: 'RG',
  birthplace: 'Naturalidade',
  profession: 'Profissão',
  father_name: 'Nome do pai',
  mother_name: 'Nome da mãe',
  email: 'E-mail',
  phone_mobile: 'Celular',
  phone_home: 'Telefone residencial',
  zip_code: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  congregation_id: 'Congregação',
  status: 'Situação',
  position_id: 'Cargo',
  department_ids: 'Departamentos',
  admission_date: 'Data de admissão',
  admission_type: 'Forma de admissão',
  origin_church: 'Igreja de origem',
  baptism_date: 'Data de batismo nas águas',
  holy_spirit_baptism: 'Batizado com o Espírito Santo',
  consecration_date: 'Data de consagração',
  notes: 'Observações',
  consent_at: 'Consentimento em',
  consent_version: 'Versão do consentimento',
  guardian_name: 'Responsável',
  guardian_consent_at: 'Consentimento do responsável em',
  created_at: 'Cadastrado em',
  updated_at: 'Atualizado em',
  credential_expires_on: 'Validade da credencial',
  anonymized_at: 'Anonimizado em',
  photo: 'Foto',
};

/** The names the references of a member resolve to (congregation, position, departments). */
export interface SubjectNames {
  congregation: string;
  position: string | null;
  departments: string[];
}

/** A member's field as the report writes it ('' when empty). */
export function subjectFieldText(
  field: string,
  member: Record<string, unknown>,
  names: SubjectNames,
): string {
  const value = member[field];
  const sex = typeof member.sex === 'string' ? member.sex : null;
  switch (field) {
    case 'congregation_id':
      return names.congregation;
    case 'position_id':
      return names.position ?? '';
    case 'department_ids':
      return names.departments.join(', ');
    case 'sex':
      return typeof value === 'string' ? (SEX_LABELS[value as 'M' | 'F'] ?? value) : '';
    case 'status':
      return memberStatusLabel(value as string | null, sex);
    case 'marital_status':
      return maritalStatusLabel(value as string | null, sex);
    case 'admission_type':
      return typeof value === 'string'
        ? (ADMISSION_TYPE_LABELS[value as keyof typeof ADMISSION_TYPE_LABELS] ?? value)
        : '';
    case 'cpf':
      return formatCpf(value as string | null);
    case 'phone_mobile':
    case 'phone_home':
      return formatPhone(value as string | null);
    case 'zip_code':
      return formatZipCode(value as string | null);
    case 'holy_spirit_baptism':
      return formatBoolean(Boolean(value));
    case 'consent_at':
    case 'guardian_consent_at':
    case 'created_at':
    case 'updated_at':
    case 'anonymized_at':
      return formatDateTime(value as string | null);
    case 'birth_date':
    case 'admission_date':
    case 'baptism_date':
    case 'consecration_date':
    case 'credential_expires_on':
      return formatDate(value as string | null);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** A custom field's value as the report writes it, by the field's type. */
export function customFieldText(fieldType: string | null, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (fieldType === 'boolean') return formatBoolean(value as boolean);
  if (fieldType === 'date' && typeof value === 'string') return formatDate(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}
