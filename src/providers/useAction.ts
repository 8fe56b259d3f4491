// One-off API actions outside the data provider's CRUD (revoke, approve, bulk issue): a POST
// through httpClient, keys converted, and errors handled as react-admin handles its own.
import { useCallback, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { camelCaseKeys, snakeCaseKeys } from './case';
import { API_URL, httpClient } from './httpClient';

export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  const { json } = await httpClient(`${API_URL}/${path}`, {
    method: 'POST',
    body: JSON.stringify(snakeCaseKeys(body)),
  });
  return camelCaseKeys<T>(json);
}

/** `run(path, body)`: the answer, or null after telling the user why it failed. */
export function useAction() {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T = unknown>(path: string, body?: unknown): Promise<T | null> => {
      setBusy(true);
      try {
        return await postJson<T>(path, body);
      } catch (error) {
        if (!(await logoutIfAccessDenied(error))) {
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
            type: 'error',
          });
        }
        return null;
      } finally {
        setBusy(false);
      }
    },
    [logoutIfAccessDenied, notify],
  );
  return { run, busy };
}
