import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const ministryWorkers: ScreenSet = {
  icon: BadgeIcon,
  list: lazy(() => import('./MinistryWorkerList')),
  recordRepresentation: 'name',
};
