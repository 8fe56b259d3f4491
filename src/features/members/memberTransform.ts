import type { Member } from './types';

/** What the API computes or keeps itself: never sent back on save. */
const READ_ONLY = [
  'id',
  'createdAt',
  'updatedAt',
  'hasPhoto',
  'congregationName',
  'anonymizedAt',
  'age',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The body of a member save. A new member: every field the form holds. An edit (`previousData`,
 * the record as loaded): only the fields that changed — the photo (large) only when it changed,
 * and then with its thumbnail. The server merges the changes with the stored member.
 */
export function memberPayload(
  data: Partial<Member>,
  options?: { previousData?: Partial<Member> },
): Partial<Member> {
  const fields: Record<string, unknown> = { ...data };
  for (const key of READ_ONLY) delete fields[key];
  const before = options?.previousData as Record<string, unknown> | undefined;
  if (!before) return fields;
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => !same(value, before[key])),
  );
  if ('photo' in changed || 'photoThumb' in changed) {
    changed.photo = fields.photo ?? null;
    changed.photoThumb = fields.photoThumb ?? null;
  }
  return changed;
}
