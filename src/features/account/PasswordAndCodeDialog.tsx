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
import { useNotify, useTranslate } from 'react-admin';
import { authFieldErrors } from '../../providers/case';
import { OneTimeCodeField } from '../../ui/twoFactor/OneTimeCodeField';

type Errors = { password?: string; otpCode?: string };

/**
 * A change of one's own second factor that asks for the password and a current code (or a
 * recovery code): turning it off, new recovery codes. `act` throws the server's refusal.
 */
export function PasswordAndCodeDialog<T>({
  open,
  title,
  explain,
  submit: submitLabel,
  danger = false,
  act,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  explain: string;
  submit: string;
  danger?: boolean;
  act: (data: { password: string; otpCode: string }) => Promise<T>;
  onClose: () => void;
  onDone: (result: T) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
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
      const result = await act({ password, otpCode: code });
      setPassword('');
      setCode('');
      setErrors({});
      onDone(result);
    } catch (error) {
      const fields = authFieldErrors<Errors>(error);
      if (fields) setErrors(fields);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(explain)}</DialogContentText>
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
          <OneTimeCodeField
            value={code}
            onChange={setCode}
            kind="either"
            invalid={Boolean(errors.otpCode)}
          />
          {errors.otpCode && (
            <DialogContentText role="alert" color="error">
              {errors.otpCode}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            disabled={saving}
          >
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
