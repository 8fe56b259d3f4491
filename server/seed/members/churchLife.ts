// A member's church life, respecting the API's rules (nothing in the future, baptism and
// admission never before birth): admission, baptism, position and consecration, and the
// values of the church's custom fields.
import { ORIGIN_CHURCHES, SCHOOLING } from '../lists/church.js';
import type { SeedContext, SeedMember } from './context.js';
import { YEAR_DAYS, dayOf, isoOf } from './days.js';
import type { PersonGenerator } from './people.js';
import type { SeedRandom } from './random.js';

export interface Admission {
  admissionDate: string | null;
  admissionType: SeedMember['admission_type'];
  /** Epoch day, or null when not baptized. */
  baptismDay: number | null;
  originChurch: string | null;
}

export class ChurchLifeGenerator {
  private readonly pickers;
  private readonly todayDay: number;

  constructor(
    private readonly r: SeedRandom,
    private readonly people: PersonGenerator,
    private readonly context: SeedContext,
  ) {
    this.todayDay = dayOf(context.today);
    this.pickers = {
      admissionType: r.picker([
        ['baptism', 55],
        ['transfer_letter', 35],
        ['acclamation', 10],
      ] as const),
      maleMinistry: r.picker([
        ['Cooperador', 35],
        ['Diácono', 30],
        ['Presbítero', 15],
        ['Evangelista', 7],
        ['Pastor', 5],
        ['Missionário(a)', 8],
      ] as const),
      femaleMinistry: r.picker([
        ['Cooperador', 45],
        ['Missionário(a)', 35],
        ['Diácono', 20],
      ] as const),
      schooling: r.picker(SCHOOLING.map((level, i) => [level, [30, 45, 20, 5][i]] as const)),
    };
  }

  admission(birthDay: number, age: number, status: SeedMember['status']): Admission {
    const today = this.todayDay;
    const baptismFrom = birthDay + Math.round(10 * YEAR_DAYS);
    const canBeBaptized = baptismFrom <= today;
    let admissionDate: string | null = null;
    let admissionType: SeedMember['admission_type'] = null;
    let baptismDay: number | null = null;
    let originChurch: string | null = null;
    const admitted = status === 'pending' ? this.r.chance(0.4) : this.r.chance(0.92);
    if (admitted) {
      const earliest = Math.max(birthDay, dayOf('1975-01-01'));
      if (!canBeBaptized) {
        admissionDate = isoOf(this.r.dayBetween(earliest, today));
      } else {
        admissionType = this.pickers.admissionType();
        const from = Math.max(baptismFrom, dayOf('1975-01-01'));
        const admissionDay = this.r.dayBetween(Math.min(from, today), today, 0.6);
        admissionDate = isoOf(admissionDay);
        if (admissionType === 'baptism') baptismDay = admissionDay;
        else if (this.r.chance(admissionType === 'transfer_letter' ? 0.95 : 0.6)) {
          baptismDay = this.r.dayBetween(baptismFrom, admissionDay);
        }
        if (admissionType === 'transfer_letter' && this.r.chance(0.85)) {
          originChurch = `${this.r.pick(ORIGIN_CHURCHES)} em ${this.people.pickers.city()[0]}`;
        }
      }
    } else if (canBeBaptized && age >= 12 && this.r.chance(0.5)) {
      baptismDay = this.r.dayBetween(baptismFrom, today);
    }
    return { admissionDate, admissionType, baptismDay, originChurch };
  }

  /** A ministerial position for a few baptized adults, the members' position for most others. */
  position(
    sex: 'M' | 'F',
    age: number,
    status: SeedMember['status'],
    birthDay: number,
    baptismDay: number | null,
  ): { positionId: number | null; consecrationDate: string | null } {
    const today = this.todayDay;
    let positionId: number | null = null;
    let consecrationDate: string | null = null;
    const canServe = age >= 21 && ['active', 'inactive', 'transferred'].includes(status);
    if (canServe && baptismDay !== null && this.r.chance(0.08)) {
      const ministry = sex === 'M' ? this.pickers.maleMinistry() : this.pickers.femaleMinistry();
      positionId = this.context.ministerialPositions.get(ministry) ?? null;
      if (positionId !== null && this.r.chance(0.9)) {
        const from = Math.max(birthDay + Math.round(18 * YEAR_DAYS), baptismDay + 365);
        consecrationDate = isoOf(this.r.dayBetween(Math.min(from, today), today));
      }
    }
    if (positionId === null && (age >= 12 ? this.r.chance(0.97) : this.r.chance(0.2))) {
      positionId = this.context.memberPositionId;
    }
    return { positionId, consecrationDate };
  }

  customValues(age: number, birthDay: number, baptismDay: number | null) {
    const { conversion, schooling, tither } = this.context.customKeys;
    const values: Record<string, string | boolean> = {};
    const convertedFrom = birthDay + Math.round(8 * YEAR_DAYS);
    if (conversion && convertedFrom <= this.todayDay && this.r.chance(0.55)) {
      values[conversion] = isoOf(this.r.dayBetween(convertedFrom, baptismDay ?? this.todayDay));
    }
    if (schooling && age >= 15 && this.r.chance(0.7)) {
      values[schooling] = age < 18 ? this.r.pick(SCHOOLING.slice(0, 2)) : this.pickers.schooling();
    }
    if (tither && age >= 18 && this.r.chance(0.65)) values[tither] = this.r.chance(0.7);
    return values;
  }
}
