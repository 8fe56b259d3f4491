import CategoryIcon from '@mui/icons-material/Category';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const categories: ScreenSet = {
  icon: CategoryIcon,
  list: lazyScreen(() => import('./CategoryList')),
  create: lazyScreen(() => import('./CategoryCreate')),
  edit: lazyScreen(() => import('./CategoryEdit')),
  recordRepresentation: 'name',
};
