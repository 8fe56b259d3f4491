// The test app itself (tests/support/testApp.ts): a test that does not steer the token clock
// keeps its session headers however long its requests take (a busy machine, an import holding the
// process), while a test that brings a clock gets the server's real batch window.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../support/manualClock.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('test app sessions', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    t = undefined;
  });

  const members = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: '/api/members', headers });

  it('without a clock, the headers signed in with survive pauses of more than 5 s', async () => {
    // The real clock, moved by hand: the token store reads Date.now.
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await createTestApp();
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    for (let pause = 0; pause < 3; pause++) {
      vi.setSystemTime(Date.now() + 6_000);
      expect((await members(t, session)).statusCode).toBe(200);
    }
  });

  it('with a clock, the same pauses retire them (rotation is the server’s)', async () => {
    const clock = manualClock();
    t = await createTestApp({ clock });
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    const statuses: number[] = [];
    for (let pause = 0; pause < 3; pause++) {
      clock.advance(6_000);
      statuses.push((await members(t, session)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 401]);
  });
});
