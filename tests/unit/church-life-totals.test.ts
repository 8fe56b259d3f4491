// A gathering's figures (domain/churchLife.ts totalsOf): a head count not taken stands at the named
// presence, and one taken never stands below it — two phones checking in at once may each have
// raised the stored count to the presence it saw (migration 0040's slots are not locked together).
import { describe, expect, it } from 'vitest';
import { totalsOf } from '../../domain/churchLife';

describe('totalsOf', () => {
  const named = { members: 12, visitors: 3 };

  it('takes the named presence for a count not taken', () => {
    expect(
      totalsOf({ count_members: null, count_visitors: null, count_children: null }, named),
    ).toEqual({
      members: 12,
      visitors: 3,
      children: 0,
      total: 15,
    });
  });

  it('takes a count above the named presence as counted', () => {
    expect(totalsOf({ count_members: 40, count_visitors: 5, count_children: 8 }, named)).toEqual({
      members: 40,
      visitors: 5,
      children: 8,
      total: 53,
    });
  });

  it('never stands a count below the named presence', () => {
    expect(totalsOf({ count_members: 11, count_visitors: 0, count_children: 2 }, named)).toEqual({
      members: 12,
      visitors: 3,
      children: 2,
      total: 17,
    });
  });
});
