// One realistic member at a time: age, sex and status of a congregation, a Brazilian name and
// contacts (people.ts), a valid CPF (cpf.ts), church life (churchLife.ts) and departments.
// Deterministic for a given faker seed: the draws happen in a fixed order.
import type { Faker } from '@faker-js/faker';
import { COMMON_DISTRICTS, SAO_PAULO_DISTRICTS } from '../lists/contacts.js';
import { NOTES } from '../lists/church.js';
import { AVATARS } from '../photos.js';
import { ChurchLifeGenerator } from './churchLife.js';
import type { SeedContext, SeedMember } from './context.js';
import { CpfIssuer } from './cpf.js';
import { DAY_MS, YEAR_DAYS, dayOf, isoOf } from './days.js';
import { Demographics } from './demographics.js';
import { DepartmentChooser } from './departments.js';
import { PersonGenerator } from './people.js';
import { SeedRandom } from './random.js';

export interface GeneratedMember {
  member: SeedMember;
  departmentIds: number[];
  createdAt: string;
  updatedAt: string;
}

/** Builds members one by one; keeps the CPFs it issued so each is unique. */
export class MemberGenerator {
  private readonly r: SeedRandom;
  private readonly todayDay: number;
  private readonly cpfs: CpfIssuer;
  private readonly people: PersonGenerator;
  private readonly life: ChurchLifeGenerator;
  private readonly departments: DepartmentChooser;
  private readonly demographics: Demographics;

  constructor(faker: Faker, context: SeedContext, existingCpfs: Iterable<string> = []) {
    const r = (this.r = new SeedRandom(faker));
    this.todayDay = dayOf(context.today);
    this.cpfs = new CpfIssuer(r, existingCpfs);
    this.people = new PersonGenerator(r);
    this.life = new ChurchLifeGenerator(r, this.people, context);
    this.departments = new DepartmentChooser(r, context);
    this.demographics = new Demographics(r);
  }

  next(): GeneratedMember {
    const { r, people } = this;
    const today = this.todayDay;
    const [ageFrom, ageTo] = this.demographics.ageBand();
    // Born between (ageTo + 1) years ago (exclusive) and ageFrom years ago.
    const birthDay = r.dayBetween(
      Math.ceil(today - (ageTo + 1) * YEAR_DAYS) + 1,
      Math.floor(today - ageFrom * YEAR_DAYS),
    );
    const birth = isoOf(birthDay);
    const birthYear = Number(birth.slice(0, 4));
    const age = Math.floor((today - birthDay) / YEAR_DAYS);
    const adult = age >= 18;
    const sex: 'M' | 'F' = r.chance(0.56) ? 'F' : 'M';

    const deceased = age > 60 ? r.chance(0.1) : age > 40 && r.chance(0.015);
    const status = deceased ? 'deceased' : this.demographics.status();
    const marital = this.demographics.maritalStatus(age);
    const name = people.fullName(sex, birthYear);
    const surnames = name.split(' ');
    const familyName = surnames[surnames.length - 1];

    // They live where the church is; many were born elsewhere.
    const [city, uf] = people.pickers.homeCity();
    const sameCityBirth = r.chance(0.6);
    const [birthCity, birthUf] = sameCityBirth ? [city, uf] : people.pickers.city();
    const hasAddress = r.chance(0.92);
    const district =
      city === 'São Paulo' && r.chance(0.8)
        ? r.pick(SAO_PAULO_DISTRICTS)
        : r.pick(COMMON_DISTRICTS);

    const admission = this.life.admission(birthDay, age, status);
    const { baptismDay } = admission;
    const { positionId, consecrationDate } = this.life.position(
      sex,
      age,
      status,
      birthDay,
      baptismDay,
    );

    const photo = r.chance(0.12) ? r.pick(AVATARS) : null;
    const spouse =
      marital === 'married' && r.chance(0.7)
        ? people.fullName(sex === 'M' ? 'F' : 'M', birthYear + r.int(-6, 6))
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
        ? r.chance(0.97)
          ? this.cpfs.issue(birthUf)
          : null
        : r.chance(0.6)
          ? this.cpfs.issue(birthUf)
          : null,
      rg:
        age >= 16 && r.chance(0.55)
          ? `${r.digits(2)}.${r.digits(3)}.${r.digits(3)}-${r.chance(0.1) ? 'X' : r.digits(1)}`
          : null,
      email: age >= 14 && r.chance(0.8) ? people.email(name, birthYear) : null,
      phone_mobile:
        age >= 10
          ? r.chance(0.93)
            ? people.phone(uf, true)
            : null
          : r.chance(0.25)
            ? people.phone(uf, true)
            : null,
      phone_home: r.chance(0.12) ? people.phone(uf, false) : null,
      zip_code: hasAddress ? people.cep(uf) : null,
      street: hasAddress ? people.street() : null,
      number: hasAddress ? (r.chance(0.03) ? 'S/N' : String(r.int(1, 3999))) : null,
      complement: hasAddress && r.chance(0.25) ? people.pickers.complement() : null,
      district: hasAddress ? district : null,
      city: hasAddress ? city : null,
      state: hasAddress ? (uf as SeedMember['state']) : null,
      birthplace: r.chance(0.85) ? `${birthCity}/${birthUf}` : null,
      father_name: r.chance(0.4) ? people.fullName('M', birthYear - 28, familyName) : null,
      mother_name: r.chance(0.55) ? people.fullName('F', birthYear - 26) : null,
      profession:
        age >= 18 && r.chance(0.75)
          ? age >= 62 && r.chance(0.6)
            ? 'Aposentado(a)'
            : age < 24 && r.chance(0.4)
              ? 'Estudante'
              : people.pickers.profession()
          : null,
      status,
      admission_date: admission.admissionDate,
      admission_type: admission.admissionType,
      origin_church: admission.originChurch,
      baptism_date: baptismDay === null ? null : isoOf(baptismDay),
      holy_spirit_baptism: baptismDay !== null && r.chance(0.45),
      position_id: positionId,
      consecration_date: consecrationDate,
      custom_fields: {},
      notes: r.chance(0.03) ? r.pick(NOTES) : null,
    };
    member.custom_fields = this.life.customValues(age, birthDay, baptismDay);

    const created = r.dayBetween(today - 730, today);
    const createdAt = new Date(created * DAY_MS + r.int(8 * 3600, 20 * 3600) * 1000);
    const updatedAt = new Date(Math.min(createdAt.getTime() + r.int(0, 200) * DAY_MS, Date.now()));
    return {
      member,
      departmentIds: this.departments.choose(member, age),
      createdAt: (createdAt.getTime() > Date.now() ? new Date() : createdAt).toISOString(),
      updatedAt: (updatedAt < createdAt ? createdAt : updatedAt).toISOString(),
    };
  }
}
