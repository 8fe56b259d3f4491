// Who is in the congregation: ages (children included), member status, and marital status
// by age, with the weights of a real registry.
import type { SeedMember } from './context.js';
import type { SeedRandom } from './random.js';

/** Ages in years: [from, to, weight] — a congregation, children included. */
const AGE_BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 4, 6],
  [5, 9, 7],
  [10, 14, 7],
  [15, 19, 7.5],
  [20, 24, 7.5],
  [25, 29, 7.5],
  [30, 34, 8],
  [35, 39, 8],
  [40, 44, 8],
  [45, 49, 7],
  [50, 54, 6.5],
  [55, 59, 6],
  [60, 64, 5],
  [65, 69, 4],
  [70, 74, 3],
  [75, 79, 2],
  [80, 84, 1.2],
  [85, 89, 0.6],
  [90, 95, 0.3],
];

/** Marital status weights by age. */
function maritalTable(age: number): Array<[NonNullable<SeedMember['marital_status']>, number]> {
  if (age < 18) return [['single', 1]];
  if (age < 25)
    return [
      ['single', 75],
      ['married', 23],
      ['divorced', 2],
    ];
  if (age < 35)
    return [
      ['single', 35],
      ['married', 58],
      ['divorced', 7],
    ];
  if (age < 60)
    return [
      ['single', 12],
      ['married', 70],
      ['divorced', 13],
      ['widowed', 5],
    ];
  return [
    ['single', 6],
    ['married', 55],
    ['divorced', 9],
    ['widowed', 30],
  ];
}

export class Demographics {
  /** [from, to] years of age. */
  readonly ageBand;
  readonly status;

  constructor(private readonly r: SeedRandom) {
    this.ageBand = r.picker(AGE_BANDS.map(([from, to, weight]) => [[from, to] as const, weight]));
    this.status = r.picker([
      ['active', 86],
      ['inactive', 5.5],
      ['transferred', 3.5],
      ['pending', 3],
      ['disciplined', 2],
    ] as const);
  }

  maritalStatus(age: number): SeedMember['marital_status'] {
    const table = maritalTable(age);
    let target = this.r.random() * table.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [status, weight] of table) {
      target -= weight;
      if (target < 0) return status;
    }
    return table[0][0];
  }
}
