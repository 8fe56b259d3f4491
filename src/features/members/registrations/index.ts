import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /membros/pendentes: the review of self-registrations (secretary access). */
export const registrations: ScreenSet = {
  icon: HowToRegIcon,
  list: lazyScreen(() => import('./PendingRegistrationList')),
};
