import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

export const donors: ScreenSet = {
  icon: VolunteerActivismIcon,
  list: lazy(() => import('./DonorList')),
  create: lazy(() => import('./DonorCreate')),
  edit: lazy(() => import('./DonorEdit')),
  show: lazy(() => import('./DonorShow')),
  recordRepresentation: 'name',
};
