import type { RaRecord } from 'react-admin';

export interface EbdClass extends RaRecord {
  name: string;
  congregationId: number;
  congregationName: string;
  year: number;
  quarter: number;
  quarterLabel: string;
  ageGroup: string | null;
  ageMin: number | null;
  ageMax: number | null;
  magazine: string | null;
  teacherIds: number[];
  teacherNames: string[];
  enrolledCount: number;
  active: boolean;
}

export interface EbdFigures {
  enrolled: number;
  present: number;
  absent: number;
  visitors: number;
  bibles: number;
  magazines: number;
  offeringCents: number;
}

export interface RollCall extends RaRecord {
  ebdClassId: number;
  congregationId: number;
  name: string;
  date: string;
  countVisitors: number | null;
  countBibles: number | null;
  countMagazines: number | null;
  offeringCents: number | null;
  notes: string | null;
  figures: EbdFigures;
  className?: string;
  congregationName?: string;
  quarterLabel?: string;
  magazine?: string | null;
  teacherNames?: string[];
  students?: Array<{
    memberId: number | null;
    visitorId: number | null;
    name: string;
    attendanceId: number | null;
    present: boolean;
  }>;
  visitors?: Array<{ attendanceId: number; visitorId: number; name: string }>;
}
