import BadgeIcon from '@mui/icons-material/Badge';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const ministryWorkers: ScreenSet = {
  icon: BadgeIcon,
  list: lazyScreen(() => import('./MinistryWorkerList')),
  recordRepresentation: 'name',
};
