import { useCanAccess } from 'react-admin';

/**
 * Whether the signed-in user may write the resource (the registry's `write`, as the server),
 * asked of authProvider.canAccess; false until it answers, so nothing writable flashes.
 */
export function useCanWrite(resource?: string): boolean {
  const { canAccess } = useCanAccess({ action: 'write', resource });
  return canAccess === true;
}
