// What a detail or edit screen does when its record cannot be read: the server's own words (a
// member outside the user's congregations is "fora das suas congregações", not "O registro não
// existe"), then back to the list, as react-admin does.
import { HttpError, useNotify, useRedirect, useResourceContext } from 'react-admin';

export function useRecordQueryOptions() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    retry: false,
    onError: (error: unknown) => {
      const body = error instanceof HttpError ? (error.body as { message?: unknown }) : null;
      const message = typeof body?.message === 'string' ? body.message : null;
      notify(message ?? 'ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
}
