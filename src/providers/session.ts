// The browser's side of the session (SPEC §3, §4): localStorage `adamSession` holds the five
// devise_token_auth headers, `adamCurrentUser` the signed-in user.
import { CURRENT_USER_KEY, SESSION_KEY } from '../../domain/constants';
import type { Role } from '../../domain/access';
import { SELECTION_KEY } from './congregationSelection';

export const SESSION_FIELDS = ['access-token', 'client', 'uid', 'expiry', 'token-type'] as const;
export type Session = Record<(typeof SESSION_FIELDS)[number], string>;

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  roles: Role[];
  [key: string]: unknown;
}

function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function readSession(): Session | null {
  return readJson<Session>(SESSION_KEY);
}

export function isSignedIn(): boolean {
  return localStorage.getItem(SESSION_KEY) !== null;
}

/** The headers every request carries (SPEC §7). */
export function sessionHeaders(): Record<string, string> {
  const session = readSession();
  if (!session) return {};
  return { 'access-token': session['access-token'], client: session.client, uid: session.uid };
}

/**
 * Refreshes the stored session from a response's headers. A blank token (batch responses)
 * or one older than the stored session is ignored; without a stored session, headers are
 * kept only when `startSession` (the sign-in), so a late response cannot revive a session.
 */
export function saveSessionFromHeaders(headers: Headers, startSession = false): void {
  const token = headers.get('access-token')?.trim();
  if (!token) return;
  const stored = readSession();
  if (!stored && !startSession) return;
  const expiry = headers.get('expiry')?.trim() ?? '';
  if (stored && !startSession) {
    // An older token, or one of another (ended) session answering late, is not ours.
    if (Number(expiry) < Number(stored.expiry)) return;
    const client = headers.get('client')?.trim();
    if (client && client !== stored.client) return;
  }
  const session = {
    'access-token': token,
    client: headers.get('client')?.trim() || stored?.client || '',
    uid: headers.get('uid')?.trim() || stored?.uid || '',
    expiry,
    'token-type': headers.get('token-type')?.trim() || 'Bearer',
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function readCurrentUser(): CurrentUser | null {
  return readJson<CurrentUser>(CURRENT_USER_KEY);
}

/** The congregations the signed-in user is limited to; [] = the whole church (issue 12). */
export function currentCongregationIds(): number[] {
  const ids = readCurrentUser()?.congregationIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

export function saveCurrentUser(user: CurrentUser): void {
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
}

/** The stored user's second factor after it changed on the account screen (issue 22). */
export function saveTwoFactorEnabled(enabled: boolean): void {
  const user = readCurrentUser();
  if (user) saveCurrentUser({ ...user, twoFactorEnabled: enabled });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(CURRENT_USER_KEY);
  // The app bar's congregation belongs to the user who chose it (congregationSelection.ts).
  localStorage.removeItem(SELECTION_KEY);
}
