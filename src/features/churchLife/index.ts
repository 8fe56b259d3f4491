// Church life (/igreja/..., issue 26): cultos and events with their check-in, the recurring
// cultos, visitors, and the células. Keyed by the registry's names (domain/resources.ts).
import EventIcon from '@mui/icons-material/Event';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyScreen } from '../../routing/lazyScreen';
import type { ScreenSet } from '../../routing/types';
import { cells } from './cells';
import { EBD_SCREENS } from './ebd';

export const CHURCH_LIFE_SCREENS: Record<string, ScreenSet> = {
  'igreja/cultos': {
    icon: EventIcon,
    list: lazyScreen(() => import('./GatheringList')),
    create: lazyScreen(() => import('./EventCreate')),
    show: lazyScreen(() => import('./CheckinPage')),
    recordRepresentation: 'name',
  },
  'igreja/horarios': {
    icon: ScheduleIcon,
    list: lazyScreen(() => import('./ServiceList')),
    create: lazyScreen(() => import('./ServiceCreate')),
    edit: lazyScreen(() => import('./ServiceEdit')),
    recordRepresentation: 'name',
  },
  'igreja/visitantes': {
    icon: PeopleOutlineIcon,
    list: lazyScreen(() => import('./VisitorList')),
    show: lazyScreen(() => import('./VisitorShow')),
    edit: lazyScreen(() => import('./VisitorEdit')),
    recordRepresentation: 'name',
  },
  'igreja/celulas': cells,
  ...EBD_SCREENS,
};
