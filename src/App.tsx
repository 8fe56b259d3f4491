import { BrowserRouter, Route } from 'react-router-dom';
import { CustomRoutes } from 'react-admin';
import { AppAdmin } from './AppAdmin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { DASHBOARD_PATH } from './routing/paths';
import { RESOURCES } from '../domain/resources';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { darkTheme, lightTheme } from './layout/theme';
import {
  LoginPage,
  SCREENS,
  accountRoutes,
  dashboardScreen as Dashboard,
  apiReferenceRoutes,
  memberImportRoutes,
  paperHistoryRoutes,
  publicRoutes,
  reportRoutes,
} from './features';
import { type ResourceScreens, appResource } from './routing/AppResource';
import { NotFound } from './routing/NotFound';
import { appRouterProvider } from './routing/routerProvider';
import { AccessDenied, HomeRedirect, RouteGuard } from './routing/RouteGuard';
import { singletonRoute } from './routing/SingletonRoute';

/** Every screen by its path (the dashboard's and each resource's), for preloadScreen. */
export const APP_SCREENS: Record<string, ResourceScreens> = {
  ...SCREENS,
  [DASHBOARD_PATH.slice(1)]: { list: Dashboard },
};

const mounted = RESOURCES.filter((entry) => SCREENS[entry.name]);
const lists = mounted.filter((entry) => !entry.singleton);
const singletons = mounted.filter((entry) => entry.singleton);

export function App() {
  // History mode (clean paths, SPEC §2): react-admin uses the router it finds around it.
  // Without transitions, as react-admin's own routers: react-router 7 otherwise commits location
  // changes in startTransition, and the urgent updates of a logout (store reset, query cache
  // clear) keep starving it, so a signed-out deep link loops on LogoutOnMount (endless
  // history.pushState('/login')).
  return (
    <BrowserRouter useTransitions={false}>
      <AppAdmin
        title="Adam"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        // react-admin's dashboard lives at "/": SPEC §2 wants /visao_geral, so "/" only
        // redirects — to a líder's cells when the church's figures are not his (issue 26).
        dashboard={HomeRedirect}
        catchAll={NotFound}
        accessDenied={AccessDenied}
        theme={lightTheme}
        darkTheme={darkTheme}
        requireAuth
        disableTelemetry
        // Blocks leaving a form with unsaved changes under BrowserRouter (warnWhenUnsavedChanges).
        routerProvider={appRouterProvider}
      >
        <CustomRoutes>
          <Route
            path={DASHBOARD_PATH}
            element={
              <RouteGuard>
                <Dashboard />
              </RouteGuard>
            }
          />
          {singletons.map((entry) => singletonRoute(entry, SCREENS[entry.name]))}
          {reportRoutes}
          {paperHistoryRoutes}
          {memberImportRoutes}
          {accountRoutes}
          {apiReferenceRoutes}
        </CustomRoutes>
        <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
        {lists.map((entry) => appResource(entry, SCREENS[entry.name]))}
      </AppAdmin>
    </BrowserRouter>
  );
}
