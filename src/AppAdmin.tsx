// react-admin's <Admin> without its default sign-in page: <Admin> names react-admin's own login
// form as the default of `loginPage`, so its inputs (about 60 KB gzip) came with every first load
// even though Adam passes its own, lazily loaded page. The same parts, assembled here.
import { CssBaseline } from '@mui/material';
import { CoreAdminUI, type CoreAdminUIProps } from 'ra-core';
import {
  AccessDenied,
  AdminContext,
  type AdminContextProps,
  AuthCallback,
  AuthenticationError,
  Error as ErrorPage,
  Layout,
  LoadingPage,
  Notification,
} from 'react-admin';

export function AppAdmin({
  children,
  accessDenied = AccessDenied,
  layout = Layout,
  loginPage,
  ...props
}: AdminContextProps & CoreAdminUIProps) {
  const {
    authProvider,
    basename,
    darkTheme,
    dataProvider,
    i18nProvider,
    lightTheme,
    queryClient,
    routerProvider,
    store,
    theme,
    ...ui
  } = props;
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      darkTheme={darkTheme}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      lightTheme={lightTheme}
      queryClient={queryClient}
      routerProvider={routerProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={accessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          layout={layout}
          loading={LoadingPage}
          loginPage={loginPage}
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
