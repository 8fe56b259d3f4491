// TOTP (RFC 6238) through otpauth, and the one-time recovery codes: no database here.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  normalizeCode,
} from '../../../domain/twoFactor.js';

/** A code of the step before or after the current one is still taken (clocks drift). */
const WINDOW = 1;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret of 160 bits (RFC 4226's recommendation), base32 as apps take it typed. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address a QR code carries, and the QR code as a PNG data URL. */
export async function enrolmentOf(secret: string, issuer: string, account: string) {
  const uri = totpOf(secret, issuer, account).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qr };
}

/** The time step the code belongs to (within the window around `nowMs`), or null. */
export function stepOf(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({
    token: normalizeCode(code),
    timestamp: nowMs,
    window: WINDOW,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs }) + delta;
}

/** Ten new recovery codes, as shown: XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
