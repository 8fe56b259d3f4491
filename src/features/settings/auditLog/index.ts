import HistoryIcon from '@mui/icons-material/History';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const auditLog: ScreenSet = {
  icon: HistoryIcon,
  list: lazyScreen(() => import('./AuditLogList')),
};
