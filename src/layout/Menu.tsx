// The menu, grouped as Membros, Igreja, Relatórios, Configurações, Financeiro; it shows only what the
// user may open, as authProvider.canAccess answers from the access table (the one the route
// guard and the server read).
import ApiIcon from '@mui/icons-material/Api';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ListSubheader, Typography } from '@mui/material';
import { Menu as RaMenu, useCanAccessResources, useSidebarState, useTranslate } from 'react-admin';
import { DASHBOARD_PATH, paths } from '../routing/paths';
import { type MenuGroup, RESOURCES } from '../../domain/resources';
import { API_REFERENCE_PATH } from '../../domain/access';
import { SCREENS, reportMenuLinks } from '../features';

const GROUPS: MenuGroup[] = ['members', 'church', 'reports', 'settings', 'finance'];

// Only resources whose screens exist: a registry entry alone would be a link to nowhere.
const ENTRIES = RESOURCES.filter((entry) => entry.menu && SCREENS[entry.name]);
/** What the menu asks canAccess about: each resource's list, and each report by its path. */
const ASKED = [
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
  // Until canAccess answers, only the dashboard shows: never a link the user may not open.
  const { canAccess = {} } = useCanAccessResources({ action: 'list', resources: ASKED });
  const visible = ENTRIES.filter((entry) => canAccess[entry.name]);
  const reports = reportMenuLinks.filter(({ to }) => canAccess[to]);
  return (
    <>
      <RaMenu>
        <RaMenu.Item
          to={DASHBOARD_PATH}
          primaryText={translate('adam.dashboard.title')}
          leftIcon={<DashboardIcon />}
        />
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
                  // A resource may name its menu item apart ("Minhas tarefas" for the consolidação).
                  primaryText={translate(`resources.${entry.name}.menu`, {
                    _: translate(`resources.${entry.name}.name`, { smart_count: 2 }),
                  })}
                  leftIcon={Icon ? <Icon /> : undefined}
                />
              );
            }),
            ...links.map(({ key, to, label, icon: Icon }) => (
              <RaMenu.Item key={key} to={to} primaryText={translate(label)} leftIcon={<Icon />} />
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
