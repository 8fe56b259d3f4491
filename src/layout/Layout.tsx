import { Drawer, useMediaQuery } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Layout as RaLayout,
  Sidebar as RaSidebar,
  type SidebarProps,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { MOBILE_BREAKPOINT } from '../../domain/constants';
import { RouteGuard } from '../routing/RouteGuard';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { TwoFactorReminder } from './TwoFactorReminder';

const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT - 0.02}px)`;

// Below the mobile breakpoint (SPEC §9: 1264 px) the menu is a drawer over the page that
// closes after each navigation; above it, react-admin's docked sidebar.
function Sidebar(props: SidebarProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [mobile, pathname, setOpen]);
  if (!mobile) return <RaSidebar {...props} />;
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={() => setOpen(false)}
      // The drawer is a dialog over the page: it needs a name ("Menu").
      slotProps={{
        paper: {
          sx: { width: 260, pt: 1 },
          'aria-label': translate('adam.menu.title', { _: 'Menu' }),
        },
      }}
    >
      {props.children}
    </Drawer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar}>
      <RouteGuard>
        <TwoFactorReminder />
        {children}
      </RouteGuard>
    </RaLayout>
  );
}
