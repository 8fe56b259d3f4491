// PDFs and CSVs come from the API, which needs the session headers: they are fetched (the token
// rotates as on every call) and handed to the browser as a file, never as a plain link.
import { useCallback, useState } from 'react';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { API_URL } from './httpClient';
import { saveSessionFromHeaders, sessionHeaders } from './session';

/** GET `/api/<path>` as a Blob; failures are react-admin HttpErrors with the API's message. */
export async function fetchFile(path: string): Promise<Blob> {
  const response = await fetch(`${API_URL}/${path}`, { headers: sessionHeaders() });
  saveSessionFromHeaders(response.headers);
  if (!response.ok) {
    const body = await response.text();
    let json: { message?: string; errors?: unknown } | null = null;
    try {
      json = JSON.parse(body);
    } catch {
      json = null;
    }
    const message =
      json?.message ?? (Array.isArray(json?.errors) ? json.errors.join(' ') : response.statusText);
    throw new HttpError(message || `Erro ${response.status}`, response.status, json);
  }
  return response.blob();
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `download(path, filename)`: fetches and saves, telling the user what went wrong. */
export function useDownload() {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (path: string, filename: string) => {
      setBusy(true);
      try {
        saveBlob(await fetchFile(path), filename);
        return true;
      } catch (error) {
        // 401 signs out and 403 goes to the dashboard, as for every other call.
        if (!(await logoutIfAccessDenied(error))) {
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
            type: 'error',
          });
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [logoutIfAccessDenied, notify],
  );
  return { download, busy };
}
