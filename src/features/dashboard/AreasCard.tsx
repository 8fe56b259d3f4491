import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../domain/access';
import { ROLE_LABELS } from '../../../domain/users';

/** Which roles the signed-in user holds, so each user knows what they may open. */
export function AreasCard() {
  const translate = useTranslate();
  // authProvider.getPermissions: the signed-in user's roles.
  const { permissions: roles, isPending } = usePermissions<Role[]>();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {translate('adam.dashboard.your_roles')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {isPending ? null : !roles?.length ? (
            <Typography>{translate('adam.dashboard.no_roles')}</Typography>
          ) : (
            roles.map((role) => <Chip key={role} label={ROLE_LABELS[role]} color="primary" />)
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
