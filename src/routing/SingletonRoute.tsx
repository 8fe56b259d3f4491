// A singleton resource (one record edited in place, e.g. the church) has no list, detail or
// create routes: its one screen lives at the list path, inside the resource's context.
import { Route } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { paths } from './paths';
import type { ResourceEntry } from '../../domain/resources';
import type { ResourceScreens } from './AppResource';

/** Returns a <Route> element for <CustomRoutes> (which inspects its direct children). */
export function singletonRoute(entry: ResourceEntry, screens: ResourceScreens) {
  const Screen = screens.list;
  return (
    <Route
      key={entry.name}
      path={paths.list(entry.name)}
      element={
        <ResourceContextProvider value={entry.name}>
          <Screen />
        </ResourceContextProvider>
      }
    />
  );
}
