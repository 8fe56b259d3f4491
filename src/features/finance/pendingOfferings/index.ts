import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** A list only: receiving happens in a dialog (issues 26 and 25). */
export const pendingOfferings: ScreenSet = {
  icon: VolunteerActivismIcon,
  list: lazyScreen(() => import('./PendingOfferingList')),
};
