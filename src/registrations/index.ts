import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazy } from 'react';
import type { ScreenSet } from '../resources/types';

/** /membros/pendentes: the review of self-registrations (secretary access). */
export const registrations: ScreenSet = {
  icon: HowToRegIcon,
  list: lazy(() => import('./PendingRegistrationList')),
};
