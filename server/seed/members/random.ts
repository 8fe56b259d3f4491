// The members' one stream of random numbers: faker's, so a seed gives the same congregation.
// Every generator of the members' seed draws from the same instance, in a fixed order.
import type { Faker } from '@faker-js/faker';
import type { Weighted } from '../lists/people.js';

export class SeedRandom {
  constructor(readonly faker: Faker) {}

  random(): number {
    return this.faker.number.float();
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)];
  }

  /** A weighted choice by binary search over the cumulative weights. */
  picker<T>(pairs: Weighted<T>): () => T {
    const values = pairs.map(([value]) => value);
    const cumulative: number[] = [];
    let total = 0;
    for (const [, weight] of pairs) cumulative.push((total += weight));
    return () => {
      const target = this.random() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid] > target) high = mid;
        else low = mid + 1;
      }
      return values[low];
    };
  }

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += Math.floor(this.random() * 10);
    return text;
  }

  /** A day between `from` and `to` (epoch days, inclusive), skewed towards `to` when `recent`. */
  dayBetween(from: number, to: number, recent = 1): number {
    if (to <= from) return to;
    return from + Math.floor(Math.pow(this.random(), recent) * (to - from + 1));
  }
}
