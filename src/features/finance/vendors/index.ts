import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const vendors: ScreenSet = {
  icon: StorefrontIcon,
  list: lazyScreen(() => import('./VendorList')),
  create: lazyScreen(() => import('./VendorCreate')),
  edit: lazyScreen(() => import('./VendorEdit')),
  show: lazyScreen(() => import('./VendorShow')),
  recordRepresentation: 'name',
};
