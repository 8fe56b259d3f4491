import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { camelCaseKeys } from '../../providers/case';
import type { AppDataProvider, TwoFactorState } from '../../providers/dataProvider';
import { OneTimeCodeField } from '../../ui/twoFactor/OneTimeCodeField';

type Errors = { password?: string; otpCode?: string };

/** Turning one's own second factor off: the password and a current code (or a recovery code). */
export function DisableTwoFactorDialog({
  open,
  onClose,
  onDisabled,
}: {
  open: boolean;
  onClose: () => void;
  onDisabled: (status: TwoFactorState) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const status = await dataProvider.disableTwoFactor({ password, otpCode: code });
      setPassword('');
      setCode('');
      setErrors({});
      onDisabled(status);
    } catch (error) {
      const body = (error as { body?: { fieldErrors?: Record<string, string> } }).body;
      if (body?.fieldErrors) setErrors(camelCaseKeys<Errors>(body.fieldErrors));
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('adam.account.disable_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('adam.account.disable_explain')}</DialogContentText>
          <TextField
            name="password"
            type="password"
            label={translate('ra.auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ?? ' '}
            required
            fullWidth
            margin="normal"
          />
          <OneTimeCodeField value={code} onChange={setCode} invalid={Boolean(errors.otpCode)} />
          {errors.otpCode && (
            <DialogContentText role="alert" color="error">
              {errors.otpCode}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={saving}>
            {translate('adam.account.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
