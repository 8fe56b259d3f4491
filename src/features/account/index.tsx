// The signed-in user's own account (issue 22): who they are and their second factor. A screen
// for every user, mounted inside the layout; the user menu links to it.
import { lazyScreen } from '../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import { ACCOUNT_PATH } from '../../routing/paths';

const AccountPage = lazyScreen(() => import('./AccountPage'));

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const accountRoutes = [
  <Route key="account" path={ACCOUNT_PATH} element={<AccountPage />} />,
];
