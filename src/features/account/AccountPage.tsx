import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { ROLE_LABELS } from '../../../domain/users';
import type { Role } from '../../../domain/access';
import { TwoFactorPanel } from './TwoFactorPanel';

/** /minha_conta: the signed-in user's name, e-mail and roles, and their second factor. */
export default function AccountPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Role[]>();
  const roles = (permissions ?? []).map((role) => ROLE_LABELS[role]).join(', ');
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
      <Title title={translate('adam.account.title')} />
      <Card component="section" aria-labelledby="account-who">
        <CardContent>
          <Typography id="account-who" variant="h6" component="h2" gutterBottom>
            {identity?.fullName}
          </Typography>
          <Typography variant="body2">{identity?.email as string}</Typography>
          <Typography variant="body2" color="textSecondary">
            {translate('adam.account.roles', { roles: roles || translate('adam.account.no_role') })}
          </Typography>
        </CardContent>
      </Card>
      <TwoFactorPanel />
    </Stack>
  );
}
