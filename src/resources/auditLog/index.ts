import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const auditLog: ScreenSet = {
  icon: HistoryIcon,
  list: lazy(() => import('./AuditLogList')),
};
