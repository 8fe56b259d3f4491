import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

/** Bank accounts have no edit route (SPEC §2): list, create and detail. */
export const bankAccounts: ScreenSet = {
  icon: AccountBalanceIcon,
  list: lazy(() => import('./BankAccountList')),
  create: lazy(() => import('./BankAccountCreate')),
  show: lazy(() => import('./BankAccountShow')),
  recordRepresentation: 'name',
};
