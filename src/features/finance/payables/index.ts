import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** A list only (SPEC §2): paying happens in a dialog. */
export const payables: ScreenSet = {
  icon: EventNoteIcon,
  list: lazyScreen(() => import('./PayableList')),
};
