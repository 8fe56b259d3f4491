// devise_token_auth session (SPEC §4, §7, §8).
import type { AuthProvider } from 'react-admin';
import { canAccessWith } from './canAccess';
import { camelCaseKeys } from './case';
import { homePath } from '../../domain/access';
import { LOGIN_PATH } from '../routing/paths';
import { API_URL, httpClient } from './httpClient';
import {
  type CurrentUser,
  clearSession,
  currentCongregationIds,
  isSignedIn,
  readCurrentUser,
  saveCurrentUser,
  sessionHeaders,
} from './session';

interface HttpFailure {
  status?: number;
  body?: { errors?: unknown; two_factor_required?: unknown; two_factor_setup_required?: unknown };
}

/**
 * A refused sign-in, with what the server asks for next (issue 22): a code of the second
 * factor, or — past the church's grace period — its setup.
 */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly needs: 'code' | 'setup' | null,
  ) {
    super(message);
  }
}

/** The server's errors when present, else the raw error (SPEC §8). */
function signInFailure(error: unknown): unknown {
  const body = (error as HttpFailure).body;
  const errors = body?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return error;
  const needs =
    body?.two_factor_setup_required === true
      ? 'setup'
      : body?.two_factor_required === true
        ? 'code'
        : null;
  return new SignInError(errors.join(' '), needs);
}

export interface Credentials {
  email: string;
  password: string;
  /** The second factor's code, or a recovery code. */
  otpCode?: string;
}

const credentialsBody = ({ email, password, otpCode }: Credentials) =>
  JSON.stringify({ email, password, ...(otpCode ? { otp_code: otpCode } : {}) });

export interface TwoFactorEnrolment {
  secret: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
  /** The QR code, a PNG data URL. */
  qr: string;
}

/**
 * Past the grace period: the credentials open the second factor's setup, nothing else. Without a
 * code, a new secret; with one, the second factor is on and the session starts — the answer's
 * recovery codes are shown once.
 */
export async function setUpTwoFactor(
  credentials: Credentials & { otpCode: string },
): Promise<string[]>;
export async function setUpTwoFactor(credentials: Credentials): Promise<TwoFactorEnrolment>;
export async function setUpTwoFactor(credentials: Credentials) {
  try {
    const { json } = await httpClient(`${API_URL}/auth/two_factor/setup`, {
      method: 'POST',
      body: credentialsBody(credentials),
      startSession: Boolean(credentials.otpCode),
    });
    if (!credentials.otpCode) return json as TwoFactorEnrolment;
    const answer = camelCaseKeys<{ data: CurrentUser; recoveryCodes: string[] }>(json);
    saveCurrentUser(answer.data);
    return answer.recoveryCodes;
  } catch (error) {
    throw signInFailure(error);
  }
}

export const authProvider: AuthProvider = {
  async login(credentials: Credentials) {
    try {
      const { json } = await httpClient(`${API_URL}/auth/sign_in`, {
        method: 'POST',
        body: credentialsBody(credentials),
        startSession: true,
      });
      saveCurrentUser(camelCaseKeys<{ data: CurrentUser }>(json).data);
    } catch (error) {
      throw signInFailure(error);
    }
  },

  async logout() {
    if (isSignedIn()) {
      const headers = sessionHeaders();
      try {
        await fetch(`${API_URL}/auth/sign_out`, { method: 'DELETE', headers });
      } catch {
        // Offline or server gone: the local session is removed all the same.
      }
    }
    clearSession();
    return LOGIN_PATH;
  },

  async checkAuth() {
    if (!isSignedIn()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: HttpFailure) {
    if (error?.status === 401) {
      // react-admin then calls logout(), which clears both entries and goes to /login.
      throw { redirectTo: LOGIN_PATH, message: 'adam.auth.session_expired' };
    }
    if (error?.status === 403) {
      const redirectTo = homePath(readCurrentUser()?.roles);
      throw { logoutUser: false, redirectTo, message: 'adam.auth.forbidden' };
    }
  },

  async getIdentity() {
    const user = readCurrentUser();
    if (!user) throw new Error('Sem usuário');
    // Until when the church lets the user sign in without a second factor (issue 22).
    const deadline =
      user.twoFactorRequired === true && user.twoFactorEnabled !== true
        ? (user.twoFactorDeadline as string)
        : null;
    return {
      id: user.id,
      fullName: user.name,
      email: user.email,
      ...(deadline ? { twoFactorDeadline: deadline } : {}),
    };
  },

  async getPermissions() {
    return readCurrentUser()?.roles ?? [];
  },

  /** The access table for the signed-in user's roles (see canAccess.ts for the actions). */
  async canAccess(params) {
    return canAccessWith(readCurrentUser()?.roles, params, currentCongregationIds());
  },
};
