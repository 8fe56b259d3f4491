// Valid and unique CPFs, with the fiscal region digit of the state where each was issued.
import type { SeedRandom } from './random.js';

/** The fiscal region digit of a CPF (its ninth digit), by the state where it was issued. */
const CPF_REGION: Record<string, number> = {
  RS: 0,
  DF: 1,
  GO: 1,
  MS: 1,
  MT: 1,
  TO: 1,
  AC: 2,
  AM: 2,
  AP: 2,
  PA: 2,
  RO: 2,
  RR: 2,
  CE: 3,
  MA: 3,
  PI: 3,
  AL: 4,
  PB: 4,
  PE: 4,
  RN: 4,
  BA: 5,
  SE: 5,
  MG: 6,
  ES: 7,
  RJ: 7,
  SP: 8,
  PR: 9,
  SC: 9,
};

function cpfCheckDigit(digits: number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += digits[i] * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A valid CPF (11 digits) from its first 9 digits. */
export function cpfFromBase(base: string): string {
  const digits = base.split('').map(Number);
  digits.push(cpfCheckDigit(digits));
  digits.push(cpfCheckDigit(digits));
  return digits.join('');
}

/** Issues CPFs never issued before: neither by itself nor among `existing` (already stored). */
export class CpfIssuer {
  private readonly used = new Set<number>();

  constructor(
    private readonly random: SeedRandom,
    existing: Iterable<string>,
  ) {
    for (const cpf of existing) this.used.add(Number(cpf.slice(0, 9)));
  }

  issue(uf: string): string {
    for (;;) {
      const base = this.random.digits(8) + String(CPF_REGION[uf] ?? 8);
      const key = Number(base);
      if (/^(\d)\1{8}$/.test(base) || this.used.has(key)) continue;
      this.used.add(key);
      return cpfFromBase(base);
    }
  }
}
