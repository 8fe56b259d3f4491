import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const positions: ScreenSet = {
  icon: WorkspacePremiumIcon,
  list: lazyScreen(() => import('./PositionList')),
  create: lazyScreen(() => import('./PositionCreate')),
  edit: lazyScreen(() => import('./PositionEdit')),
  recordRepresentation: 'name',
};
