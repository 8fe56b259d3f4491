import { Alert, Button } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { formatDateTime } from '../../domain/formats';
import { ACCOUNT_PATH } from '../routing/paths';

/**
 * Within the church's grace period (issue 22): every screen reminds a user who must enrol a
 * second factor until when they may still sign in without it, with the way to do it.
 */
export function TwoFactorReminder() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { pathname } = useLocation();
  const deadline = identity?.twoFactorDeadline as string | null | undefined;
  if (!deadline || pathname === ACCOUNT_PATH) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1 }}
      action={
        <Button component={Link} to={ACCOUNT_PATH} color="inherit" size="small">
          {translate('adam.account.reminder_action')}
        </Button>
      }
    >
      {translate('adam.account.reminder', { date: formatDateTime(deadline) })}
    </Alert>
  );
}
