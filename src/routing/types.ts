import type { SvgIconComponent } from '@mui/icons-material';
import type { ResourceScreens } from './AppResource';

/** A resource's screens (lazily loaded, so each is its own chunk) and its menu icon. */
export interface ScreenSet extends ResourceScreens {
  icon: SvgIconComponent;
}
