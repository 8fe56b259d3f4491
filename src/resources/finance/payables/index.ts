import EventNoteIcon from '@mui/icons-material/EventNote';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

/** A list only (SPEC §2): paying happens in a dialog. */
export const payables: ScreenSet = {
  icon: EventNoteIcon,
  list: lazy(() => import('./PayableList')),
};
