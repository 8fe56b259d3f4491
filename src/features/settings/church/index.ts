import ChurchIcon from '@mui/icons-material/Church';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const church: ScreenSet = {
  icon: ChurchIcon,
  list: lazyScreen(() => import('./ChurchEdit')),
};
