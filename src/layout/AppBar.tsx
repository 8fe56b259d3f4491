import LockResetIcon from '@mui/icons-material/LockReset';
import { Avatar, Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { forwardRef, useState } from 'react';
import { AppBar as RaAppBar, Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { usePublicChurch } from './useChurch';

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

function ChurchTitle() {
  const { data } = usePublicChurch();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}>
      {data?.logo && <Avatar src={data.logo} alt="" sx={{ width: 32, height: 32 }} />}
      <Typography
        variant="h6"
        component="span"
        noWrap
        sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, fontWeight: 500 }}
      >
        {data?.name ?? 'Adam'}
      </Typography>
      <Typography
        component="span"
        id="react-admin-title"
        noWrap
        sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.8, ml: 1 }}
      />
    </Box>
  );
}

export function AppBar() {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <RaAppBar
        color="primary"
        userMenu={
          <UserMenu>
            <ChangePasswordItem onOpen={() => setChangingPassword(true)} />
            <Logout />
          </UserMenu>
        }
      >
        <ChurchTitle />
      </RaAppBar>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
