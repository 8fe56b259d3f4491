import ChurchIcon from '@mui/icons-material/Church';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const congregations: ScreenSet = {
  icon: ChurchIcon,
  list: lazyScreen(() => import('./CongregationList')),
  create: lazyScreen(() => import('./CongregationCreate')),
  edit: lazyScreen(() => import('./CongregationEdit')),
  recordRepresentation: 'name',
};
