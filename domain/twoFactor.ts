// Two-factor sign-in for staff (issue 22): TOTP codes (RFC 6238: 6 digits, 30 s, SHA-1, what
// every authenticator app reads) and one-time recovery codes. The church may require it of the
// roles that hold the keys — admins and treasurers — with a grace period to enrol.
import { z } from 'zod';
import type { Role } from './roles';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 10 characters without look-alikes (0/O, 1/I), shown as XXXXX-XXXXX. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** The roles the church's requirement applies to. */
export const TWO_FACTOR_ROLES: readonly Role[] = ['admin', 'financial'];

export const requiresTwoFactor = (roles: readonly string[]) =>
  roles.some((role) => (TWO_FACTOR_ROLES as readonly string[]).includes(role));

export const GRACE_DAYS = { default: 7, min: 0, max: 90 } as const;

/** What a person types, without spaces and hyphens, upper case. */
export const normalizeCode = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

export type CodeKind = 'totp' | 'recovery_code';

/** Which kind of code the text is, or null when it is neither. */
export function codeKind(text: string): CodeKind | null {
  const code = normalizeCode(text);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return 'totp';
  const recovery = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
  return recovery.test(code) ? 'recovery_code' : null;
}

const GRACE_RANGE = `O prazo deve ser de ${GRACE_DAYS.min} a ${GRACE_DAYS.max} dias.`;

/** The church's requirement (admin only): PUT /api/church/two_factor. */
export const twoFactorPolicySchema = z.object({
  two_factor_required: z.boolean({ error: 'Informe se a verificação é exigida.' }),
  two_factor_grace_days: z
    .number({ error: 'Informe o prazo em dias.' })
    .int({ error: 'Informe um número inteiro de dias.' })
    .min(GRACE_DAYS.min, { error: GRACE_RANGE })
    .max(GRACE_DAYS.max, { error: GRACE_RANGE }),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

const codeField = z
  .string({ error: 'Informe o código de verificação.' })
  .trim()
  .min(1, { error: 'Informe o código de verificação.' })
  .max(32, { error: 'Código de verificação inválido.' });

/** Confirming an enrolment: a current code of the new secret. */
export const twoFactorConfirmSchema = z.object({ otp_code: codeField });

/**
 * Turning one's own second factor off, or asking for new recovery codes: the password and a code
 * (or a recovery code).
 */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Informe a sua senha.' }).min(1, { error: 'Informe a sua senha.' }),
  otp_code: codeField,
});
export type TwoFactorDisable = z.infer<typeof twoFactorDisableSchema>;

/** A user's second factor as the account screen and the users list read it. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  /** The church requires it of this user's roles. */
  required: boolean;
  /** Until when the user may sign in without it (required and not enabled), ISO. */
  deadline: string | null;
  recovery_codes_left: number;
}
