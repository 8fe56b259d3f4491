// Members as stored and as the API answers them.
import type { Member } from '../../db/schema.js';

export type MemberRow = Member;

/** What a list row carries: no full-size photo, no long text. */
export const LIST_COLUMNS = [
  'id',
  'congregation_id',
  'name',
  'photo_thumb',
  'phone_mobile',
  'phone_home',
  'email',
  'cpf',
  'status',
  'position_id',
  'birth_date',
  'admission_date',
  'sex',
  'marital_status',
] as const;

export type MemberListRow = Pick<MemberRow, (typeof LIST_COLUMNS)[number]>;

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function toApiMember(row: MemberRow, departmentIds: number[], congregationName: string) {
  const { sort_name: _sortName, search: _search, birth_md: _birthMd, ...fields } = row;
  return {
    ...fields,
    congregation_name: congregationName,
    has_photo: Boolean(row.has_photo),
    holy_spirit_baptism: Boolean(row.holy_spirit_baptism),
    custom_fields: parseObject(row.custom_fields),
    department_ids: departmentIds,
  };
}

export function toApiListMember(
  row: MemberListRow,
  departmentIds: number[],
  congregationName: string,
) {
  return { ...row, congregation_name: congregationName, department_ids: departmentIds };
}
