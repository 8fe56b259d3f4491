import type { CongregationKind } from '../../../../domain/congregations';

/** A congregation as the API answers it (camelCased by the data provider). */
export interface Congregation {
  id: number;
  name: string;
  kind: CongregationKind;
  parentId: number | null;
  parentName: string | null;
  slug: string;
  zipCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  leaderName: string | null;
  phone: string | null;
  email: string | null;
  active: boolean;
  /** The repasse to the sede (issue 27): the latest percentage and its first month. */
  transferPercent: number | null;
  transferFrom: string | null;
  /** Its self-registration link (the API's PUBLIC_URL or the address used). */
  registrationUrl?: string;
}
