// A clock the tests move by hand, for the token store (rotation, batch window, expiry): no
// real sleeps, no dependence on the day the suite runs.
export interface ManualClock {
  (): number;
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** The current time in epoch seconds (devise_token_auth's `expiry`). */
  seconds(): number;
}

/** Starts at a fixed instant (2026-03-02 12:00 UTC unless told). */
export function manualClock(start = Date.UTC(2026, 2, 2, 12, 0, 0)): ManualClock {
  let now = start;
  const clock = (() => now) as ManualClock;
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.seconds = () => Math.floor(now / 1000);
  return clock;
}
