import InsightsIcon from '@mui/icons-material/Insights';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /financeiro/visao-geral: one screen at its path (a singleton in the registry). */
export const financeOverview: ScreenSet = {
  icon: InsightsIcon,
  list: lazyScreen(() => import('./FinanceDashboard')),
};
