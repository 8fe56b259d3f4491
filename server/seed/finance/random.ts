// The finance seed's own random numbers (mulberry32: small, fast and deterministic), apart
// from the members' faker stream so that either seed can run alone.
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** Money in centavos, skewed like real gifts and bills: many small, a few large. */
    money: (min: number, max: number) => Math.round((min + (max - min) * next() ** 2.2) * 100),
  };
}
export type Random = ReturnType<typeof random>;
