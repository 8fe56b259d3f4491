import { useCanAccess } from 'react-admin';

/**
 * Whether the signed-in user may change the resource's church-wide settings (issue 22: an admin
 * of the whole church, as the server decides); false until canAccess answers.
 */
export function useChangesChurchWide(resource?: string): boolean {
  const { canAccess } = useCanAccess({ action: 'church_wide', resource });
  return canAccess === true;
}
