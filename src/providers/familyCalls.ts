// Famílias (issue 28): the household of a member, created, changed, its people added, changed or
// taken out, and its ficha (PDF).
import type { Identifier } from 'react-admin';
import { getFile, getJson, postJson, putJson } from './calls';

export interface FamilyPerson {
  id: number;
  familyId: number;
  memberId: number | null;
  name: string;
  birthDate: string | null;
  age: number | null;
  sex: string | null;
  phone: string | null;
  relation: string;
  relativeId: number | null;
  relationText: string;
  usesFamilyAddress: boolean;
  status: string | null;
  hidden: boolean;
}

export interface Family {
  id: number;
  name: string;
  congregationId: number;
  congregationName: string;
  zipCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  notes: string | null;
  people: FamilyPerson[];
}

export interface MemberFamily {
  personId: number | null;
  family: Family | null;
}

const id = (value: Identifier) => encodeURIComponent(String(value));

export const familyCalls = {
  memberFamily: (memberId: Identifier) => getJson<MemberFamily>(`members/${id(memberId)}/family`),
  createFamily: (body: { memberId: Identifier; name?: string }) =>
    postJson<Family>('families', body),
  updateFamily: (familyId: number, body: Record<string, unknown>) =>
    putJson<Family>(`families/${familyId}`, body),
  deleteFamily: (familyId: number) => getJson<Family>(`families/${familyId}`, { method: 'DELETE' }),
  addFamilyPerson: (familyId: number, body: Record<string, unknown>) =>
    postJson<Family>(`families/${familyId}/people`, body),
  updateFamilyPerson: (personId: number, body: Record<string, unknown>) =>
    putJson<Family>(`family_people/${personId}`, body),
  removeFamilyPerson: (personId: number) =>
    getJson<{ family: Family | null }>(`family_people/${personId}`, { method: 'DELETE' }),
  familyFicha: (familyId: number) => getFile(`families/${familyId}/ficha.pdf`),
};
