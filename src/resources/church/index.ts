import ChurchIcon from '@mui/icons-material/Church';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const church: ScreenSet = {
  icon: ChurchIcon,
  list: lazy(() => import('./ChurchEdit')),
};
