import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Avatar, Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { type ReactNode, Suspense, forwardRef, lazy, useState } from 'react';
import {
  AppBar as RaAppBar,
  Logout,
  UserMenu,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ACCOUNT_PATH } from '../routing/paths';
// Opened from the user menu only: loaded then, not with every first page.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
import { CongregationSelector, SelectedCongregationCaption } from './CongregationSelector';
import { usePublicChurch } from '../providers/usePublicChurch';

const ChangePasswordItem = forwardRef<HTMLLIElement, { onOpen: () => void }>(
  function ChangePasswordItem({ onOpen }, ref) {
    const translate = useTranslate();
    const userMenu = useUserMenu();
    return (
      <MenuItem
        ref={ref}
        onClick={() => {
          userMenu?.onClose();
          onOpen();
        }}
      >
        <ListItemIcon>
          <LockResetIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('adam.password.menu')}</ListItemText>
      </MenuItem>
    );
  },
);

/** The user's own account (issue 22): the second factor. */
const AccountItem = forwardRef<HTMLAnchorElement>(function AccountItem(_props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={ACCOUNT_PATH} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('adam.account.menu')}</ListItemText>
    </MenuItem>
  );
});

// The church (logo and name) and the screen's title, which react-admin's <Title> of each screen
// puts in #react-admin-title. On a phone the title is what matters, so the church name gives
// way to it (the logo stays).
function ChurchTitle() {
  const { data } = usePublicChurch();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}>
      {data?.logo && <Avatar src={data.logo} alt="" sx={{ width: 32, height: 32 }} />}
      <Typography
        variant="h6"
        component="span"
        noWrap
        sx={{
          display: { xs: 'none', sm: 'block' },
          flexShrink: 0,
          maxWidth: { sm: '40%', lg: 'none' },
          fontSize: { xs: '1rem', sm: '1.15rem' },
          fontWeight: 500,
        }}
      >
        {data?.name ?? 'Adam'}
      </Typography>
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Typography
          component="span"
          id="react-admin-title"
          noWrap
          sx={{
            minWidth: 0,
            fontSize: { xs: '1.05rem', sm: '1rem' },
            fontWeight: { xs: 500, sm: 400 },
            opacity: { xs: 1, sm: 0.85 },
            ml: { xs: 0, sm: 1 },
            // react-admin wraps the title in an inline-block, which an ellipsis cannot cut:
            // "Editar Membro José Ar" ended mid-word without "…".
            '& .RaConfigurable-root': { display: 'inline' },
          }}
        />
        <SelectedCongregationCaption />
      </Box>
    </Box>
  );
}

/** The user menu's button reads the user's name, so its accessible name is that name too. */
function AppUserMenu({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName || undefined}>{children}</UserMenu>;
}

export function AppBar() {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <RaAppBar
        color="primary"
        userMenu={
          <AppUserMenu>
            <AccountItem />
            <ChangePasswordItem onOpen={() => setChangingPassword(true)} />
            <Logout />
          </AppUserMenu>
        }
      >
        <ChurchTitle />
        <CongregationSelector />
      </RaAppBar>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
