// The API reference (issue 24): a screen that is not a resource, mounted inside the layout (the
// guard reads ROUTE_ACCESS: admins), its Swagger UI loaded only when opened.
import { lazyScreen } from '../../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import { API_REFERENCE_PATH } from '../../../../domain/access';

const ApiReferencePage = lazyScreen(() => import('./ApiReferencePage'));

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const apiReferenceRoutes = [
  <Route key="api-reference" path={API_REFERENCE_PATH} element={<ApiReferencePage />} />,
];
