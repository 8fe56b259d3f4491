// The EBD's screens (issue 26): classes and each chamada, keyed by the registry's names.
import MenuBookIcon from '@mui/icons-material/MenuBook';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyScreen } from '../../../routing/lazyScreen';
import type { ScreenSet } from '../../../routing/types';

export const EBD_SCREENS: Record<string, ScreenSet> = {
  'igreja/ebd': {
    icon: MenuBookIcon,
    list: lazyScreen(() => import('./EbdClassList')),
    create: lazyScreen(() => import('./EbdClassCreate')),
    show: lazyScreen(() => import('./EbdClassShow')),
    edit: lazyScreen(() => import('./EbdClassEdit')),
    recordRepresentation: 'name',
  },
  'igreja/ebd/chamadas': {
    icon: FactCheckIcon,
    list: lazyScreen(() => import('./RollCallList')),
    show: lazyScreen(() => import('./RollCallPage')),
    recordRepresentation: 'name',
  },
};
