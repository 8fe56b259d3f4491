import SyncAltIcon from '@mui/icons-material/SyncAlt';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** A list only (SPEC §2): transfers and adjustments are made in a dialog. */
export const transactions: ScreenSet = {
  icon: SyncAltIcon,
  list: lazyScreen(() => import('./TransactionList')),
};
