// One-off calls outside CRUD (revoke, approve, pay, files), made through the provider of
// react-admin's useDataProvider(): busy state, and the user told when a call fails.
import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { camelCaseKeys } from './case';

/**
 * What react-admin's provider answers instead of rejecting once a call ended the session or was
 * refused (401: signed out; 403: sent to the dashboard): `{data: {}}` or `{data: []}`. None of
 * the API's own answers has that shape.
 */
export function isSessionEndAnswer(answer: unknown): boolean {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return false;
  const { data, ...rest } = answer as { data?: unknown };
  if (Object.keys(rest).length > 0 || !data || typeof data !== 'object') return false;
  return Object.keys(data).length === 0;
}

/** The message a failed call shows. */
export const failureMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'ra.notification.http_error';

/** `run(() => dataProvider.x(...))`: the answer, or null after telling the user why it failed. */
export function useAction() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      try {
        const answer = await call();
        return isSessionEndAnswer(answer) ? null : answer;
      } catch (error) {
        // Session errors were handled (and announced) by react-admin before this rejection.
        notify(failureMessage(error), { type: 'error' });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { run, busy };
}

/** `select` of a useQuery over a typed method: no data (rather than `{data: {}}`) once the session ended. */
export const withoutSessionEnd = <T>(answer: T): T | undefined =>
  isSessionEndAnswer(answer) ? undefined : answer;

/**
 * A dialog form's submit: `submit(() => dataProvider.x(values), done)` hands the answer to `done`
 * and resolves to nothing, or to the server's field errors (422) in the form's camelCase names,
 * which react-admin's Form shows under each field; any other failure is told.
 */
export function useFormSubmit() {
  const notify = useNotify();
  return useCallback(
    async <T>(call: () => Promise<T>, done: (answer: T) => void) => {
      try {
        const answer = await call();
        if (!isSessionEndAnswer(answer)) done(answer);
        return undefined;
      } catch (error) {
        const body = (error as { body?: { errors?: Record<string, string> } }).body;
        if (body?.errors) return camelCaseKeys<Record<string, string>>(body.errors);
        notify(failureMessage(error), { type: 'error' });
        return undefined;
      }
    },
    [notify],
  );
}
