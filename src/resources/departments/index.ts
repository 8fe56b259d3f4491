import GroupsIcon from '@mui/icons-material/Groups';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const departments: ScreenSet = {
  icon: GroupsIcon,
  list: lazy(() => import('./DepartmentList')),
  create: lazy(() => import('./DepartmentCreate')),
  edit: lazy(() => import('./DepartmentEdit')),
  recordRepresentation: 'name',
};
