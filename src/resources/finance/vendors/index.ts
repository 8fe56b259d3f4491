import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

export const vendors: ScreenSet = {
  icon: StorefrontIcon,
  list: lazy(() => import('./VendorList')),
  create: lazy(() => import('./VendorCreate')),
  edit: lazy(() => import('./VendorEdit')),
  show: lazy(() => import('./VendorShow')),
  recordRepresentation: 'name',
};
