import type { MemberStatus } from '../../../domain/members';

/** A member as the app sees it (camelCase keys, DESIGN §5). */
export interface Member {
  id: number;
  name: string;
  /** The congregation the member belongs to (issue 12). */
  congregationId?: number;
  congregationName?: string;
  photo?: string | null;
  photoThumb: string | null;
  sex: 'M' | 'F' | null;
  birthDate: string | null;
  maritalStatus: 'single' | 'married' | 'divorced' | 'widowed' | null;
  spouseName?: string | null;
  cpf: string | null;
  rg?: string | null;
  email: string | null;
  phoneMobile: string | null;
  phoneHome: string | null;
  zipCode?: string | null;
  street?: string | null;
  number?: string | null;
  complement?: string | null;
  district?: string | null;
  city?: string | null;
  state?: string | null;
  birthplace?: string | null;
  fatherName?: string | null;
  motherName?: string | null;
  profession?: string | null;
  status: MemberStatus;
  admissionDate: string | null;
  admissionType?: 'baptism' | 'transfer_letter' | 'acclamation' | null;
  originChurch?: string | null;
  baptismDate?: string | null;
  holySpiritBaptism?: boolean | null;
  positionId: number | null;
  consecrationDate?: string | null;
  departmentIds: number[];
  customFields?: Record<string, string | number | boolean | null>;
  notes?: string | null;
  /** When the member was anonymized at their request (issue 13); null otherwise. */
  anonymizedAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export type { MemberMoveRow as MemberMove } from '../../providers/memberCalls';
