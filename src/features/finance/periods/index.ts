import LockClockIcon from '@mui/icons-material/LockClock';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /financeiro/prestacao-de-contas: the months and their closing (issue 27), one screen. */
export const financePeriods: ScreenSet = {
  icon: LockClockIcon,
  list: lazyScreen(() => import('./PeriodsScreen')),
};
