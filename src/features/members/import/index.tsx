// The member import wizard (issue 14): a screen that is not a resource, mounted as a route
// inside the layout (the guard reads ROUTE_ACCESS: secretary access).
import { lazyScreen } from '../../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import { MEMBER_IMPORT_PATH } from '../../../../domain/access';

const MemberImport = lazyScreen(() => import('./MemberImport'));

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const memberImportRoutes = [
  <Route key="member-import" path={MEMBER_IMPORT_PATH} element={<MemberImport />} />,
];
