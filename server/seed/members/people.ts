// A person's name and contacts: Brazilian first names by generation, surnames with their
// particles, phones of the state's area codes, a CEP of the state's range, a street, an e-mail.
import {
  CEP_RANGES,
  CITIES,
  HOME_CITIES,
  COMPLEMENTS,
  DDDS,
  EMAIL_DOMAINS,
  FAMOUS_STREETS,
  STREET_PREFIXES,
} from '../lists/contacts.js';
import {
  ALWAYS_WITH_PARTICLE,
  MALE_SECOND,
  MARIA_SECOND,
  MODERN_FEMALE,
  MODERN_MALE,
  PROFESSIONS,
  SURNAMES,
  TRADITIONAL_FEMALE,
  TRADITIONAL_MALE,
  particleOf,
} from '../lists/people.js';
import type { SeedRandom } from './random.js';

const unaccent = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export class PersonGenerator {
  readonly pickers;

  constructor(private readonly r: SeedRandom) {
    const definitions = r.faker.rawDefinitions.person?.first_name;
    const femaleFirst = definitions?.female ?? [];
    const maleFirst = definitions?.male ?? [];
    this.pickers = {
      traditionalMale: r.picker(TRADITIONAL_MALE),
      traditionalFemale: r.picker(TRADITIONAL_FEMALE),
      modernMale: r.picker(MODERN_MALE),
      modernFemale: r.picker(MODERN_FEMALE),
      fakerMale: r.picker(maleFirst.map((name) => [name, 1] as const)),
      fakerFemale: r.picker(femaleFirst.map((name) => [name, 1] as const)),
      mariaSecond: r.picker(MARIA_SECOND),
      maleSecond: r.picker(MALE_SECOND),
      surname: r.picker(SURNAMES),
      city: r.picker(CITIES.map(([city, uf, weight]) => [[city, uf] as const, weight])),
      homeCity: r.picker(HOME_CITIES.map(([city, uf, weight]) => [[city, uf] as const, weight])),
      streetPrefix: r.picker(STREET_PREFIXES),
      complement: r.picker(COMPLEMENTS),
      emailDomain: r.picker(EMAIL_DOMAINS),
      profession: r.picker(PROFESSIONS),
    };
  }

  private firstName(sex: 'M' | 'F', birthYear: number): string {
    const p = this.pickers;
    if (birthYear < 1985 && this.r.chance(0.75)) {
      if (sex === 'F') {
        const name = p.traditionalFemale();
        return name === 'Maria' && this.r.chance(0.6) ? `Maria ${p.mariaSecond()}` : name;
      }
      const name = p.traditionalMale();
      return ['José', 'João', 'Antônio', 'Luiz'].includes(name) && this.r.chance(0.3)
        ? `${name} ${p.maleSecond()}`
        : name;
    }
    if (this.r.chance(0.55)) return sex === 'F' ? p.modernFemale() : p.modernMale();
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
      return always || this.r.chance(0.4) ? `${particle} ${surname}` : surname;
    });
  }

  fullName(sex: 'M' | 'F', birthYear: number, keepSurname?: string): string {
    const count = this.r.pick([1, 2, 2, 2, 3]);
    const parts = [this.firstName(sex, birthYear), ...this.surnames(count, keepSurname)];
    if (sex === 'M' && this.r.chance(0.02)) parts.push(this.r.pick(['Filho', 'Júnior', 'Neto']));
    return parts.join(' ');
  }

  phone(uf: string, mobile: boolean): string {
    const ddd = this.r.chance(0.85)
      ? this.r.pick(DDDS[uf])
      : this.r.pick(DDDS[this.pickers.city()[1]]);
    return mobile
      ? `${ddd}9${this.r.int(6, 9)}${this.r.digits(7)}`
      : `${ddd}${this.r.int(2, 5)}${this.r.digits(7)}`;
  }

  cep(uf: string): string {
    const [from, to] = CEP_RANGES[uf];
    return String(this.r.int(from, to)).padStart(5, '0') + this.r.digits(3);
  }

  street(): string {
    const name = this.r.chance(0.35)
      ? this.r.pick(FAMOUS_STREETS)
      : `${this.r.chance(0.5) ? this.pickers.traditionalMale() : this.pickers.traditionalFemale()} ${this.pickers.surname()}`;
    return `${this.pickers.streetPrefix()} ${name}`;
  }

  email(name: string, birthYear: number): string {
    const words = unaccent(name)
      .replace(/[^a-z ]/g, '')
      .split(' ')
      .filter((word) => word.length > 2);
    const first = words[0] ?? 'membro';
    const last = words[words.length - 1] ?? 'igreja';
    const separator = this.r.pick(['.', '', '_']);
    const suffix = this.r.chance(0.5)
      ? String(this.r.chance(0.5) ? birthYear : this.r.int(1, 999))
      : '';
    return `${first}${separator}${last}${suffix}@${this.pickers.emailDomain()}`;
  }
}
