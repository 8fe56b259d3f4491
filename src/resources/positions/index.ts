import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const positions: ScreenSet = {
  icon: WorkspacePremiumIcon,
  list: lazy(() => import('./PositionList')),
  create: lazy(() => import('./PositionCreate')),
  edit: lazy(() => import('./PositionEdit')),
  recordRepresentation: 'name',
};
