import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

/** A list only (SPEC §2): transfers and adjustments are made in a dialog. */
export const transactions: ScreenSet = {
  icon: SyncAltIcon,
  list: lazy(() => import('./TransactionList')),
};
