import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const donors: ScreenSet = {
  icon: VolunteerActivismIcon,
  list: lazyScreen(() => import('./DonorList')),
  create: lazyScreen(() => import('./DonorCreate')),
  edit: lazyScreen(() => import('./DonorEdit')),
  show: lazyScreen(() => import('./DonorShow')),
  recordRepresentation: 'name',
};
