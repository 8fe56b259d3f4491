// devise_token_auth session (SPEC §4, §7, §8).
import type { AuthProvider } from 'react-admin';
import { canAccessWith } from './canAccess';
import { camelCaseKeys } from './case';
import { DASHBOARD_PATH, LOGIN_PATH } from '../routing/paths';
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
  body?: { errors?: unknown };
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    try {
      const { json } = await httpClient(`${API_URL}/auth/sign_in`, {
        method: 'POST',
        body: JSON.stringify({ email, password }),
        startSession: true,
      });
      saveCurrentUser(camelCaseKeys<{ data: CurrentUser }>(json).data);
    } catch (error) {
      const errors = (error as HttpFailure).body?.errors;
      // The server's errors are passed on when present, else the raw error (SPEC §8).
      if (Array.isArray(errors) && errors.length > 0) throw new Error(errors.join(' '));
      throw error;
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
      throw { logoutUser: false, redirectTo: DASHBOARD_PATH, message: 'adam.auth.forbidden' };
    }
  },

  async getIdentity() {
    const user = readCurrentUser();
    if (!user) throw new Error('Sem usuário');
    return { id: user.id, fullName: user.name, email: user.email };
  },

  async getPermissions() {
    return readCurrentUser()?.roles ?? [];
  },

  /** The access table for the signed-in user's roles (see canAccess.ts for the actions). */
  async canAccess(params) {
    return canAccessWith(readCurrentUser()?.roles, params, currentCongregationIds());
  },
};
