// Consolidação (issue 26): the steps of each consenting visitor (/igreja/consolidacao, "Minhas
// tarefas" in the menu) and the church's pipeline of stages (/igreja/etapas).
// The offering counts' icon too: already in the first script, and never beside it in a menu.
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyScreen } from '../../../routing/lazyScreen';
import type { ScreenSet } from '../../../routing/types';

export const FOLLOWUP_SCREENS: Record<string, ScreenSet> = {
  'igreja/consolidacao': {
    icon: FactCheckIcon,
    list: lazyScreen(() => import('./FollowupList')),
    recordRepresentation: 'name',
  },
  'igreja/etapas': {
    icon: FactCheckIcon,
    list: lazyScreen(() => import('./StageScreens').then((m) => ({ default: m.StageList }))),
    create: lazyScreen(() => import('./StageScreens').then((m) => ({ default: m.StageCreate }))),
    edit: lazyScreen(() => import('./StageScreens').then((m) => ({ default: m.StageEdit }))),
    recordRepresentation: 'name',
  },
};
