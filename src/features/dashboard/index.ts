import { lazyScreen } from '../../routing/lazyScreen';

/** /visao_geral: the church at a glance (any signed-in user; each card by the user's roles). */
export const dashboardScreen = lazyScreen(() =>
  import('./Dashboard').then((module) => ({ default: module.Dashboard })),
);
