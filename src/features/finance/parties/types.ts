import type { PersonType } from '../../../../domain/finance/labels';

export interface Party {
  id: number;
  personType: PersonType;
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  zipCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  notes: string | null;
  pixKey?: string | null;
  memberId?: number | null;
  yearlyTotals?: Array<{ year: number; count: number; totalCents: number }>;
}

/** Only the fields a person edits go back to the API. */
export function partyPayload({
  yearlyTotals: _totals,
  id: _id,
  createdAt: _c,
  updatedAt: _u,
  ...party
}: Party & { createdAt?: string; updatedAt?: string }) {
  return party;
}
