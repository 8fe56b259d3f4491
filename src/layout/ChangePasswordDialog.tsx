import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { authFieldErrors } from '../providers/case';
import type { AppDataProvider } from '../providers/dataProvider';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };
type Fields = typeof EMPTY;

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const result = await dataProvider.changePassword(values);
      notify(result.message, { type: 'success' });
      close();
    } catch (error) {
      const fields = authFieldErrors<Partial<Fields>>(error);
      if (fields) setErrors(fields);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={translate(label)}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      required
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('adam.password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {field('currentPassword', 'adam.password.current', 'current-password')}
            {field('password', 'adam.password.new', 'new-password')}
            {field('passwordConfirmation', 'adam.password.confirmation', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('adam.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
