import SavingsIcon from '@mui/icons-material/Savings';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const funds: ScreenSet = {
  icon: SavingsIcon,
  list: lazyScreen(() => import('./FundList')),
  create: lazyScreen(() => import('./FundCreate')),
  edit: lazyScreen(() => import('./FundEdit')),
  recordRepresentation: 'name',
};
