// SPEC §4's guard, second step (react-admin's checkAuth does the first: not signed in ->
// /login): signed in without the route's roles -> the user's home (the dashboard, or a líder's
// cells: domain/access.ts homePath). authProvider.canAccess answers
// `open` for the path from the access table; nothing renders until it has, so a screen the user
// may not open never mounts (nor calls the API).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCanAccess } from 'react-admin';
import { homePath } from '../../domain/access';
import { readCurrentUser } from '../providers/session';

/** Where the signed-in user lands. */
const home = () => homePath(readCurrentUser()?.roles);

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { canAccess, isPending } = useCanAccess({ action: 'open', resource: pathname });
  if (isPending) return null;
  if (!canAccess) return <Navigate to={home()} replace />;
  return <>{children}</>;
}

/** `accessDenied` of <Admin>: where react-admin's own checks send a refusal, as the guard does. */
export const AccessDenied = () => <Navigate to={home()} replace />;

/** "/": the user's home. */
export const HomeRedirect = AccessDenied;
