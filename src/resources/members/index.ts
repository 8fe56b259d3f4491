import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const members: ScreenSet = {
  icon: PeopleIcon,
  list: lazy(() => import('./MemberList')),
  create: lazy(() => import('./MemberCreate')),
  edit: lazy(() => import('./MemberEdit')),
  show: lazy(() => import('./MemberShow')),
  recordRepresentation: 'name',
};
