// The menu, grouped as Membros, Igreja, Relatórios, Configurações, Financeiro; it shows only what the
// user may open, as authProvider.canAccess answers from the access table (the one the route
// guard and the server read).
import ApiIcon from '@mui/icons-material/Api';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ListSubheader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Menu as RaMenu,
  useCanAccessResources,
  useDataProvider,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { reachesKind } from '../../domain/assignments';
import type { AppDataProvider } from '../providers/dataProvider';
import { DASHBOARD_PATH, paths } from '../routing/paths';
import { type MenuGroup, RESOURCES } from '../../domain/resources';
import { API_REFERENCE_PATH } from '../../domain/access';
import { SCREENS, reportMenuLinks } from '../features';

const GROUPS: MenuGroup[] = ['members', 'church', 'reports', 'settings', 'finance'];

/**
 * After a menu link is followed, the next Tab goes into the page it opened, not through the rest
 * of the menu (some forty links for an admin): the sequential focus starting point moves to the
 * page's content, as react-admin's "Pular para o conteúdo" does, without showing a focus ring.
 */
function continueInContent() {
  const main = document.getElementById('main-content');
  if (!main) return;
  main.setAttribute('tabIndex', '-1');
  main.focus({ preventScroll: true });
  main.blur();
  main.removeAttribute('tabIndex');
}

// Only resources whose screens exist: a registry entry alone would be a link to nowhere.
const ENTRIES = RESOURCES.filter((entry) => entry.menu && SCREENS[entry.name]);
/** What the menu asks canAccess about: each resource's list, and each report by its path. */
const ASKED = [
  DASHBOARD_PATH,
  ...ENTRIES.map((entry) => entry.name),
  ...reportMenuLinks.map(({ to }) => to),
  API_REFERENCE_PATH,
];
/** Last of Configurações, for admins: the API's reference. */
const API_LINK = {
  key: 'api_reference',
  to: API_REFERENCE_PATH,
  label: 'adam.api_reference.menu',
  icon: ApiIcon,
};

export function Menu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  // Until canAccess answers, no link shows: never one the user may not open.
  const { canAccess = {} } = useCanAccessResources({ action: 'list', resources: ASKED });
  // A resource reached through an assignment (a culto's check-in a líder hosts), while he has one.
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: assignments } = useQuery({
    queryKey: ['assignments'],
    queryFn: () => dataProvider.assignments(),
  });
  const visible = ENTRIES.filter(
    (entry) =>
      canAccess[entry.name] &&
      (entry.assigned === undefined || (assignments && reachesKind(assignments, entry.assigned))),
  );
  const reports = reportMenuLinks.filter(({ to }) => canAccess[to]);
  return (
    <>
      <RaMenu>
        {/* The church's figures are the office's: a líder's menu starts with his cells. */}
        {canAccess[DASHBOARD_PATH] && (
          <RaMenu.Item
            to={DASHBOARD_PATH}
            onClick={continueInContent}
            primaryText={translate('adam.dashboard.title')}
            leftIcon={<DashboardIcon />}
          />
        )}
        {GROUPS.map((group) => {
          const items = visible.filter((entry) => entry.menu === group);
          const links = [
            ...reports.filter((report) => report.group === group),
            ...(group === 'settings' && canAccess[API_REFERENCE_PATH] ? [API_LINK] : []),
          ];
          if (items.length + links.length === 0) return null;
          return [
            open ? (
              // A heading inside role="menu": not a list item (the menu's children are its items);
              // the arrow keys skip it, as it takes no focus.
              <ListSubheader
                key={group}
                component="div"
                role="presentation"
                sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1 }}
                disableSticky
              >
                {translate(`adam.menu.${group}`)}
              </ListSubheader>
            ) : null,
            ...items.map((entry) => {
              const Icon = SCREENS[entry.name]?.icon;
              return (
                <RaMenu.Item
                  key={entry.name}
                  to={paths.list(entry.name)}
                  onClick={continueInContent}
                  primaryText={entry.menuLabel ?? entry.audit?.label ?? entry.name}
                  leftIcon={Icon ? <Icon /> : undefined}
                />
              );
            }),
            ...links.map(({ key, to, label, icon: Icon }) => (
              <RaMenu.Item
                key={key}
                to={to}
                onClick={continueInContent}
                primaryText={translate(label)}
                leftIcon={<Icon />}
              />
            )),
          ];
        })}
      </RaMenu>
      {/* Which Adam this is (CHANGELOG.md says what each version brought); outside the menu's items. */}
      {open && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', px: 2, py: 1 }}>
          {translate('adam.menu.version', { version: __APP_VERSION__ })}
        </Typography>
      )}
    </>
  );
}
