import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** The bank reconciliation (issue 14): one screen, the account chosen in it. */
export const statements: ScreenSet = {
  icon: ReceiptLongIcon,
  list: lazyScreen(() => import('./Reconciliation')),
};
