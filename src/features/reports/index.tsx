// The four reports of /relatorios (SPEC §2): their screens, routes and menu entries. They are
// not resources, so they are mounted as routes inside the layout (the guard reads ROUTE_ACCESS).
import type { SvgIconComponent } from '@mui/icons-material';
import BadgeIcon from '@mui/icons-material/Badge';
import CakeIcon from '@mui/icons-material/Cake';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MailIcon from '@mui/icons-material/Mail';
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router-dom';
import { REPORTS, type ReportKey } from '../../../domain/reports';

const SCREENS: Record<ReportKey, { screen: ComponentType; icon: SvgIconComponent }> = {
  birthdays: { screen: lazy(() => import('./BirthdaysReport')), icon: CakeIcon },
  expiring_credentials: {
    screen: lazy(() => import('./ExpiringCredentialsReport')),
    icon: EventBusyIcon,
  },
  members_without_credentials: {
    screen: lazy(() => import('./MembersWithoutCredentialsReport')),
    icon: BadgeIcon,
  },
  issued_letters: { screen: lazy(() => import('./IssuedLettersReport')), icon: MailIcon },
};

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const reportRoutes = REPORTS.map(({ key, path }) => {
  const Screen = SCREENS[key].screen;
  return <Route key={key} path={path} element={<Screen />} />;
});

/** The menu's "Relatórios" entries (the menu shows those the user may open). */
export const reportMenuLinks = REPORTS.map(({ key, path }) => ({
  key,
  to: path,
  label: `adam.reports.${key}.title`,
  icon: SCREENS[key].icon,
}));
