import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const users: ScreenSet = {
  icon: ManageAccountsIcon,
  list: lazyScreen(() => import('./UserList')),
  create: lazyScreen(() => import('./UserCreate')),
  edit: lazyScreen(() => import('./UserEdit')),
  recordRepresentation: 'name',
};
