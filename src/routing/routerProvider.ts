// react-admin's router adapter with navigation blocking under the app's BrowserRouter.
// react-router's useBlocker needs a data router; the app keeps BrowserRouter (see App.tsx), so
// react-admin would silently drop `warnWhenUnsavedChanges`. This blocker holds the in-app
// navigations (links, menu, redirects: the navigator's push and replace) while a form has
// unsaved changes, and hands them to react-admin's own prompt to go on or stay.
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, parsePath, useLocation } from 'react-router-dom';
import {
  type RouterBlocker,
  type RouterBlockerFunction,
  type RouterLocation,
  type RouterProvider,
  reactRouterProvider,
} from 'react-admin';

type Navigator = {
  push(to: unknown, state?: unknown, options?: unknown): void;
  replace(to: unknown, state?: unknown, options?: unknown): void;
};

const UNBLOCKED: RouterBlocker = {
  state: 'unblocked',
  reset: undefined,
  proceed: undefined,
  location: undefined,
};

function locationOf(to: unknown, state: unknown): RouterLocation {
  const path = typeof to === 'string' ? parsePath(to) : ((to ?? {}) as Partial<RouterLocation>);
  return {
    pathname: path.pathname ?? window.location.pathname,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state,
  };
}

type Blocked = { next: RouterLocation; go: () => void };
type Latest = { shouldBlock: RouterBlockerFunction | boolean; location: RouterLocation };

/** Routes the navigator's push and replace through the rule; returns the undo. */
function holdNavigations(
  navigator: Navigator,
  latest: { current: Latest },
  onBlocked: (blocked: Blocked) => void,
): () => void {
  const { push, replace } = navigator;
  const guard =
    (original: Navigator['push'], historyAction: 'PUSH' | 'REPLACE') =>
    (to: unknown, state?: unknown, options?: unknown) => {
      const go = () => original.call(navigator, to, state, options);
      const { shouldBlock: rule, location: currentLocation } = latest.current;
      const nextLocation = locationOf(to, state);
      const block =
        typeof rule === 'function' ? rule({ currentLocation, nextLocation, historyAction }) : rule;
      if (block) onBlocked({ next: nextLocation, go });
      else go();
    };
  navigator.push = guard(push, 'PUSH');
  navigator.replace = guard(replace, 'REPLACE');
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

function useNavigatorBlocker(shouldBlock: RouterBlockerFunction | boolean): RouterBlocker {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as {
    navigator: Navigator;
  };
  const location = useLocation();
  const latest = useRef<Latest>({ shouldBlock, location });
  useLayoutEffect(() => {
    latest.current = { shouldBlock, location };
  });
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  useEffect(() => holdNavigations(navigator, latest, setBlocked), [navigator]);

  if (!blocked) return UNBLOCKED;
  return {
    state: 'blocked',
    location: blocked.next,
    proceed: () => {
      setBlocked(null);
      blocked.go();
    },
    reset: () => setBlocked(null),
  };
}

/** Given to <Admin routerProvider>: react-router as react-admin uses it, plus blocking. */
export const appRouterProvider: RouterProvider = {
  ...reactRouterProvider,
  useBlocker: useNavigatorBlocker,
  useCanBlock: () => true,
};
