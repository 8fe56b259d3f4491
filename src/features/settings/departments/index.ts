import GroupsIcon from '@mui/icons-material/Groups';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const departments: ScreenSet = {
  icon: GroupsIcon,
  list: lazyScreen(() => import('./DepartmentList')),
  create: lazyScreen(() => import('./DepartmentCreate')),
  edit: lazyScreen(() => import('./DepartmentEdit')),
  recordRepresentation: 'name',
};
