import { useResourceContext } from 'react-admin';
import { hasAccess } from '../../domain/access';
import { resourceByName } from '../../domain/resources';
import { readCurrentUser } from '../providers/session';

/** Whether the signed-in user may write the resource (the registry's `write`, as the server). */
export function canWrite(resource: string | undefined): boolean {
  const entry = resource ? resourceByName(resource) : undefined;
  return Boolean(entry) && hasAccess(readCurrentUser()?.roles, entry!.write);
}

/** canWrite() for the given resource, or the one of the surrounding screen. */
export function useCanWrite(resource?: string): boolean {
  const current = useResourceContext({ resource });
  return canWrite(current);
}
