import type { CredentialState } from '../../../../domain/credentials';

/** A member card as the app sees it (GET /api/credentials, camelCased). */
export interface Credential {
  id: number;
  memberId: number;
  memberName: string;
  number: number;
  issuedOn: string;
  expiresOn: string;
  status: 'active' | 'revoked';
  state: CredentialState;
  code: string;
  revokedAt: string | null;
  /** Issued on paper before Adam: recorded with its own number and dates, not printable. */
  issuedOnPaper: boolean;
  createdAt: string;
}
