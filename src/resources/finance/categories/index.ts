import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

export const categories: ScreenSet = {
  icon: CategoryIcon,
  list: lazy(() => import('./CategoryList')),
  create: lazy(() => import('./CategoryCreate')),
  edit: lazy(() => import('./CategoryEdit')),
  recordRepresentation: 'name',
};
