// Consolidação (issue 26): the steps of each consenting visitor (/igreja/consolidacao, "Minhas
// tarefas" in the menu) and the church's pipeline of stages (/igreja/etapas).
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { lazyScreen } from '../../../routing/lazyScreen';
import type { ScreenSet } from '../../../routing/types';

export const FOLLOWUP_SCREENS: Record<string, ScreenSet> = {
  'igreja/consolidacao': {
    icon: AssignmentTurnedInIcon,
    list: lazyScreen(() => import('./FollowupList')),
    recordRepresentation: 'name',
  },
  'igreja/etapas': {
    icon: FormatListNumberedIcon,
    list: lazyScreen(() => import('./StageList')),
    create: lazyScreen(() => import('./StageCreate')),
    edit: lazyScreen(() => import('./StageEdit')),
    recordRepresentation: 'name',
  },
};
