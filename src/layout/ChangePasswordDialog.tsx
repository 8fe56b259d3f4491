import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { authFieldErrors } from '../providers/case';
import type { AppDataProvider } from '../providers/dataProvider';
import { FormDialog } from '../ui/FormDialog';

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

  const submit = async () => {
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
    <FormDialog
      open={open}
      title={translate('adam.password.title')}
      submit={translate('adam.password.submit')}
      disabled={saving}
      onSubmit={submit}
      onClose={close}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        {field('currentPassword', 'adam.password.current', 'current-password')}
        {field('password', 'adam.password.new', 'new-password')}
        {field('passwordConfirmation', 'adam.password.confirmation', 'new-password')}
      </Stack>
    </FormDialog>
  );
}
