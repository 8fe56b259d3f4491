import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const users: ScreenSet = {
  icon: ManageAccountsIcon,
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  recordRepresentation: 'name',
};
