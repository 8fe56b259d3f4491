import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const offeringCounts: ScreenSet = {
  icon: FactCheckIcon,
  list: lazyScreen(() => import('./CountList')),
  create: lazyScreen(() => import('./CountCreate')),
  edit: lazyScreen(() => import('./CountEdit')),
  show: lazyScreen(() => import('./CountShow')),
};
