import InsightsIcon from '@mui/icons-material/Insights';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

/** /financeiro/visao-geral: one screen at its path (a singleton in the registry). */
export const financeOverview: ScreenSet = {
  icon: InsightsIcon,
  list: lazy(() => import('../../../finance/FinanceDashboard')),
};
