// The fetch wrapper of every API call (DESIGN §6): session headers in, rotated headers out
// (also on errors, which fetchUtils.fetchJson would drop), react-admin's HttpError on failure.
import { HttpError } from 'react-admin';
import { saveSessionFromHeaders, sessionHeaders } from './session';

export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface HttpOptions extends RequestInit {
  /** Keep the session headers of this response even without a stored session (sign-in). */
  startSession?: boolean;
}

function errorMessage(json: unknown, fallback: string): string {
  if (json && typeof json === 'object') {
    const { message, errors } = json as { message?: unknown; errors?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join(' ');
  }
  return fallback;
}

export async function httpClient(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const { startSession, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  for (const [name, value] of Object.entries(sessionHeaders())) headers.set(name, value);

  const response = await fetch(url, { ...init, headers });
  saveSessionFromHeaders(response.headers, startSession);
  const body = await response.text();
  let json: unknown = null;
  try {
    json = body ? JSON.parse(body) : null;
  } catch {
    json = null;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError(
      errorMessage(json, response.statusText || `Erro ${response.status}`),
      response.status,
      json,
    );
  }
  return { status: response.status, headers: response.headers, body, json };
}
