import { useCanAccess } from 'react-admin';

/**
 * Whether the signed-in user reads the resource's records whole (the registry's `detail`, as the
 * server decides): false for the reduced member record (issue 13), and until canAccess answers,
 * so no section the server would leave empty flashes.
 */
export function useReadsWhole(resource?: string): boolean {
  const { canAccess } = useCanAccess({ action: 'detail', resource });
  return canAccess === true;
}
