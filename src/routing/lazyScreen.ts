import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadScreenMessages } from '../i18n';

/**
 * A screen loaded on first render (its own chunk) that can also be fetched ahead of it. It
 * renders once the screens' texts are in the catalogue too (src/i18n/screens.ts): every screen
 * of the app is one of these, never a bare `lazy`.
 */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  const withTexts = () => Promise.all([load(), loadScreenMessages()]).then(([screen]) => screen);
  return Object.assign(lazy(withTexts), { preload: withTexts });
}

export function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof (component as Partial<LazyScreen> | undefined)?.preload === 'function';
}
