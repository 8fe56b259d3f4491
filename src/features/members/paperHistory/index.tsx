// The import of paper history (issue 14): a screen that is not a resource, mounted as a route
// inside the layout (the guard reads ROUTE_ACCESS: secretary access).
import { lazyScreen } from '../../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import { PAPER_IMPORT_PATH } from '../../../../domain/access';

const PaperImportPage = lazyScreen(() => import('./PaperImportPage'));

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const paperHistoryRoutes = [
  <Route key="paper-import" path={PAPER_IMPORT_PATH} element={<PaperImportPage />} />,
];
