import ChurchIcon from '@mui/icons-material/Church';
import type { ScreenSet } from '../types';
import { lazyScreen } from '../../routing/lazyScreen';

export const church: ScreenSet = {
  icon: ChurchIcon,
  list: lazyScreen(() => import('./ChurchEdit')),
};
