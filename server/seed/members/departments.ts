// The departments a member joins: how many (most one or none), and which of those that fit
// their age, sex and marital status, weighted by each department's popularity.
import { DEPARTMENTS, type DepartmentSeed } from '../lists/church.js';
import type { SeedContext, SeedMember } from './context.js';
import type { SeedRandom } from './random.js';

function fits(department: DepartmentSeed, member: SeedMember, age: number): boolean {
  if (department.minAge !== undefined && age < department.minAge) return false;
  if (department.maxAge !== undefined && age > department.maxAge) return false;
  if (department.sex && member.sex !== department.sex) return false;
  if (department.married && member.marital_status !== 'married') return false;
  return true;
}

export class DepartmentChooser {
  private readonly count;

  constructor(
    private readonly r: SeedRandom,
    private readonly context: SeedContext,
  ) {
    this.count = r.picker([
      [0, 35],
      [1, 38],
      [2, 19],
      [3, 8],
    ] as const);
  }

  /** Department ids, ascending. */
  choose(member: SeedMember, age: number): number[] {
    const inactive = ['inactive', 'transferred', 'deceased'].includes(member.status);
    const wanted = inactive && this.r.chance(0.85) ? 0 : this.count();
    if (wanted === 0) return [];
    const eligible = DEPARTMENTS.map((department, index) => ({
      department,
      id: this.context.departmentIds[index],
    })).filter(
      (entry): entry is { department: DepartmentSeed; id: number } =>
        entry.id !== null && fits(entry.department, member, age),
    );
    const chosen: number[] = [];
    while (chosen.length < wanted && eligible.length > 0) {
      let target = this.r.random() * eligible.reduce((sum, e) => sum + e.department.weight, 0);
      let index = 0;
      while (index < eligible.length - 1 && (target -= eligible[index].department.weight) >= 0)
        index++;
      chosen.push(eligible[index].id);
      eligible.splice(index, 1);
    }
    return chosen.sort((a, b) => a - b);
  }
}
