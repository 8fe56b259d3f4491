// The menu, grouped as Membros, Relatórios, Configurações, Financeiro; it shows only what the
// user's roles open (the same access table as the route guard and the server).
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ListSubheader } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { canOpen, hasAccess } from '../../domain/access';
import { DASHBOARD_PATH, paths } from '../routing/paths';
import { type MenuGroup, RESOURCES } from '../../domain/resources';
import { SCREENS } from '../features';
import { reportMenuLinks } from '../features/reports';
import { readCurrentUser } from '../providers/session';

const GROUPS: MenuGroup[] = ['members', 'reports', 'settings', 'finance'];

export function Menu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const roles = readCurrentUser()?.roles;
  // Only resources whose screens exist: a registry entry alone would be a link to nowhere.
  const visible = RESOURCES.filter(
    (entry) =>
      entry.menu &&
      SCREENS[entry.name] &&
      hasAccess(roles, entry.read) &&
      canOpen(paths.list(entry.name), roles),
  );
  return (
    <RaMenu>
      <RaMenu.Item
        to={DASHBOARD_PATH}
        primaryText={translate('adam.dashboard.title')}
        leftIcon={<DashboardIcon />}
      />
      {GROUPS.map((group) => {
        const items = visible.filter((entry) => entry.menu === group);
        const reports = group === 'reports' ? reportMenuLinks(roles) : [];
        if (items.length + reports.length === 0) return null;
        return [
          open ? (
            <ListSubheader
              key={group}
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
                primaryText={translate(`resources.${entry.name}.name`, { smart_count: 2 })}
                leftIcon={Icon ? <Icon /> : undefined}
              />
            );
          }),
          ...reports.map(({ key, to, label, icon: Icon }) => (
            <RaMenu.Item key={key} to={to} primaryText={translate(label)} leftIcon={<Icon />} />
          )),
        ];
      })}
    </RaMenu>
  );
}
