import type { DuplicateReason } from '../../../../domain/registration';

/** A self-registration waiting for review (GET /api/registrations, camelCased). */
export interface Registration {
  id: number;
  name: string;
  photoThumb: string | null;
  email: string | null;
  cpf: string | null;
  phoneMobile: string | null;
  birthDate: string | null;
  createdAt: string;
  consentAt: string | null;
  consentVersion: string | null;
  guardianName: string | null;
  duplicateOf: number | null;
  duplicateReason: DuplicateReason | null;
  duplicateName: string | null;
}
