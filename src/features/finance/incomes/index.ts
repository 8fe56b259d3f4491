import SavingsIcon from '@mui/icons-material/Savings';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const incomes: ScreenSet = {
  icon: SavingsIcon,
  list: lazyScreen(() => import('./IncomeList')),
  create: lazyScreen(() => import('./IncomeCreate')),
  edit: lazyScreen(() => import('./IncomeEdit')),
  show: lazyScreen(() => import('./IncomeShow')),
};
