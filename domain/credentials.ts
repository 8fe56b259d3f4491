// Credentials (member cards, DESIGN §5): validity, the state a card is in on a given day, and
// the words for it. Pure module, shared by the browser and the server.
import { addMonths } from './dates';

export const CREDENTIAL_STATUSES = ['active', 'revoked'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** What a card is worth on a given day: the public check page and the history show this. */
export const CREDENTIAL_STATES = ['valid', 'expired', 'revoked'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
export const CREDENTIAL_STATE_LABELS: Record<CredentialState, string> = {
  valid: 'Válida',
  expired: 'Vencida',
  revoked: 'Revogada',
};

/** Issued on `issuedOn`, a card is valid up to and including this day. */
export function credentialExpiry(issuedOn: string, validityMonths: number): string {
  return addMonths(issuedOn, validityMonths);
}

/**
 * The member statuses a card vouches for: an active member, and one in transfer (still on the
 * roll until the receiving church confirms; the confirmation revokes the card).
 */
const CARD_HOLDING_STATUSES: readonly string[] = ['active', 'transferring'];

/**
 * The state of a card on `today`: revoked when revoked, or when its holder is no longer an active
 * member (transferred, disciplined, deceased…: the printed card must not vouch for them);
 * expired after its last valid day; valid otherwise.
 */
export function credentialState(
  credential: { status: string; expires_on: string },
  memberStatus: string,
  today: string,
): CredentialState {
  if (credential.status !== 'active' || !CARD_HOLDING_STATUSES.includes(memberStatus)) {
    return 'revoked';
  }
  return credential.expires_on < today ? 'expired' : 'valid';
}

/** The printed number: at least six digits ("000123"). */
export function formatCredentialNumber(number: number): string {
  return String(number).padStart(6, '0');
}

/** The public check page of a card, which its QR code opens. */
export const credentialCheckPath = (code: string) => `/credencial/${encodeURIComponent(code)}`;

/** Codes are 32 URL-safe characters (192 random bits); anything else is not a code. */
export const CREDENTIAL_CODE = /^[A-Za-z0-9_-]{32}$/;
