// One realistic member at a time: a Brazilian name, valid CPF, phones of the state's area
// codes, a CEP of the state's range, dates that respect the API's rules (nothing in the
// future, baptism and admission never before birth), status, position, departments and
// custom field values. Deterministic for a given faker seed.
import type { Faker } from '@faker-js/faker';
import type { MemberInput } from '../../domain/memberSchema.js';
import {
  ALWAYS_WITH_PARTICLE,
  CEP_RANGES,
  CITIES,
  COMMON_DISTRICTS,
  COMPLEMENTS,
  DDDS,
  DEPARTMENTS,
  type DepartmentSeed,
  EMAIL_DOMAINS,
  FAMOUS_STREETS,
  MALE_SECOND,
  MARIA_SECOND,
  MODERN_FEMALE,
  MODERN_MALE,
  NOTES,
  ORIGIN_CHURCHES,
  PROFESSIONS,
  SAO_PAULO_DISTRICTS,
  SCHOOLING,
  STREET_PREFIXES,
  SURNAMES,
  TRADITIONAL_FEMALE,
  TRADITIONAL_MALE,
  type Weighted,
  particleOf,
} from './data.js';
import { AVATARS } from './photos.js';

export type SeedMember = Omit<MemberInput, 'department_ids'>;

export interface GeneratedMember {
  member: SeedMember;
  departmentIds: number[];
  createdAt: string;
  updatedAt: string;
}

/** What the generator needs from the database: ids of positions, departments, custom fields. */
export interface SeedContext {
  /** Today, YYYY-MM-DD, in the church's time zone (domain/dates.ts). */
  today: string;
  memberPositionId: number | null;
  /** Ministerial positions by name (Cooperador, Diácono…); missing ones are skipped. */
  ministerialPositions: Map<string, number>;
  /** Department ids in the order of DEPARTMENTS (null when it could not be created). */
  departmentIds: Array<number | null>;
  /** Custom field keys, or null when the field is not available for seeding. */
  customKeys: { conversion: string | null; schooling: string | null; tither: string | null };
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;

const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

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

const unaccent = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Builds members one by one; keeps the CPFs it issued so each is unique. */
export class MemberGenerator {
  private readonly usedCpfs = new Set<number>();
  private readonly todayDay: number;
  private readonly pickers;

  constructor(
    private readonly faker: Faker,
    private readonly context: SeedContext,
    existingCpfs: Iterable<string> = [],
  ) {
    for (const cpf of existingCpfs) this.usedCpfs.add(Number(cpf.slice(0, 9)));
    this.todayDay = dayOf(context.today);
    const femaleFirst = faker.rawDefinitions.person?.first_name?.female ?? [];
    const maleFirst = faker.rawDefinitions.person?.first_name?.male ?? [];
    this.pickers = {
      age: this.picker(AGE_BANDS.map(([from, to, weight]) => [[from, to] as const, weight])),
      traditionalMale: this.picker(TRADITIONAL_MALE),
      traditionalFemale: this.picker(TRADITIONAL_FEMALE),
      modernMale: this.picker(MODERN_MALE),
      modernFemale: this.picker(MODERN_FEMALE),
      fakerMale: this.picker(maleFirst.map((name) => [name, 1] as const)),
      fakerFemale: this.picker(femaleFirst.map((name) => [name, 1] as const)),
      mariaSecond: this.picker(MARIA_SECOND),
      maleSecond: this.picker(MALE_SECOND),
      surname: this.picker(SURNAMES),
      city: this.picker(CITIES.map(([city, uf, weight]) => [[city, uf] as const, weight])),
      streetPrefix: this.picker(STREET_PREFIXES),
      complement: this.picker(COMPLEMENTS),
      emailDomain: this.picker(EMAIL_DOMAINS),
      profession: this.picker(PROFESSIONS),
      status: this.picker([
        ['active', 86],
        ['inactive', 5.5],
        ['transferred', 3.5],
        ['pending', 3],
        ['disciplined', 2],
      ] as const),
      admissionType: this.picker([
        ['baptism', 55],
        ['transfer_letter', 35],
        ['acclamation', 10],
      ] as const),
      maleMinistry: this.picker([
        ['Cooperador', 35],
        ['Diácono', 30],
        ['Presbítero', 15],
        ['Evangelista', 7],
        ['Pastor', 5],
        ['Missionário(a)', 8],
      ] as const),
      femaleMinistry: this.picker([
        ['Cooperador', 45],
        ['Missionário(a)', 35],
        ['Diácono', 20],
      ] as const),
      departmentCount: this.picker([
        [0, 35],
        [1, 38],
        [2, 19],
        [3, 8],
      ] as const),
      schooling: this.picker(SCHOOLING.map((level, i) => [level, [30, 45, 20, 5][i]] as const)),
    };
  }

  private random(): number {
    return this.faker.number.float();
  }

  private chance(probability: number): boolean {
    return this.random() < probability;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)];
  }

  /** A weighted choice by binary search over the cumulative weights. */
  private picker<T>(pairs: Weighted<T>): () => T {
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

  private digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += Math.floor(this.random() * 10);
    return text;
  }

  /** A day between `from` and `to` (epoch days, inclusive), skewed towards `to` when `recent`. */
  private dayBetween(from: number, to: number, recent = 1): number {
    if (to <= from) return to;
    return from + Math.floor(Math.pow(this.random(), recent) * (to - from + 1));
  }

  private cpf(uf: string): string {
    for (;;) {
      const base = this.digits(8) + String(CPF_REGION[uf] ?? 8);
      const key = Number(base);
      if (/^(\d)\1{8}$/.test(base) || this.usedCpfs.has(key)) continue;
      this.usedCpfs.add(key);
      return cpfFromBase(base);
    }
  }

  private firstName(sex: 'M' | 'F', birthYear: number): string {
    const p = this.pickers;
    if (birthYear < 1985 && this.chance(0.75)) {
      if (sex === 'F') {
        const name = p.traditionalFemale();
        return name === 'Maria' && this.chance(0.6) ? `Maria ${p.mariaSecond()}` : name;
      }
      const name = p.traditionalMale();
      return ['José', 'João', 'Antônio', 'Luiz'].includes(name) && this.chance(0.3)
        ? `${name} ${p.maleSecond()}`
        : name;
    }
    if (this.chance(0.55)) return sex === 'F' ? p.modernFemale() : p.modernMale();
    return sex === 'F' ? p.fakerFemale() : p.fakerMale();
  }

  private surnames(count: number, keep?: string): string[] {
    const chosen: string[] = keep ? [keep] : [];
    while (chosen.length < count) {
      const surname = this.pickers.surname();
      if (!chosen.includes(surname)) chosen.push(surname);
    }
    return chosen.map((surname) => {
      const particle = particleOf(surname);
      if (!particle) return surname;
      const always = ALWAYS_WITH_PARTICLE.includes(surname);
      return always || this.chance(0.4) ? `${particle} ${surname}` : surname;
    });
  }

  private fullName(sex: 'M' | 'F', birthYear: number, keepSurname?: string): string {
    const count = this.pick([1, 2, 2, 2, 3]);
    const parts = [this.firstName(sex, birthYear), ...this.surnames(count, keepSurname)];
    if (sex === 'M' && this.chance(0.02)) parts.push(this.pick(['Filho', 'Júnior', 'Neto']));
    return parts.join(' ');
  }

  private phone(uf: string, mobile: boolean): string {
    const ddd = this.chance(0.85) ? this.pick(DDDS[uf]) : this.pick(DDDS[this.pickers.city()[1]]);
    return mobile
      ? `${ddd}9${this.int(6, 9)}${this.digits(7)}`
      : `${ddd}${this.int(2, 5)}${this.digits(7)}`;
  }

  private cep(uf: string): string {
    const [from, to] = CEP_RANGES[uf];
    return String(this.int(from, to)).padStart(5, '0') + this.digits(3);
  }

  private street(): string {
    const name = this.chance(0.35)
      ? this.pick(FAMOUS_STREETS)
      : `${this.chance(0.5) ? this.pickers.traditionalMale() : this.pickers.traditionalFemale()} ${this.pickers.surname()}`;
    return `${this.pickers.streetPrefix()} ${name}`;
  }

  private email(name: string, birthYear: number): string {
    const words = unaccent(name)
      .replace(/[^a-z ]/g, '')
      .split(' ')
      .filter((word) => word.length > 2);
    const first = words[0] ?? 'membro';
    const last = words[words.length - 1] ?? 'igreja';
    const separator = this.pick(['.', '', '_']);
    const suffix = this.chance(0.5) ? String(this.chance(0.5) ? birthYear : this.int(1, 999)) : '';
    return `${first}${separator}${last}${suffix}@${this.pickers.emailDomain()}`;
  }

  private maritalStatus(age: number): SeedMember['marital_status'] {
    const table: Array<[NonNullable<SeedMember['marital_status']>, number]> =
      age < 18
        ? [['single', 1]]
        : age < 25
          ? [
              ['single', 75],
              ['married', 23],
              ['divorced', 2],
            ]
          : age < 35
            ? [
                ['single', 35],
                ['married', 58],
                ['divorced', 7],
              ]
            : age < 60
              ? [
                  ['single', 12],
                  ['married', 70],
                  ['divorced', 13],
                  ['widowed', 5],
                ]
              : [
                  ['single', 6],
                  ['married', 55],
                  ['divorced', 9],
                  ['widowed', 30],
                ];
    let target = this.random() * table.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [status, weight] of table) {
      target -= weight;
      if (target < 0) return status;
    }
    return table[0][0];
  }

  private departments(member: SeedMember, age: number): number[] {
    const inactive = ['inactive', 'transferred', 'deceased'].includes(member.status);
    const wanted = inactive && this.chance(0.85) ? 0 : this.pickers.departmentCount();
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
      let target = this.random() * eligible.reduce((sum, e) => sum + e.department.weight, 0);
      let index = 0;
      while (index < eligible.length - 1 && (target -= eligible[index].department.weight) >= 0)
        index++;
      chosen.push(eligible[index].id);
      eligible.splice(index, 1);
    }
    return chosen.sort((a, b) => a - b);
  }

  next(): GeneratedMember {
    const p = this.pickers;
    const today = this.todayDay;
    const [ageFrom, ageTo] = p.age();
    // Born between (ageTo + 1) years ago (exclusive) and ageFrom years ago.
    const birthDay = this.dayBetween(
      Math.ceil(today - (ageTo + 1) * YEAR_DAYS) + 1,
      Math.floor(today - ageFrom * YEAR_DAYS),
    );
    const birth = isoOf(birthDay);
    const birthYear = Number(birth.slice(0, 4));
    const age = Math.floor((today - birthDay) / YEAR_DAYS);
    const adult = age >= 18;
    const sex: 'M' | 'F' = this.chance(0.56) ? 'F' : 'M';

    const deceased = age > 60 ? this.chance(0.1) : age > 40 && this.chance(0.015);
    const status = deceased ? 'deceased' : p.status();
    const marital = this.maritalStatus(age);
    const name = this.fullName(sex, birthYear);
    const surnames = name.split(' ');
    const familyName = surnames[surnames.length - 1];

    const [city, uf] = p.city();
    const sameCityBirth = this.chance(0.6);
    const [birthCity, birthUf] = sameCityBirth ? [city, uf] : p.city();
    const hasAddress = this.chance(0.92);
    const district =
      city === 'São Paulo' && this.chance(0.8)
        ? this.pick(SAO_PAULO_DISTRICTS)
        : this.pick(COMMON_DISTRICTS);

    // Church life: admission, baptism (never before birth, never in the future), position.
    const baptismFrom = birthDay + Math.round(10 * YEAR_DAYS);
    const canBeBaptized = baptismFrom <= today;
    let admissionDate: string | null = null;
    let admissionType: SeedMember['admission_type'] = null;
    let baptismDay: number | null = null;
    let originChurch: string | null = null;
    const admitted = status === 'pending' ? this.chance(0.4) : this.chance(0.92);
    if (admitted) {
      const earliest = Math.max(birthDay, dayOf('1975-01-01'));
      if (!canBeBaptized) {
        admissionDate = isoOf(this.dayBetween(earliest, today));
      } else {
        admissionType = p.admissionType();
        const from = Math.max(baptismFrom, dayOf('1975-01-01'));
        const admissionDay = this.dayBetween(Math.min(from, today), today, 0.6);
        admissionDate = isoOf(admissionDay);
        if (admissionType === 'baptism') baptismDay = admissionDay;
        else if (this.chance(admissionType === 'transfer_letter' ? 0.95 : 0.6)) {
          baptismDay = this.dayBetween(baptismFrom, admissionDay);
        }
        if (admissionType === 'transfer_letter' && this.chance(0.85)) {
          originChurch = `${this.pick(ORIGIN_CHURCHES)} em ${this.pickers.city()[0]}`;
        }
      }
    } else if (canBeBaptized && age >= 12 && this.chance(0.5)) {
      baptismDay = this.dayBetween(baptismFrom, today);
    }

    let positionId: number | null = null;
    let consecrationDate: string | null = null;
    const canServe = age >= 21 && ['active', 'inactive', 'transferred'].includes(status);
    if (canServe && baptismDay !== null && this.chance(0.08)) {
      const ministry = sex === 'M' ? p.maleMinistry() : p.femaleMinistry();
      positionId = this.context.ministerialPositions.get(ministry) ?? null;
      if (positionId !== null && this.chance(0.9)) {
        const from = Math.max(birthDay + Math.round(18 * YEAR_DAYS), baptismDay + 365);
        consecrationDate = isoOf(this.dayBetween(Math.min(from, today), today));
      }
    }
    if (positionId === null && (age >= 12 ? this.chance(0.97) : this.chance(0.2))) {
      positionId = this.context.memberPositionId;
    }

    const photo = this.chance(0.12) ? this.pick(AVATARS) : null;
    const spouse =
      marital === 'married' && this.chance(0.7)
        ? this.fullName(sex === 'M' ? 'F' : 'M', birthYear + this.int(-6, 6))
        : null;

    const member: SeedMember = {
      name,
      photo,
      photo_thumb: photo,
      sex,
      birth_date: birth,
      marital_status: marital,
      spouse_name: spouse,
      cpf: adult
        ? this.chance(0.97)
          ? this.cpf(birthUf)
          : null
        : this.chance(0.6)
          ? this.cpf(birthUf)
          : null,
      rg:
        age >= 16 && this.chance(0.55)
          ? `${this.digits(2)}.${this.digits(3)}.${this.digits(3)}-${this.chance(0.1) ? 'X' : this.digits(1)}`
          : null,
      email: age >= 14 && this.chance(0.8) ? this.email(name, birthYear) : null,
      phone_mobile:
        age >= 10
          ? this.chance(0.93)
            ? this.phone(uf, true)
            : null
          : this.chance(0.25)
            ? this.phone(uf, true)
            : null,
      phone_home: this.chance(0.12) ? this.phone(uf, false) : null,
      zip_code: hasAddress ? this.cep(uf) : null,
      street: hasAddress ? this.street() : null,
      number: hasAddress ? (this.chance(0.03) ? 'S/N' : String(this.int(1, 3999))) : null,
      complement: hasAddress && this.chance(0.25) ? p.complement() : null,
      district: hasAddress ? district : null,
      city: hasAddress ? city : null,
      state: hasAddress ? (uf as SeedMember['state']) : null,
      birthplace: this.chance(0.85) ? `${birthCity}/${birthUf}` : null,
      father_name: this.chance(0.4) ? this.fullName('M', birthYear - 28, familyName) : null,
      mother_name: this.chance(0.55) ? this.fullName('F', birthYear - 26) : null,
      profession:
        age >= 18 && this.chance(0.75)
          ? age >= 62 && this.chance(0.6)
            ? 'Aposentado(a)'
            : age < 24 && this.chance(0.4)
              ? 'Estudante'
              : p.profession()
          : null,
      status,
      admission_date: admissionDate,
      admission_type: admissionType,
      origin_church: originChurch,
      baptism_date: baptismDay === null ? null : isoOf(baptismDay),
      holy_spirit_baptism: baptismDay !== null && this.chance(0.45),
      position_id: positionId,
      consecration_date: consecrationDate,
      custom_fields: {},
      notes: this.chance(0.03) ? this.pick(NOTES) : null,
    };
    member.custom_fields = this.customValues(age, birthDay, baptismDay);

    const created = this.dayBetween(today - 730, today);
    const createdAt = new Date(created * DAY_MS + this.int(8 * 3600, 20 * 3600) * 1000);
    const updatedAt = new Date(
      Math.min(createdAt.getTime() + this.int(0, 200) * DAY_MS, Date.now()),
    );
    return {
      member,
      departmentIds: this.departments(member, age),
      createdAt: (createdAt.getTime() > Date.now() ? new Date() : createdAt).toISOString(),
      updatedAt: (updatedAt < createdAt ? createdAt : updatedAt).toISOString(),
    };
  }

  private customValues(age: number, birthDay: number, baptismDay: number | null) {
    const { conversion, schooling, tither } = this.context.customKeys;
    const values: Record<string, string | boolean> = {};
    const convertedFrom = birthDay + Math.round(8 * YEAR_DAYS);
    if (conversion && convertedFrom <= this.todayDay && this.chance(0.55)) {
      values[conversion] = isoOf(this.dayBetween(convertedFrom, baptismDay ?? this.todayDay));
    }
    if (schooling && age >= 15 && this.chance(0.7)) {
      values[schooling] = age < 18 ? this.pick(SCHOOLING.slice(0, 2)) : this.pickers.schooling();
    }
    if (tither && age >= 18 && this.chance(0.65)) values[tither] = this.chance(0.7);
    return values;
  }
}

function fits(department: DepartmentSeed, member: SeedMember, age: number): boolean {
  if (department.minAge !== undefined && age < department.minAge) return false;
  if (department.maxAge !== undefined && age > department.maxAge) return false;
  if (department.sex && member.sex !== department.sex) return false;
  if (department.married && member.marital_status !== 'married') return false;
  return true;
}
