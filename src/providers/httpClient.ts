// The fetch wrapper of every API call (DESIGN §6): session headers in, rotated headers out
// (also on errors, which fetchUtils.fetchJson would drop), react-admin's HttpError on failure.
import { HttpError } from 'react-admin';
import { CONGREGATION_HEADER } from '../../domain/congregations';
import { saveSelection, selectionHeaders } from './congregationSelection';
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
  /** A call of the public pages: no session headers sent, none kept from the answer. */
  anonymous?: boolean;
}

function parseJson(body: string): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return null;
  }
}

function errorMessage(json: unknown, fallback: string): string {
  if (json && typeof json === 'object') {
    const { message, errors } = json as { message?: unknown; errors?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join(' ');
  }
  return fallback;
}

/** The response of a 2xx answer; otherwise an HttpError carrying the API's message and body. */
async function send(url: string, options: HttpOptions): Promise<Response> {
  const { startSession, anonymous, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (!anonymous) {
    for (const [name, value] of Object.entries(sessionHeaders())) headers.set(name, value);
    // The app bar's congregation, unless the call names one itself.
    for (const [name, value] of Object.entries(selectionHeaders())) {
      if (!headers.has(name)) headers.set(name, value);
    }
  }

  let response = await fetch(url, { ...init, headers });
  if (!anonymous) saveSessionFromHeaders(response.headers, startSession);
  // A read is never forbidden for its record (outside the rights it is a 404): a 403 of a read
  // sent with the stored selection means the user no longer sees that congregation. Back to
  // "Todas", and the read again without it.
  const method = (init.method ?? 'GET').toUpperCase();
  if (response.status === 403 && method === 'GET' && headers.has(CONGREGATION_HEADER)) {
    const selected = headers.get(CONGREGATION_HEADER);
    headers.delete(CONGREGATION_HEADER);
    for (const [name, value] of Object.entries(sessionHeaders())) headers.set(name, value);
    const retry = await fetch(url, { ...init, headers });
    saveSessionFromHeaders(retry.headers);
    if (retry.status !== 403 && selected === selectionHeaders()[CONGREGATION_HEADER]) {
      saveSelection(null, 'lost');
    }
    response = retry;
  }
  if (response.status < 200 || response.status >= 300) {
    const json = parseJson(await response.text());
    throw new HttpError(
      errorMessage(json, response.statusText || `Erro ${response.status}`),
      response.status,
      json,
    );
  }
  return response;
}

export async function httpClient(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const response = await send(url, options);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, json: parseJson(body) };
}

/** The file name of a Content-Disposition header (`filename="..."` or `filename*=UTF-8''...`). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2] ?? null) || null : null;
}

/**
 * A file the API answers (PDF, CSV, receipt), as a Blob of its exact bytes: a File named as the
 * API's Content-Disposition names it, when it does.
 */
export async function fetchFile(url: string, options: HttpOptions = {}): Promise<Blob> {
  const response = await send(url, { ...options, headers: { Accept: '*/*', ...options.headers } });
  const type = response.headers.get('Content-Type') ?? '';
  const bytes = await response.arrayBuffer();
  const name = dispositionFilename(response.headers.get('Content-Disposition'));
  return name ? new File([bytes], name, { type }) : new Blob([bytes], { type });
}
