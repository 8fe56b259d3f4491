import PeopleIcon from '@mui/icons-material/People';
import type { ScreenSet } from '../types';
import { lazyScreen } from '../../routing/lazyScreen';

export const members: ScreenSet = {
  icon: PeopleIcon,
  list: lazyScreen(() => import('./MemberList')),
  create: lazyScreen(() => import('./MemberCreate')),
  edit: lazyScreen(() => import('./MemberEdit')),
  show: lazyScreen(() => import('./MemberShow')),
  recordRepresentation: 'name',
};
