// Every feature's screens, keyed by the registry's name (domain/resources.ts): the root <Admin>
// mounts each entry of the registry with its screens from here.
import type { ScreenSet } from '../routing/types';
import { CHURCH_LIFE_SCREENS } from './churchLife';
import { FINANCE_SCREENS } from './finance';
import { MEMBERS_SCREENS } from './members';
import { SETTINGS_SCREENS } from './settings';

export const SCREENS: Record<string, ScreenSet> = {
  ...MEMBERS_SCREENS,
  ...CHURCH_LIFE_SCREENS,
  ...SETTINGS_SCREENS,
  ...FINANCE_SCREENS,
};

export { dashboardScreen } from './dashboard';
export { LoginPage } from './login';
export { publicRoutes } from './public';
export { reportMenuLinks, reportRoutes } from './reports';
export { paperHistoryRoutes } from './members/paperHistory';
export { memberImportRoutes } from './members/import';
export { accountRoutes } from './account';
export { apiReferenceRoutes } from './settings/apiReference';
