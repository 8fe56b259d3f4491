// The screen of the address being opened starts loading with the app, not after it has booted
// (checked the session, drawn the layout): its chunks arrive while the app's own code runs.
import { CREATE_SEGMENT, EDIT_SEGMENT } from './paths';
import type { ResourceScreens } from './AppResource';
import { isLazyScreen } from './lazyScreen';

/** The screen `pathname` opens among `screens` (keyed by resource path), if any. */
export function screenFor(pathname: string, screens: Record<string, ResourceScreens>) {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const name = Object.keys(screens)
    .filter((key) => path === key || path.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (name === undefined) return undefined;
  const set = screens[name];
  const [first, second] = path.slice(name.length + 1).split('/');
  if (!first) return set.list;
  if (first === CREATE_SEGMENT) return set.create;
  if (second === EDIT_SEGMENT) return set.edit;
  return set.show ?? set.edit;
}

export function preloadScreen(pathname: string, screens: Record<string, ResourceScreens>) {
  const screen = screenFor(pathname, screens);
  // A failure shows when the screen itself renders (react's lazy retries the import).
  if (isLazyScreen(screen)) screen.preload().catch(() => undefined);
}
