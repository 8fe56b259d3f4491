// A member's stored columns, derived data included: one function for every writer (the members
// API, the import, the public registration, the seed), so none drifts from the others.
import type { MemberInput } from '../../domain/memberSchema.js';
import { searchText } from '../../domain/search.js';
import type { NewMember } from './schema.js';

/**
 * The stored columns of a validated member, with the derived ones (sort, search, birthday).
 * The congregation is the caller's to decide (the members' write.ts; written without one: the sede).
 */
export function toColumns(
  input: Omit<MemberInput, 'department_ids' | 'congregation_id'> & {
    congregation_id?: number | null;
  },
  customFields: Record<string, unknown>,
): Omit<NewMember, 'created_at' | 'updated_at' | 'congregation_id'> {
  const { congregation_id: _decidedByTheCaller, ...member } = input;
  const birth = member.birth_date?.split('-');
  return {
    ...member,
    custom_fields: JSON.stringify(customFields),
    sort_name: searchText(member.name),
    search: searchText(
      member.name,
      member.cpf,
      member.email,
      member.phone_mobile,
      member.phone_home,
    ),
    birth_md: birth ? Number(birth[1]) * 100 + Number(birth[2]) : null,
    has_photo: Boolean(member.photo),
    photo_thumb: member.photo ? member.photo_thumb : null,
  };
}
