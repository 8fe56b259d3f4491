import SyncAltIcon from '@mui/icons-material/SyncAlt';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /membros/transferencias: transfers between churches (issue 28; secretary access). */
export const transfers: ScreenSet = {
  icon: SyncAltIcon,
  list: lazyScreen(() => import('./TransferList')),
};
