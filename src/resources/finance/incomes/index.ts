import SavingsIcon from '@mui/icons-material/Savings';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

export const incomes: ScreenSet = {
  icon: SavingsIcon,
  list: lazy(() => import('./IncomeList')),
  create: lazy(() => import('./IncomeCreate')),
  edit: lazy(() => import('./IncomeEdit')),
  show: lazy(() => import('./IncomeShow')),
};
