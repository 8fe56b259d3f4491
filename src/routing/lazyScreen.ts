import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen loaded on first render (its own chunk) that can also be fetched ahead of it. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return Object.assign(lazy(load), { preload: load });
}

export function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof (component as Partial<LazyScreen> | undefined)?.preload === 'function';
}
