// SPEC §4's guard, second step (react-admin's checkAuth does the first: not signed in ->
// /login): signed in without the route's roles -> the dashboard.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canOpen } from '../../domain/access';
import { DASHBOARD_PATH } from './paths';
import { readCurrentUser } from '../providers/session';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!canOpen(pathname, readCurrentUser()?.roles)) {
    return <Navigate to={DASHBOARD_PATH} replace />;
  }
  return <>{children}</>;
}
