// What the member form sends on save (issue 23): a new member whole, an edit only its changes —
// never the photo unless it changed, never what the server computes.
import { describe, expect, it } from 'vitest';
import { memberPayload } from '../../src/features/members/memberTransform';
import type { Member } from '../../src/features/members/types';

const PHOTO = `data:image/jpeg;base64,/9j/${'A'.repeat(2000)}`;
const stored = {
  id: 7,
  name: 'Maria das Dores',
  photo: PHOTO,
  photoThumb: 'data:image/jpeg;base64,/9j/BBBB',
  hasPhoto: true,
  congregationId: 1,
  congregationName: 'Sede',
  phoneMobile: null,
  departmentIds: [2, 3],
  customFields: { tamanhoDaCamiseta: 'M' },
  anonymizedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
} as Partial<Member> & { hasPhoto: boolean };

describe('memberPayload', () => {
  it('sends an edit’s changed fields only: no photo, no computed fields', () => {
    const payload = memberPayload(
      { ...stored, name: 'Maria das Dores Silva', phoneMobile: '11987654321' },
      { previousData: stored },
    );
    expect(payload).toEqual({ name: 'Maria das Dores Silva', phoneMobile: '11987654321' });
  });

  it('sends the photo with its thumbnail when the photo changed, or was removed', () => {
    const other = 'data:image/jpeg;base64,/9j/CCCC';
    expect(
      memberPayload({ ...stored, photo: other, photoThumb: other }, { previousData: stored }),
    ).toEqual({ photo: other, photoThumb: other });
    expect(
      memberPayload({ ...stored, photo: null, photoThumb: null }, { previousData: stored }),
    ).toEqual({ photo: null, photoThumb: null });
  });

  it('sends a changed list or custom field whole, and nothing when nothing changed', () => {
    expect(
      memberPayload(
        { ...stored, departmentIds: [2], customFields: { tamanhoDaCamiseta: 'G' } },
        { previousData: stored },
      ),
    ).toEqual({ departmentIds: [2], customFields: { tamanhoDaCamiseta: 'G' } });
    expect(memberPayload({ ...stored }, { previousData: stored })).toEqual({});
  });

  it('sends a new member whole, without the computed fields', () => {
    const payload = memberPayload(stored);
    expect(payload).toMatchObject({ name: 'Maria das Dores', photo: PHOTO, departmentIds: [2, 3] });
    for (const key of ['id', 'hasPhoto', 'congregationName', 'createdAt', 'updatedAt']) {
      expect(payload).not.toHaveProperty(key);
    }
  });
});
