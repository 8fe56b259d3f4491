import {
  Box,
  Button,
  CircularProgress,
  Link,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TwoFactorEnrolment } from '../../providers/authProvider';
import { OneTimeCodeField } from './OneTimeCodeField';

/** The secret as people copy it by hand: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * An enrolment's steps (issue 22): the QR code for the authenticator app, the secret as text for
 * those who type it, and the code that proves the app has it. `confirm` throws what to show.
 */
export function EnrolmentSteps({
  enrolment,
  confirm,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  confirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A phone cannot read its own screen: the authenticator app there opens the address itself.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(translate('adam.two_factor.code_missing'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await confirm(code.trim());
    } catch (failure) {
      setError((failure as Error).message);
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {translate('adam.two_factor.step_scan')}
        </Typography>
        <Box
          component="img"
          src={enrolment.qr}
          alt={translate('adam.two_factor.qr_alt')}
          sx={{ width: 200, height: 200, alignSelf: 'center', border: 1, borderColor: 'divider' }}
        />
        {phone && (
          <Link href={enrolment.uri} variant="body2">
            {translate('adam.two_factor.open_app')}
          </Link>
        )}
        <Typography variant="body2">{translate('adam.two_factor.step_type')}</Typography>
        <Typography
          component="code"
          data-testid="two-factor-secret"
          aria-label={translate('adam.two_factor.secret_label')}
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.05rem',
            letterSpacing: 1,
            bgcolor: 'action.hover',
            p: 1,
            borderRadius: 1,
            wordBreak: 'break-all',
            userSelect: 'all',
          }}
        >
          {grouped(enrolment.secret)}
        </Typography>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {translate('adam.two_factor.step_confirm')}
        </Typography>
      </Stack>
      <OneTimeCodeField value={code} onChange={setCode} error={error} />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>}
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('adam.two_factor.confirm')}
        </Button>
      </Stack>
    </Box>
  );
}
