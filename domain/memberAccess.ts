// Least access to members (issue 13; LGPD art. 6 III, necessity): church membership is sensitive
// personal data (art. 11), so a user without secretary access (a treasurer, or a user with no
// role) reads only who a member is in the church — the reduced record. The server decides it
// from the user's roles (server/modules/members/projection.ts); the screens follow the same rule
// so they neither ask for what would be refused nor show empty sections.
//
// Phones and e-mail are left out as well: identifying a member (a donor's link, a name on a
// department) needs the name, the photo and the congregation; contacting one is the secretary's
// work, and the finance side keeps its own contacts on the donor record.
import { MEMBER_STATUSES, type MemberStatus } from './members';
import { resourceByApi } from './resources';
import { hasAccess } from './roles';

/** The keys of a reduced member record (custom_fields: only those visible to every role). */
export const REDUCED_MEMBER_KEYS = [
  'id',
  'name',
  'photo',
  'photo_thumb',
  'has_photo',
  'status',
  'position_id',
  'congregation_id',
  'congregation_name',
  'department_ids',
  'custom_fields',
] as const;

/** The keys of a reduced row of the ministry workers' list (obreiros). */
export const REDUCED_MINISTRY_WORKER_KEYS = [
  'id',
  'name',
  'photo_thumb',
  'status',
  'position_id',
  'congregation_id',
  'congregation_name',
] as const;

/** Whether these roles read members whole (the registry's `detail`: secretary access). */
export function readsWholeMembers(roles: readonly string[] | undefined): boolean {
  const entry = resourceByApi('members');
  return hasAccess(roles, entry.detail ?? entry.read);
}

/**
 * Whether these roles see self-registrations waiting for review (members with status "pending",
 * the registry's `membros/pendentes`: secretary access). Nobody else learns that a newcomer
 * asked to join (issue 22): such a member is absent from their lists and records.
 */
export function readsPendingRegistrations(roles: readonly string[] | undefined): boolean {
  return hasAccess(roles, resourceByApi('registrations').read);
}

/** The statuses a reader without access to pending registrations may list. */
export const SETTLED_MEMBER_STATUSES: readonly MemberStatus[] = MEMBER_STATUSES.filter(
  (status) => status !== 'pending',
);

export const PENDING_HIDDEN_MESSAGE =
  'Seu perfil não permite ver os cadastros pendentes: eles são da secretaria.';

/**
 * The member list's filters the reduced record can answer without revealing a hidden field;
 * `q` among them, matched against the name only (never CPF, e-mail or phones).
 */
export const REDUCED_MEMBER_FILTERS: readonly string[] = [
  'q',
  'name',
  'id',
  'congregation_id',
  'status',
  'position_id',
  'department_id',
  'has_photo',
];

/** The sorts of the member lists that reveal nothing hidden. */
export const REDUCED_MEMBER_SORTS: readonly string[] = ['name', 'match', 'status', 'id'];

/** What each refused filter or sort would reveal, in words. */
export const HIDDEN_MEMBER_FIELD_LABELS: Readonly<Record<string, string>> = {
  sex: 'sexo',
  marital_status: 'estado civil',
  birth_month: 'mês de aniversário',
  birth_date: 'data de nascimento',
  age_gte: 'idade',
  age_lte: 'idade',
  admission_date: 'data de admissão',
  admission_date_gte: 'data de admissão',
  admission_date_lte: 'data de admissão',
  consecration_date: 'data de consagração',
  created_at: 'data de cadastro',
};

export const hiddenFieldLabel = (key: string) => HIDDEN_MEMBER_FIELD_LABELS[key] ?? key;
