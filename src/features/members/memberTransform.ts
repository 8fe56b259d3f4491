import type { Member } from './types';

/** What the API computes itself is not sent back on save. */
export function memberPayload(data: Partial<Member>): Partial<Member> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = data;
  return fields;
}
