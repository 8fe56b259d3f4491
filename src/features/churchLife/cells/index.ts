// Células (/igreja/celulas, issue 26): the tree of the office and a líder's own cells, a cell's
// page with the weekly report. Keyed by the registry's name (domain/resources.ts).
import Diversity3Icon from '@mui/icons-material/Diversity3';
import { lazyScreen } from '../../../routing/lazyScreen';
import type { ScreenSet } from '../../../routing/types';

export const cells: ScreenSet = {
  icon: Diversity3Icon,
  list: lazyScreen(() => import('./CellList')),
  create: lazyScreen(() => import('./CellCreate')),
  edit: lazyScreen(() => import('./CellEdit')),
  show: lazyScreen(() => import('./CellPage')),
  recordRepresentation: 'name',
};
