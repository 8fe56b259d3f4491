import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /membros/atualizacoes: the self-updates waiting for the secretary (issue 28). */
export const selfUpdates: ScreenSet = {
  icon: ManageAccountsIcon,
  list: lazyScreen(() => import('./SelfUpdateList')),
};
