import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** Bank accounts have no edit route (SPEC §2): list, create and detail. */
export const bankAccounts: ScreenSet = {
  icon: AccountBalanceIcon,
  list: lazyScreen(() => import('./BankAccountList')),
  create: lazyScreen(() => import('./BankAccountCreate')),
  show: lazyScreen(() => import('./BankAccountShow')),
  recordRepresentation: 'name',
};
