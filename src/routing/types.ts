import type { SvgIconComponent } from '@mui/icons-material';
import type { StringMap } from 'ra-core';
import type { ResourceScreens } from './AppResource';

/**
 * A resource's texts, `resources.<name>.*` of the catalogue: its name ("Sala |||| Salas"), the
 * fields' labels, the empty list's words and whatever else its screens translate.
 */
export interface ResourceMessages extends StringMap {
  name: string;
}

/** A resource's screens (lazily loaded, so each is its own chunk) and its menu icon. */
export interface ScreenSet extends ResourceScreens {
  icon: SvgIconComponent;
}
